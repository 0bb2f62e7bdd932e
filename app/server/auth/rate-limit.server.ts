import { decide, rateLimitsWith, type RateLimitDecision, type RateLimitRule, type RateLimits, type RateLimitState } from "~/domain/rate-limits";
import { and, eq, inArray, lte, sql, type SQL } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { rateLimits } from "../db/schema.server";

const keyOf = (rule: RateLimitRule, id: string) => `${rule.name}:${id}`;

/** Counts one hit for `id` under `rule` (one batch, one round trip) and returns the state after it. */
export async function hit(db: Database, rule: RateLimitRule, id: string, now = Date.now()): Promise<RateLimitState> {
  return stateAfterHit(await db.batch(hitQueries(db, rule, id, now)), now);
}

/**
 * The statements of one hit, for a caller's batch (`context.load`); `id` may be SQL read in the
 * batch itself (the session's user: `requestOwner`), an unknown one counted under the rule's name
 * alone. `stateAfterHit` reads their answer.
 */
export function hitQueries(db: Database, rule: RateLimitRule, id: string | SQL, now = Date.now()) {
  const key = typeof id === "string" ? keyOf(rule, id) : sql`${`${rule.name}:`} || coalesce(${id}, '')`;
  const expired = now - rule.windowSeconds * 1000;
  return [
    db.delete(rateLimits).where(and(eq(rateLimits.key, key), lte(rateLimits.windowStart, new Date(expired)))),
    // A window starts with the key's first hit after the last one expired.
    db.insert(rateLimits).select(sql`select ${key}, ${now}, 0 where not exists (select 1 from ${rateLimits} where ${rateLimits.key} = ${key})`),
    db
      .update(rateLimits)
      .set({ count: sql`${rateLimits.count} + 1` })
      .where(eq(rateLimits.key, key))
      .returning({ count: rateLimits.count, windowStart: rateLimits.windowStart }),
  ] as const;
}

/** The state after a hit, from the answer of its statements. */
export function stateAfterHit([, , [updated]]: readonly [unknown, unknown, readonly { count: number; windowStart: Date }[]], now: number): RateLimitState {
  return { count: updated?.count ?? 1, windowStart: updated?.windowStart.getTime() ?? now };
}

/**
 * Counts a hit and decides whether it is allowed: the hit that goes over the limit is refused.
 * Used where every attempt counts (registration, reset requests).
 */
export async function consume(db: Database, rule: RateLimitRule, id: string, now = Date.now()): Promise<RateLimitDecision> {
  const state = await hit(db, rule, id, now);
  return decide(rule, { count: state.count - 1, windowStart: state.windowStart }, now);
}

/** Reads the states of several keys in one round trip, without counting. */
export async function peek(db: Database, checks: readonly (readonly [RateLimitRule, string])[], now = Date.now()): Promise<RateLimitDecision[]> {
  const keys = checks.map(([rule, id]) => keyOf(rule, id));
  const rows = await db.select().from(rateLimits).where(inArray(rateLimits.key, keys));
  return checks.map(([rule], index) => {
    const row = rows.find((r) => r.key === keys[index]);
    return decide(rule, row ? { count: row.count, windowStart: row.windowStart.getTime() } : null, now);
  });
}

/** Forgets the hits of a key (a successful login clears the failures). */
export async function clear(db: Database, rule: RateLimitRule, id: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, keyOf(rule, id)));
}

/** The client address Cloudflare reports; local runs have none. */
export function clientAddress(request: Request): string {
  return request.headers.get("CF-Connecting-IP") ?? "local";
}

/** The limits configured for this environment (`RATE_LIMIT_MULTIPLIER`; production's without it). */
export function rateLimitsFor(env: { RATE_LIMIT_MULTIPLIER?: string }): RateLimits {
  return rateLimitsWith(env.RATE_LIMIT_MULTIPLIER);
}
