import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../../workers/app";
import { createDatabase } from "~/server/db/client.server";
import { enqueueMailQuery } from "~/server/mail/outbox.server";
import { runScheduled, SCHEDULES } from "~/server/jobs/scheduled.server";
import { fetchWorker, uniqueEmail } from "./helpers";

const callWorker = (url: string, workerEnv: typeof env, init?: RequestInit) => fetchWorker(url, init, workerEnv);

async function fireCron(cron: string): Promise<void> {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ cron, scheduledTime: Date.now() }), env, ctx);
  await waitOnExecutionContext(ctx);
}

describe("a deploy with wrangler.toml's defaults and no extra settings", () => {
  // SESSION_SECRET is a required secret (wrangler.toml); this deploy forgot it, to prove it fails safe.
  const deployEnv = (): typeof env => ({ ...env, ...env.TEST_DEFAULT_VARS, SESSION_SECRET: undefined as unknown as string });

  it("is production: no development mailbox, mail over HTTP", async () => {
    expect(env.TEST_DEFAULT_VARS).toMatchObject({ ENVIRONMENT: "production", MAIL_TRANSPORT: "http", RATE_LIMIT_MULTIPLIER: "", PRICE_FEED_URL: "" });
    const response = await callWorker("https://example.com/dev/mailbox", deployEnv());
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain("Development mailbox");
    expect(response.headers.get("Strict-Transport-Security")).toBe("max-age=63072000; includeSubDomains");
    expect(response.headers.get("X-D1-Round-Trips")).toBeNull();
  });

  it("keeps the mailbox off for any ENVIRONMENT that is not explicitly development or test", async () => {
    for (const ENVIRONMENT of ["staging", "", "Development"]) {
      const response = await callWorker("https://example.com/dev/mailbox", { ...deployEnv(), ENVIRONMENT });
      expect(response.status, ENVIRONMENT).toBe(404);
      await response.body?.cancel();
    }
  });

  it("serves pages, signed out, even before SESSION_SECRET is set", async () => {
    const response = await callWorker("https://example.com/login", deployEnv(), { headers: { Cookie: "__Host-skinvault_session=abc.def" } });
    expect(response.status).toBe(200);
    await response.body?.cancel();
  });
});

describe("scheduled jobs dispatch by cron", () => {
  async function pendingMail(): Promise<string> {
    const to = uniqueEmail("cron");
    await enqueueMailQuery(createDatabase(env.DB), { to, subject: "cron test", text: "t", html: "<p>t</p>" });
    return to;
  }
  const statusOf = async (to: string) => (await env.DB.prepare(`SELECT status FROM mail_outbox WHERE "to" = ?`).bind(to).first<{ status: string }>())?.status;

  it("the every-minute schedule runs the mail outbox and the cleanup", async () => {
    const to = await pendingMail();
    expect(await runScheduled(SCHEDULES.everyMinute, env)).toEqual(["mail-outbox", "cleanup"]);
    expect(await statusOf(to)).toBe("sent");
  });

  it("another schedule does not run them (a later job gets its own schedule)", async () => {
    const to = await pendingMail();
    await fireCron("0 3 * * *");
    expect(await statusOf(to)).toBe("pending");
    await fireCron("* * * * *");
    expect(await statusOf(to)).toBe("sent");
  });
});
