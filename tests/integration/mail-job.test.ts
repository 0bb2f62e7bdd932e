import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { MAIL_MAX_ATTEMPTS } from "~/domain/mail-retry";
import { createDatabase } from "~/server/db/client.server";
import { mailOutbox } from "~/server/db/schema.server";
import { runMailJob } from "~/server/jobs/mail-job.server";
import { enqueueMailQuery } from "~/server/mail/outbox.server";

const PROVIDER = env.TEST_MAIL_PROVIDER;
const db = createDatabase(env.DB);
const mailEnv = {
  ...env,
  MAIL_TRANSPORT: "http",
  MAIL_API_URL: `${PROVIDER}/send`,
  MAIL_FROM: "SkinVault <mail@skinvault.test>",
  MAIL_API_KEY: "test-key",
  MAIL_TIMEOUT_MS: "300",
};

async function control(body: Record<string, unknown>) {
  await (await fetch(`${PROVIDER}/__control`, { method: "POST", body: JSON.stringify(body) })).text();
}
async function providerLog(): Promise<{ key: string | null; to: string; status: number }[]> {
  return (await fetch(`${PROVIDER}/__log`)).json();
}
async function enqueue(count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const [row] = await enqueueMailQuery(db, { to: `m${i}@example.test`, subject: "Hello", text: "Hi", html: "<p>Hi</p>" }).returning({ id: mailOutbox.id });
    ids.push(row!.id);
  }
  return ids;
}

async function rows() {
  return (
    await env.DB.prepare("SELECT id, status, attempts, last_error, next_attempt_at, claimed_until FROM mail_outbox").all<{
      id: string;
      status: string;
      attempts: number;
      last_error: string | null;
      next_attempt_at: number;
      claimed_until: number | null;
    }>()
  ).results;
}

beforeEach(async () => {
  await env.DB.prepare("DELETE FROM mail_outbox").run();
  await control({ mode: "ok", delayMs: 0, reset: true });
});

describe("mail job", () => {
  it("sends each due message once, with its id as idempotency key, and marks it sent", async () => {
    const ids = await enqueue(3);
    expect(await runMailJob(db, mailEnv)).toMatchObject({ claimed: 3, sent: 3, failed: 0 });
    expect((await providerLog()).map((entry) => entry.key).sort()).toEqual([...ids].sort());
    expect((await rows()).every((row) => row.status === "sent" && row.claimed_until === null)).toBe(true);
    expect(await runMailJob(db, mailEnv)).toMatchObject({ claimed: 0 });
    expect(await providerLog()).toHaveLength(3);
  });

  it("retries after a provider 5xx with backoff and sends exactly once after recovery", async () => {
    const [id] = await enqueue(1);
    await control({ mode: "fail" });
    expect(await runMailJob(db, mailEnv)).toMatchObject({ claimed: 1, failed: 1 });
    let [row] = await rows();
    expect(row).toMatchObject({ status: "pending", attempts: 1 });
    expect(row!.last_error).toContain("503");
    expect(row!.next_attempt_at).toBeGreaterThan(Date.now());
    // Not due yet: an immediate second run leaves it alone.
    expect(await runMailJob(db, mailEnv)).toMatchObject({ claimed: 0 });

    await control({ mode: "ok" });
    const later = row!.next_attempt_at + 1;
    const [a, b] = await Promise.all([runMailJob(db, mailEnv, later), runMailJob(db, mailEnv, later)]);
    expect(a.sent + b.sent).toBe(1);
    [row] = await rows();
    expect(row).toMatchObject({ status: "sent", attempts: 2 });
    expect(await runMailJob(db, mailEnv, later + 3_600_000)).toMatchObject({ claimed: 0 });
    const delivered = (await providerLog()).filter((entry) => entry.key === id && entry.status === 200);
    expect(delivered).toHaveLength(1);
  });

  it("counts a provider timeout as a failed attempt", async () => {
    await enqueue(1);
    await control({ mode: "hang" });
    expect(await runMailJob(db, mailEnv)).toMatchObject({ claimed: 1, failed: 1 });
    const [row] = await rows();
    expect(row).toMatchObject({ status: "pending", attempts: 1 });
    expect(row!.last_error).toMatch(/timeout|abort/i);
  });

  it("two overlapping runs never send one message twice", async () => {
    const ids = await enqueue(6);
    await control({ mode: "ok", delayMs: 100 });
    const results = await Promise.all([runMailJob(db, mailEnv), runMailJob(db, mailEnv), runMailJob(db, mailEnv)]);
    expect(results.reduce((sum, r) => sum + r.sent, 0)).toBe(6);
    const keys = (await providerLog()).map((entry) => entry.key);
    expect(keys.sort()).toEqual([...ids].sort());
  });

  it("gives up after a bounded number of attempts and keeps the last error", async () => {
    await enqueue(1);
    await control({ mode: "fail" });
    let now = Date.now();
    for (let attempt = 1; attempt <= MAIL_MAX_ATTEMPTS; attempt++) {
      await runMailJob(db, mailEnv, now);
      now += 2 * 3_600_000;
    }
    const [row] = await rows();
    expect(row).toMatchObject({ status: "failed", attempts: MAIL_MAX_ATTEMPTS });
    expect(row!.last_error).toContain("503");
    expect(await runMailJob(db, mailEnv, now)).toMatchObject({ claimed: 0 });
  });

  it("the log transport marks mail sent for the development mailbox", async () => {
    await enqueue(1);
    expect(await runMailJob(db, { ...env, MAIL_TRANSPORT: "log" })).toMatchObject({ sent: 1 });
    expect((await rows())[0]!.status).toBe("sent");
  });
});
