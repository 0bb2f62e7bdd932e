// The scheduled price job: reads the provider feed (Skinport's /v1/items shape) or, locally without
// one, drifts the demo prices; writes prices, StatTrak/Souvenir prices, `last_price_update` and
// today's history rows in one atomic batch; keeps the counts and the last error in price_feed_runs.
// Plain D1 statements: drizzle's raw `db.run(sql)` cannot join a batch (see rate-limit.server.ts).
import { driftBucket, driftedPriceCents } from "~/domain/price-drift";
import { chunk, planPriceUpdate, validateFeed, type PricePlan, type PriceRow, type StoredPrices } from "~/domain/price-feed";
import { historyCutoffDay, utcDay } from "~/domain/price-history";
import type { Wear } from "~/domain/wear";

export interface PriceFeedEnv {
  ENVIRONMENT: string;
  /** The provider's items endpoint in Skinport's /v1/items shape, asking for USD. Unset locally: demo drift. */
  PRICE_FEED_URL?: string;
  /** How long the feed may take to answer and arrive, in ms (default 15 000). */
  PRICE_FEED_TIMEOUT_MS?: string;
}

/** The feed name of the local demo drift (its row in price_feed_runs; demo skins keep price_source 'demo'). */
export const DEMO_FEED = "demo";
export const DEFAULT_PRICE_FEED_TIMEOUT_MS = 15_000;
/** A run holds its feed this long at most; a crashed run blocks the next one until then. */
export const PRICE_LEASE_MS = 5 * 60_000;
/**
 * Rows per write statement: each binds one JSON array of at most this many rows (and a value or
 * two), far below D1's 100 bound parameters and 100 KB statements.
 */
export const ROWS_PER_STATEMENT = 500;
/** Old history rows deleted per run at most (a day of history is about 16,000 rows). */
export const RETENTION_DELETE_LIMIT = 50_000;

export type PriceJobResult =
  | { status: "skipped"; feed: string; reason: string }
  | { status: "failed"; feed: string; error: string }
  | {
      status: "done";
      feed: string;
      matched: number;
      unmatched: number;
      unchanged: number;
      /** Prices written (normal and variant rows). */
      written: number;
      changedSkinIds: string[];
      /** D1 statements of the write batch. */
      statements: number;
    };

/** A feed's name: the host of its URL (also what `skins.price_source` says), or 'demo'. */
export function feedName(env: PriceFeedEnv): string | null {
  if (!env.PRICE_FEED_URL) return env.ENVIRONMENT === "production" ? null : DEMO_FEED;
  return new URL(env.PRICE_FEED_URL).host;
}

/**
 * One run of the price job. Returns what it did; never throws for a feed fault (the error is
 * kept in price_feed_runs.last_error and logged as a warning).
 */
export async function runPriceJob(d1: D1Database, env: PriceFeedEnv, now = Date.now()): Promise<PriceJobResult> {
  let feed: string | null;
  try {
    feed = feedName(env);
  } catch {
    console.warn(`[prices] PRICE_FEED_URL is not a URL`);
    return { status: "skipped", feed: "invalid", reason: "PRICE_FEED_URL is not a URL" };
  }
  if (feed === null) {
    console.warn("[prices] PRICE_FEED_URL is not set; prices stay as they are");
    return { status: "skipped", feed: "none", reason: "PRICE_FEED_URL is not set" };
  }

  const lease = await acquireLease(d1, feed, now);
  if (!lease) return { status: "skipped", feed, reason: "another run holds the lease" };

  if (feed === DEMO_FEED) {
    if (lease.lastSuccessAt !== null && driftBucket(lease.lastSuccessAt) === driftBucket(now)) {
      await releaseLease(d1, feed, lease.until);
      return { status: "skipped", feed, reason: "the demo prices already moved in this minute" };
    }
    const plan = planDemoDrift(await readStoredPrices(d1, "demo"), driftBucket(now));
    return writePlan(d1, feed, plan, lease.until, now, null);
  }

  const items = await fetchFeed(env);
  if (!items.ok) {
    console.warn(`[prices] ${feed}: ${items.error}; prices stay as they are`);
    await recordFailure(d1, feed, items.error, lease.until, now);
    return { status: "failed", feed, error: items.error };
  }
  const plan = planPriceUpdate(items.items, await readStoredPrices(d1, "all"));
  return writePlan(d1, feed, plan, lease.until, now, feed);
}

type FeedFetch = { ok: true; items: Parameters<typeof planPriceUpdate>[0] } | { ok: false; error: string };

