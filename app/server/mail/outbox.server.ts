import { and, desc, eq, isNull, lte, not, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { mailOutbox } from "../db/schema.server";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Queues a message; returns the insert so callers can put it in their batch. */
export function enqueueMailQuery(db: Database, message: MailMessage, now = Date.now(), id: string = crypto.randomUUID()) {
  return db.insert(mailOutbox).values({ id, ...message, nextAttemptAt: new Date(now) });
}

/**
 * Queues a message only where `condition` holds when the batch runs: the insert and, after it in
 * the same batch (one transaction), the removal of that message where the condition fails. For a
 * mail that must not reveal, by any read before it, whether its condition held.
 */
export function enqueueMailWhereQueries(db: Database, message: MailMessage, condition: SQL, now = Date.now()) {
  const id = crypto.randomUUID();
  // In parentheses: `not` binds tighter than the `and` a condition may hold.
  return [enqueueMailQuery(db, message, now, id), db.delete(mailOutbox).where(and(eq(mailOutbox.id, id), not(sql`(${condition})`)))] as const;
}

export type OutboxRow = typeof mailOutbox.$inferSelect;

/**
 * Claims up to `limit` due messages for `leaseMs`: one UPDATE ... RETURNING, so two overlapping
 * runs can never claim the same row.
 */
export async function claimDueMail(db: Database, now: number, leaseMs: number, limit: number): Promise<OutboxRow[]> {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.status, "pending"),
        lte(mailOutbox.nextAttemptAt, new Date(now)),
        or(isNull(mailOutbox.claimedUntil), lte(mailOutbox.claimedUntil, new Date(now))),
      ),
    )
    .orderBy(mailOutbox.nextAttemptAt)
    .limit(limit);
  return db
    .update(mailOutbox)
    .set({ claimedUntil: new Date(now + leaseMs) })
    .where(sql`${mailOutbox.id} IN ${due}`)
    .returning();
}

export function markSent(db: Database, id: string, now: number) {
  return db
    .update(mailOutbox)
    .set({ status: "sent", sentAt: new Date(now), claimedUntil: null, attempts: sql`${mailOutbox.attempts} + 1`, lastError: null })
    .where(eq(mailOutbox.id, id));
}

export function markFailedAttempt(db: Database, id: string, attempts: number, error: string, nextAttemptAt: number, final: boolean) {
  return db
    .update(mailOutbox)
    .set({
      status: final ? "failed" : "pending",
      attempts,
      lastError: error.slice(0, 1000),
      nextAttemptAt: new Date(nextAttemptAt),
      claimedUntil: null,
    })
    .where(eq(mailOutbox.id, id));
}

/** Sent mail, newest first, for the development mailbox. */
export function sentMailQuery(db: Database, to: string | null) {
  return db
    .select()
    .from(mailOutbox)
    .where(to ? and(eq(mailOutbox.status, "sent"), eq(mailOutbox.to, to)) : eq(mailOutbox.status, "sent"))
    .orderBy(desc(mailOutbox.sentAt))
    .limit(50);
}
