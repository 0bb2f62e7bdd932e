// The price job's lease: one run per feed at a time, and a run that outlived its lease writes nothing
// (docs/features/price-feed.md, "Overlapping runs").
import { and, eq, exists, isNull, lte, not, or, sql } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { priceFeedRuns } from "../db/schema.server";

/** A run holds its feed this long at most; a crashed run blocks the next one until then. */
export const PRICE_LEASE_MS = 5 * 60_000;

export interface Lease {
  until: number;
  lastSuccessAt: number | null;
}

/** Takes the feed's lease when it is free or expired: one conditional UPDATE ... RETURNING. */
export async function acquireLease(db: Database, feed: string, now: number): Promise<Lease | null> {
  const until = now + PRICE_LEASE_MS;
  const [, [taken]] = await db.batch([
    db.insert(priceFeedRuns).values({ feed }).onConflictDoNothing(),
    db
      .update(priceFeedRuns)
      .set({ leaseUntil: new Date(until) })
      .where(and(eq(priceFeedRuns.feed, feed), or(isNull(priceFeedRuns.leaseUntil), lte(priceFeedRuns.leaseUntil, new Date(now)))))
      .returning({ lastSuccessAt: priceFeedRuns.lastSuccessAt }),
  ]);
  return taken ? { until, lastSuccessAt: taken.lastSuccessAt?.getTime() ?? null } : null;
}

/** The run still holding its lease (a run whose lease expired and was taken writes nothing). */
export const heldBy = (feed: string, until: number) => and(eq(priceFeedRuns.feed, feed), eq(priceFeedRuns.leaseUntil, new Date(until)));

/**
 * The first statement of a run's write batch: when the run no longer holds its lease (it outlived
 * it, and another run took the feed and may have written newer prices), it inserts a run record
 * with no feed, which D1 refuses (NOT NULL), so the batch, a transaction, writes nothing at all.
 * The columns are every one of the table's, in its order, as drizzle's insert-select wants them.
 */
export function leaseGuard(db: Database, feed: string, until: number) {
  const held = db
    .select({ one: sql`1` })
    .from(priceFeedRuns)
    .where(heldBy(feed, until));
  return db.insert(priceFeedRuns).select(sql`select null, null, null, null, null, 0, 0, 0 where ${not(exists(held))}`);
}

/** Whether the run still holds its lease, read again after its write batch failed. */
export async function holdsLease(db: Database, feed: string, until: number): Promise<boolean> {
  const rows = await db.select({ feed: priceFeedRuns.feed }).from(priceFeedRuns).where(heldBy(feed, until));
  return rows.length > 0;
}

export function releaseLease(db: Database, feed: string, until: number) {
  return db.update(priceFeedRuns).set({ leaseUntil: null }).where(heldBy(feed, until));
}

export function recordFailure(db: Database, feed: string, error: string, until: number, now: number) {
  return db
    .update(priceFeedRuns)
    .set({ lastRunAt: new Date(now), lastError: error.slice(0, 1000), leaseUntil: null })
    .where(heldBy(feed, until));
}

/**
 * A run that outlived its lease wrote nothing (its batch's guard refused it). The feed's record now
 * belongs to the run that took the lease, so only its last error says so (until a good run clears
 * it); the lease, the times and the counts stay that run's.
 */
export async function leaseLost(db: Database, feed: string, now: number): Promise<{ status: "failed"; feed: string; error: string }> {
  const error = `The run started at ${new Date(now).toISOString()} outlived its ${PRICE_LEASE_MS / 60_000}-minute lease, which another run took; it wrote no price`;
  console.warn(`[prices] ${feed}: ${error}`);
  await db.update(priceFeedRuns).set({ lastError: error }).where(eq(priceFeedRuns.feed, feed));
  return { status: "failed", feed, error };
}