/** Fetches and checks the feed; every fault (status, timeout, non-JSON, shape) becomes an error text. */
async function fetchFeed(env: PriceFeedEnv): Promise<FeedFetch> {
  const timeout = Number(env.PRICE_FEED_TIMEOUT_MS ?? DEFAULT_PRICE_FEED_TIMEOUT_MS) || DEFAULT_PRICE_FEED_TIMEOUT_MS;
  let text: string;
  try {
    const response = await fetch(env.PRICE_FEED_URL!, { headers: { Accept: "application/json" }, signal: AbortSignal.timeout(timeout) });
    if (!response.ok) {
      await response.body?.cancel();
      return { ok: false, error: `Feed answered ${response.status} ${response.statusText}`.trim() };
    }
    text = await response.text();
  } catch (error) {
    const name = error instanceof Error ? error.name : "";
    if (name === "TimeoutError" || name === "AbortError") return { ok: false, error: `Feed did not answer within ${timeout} ms (timeout)` };
    return { ok: false, error: `Feed unreachable: ${error instanceof Error ? error.message : String(error)}` };
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { ok: false, error: `Feed answered with something that is not JSON (${text.slice(0, 40).replace(/\s+/g, " ")}...)` };
  }
  return validateFeed(body);
}

interface Lease {
  until: number;
  lastSuccessAt: number | null;
}

/** Takes the feed's lease when it is free or expired: one conditional UPDATE ... RETURNING. */
async function acquireLease(d1: D1Database, feed: string, now: number): Promise<Lease | null> {
  const until = now + PRICE_LEASE_MS;
  const [, taken] = await d1.batch<{ last_success_at: number | null }>([
    d1.prepare("INSERT INTO price_feed_runs (feed) VALUES (?1) ON CONFLICT(feed) DO NOTHING").bind(feed),
    d1
      .prepare("UPDATE price_feed_runs SET lease_until = ?2 WHERE feed = ?1 AND (lease_until IS NULL OR lease_until <= ?3) RETURNING last_success_at")
      .bind(feed, until, now),
  ]);
  const row = taken?.results[0];
  return row ? { until, lastSuccessAt: row.last_success_at } : null;
}

function releaseLease(d1: D1Database, feed: string, until: number) {
  return d1.prepare("UPDATE price_feed_runs SET lease_until = NULL WHERE feed = ?1 AND lease_until = ?2").bind(feed, until).run();
}

function recordFailure(d1: D1Database, feed: string, error: string, until: number, now: number) {
  return d1
    .prepare("UPDATE price_feed_runs SET last_run_at = ?2, last_error = ?3, lease_until = NULL WHERE feed = ?1 AND lease_until = ?4")
    .bind(feed, now, error.slice(0, 1000), until)
    .run();
}

/** The catalogue's skins and stored prices: all of them, or only the demo-priced skins'. One round trip. */
async function readStoredPrices(d1: D1Database, which: "all" | "demo"): Promise<StoredPrices> {
  const demoOnly = which === "demo" ? " WHERE skin_id IN (SELECT id FROM skins WHERE price_source = 'demo')" : "";
  const [skins, wears, variants] = await d1.batch([
    d1.prepare(`SELECT id, name FROM skins${which === "demo" ? " WHERE price_source = 'demo'" : ""}`),
    d1.prepare(`SELECT skin_id AS skinId, wear, enabled, price_cents AS priceCents FROM skin_wears${demoOnly}`),
    d1.prepare(`SELECT skin_id AS skinId, variant, wear, price_cents AS priceCents FROM skin_variant_prices${demoOnly}`),
  ]);
  return {
    skins: skins!.results as StoredPrices["skins"],
    wears: (wears!.results as { skinId: string; wear: Wear; enabled: number; priceCents: number }[]).map((row) => ({ ...row, enabled: row.enabled === 1 })),
    variants: variants!.results as StoredPrices["variants"],
  };
}

/** The demo drift as a plan: every stored price of a demo skin moves (0, no data, stays 0). */
export function planDemoDrift(stored: StoredPrices, bucket: number): PricePlan {
  const rows: { row: PriceRow; before: number }[] = [];
  for (const wear of stored.wears) {
    if (!wear.enabled || wear.priceCents <= 0) continue;
    rows.push({ row: { skinId: wear.skinId, variant: "normal", wear: wear.wear, priceCents: 0 }, before: wear.priceCents });
  }
  for (const variant of stored.variants) {
    if (variant.priceCents <= 0) continue;
    rows.push({ row: { skinId: variant.skinId, variant: variant.variant, wear: variant.wear, priceCents: 0 }, before: variant.priceCents });
  }
  const history: PriceRow[] = [];
  const changed: PriceRow[] = [];
  for (const { row, before } of rows) {
    row.priceCents = driftedPriceCents(before, row.skinId, row.wear, row.variant, bucket);
    history.push(row);
    if (row.priceCents !== before) changed.push(row);
  }
  return {
    wearPrices: changed.filter((row) => row.variant === "normal"),
    variantPrices: changed.filter((row) => row.variant !== "normal"),
    history,
    changedSkinIds: [...new Set(changed.map((row) => row.skinId))],
    pricedSkinIds: [],
    matched: rows.length,
    unmatched: 0,
    unchanged: rows.length - changed.length,
  };
}

