import { cleanupExpired } from "./cleanup.server";
import { createDatabase } from "../db/client.server";
import { describeError } from "../http/errors.server";
import { runMailJob, type MailEnv } from "./mail-job.server";
import { notifyPriceAlerts } from "../features/price-alerts/price-alerts.server";
import { runPriceJob, type PriceFeedEnv } from "./price-job.server";
import { runRatesJob, type RatesEnv } from "./rates-job.server";

export interface ScheduledEnv extends MailEnv, PriceFeedEnv, RatesEnv {
  DB: D1Database;
  /** Where links in mail point (price alerts link to the skin page). */
  APP_ORIGIN: string;
}

/** Cron expressions, as listed under `[triggers] crons` in wrangler.toml. */
export const SCHEDULES = {
  everyMinute: "* * * * *",
  everyTenMinutes: "*/10 * * * *",
  hourly: "30 * * * *",
} as const;

type Job = (env: ScheduledEnv) => Promise<void>;

const mailOutbox: Job = async (env) => {
  const mail = await runMailJob(createDatabase(env.DB), env);
  if (mail.failed > 0) console.warn(`[mail] claimed ${mail.claimed}, sent ${mail.sent}, failed ${mail.failed}`);
};
const cleanup: Job = (env) => cleanupExpired(createDatabase(env.DB));
const prices: Job = async (env) => {
  const result = await runPriceJob(env.DB, env);
  if (result.status !== "done") return;
  console.log(`[prices] ${result.feed}: matched ${result.matched}, unmatched ${result.unmatched}, unchanged ${result.unchanged}`);
  // Only the run that held the lease gets here; the alerts' own batches make each mail go out once.
  const alerts = await notifyPriceAlerts(createDatabase(env.DB), { appOrigin: env.APP_ORIGIN });
  if (alerts.notified > 0) console.log(`[prices] price alerts: ${alerts.notified} mailed`);
};

const rates: Job = async (env) => {
  const result = await runRatesJob(env.DB, env);
  if (result.status === "done") console.log(`[rates] ${result.date}: ${result.currencies.join(", ")}`);
};

/** Each schedule runs its own jobs: mail every minute, the price feed every ten minutes, the exchange rates every hour. */
export const JOBS: Record<string, Record<string, Job>> = {
  [SCHEDULES.everyMinute]: { "mail-outbox": mailOutbox, cleanup },
  [SCHEDULES.everyTenMinutes]: { prices },
  [SCHEDULES.hourly]: { rates },
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
