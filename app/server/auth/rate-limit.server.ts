import { decide, rateLimitsWith, type RateLimitDecision, type RateLimitRule, type RateLimits, type RateLimitState } from "~/domain/rate-limits";
import type { Database } from "../db/client.server";

// Plain D1 statements: drizzle's raw `db.run(sql)` cannot join a batch.

const keyOf = (rule: RateLimitRule, id: string) => `${rule.name}:${id}`;

/** Counts one hit for `id` under `rule` (one batch, one round trip) and returns the state after it. */
export async function hit(db: Database, rule: RateLimitRule, id: string, now = Date.now()): Promise<RateLimitState> {
  const d1 = db.$client;
  const key = keyOf(rule, id);
  const expired = now - rule.windowSeconds * 1000;
  const [, , updated] = await d1.batch<{ count: number; window_start: number }>([
    d1.prepare("DELETE FROM rate_limits WHERE key = ?1 AND window_start <= ?2").bind(key, expired),
    d1
      .prepare("INSERT INTO rate_limits (key, window_start, count) SELECT ?1, ?2, 0 WHERE NOT EXISTS (SELECT 1 FROM rate_limits WHERE key = ?1)")
      .bind(key, now),
    d1.prepare("UPDATE rate_limits SET count = count + 1 WHERE key = ?1 RETURNING count, window_start").bind(key),
  ]);
  const row = updated?.results[0];
  return { count: row?.count ?? 1, windowStart: row?.window_start ?? now };
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
  const { results } = await db.$client
    .prepare(`SELECT key, count, window_start FROM rate_limits WHERE key IN (${keys.map(() => "?").join(", ")})`)
    .bind(...keys)
    .all<{ key: string; count: number; window_start: number }>();
  return checks.map(([rule], index) => {
    const row = results.find((r) => r.key === keys[index]);
    return decide(rule, row ? { count: row.count, windowStart: row.window_start } : null, now);
  });
}

/** Forgets the hits of a key (a successful login clears the failures). */
export async function clear(db: Database, rule: RateLimitRule, id: string): Promise<void> {
  await db.$client.prepare("DELETE FROM rate_limits WHERE key = ?").bind(keyOf(rule, id)).run();
}

/** The client address Cloudflare reports; local runs have none. */
export function clientAddress(request: Request): string {
  return request.headers.get("CF-Connecting-IP") ?? "local";
}

/** The limits configured for this environment (`RATE_LIMIT_MULTIPLIER`; production's without it). */
export function rateLimitsFor(env: { RATE_LIMIT_MULTIPLIER?: string }): RateLimits {
  return rateLimitsWith(env.RATE_LIMIT_MULTIPLIER);
}
