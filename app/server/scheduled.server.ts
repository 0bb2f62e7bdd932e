import { cleanupExpired } from "./cleanup.server";
import { createDatabase } from "./db/client.server";
import { describeError } from "./errors.server";
import { runMailJob, type MailEnv } from "./mail/job.server";

export interface ScheduledEnv extends MailEnv {
  DB: D1Database;
}

/** Cron expressions, as listed under `[triggers] crons` in wrangler.toml. */
export const SCHEDULES = {
  everyMinute: "* * * * *",
} as const;

type Job = (env: ScheduledEnv) => Promise<void>;

const mailOutbox: Job = async (env) => {
  const mail = await runMailJob(createDatabase(env.DB), env);
  if (mail.failed > 0) console.warn(`[mail] claimed ${mail.claimed}, sent ${mail.sent}, failed ${mail.failed}`);
};
const cleanup: Job = (env) => cleanupExpired(createDatabase(env.DB));

/** Each schedule runs its own jobs; a later job (the price feed) gets a schedule of its own. */
export const JOBS: Record<string, Record<string, Job>> = {
  [SCHEDULES.everyMinute]: { "mail-outbox": mailOutbox, cleanup },
};

/**
 * Runs the jobs of the schedule that fired, side by side; one failing does not stop the others.
 * Returns the names of the jobs run (none for a schedule nobody listens to).
 */
export async function runScheduled(cron: string, env: ScheduledEnv): Promise<string[]> {
  const jobs = JOBS[cron];
  if (!jobs) {
    console.warn(`[scheduled] no job for cron "${cron}"`);
    return [];
  }
  const results = await Promise.allSettled(Object.values(jobs).map((job) => job(env)));
  const names = Object.keys(jobs);
  results.forEach((result, index) => {
    if (result.status === "rejected") console.error(`[scheduled] ${names[index]}: ${describeError(result.reason)}`);
  });
  return names;
}