const tuple = (row: PriceRow) => [row.skinId, row.variant, row.wear, row.priceCents] as const;
const ROWS =
  "SELECT json_extract(value, '$[0]') AS skin_id, json_extract(value, '$[1]') AS variant, json_extract(value, '$[2]') AS wear, json_extract(value, '$[3]') AS price_cents FROM json_each(?1)";

/** The statements that write a plan: prices, variant prices, skins, history, retention, run state. */
export function planStatements(
  d1: D1Database,
  feed: string,
  plan: PricePlan,
  leaseUntil: number,
  now: number,
  priceSource: string | null,
): D1PreparedStatement[] {
  const statements: D1PreparedStatement[] = [];
  for (const rows of chunk(plan.wearPrices, ROWS_PER_STATEMENT)) {
    statements.push(
      d1
        .prepare(
          `UPDATE skin_wears SET price_cents = feed_rows.price_cents FROM (${ROWS}) AS feed_rows
           WHERE skin_wears.skin_id = feed_rows.skin_id AND skin_wears.wear = feed_rows.wear AND skin_wears.enabled = 1`,
        )
        .bind(JSON.stringify(rows.map(tuple))),
    );
  }
  for (const rows of chunk(plan.variantPrices, ROWS_PER_STATEMENT)) {
    statements.push(
      d1
        .prepare(
          `INSERT INTO skin_variant_prices (skin_id, variant, wear, price_cents) SELECT skin_id, variant, wear, price_cents FROM (${ROWS}) WHERE true
           ON CONFLICT(skin_id, variant, wear) DO UPDATE SET price_cents = excluded.price_cents`,
        )
        .bind(JSON.stringify(rows.map(tuple))),
    );
  }
  for (const ids of chunk(plan.changedSkinIds, ROWS_PER_STATEMENT)) {
    statements.push(d1.prepare("UPDATE skins SET last_price_update = ?2 WHERE id IN (SELECT value FROM json_each(?1))").bind(JSON.stringify(ids), now));
  }
  if (priceSource) {
    for (const ids of chunk(plan.pricedSkinIds, ROWS_PER_STATEMENT)) {
      statements.push(
        d1
          .prepare("UPDATE skins SET price_source = ?2 WHERE price_source <> ?2 AND id IN (SELECT value FROM json_each(?1))")
          .bind(JSON.stringify(ids), priceSource),
      );
    }
  }
  const day = utcDay(now);
  for (const rows of chunk(plan.history, ROWS_PER_STATEMENT)) {
    statements.push(
      d1
        .prepare(
          `INSERT INTO price_history (skin_id, variant, wear, day, price_cents) SELECT skin_id, variant, wear, ?2, price_cents FROM (${ROWS}) WHERE true
           ON CONFLICT(skin_id, variant, wear, day) DO UPDATE SET price_cents = excluded.price_cents WHERE price_history.price_cents <> excluded.price_cents`,
        )
        .bind(JSON.stringify(rows.map(tuple)), day),
    );
  }
  statements.push(
    d1
      .prepare("DELETE FROM price_history WHERE rowid IN (SELECT rowid FROM price_history WHERE day < ?1 LIMIT ?2)")
      .bind(historyCutoffDay(now), RETENTION_DELETE_LIMIT),
    d1
      .prepare(
        `UPDATE price_feed_runs SET last_run_at = ?2, last_success_at = ?2, last_error = NULL, matched = ?3, unmatched = ?4, unchanged = ?5, lease_until = NULL
         WHERE feed = ?1 AND lease_until = ?6`,
      )
      .bind(feed, now, plan.matched, plan.unmatched, plan.unchanged, leaseUntil),
  );
  return statements;
}

/** Writes a plan in one batch (a transaction: all of it or nothing). */
async function writePlan(d1: D1Database, feed: string, plan: PricePlan, leaseUntil: number, now: number, priceSource: string | null): Promise<PriceJobResult> {
  const statements = planStatements(d1, feed, plan, leaseUntil, now, priceSource);
  try {
    await d1.batch(statements);
  } catch (error) {
    const message = `Writing prices failed: ${error instanceof Error ? error.message : String(error)}`;
    console.warn(`[prices] ${feed}: ${message}`);
    await recordFailure(d1, feed, message, leaseUntil, now);
    return { status: "failed", feed, error: message };
  }
  return {
    status: "done",
    feed,
    matched: plan.matched,
    unmatched: plan.unmatched,
    unchanged: plan.unchanged,
    written: plan.wearPrices.length + plan.variantPrices.length,
    changedSkinIds: plan.changedSkinIds,
    statements: statements.length,
  };
}
