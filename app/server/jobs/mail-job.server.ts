import { backoffMs, isFinalAttempt, MAIL_BATCH_SIZE, MAIL_LEASE_MS } from "~/domain/mail-retry";
import type { Database } from "../db/client.server";
import { claimDueMail, markFailedAttempt, markSent, type OutboxRow } from "../mail/outbox.server";

export interface MailEnv {
  ENVIRONMENT: string;
  /** `log` (development: written to the log and readable at /dev/mailbox) or `http`. */
  MAIL_TRANSPORT?: string;
  MAIL_API_URL?: string;
  MAIL_API_KEY?: string;
  MAIL_FROM?: string;
  /** How long one provider call may take (ms); default 10 000. */
  MAIL_TIMEOUT_MS?: string;
}

type Send = (message: OutboxRow) => Promise<void>;

function transportFor(env: MailEnv): Send {
  const transport = env.MAIL_TRANSPORT ?? (env.ENVIRONMENT === "production" ? "http" : "log");
  if (transport === "log") {
    // Delivery is the row turning 'sent': /dev/mailbox is where development mail is read. (Writing
    // each message to the console from the cron handler made `wrangler dev` fall over now and then.)
    return async () => {};
  }
  if (transport !== "http") throw new Error(`Unknown MAIL_TRANSPORT ${transport}`);
  const url = env.MAIL_API_URL;
  if (!url || !env.MAIL_FROM) throw new Error("MAIL_API_URL and MAIL_FROM must be set for the http mail transport");
  const timeout = Number(env.MAIL_TIMEOUT_MS) || 10_000;
  return async (message) => {
    const response = await fetch(url, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        ...(env.MAIL_API_KEY ? { Authorization: `Bearer ${env.MAIL_API_KEY}` } : {}),
        "Idempotency-Key": message.id,
      },
      body: JSON.stringify({ from: env.MAIL_FROM, to: message.to, subject: message.subject, text: message.text, html: message.html }),
      signal: AbortSignal.timeout(timeout),
    });
    await response.body?.cancel();
    if (!response.ok) throw new Error(`Provider answered ${response.status} ${response.statusText}`.trim());
  };
}

export interface MailRunResult {
  claimed: number;
  sent: number;
  failed: number;
}

/**
 * One run of the outbox job: claim due messages with a lease, send each with its id as the
 * idempotency key, mark sent, or record the error and back off (bounded attempts).
 */
export async function runMailJob(db: Database, env: MailEnv, now = Date.now()): Promise<MailRunResult> {
  const send = transportFor(env);
  const claimed = await claimDueMail(db, now, MAIL_LEASE_MS, MAIL_BATCH_SIZE);
  let sent = 0;
  let failed = 0;
  await Promise.all(
    claimed.map(async (message) => {
      try {
        await send(message);
      } catch (error) {
        failed++;
        const attempts = message.attempts + 1;
        const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
        await markFailedAttempt(db, message.id, attempts, reason, Date.now() + backoffMs(attempts), isFinalAttempt(attempts));
        return;
      }
      sent++;
      await markSent(db, message.id, Date.now());
    }),
  );
  return { claimed: claimed.length, sent, failed };
}
