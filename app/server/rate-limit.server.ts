import { sql } from "drizzle-orm";
import { decide, type RateLimitDecision, type RateLimitRule, type RateLimitState } from "~/domain/rate-limits";
import type { Database } from "./db/client.server";

const keyOf = (rule: RateLimitRule, id: string) => `${rule.name}:${id}`;

/** Counts one hit for `id` under `rule` (one round trip) and returns the state after it. */
export async function hit(db: Database, rule: RateLimitRule, id: string, now = Date.now()): Promise<RateLimitState> {
  const key = keyOf(rule, id);
  const expired = now - rule.windowSeconds * 1000;
  const [, , rows] = await db.batch([
    db.run(sql`DELETE FROM rate_limits WHERE key = ${key} AND window_start <= ${expired}`),
    db.run(sql`INSERT INTO rate_limits (key, window_start, count) SELECT ${key}, ${now}, 0
               WHERE NOT EXISTS (SELECT 1 FROM rate_limits WHERE key = ${key})`),
    db.all<{ count: number; window_start: number }>(
      sql`UPDATE rate_limits SET count = count + 1 WHERE key = ${key} RETURNING count, window_start`,
    ),
  ]);
  const row = (rows as { count: number; window_start: number }[])[0];
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
export async function peek(
  db: Database,
  checks: readonly (readonly [RateLimitRule, string])[],
  now = Date.now(),
): Promise<RateLimitDecision[]> {
  const keys = checks.map(([rule, id]) => keyOf(rule, id));
  const rows = await db.all<{ key: string; count: number; window_start: number }>(
    sql`SELECT key, count, window_start FROM rate_limits WHERE key IN (${sql.join(keys.map((k) => sql`${k}`), sql`, `)})`,
  );
  return checks.map(([rule], index) => {
    const row = rows.find((r) => r.key === keys[index]);
    return decide(rule, row ? { count: row.count, windowStart: row.window_start } : null, now);
  });
}

/** Forgets the hits of a key (a successful login clears the failures). */
export function clearQuery(db: Database, rule: RateLimitRule, id: string) {
  return db.run(sql`DELETE FROM rate_limits WHERE key = ${keyOf(rule, id)}`);
}

/** The client address Cloudflare reports; local runs have none. */
export function clientAddress(request: Request): string {
  return request.headers.get("CF-Connecting-IP") ?? "local";
}
