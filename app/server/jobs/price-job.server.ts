// The scheduled price job: reads the provider feed (Skinport's /v1/items shape) or, locally without
// one, drifts the demo prices; writes skin prices, StatTrak/Souvenir prices, sticker, container,
// key and vanilla knife prices, `last_price_update` and today's history rows in one atomic batch, then each weapon case's
// expected value from them; keeps the counts and the last error in price_feed_runs.
// The bulk writes hand their rows over as one JSON array read with json_each (SQL of its own,
// in drizzle's `sql` template, inside drizzle's builders).
import { and, eq, exists, inArray, isNull, lte, not, or, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { driftBucket, driftedItemPriceCents, driftedPriceCents } from "~/domain/price-drift";
import {
  chunk,
  planPriceUpdate,
  validateFeed,
  type FeedParseResult,
  type ItemPriceRow,
  type PricePlan,
  type PriceRow,
  type StoredPrices,
} from "~/domain/price-feed";
import { historyCutoffDay, utcDay } from "~/domain/price-history";
import { createDatabase, type Database } from "../db/client.server";
import { refreshCaseValues } from "../features/case-values.server";
import { MARKET_ITEM_KINDS, type MarketItemKind } from "~/domain/market-names";
import {
  caseKeys,
  crates,
  itemPriceHistory,
  priceFeedRuns,
  priceHistory,
  skins,
  skinVariantPrices,
  skinWears,
  stickers,
  vanillaKnives,
} from "../db/schema.server";

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
/**
 * Sticker, container and key rows per statement: a row is about 26 bytes of JSON
 * (["sticker",12009,20000,1]), so 1,500 rows stay near 40 KB, within the same limits.
 */
export const ITEM_ROWS_PER_STATEMENT = 1_500;
/**
 * The most of a feed's body a run reads, in bytes; a longer body (or a Content-Length above it) is
 * refused. The largest feed we plan for, the tests' 40,000 items (every market name of the
 * catalogue and 15,000 it lacks), is 17.5 MB; a feed of Skinport's shape read as text (two bytes a
 * character once one ★ or ™ is in it) and parsed takes about 3 bytes of memory a byte of body
 * (Node 24: 17.6 MB, 54 MB; 25 MB, 78 MB). 24 MiB is about 55,000 such items, and keeps a run well
 * within the isolate's 128 MB; without a cap, a broken or hostile feed would exhaust it.
 */
export const MAX_FEED_BYTES = 24 * 1024 * 1024;
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
      /** Prices written (normal and variant rows, stickers, containers and keys). */
      written: number;
      changedSkinIds: string[];
      /** D1 statements of the write batch. */
      statements: number;
      /** Weapon cases whose expected value was worked out again; null when that failed (the last values stay). */
      casesValued: number | null;
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
  const db = createDatabase(d1);
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

  const lease = await acquireLease(db, feed, now);
  if (!lease) return { status: "skipped", feed, reason: "another run holds the lease" };

  if (feed === DEMO_FEED) {
    if (lease.lastSuccessAt !== null && driftBucket(lease.lastSuccessAt) === driftBucket(now)) {
      await releaseLease(db, feed, lease.until);
      return { status: "skipped", feed, reason: "the demo prices already moved in this minute" };
    }
    const plan = planDemoDrift(await readStoredPrices(db, "demo"), driftBucket(now));
    return writePlan(db, feed, plan, lease.until, now, null);
  }

  const items = await fetchFeed(env);
  if (!items.ok) {
    console.warn(`[prices] ${feed}: ${items.error}; prices stay as they are`);
    await recordFailure(db, feed, items.error, lease.until, now);
    return { status: "failed", feed, error: items.error };
  }
  if (items.malformed > 0) {
    console.warn(
      `[prices] ${feed}: ${items.malformed} malformed ${items.malformed === 1 ? "item" : "items"} skipped (${items.firstMalformed}); the others are priced`,
    );
  }
  const plan = planPriceUpdate(items.items, await readStoredPrices(db, "all"), feed);
  return writePlan(db, feed, plan, lease.until, now, feed);
}

/** Fetches and checks the feed; every fault (status, timeout, non-JSON, shape) becomes an error text. */
async function fetchFeed(env: PriceFeedEnv): Promise<FeedParseResult> {
  const timeout = Number(env.PRICE_FEED_TIMEOUT_MS ?? DEFAULT_PRICE_FEED_TIMEOUT_MS) || DEFAULT_PRICE_FEED_TIMEOUT_MS;
  let text: string;
  try {
    const response = await fetch(env.PRICE_FEED_URL!, { headers: { Accept: "application/json" }, signal: AbortSignal.timeout(timeout) });
    if (!response.ok) {
      await response.body?.cancel();
      return { ok: false, error: `Feed answered ${response.status} ${response.statusText}`.trim() };
    }
    const declared = Number(response.headers.get("Content-Length") ?? 0);
    if (declared > MAX_FEED_BYTES) {
      await response.body?.cancel();
      return { ok: false, error: `Feed declares ${declared} bytes, more than the ${MAX_FEED_BYTES} a run reads (too large)` };
    }
    const read = await readTextUpTo(response.body, MAX_FEED_BYTES);
    if (read === null) return { ok: false, error: `Feed is larger than the ${MAX_FEED_BYTES} bytes a run reads (too large); reading stopped there` };
    text = read;
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

/** A body as text, or null as soon as it passes `limit` bytes (the rest is never read). */
async function readTextUpTo(body: ReadableStream<Uint8Array> | null, limit: number): Promise<string | null> {
  if (!body) return "";
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const parts: string[] = [];
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    if (bytes > limit) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    parts.push(decoder.decode(value, { stream: true }));
  }
  parts.push(decoder.decode());
  return parts.join("");
}

interface Lease {
  until: number;
  lastSuccessAt: number | null;
}

/** Takes the feed's lease when it is free or expired: one conditional UPDATE ... RETURNING. */
async function acquireLease(db: Database, feed: string, now: number): Promise<Lease | null> {
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
const heldBy = (feed: string, until: number) => and(eq(priceFeedRuns.feed, feed), eq(priceFeedRuns.leaseUntil, new Date(until)));

/**
 * The first statement of a run's write batch: when the run no longer holds its lease (it outlived
 * it, and another run took the feed and may have written newer prices), it inserts a run record
 * with no feed, which D1 refuses (NOT NULL), so the batch, a transaction, writes nothing at all.
 * The columns are every one of the table's, in its order, as drizzle's insert-select wants them.
 */
function leaseGuard(db: Database, feed: string, until: number) {
  const held = db
    .select({ one: sql`1` })
    .from(priceFeedRuns)
    .where(heldBy(feed, until));
  return db.insert(priceFeedRuns).select(sql`select null, null, null, null, null, 0, 0, 0 where ${not(exists(held))}`);
}

/** Whether the run still holds its lease, read again after its write batch failed. */
async function holdsLease(db: Database, feed: string, until: number): Promise<boolean> {
  const rows = await db.select({ feed: priceFeedRuns.feed }).from(priceFeedRuns).where(heldBy(feed, until));
  return rows.length > 0;
}

function releaseLease(db: Database, feed: string, until: number) {
  return db.update(priceFeedRuns).set({ leaseUntil: null }).where(heldBy(feed, until));
}

function recordFailure(db: Database, feed: string, error: string, until: number, now: number) {
  return db
    .update(priceFeedRuns)
    .set({ lastRunAt: new Date(now), lastError: error.slice(0, 1000), leaseUntil: null })
    .where(heldBy(feed, until));
}

/**
 * The catalogue's skins, stickers, containers, keys and vanilla knives with their stored prices: all
 * of them, or only the demo-priced ones. One round trip.
 */
async function readStoredPrices(db: Database, which: "all" | "demo"): Promise<StoredPrices> {
  const demoSkin = eq(skins.priceSource, DEMO_FEED);
  const ofDemoSkin = (skinId: typeof skinWears.skinId | typeof skinVariantPrices.skinId) =>
    which === "demo" ? inArray(skinId, db.select({ id: skins.id }).from(skins).where(demoSkin)) : undefined;
  const items = (table: typeof stickers | typeof crates | typeof caseKeys) =>
    db
      .select({ id: table.id, name: table.name, priceCents: table.priceCents, priceSource: table.priceSource })
      .from(table)
      .where(which === "demo" ? eq(table.priceSource, DEMO_FEED) : undefined);
  const [skinRows, wears, variants, stickerRows, crateRows, keyRows, knifeRows] = await db.batch([
    db
      .select({ id: skins.id, name: skins.name })
      .from(skins)
      .where(which === "demo" ? demoSkin : undefined),
    db
      .select({ skinId: skinWears.skinId, wear: skinWears.wear, enabled: skinWears.enabled, priceCents: skinWears.priceCents })
      .from(skinWears)
      .where(ofDemoSkin(skinWears.skinId)),
    db
      .select({ skinId: skinVariantPrices.skinId, variant: skinVariantPrices.variant, wear: skinVariantPrices.wear, priceCents: skinVariantPrices.priceCents })
      .from(skinVariantPrices)
      .where(ofDemoSkin(skinVariantPrices.skinId)),
    items(stickers),
    items(crates),
    items(caseKeys),
    db
      .select({
        id: vanillaKnives.id,
        name: vanillaKnives.name,
        priceCents: vanillaKnives.priceCents,
        stattrakPriceCents: vanillaKnives.stattrakPriceCents,
        priceSource: vanillaKnives.priceSource,
      })
      .from(vanillaKnives)
      .where(which === "demo" ? eq(vanillaKnives.priceSource, DEMO_FEED) : undefined),
  ]);
  return {
    skins: skinRows,
    wears,
    variants,
    items: [
      ...stickerRows.map((row) => ({ ...row, kind: "sticker" as const })),
      ...crateRows.map((row) => ({ ...row, kind: "crate" as const })),
      ...keyRows.map((row) => ({ ...row, kind: "key" as const })),
      // A vanilla knife's two prices, normal ('★ Karambit') and StatTrak™ ('★ StatTrak™ Karambit').
      ...knifeRows.flatMap(({ stattrakPriceCents, ...row }) => [
        { ...row, kind: "vanilla_knife" as const },
        { ...row, priceCents: stattrakPriceCents, kind: "vanilla_knife_stattrak" as const },
      ]),
    ],
  };
}

/** The demo drift as a plan: every stored price of a demo skin or item moves (0, no data, stays 0). */
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
  const itemHistory: ItemPriceRow[] = stored.items
    .filter((item) => item.priceCents > 0)
    .map((item) => {
      const priceCents = driftedItemPriceCents(item.priceCents, item.kind, item.id, bucket);
      return { kind: item.kind, id: item.id, priceCents, changed: priceCents !== item.priceCents };
    });
  const itemPrices = itemHistory.filter((row) => row.changed);
  const matched = rows.length + itemHistory.length;
  return {
    wearPrices: changed.filter((row) => row.variant === "normal"),
    variantPrices: changed.filter((row) => row.variant !== "normal"),
    history,
    itemPrices,
    itemHistory,
    changedSkinIds: [...new Set(changed.map((row) => row.skinId))],
    pricedSkinIds: [],
    matched,
    unmatched: 0,
    unchanged: matched - changed.length - itemPrices.length,
  };
}

const tuple = (row: PriceRow) => [row.skinId, row.variant, row.wear, row.priceCents] as const;

/**
 * Rows handed over as one JSON array of [skin_id, variant, wear, price_cents] (one bound value),
 * read back with json_each: SQL of its own, in drizzle's `sql` template.
 */
const feedRows = (rows: PriceRow[]) =>
  sql`select json_extract(value, '$[0]') as skin_id, json_extract(value, '$[1]') as variant, json_extract(value, '$[2]') as wear,
      json_extract(value, '$[3]') as price_cents from json_each(${JSON.stringify(rows.map(tuple))})`;
/** Sticker, container, key and vanilla knife rows as one JSON array of [kind, id, price_cents, changed]. */
const itemRows = (rows: ItemPriceRow[]) =>
  sql`select json_extract(value, '$[0]') as kind, json_extract(value, '$[1]') as id, json_extract(value, '$[2]') as price_cents,
      json_extract(value, '$[3]') as changed from json_each(${JSON.stringify(rows.map((row) => [row.kind, row.id, row.priceCents, row.changed ? 1 : 0]))})`;
const ITEM_TABLES = { sticker: stickers, crate: crates, key: caseKeys } as const;

/** The statement writing one group of a kind's item prices: its table's price (a vanilla knife's normal or StatTrak™ one), last change and source. */
function itemPriceStatement(db: Database, kind: MarketItemKind, rows: ItemPriceRow[], now: number, priceSource: string | null) {
  const from = sql`(${itemRows(rows)}) as item_rows`;
  const source = priceSource ? { priceSource } : {};
  if (kind === "vanilla_knife" || kind === "vanilla_knife_stattrak") {
    const price = sql`item_rows.price_cents`;
    return db
      .update(vanillaKnives)
      .set({
        ...(kind === "vanilla_knife" ? { priceCents: price } : { stattrakPriceCents: price }),
        lastPriceUpdate: sql`case when item_rows.changed = 1 then ${now} else ${vanillaKnives.lastPriceUpdate} end`,
        ...source,
      })
      .from(from)
      .where(sql`${vanillaKnives.id} = item_rows.id`);
  }
  const table = ITEM_TABLES[kind];
  return db
    .update(table)
    .set({
      priceCents: sql`item_rows.price_cents`,
      lastPriceUpdate: sql`case when item_rows.changed = 1 then ${now} else ${table.lastPriceUpdate} end`,
      ...source,
    })
    .from(from)
    .where(sql`${table.id} = item_rows.id`);
}
const idsIn = (ids: string[]) => sql`(select value from json_each(${JSON.stringify(ids)}))`;

/** The statements that write a plan: prices, variant prices, skins, history, retention, run state. */
export function planStatements(
  db: Database,
  feed: string,
  plan: PricePlan,
  leaseUntil: number,
  now: number,
  priceSource: string | null,
): [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]] {
  // The lease check first (nothing is written without it), old history next (it never touches
  // today's rows), the run's state last.
  const statements: [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]] = [
    leaseGuard(db, feed, leaseUntil),
    db
      .delete(priceHistory)
      .where(sql`rowid in (select rowid from ${priceHistory} where ${priceHistory.day} < ${historyCutoffDay(now)} limit ${RETENTION_DELETE_LIMIT})`),
    db
      .delete(itemPriceHistory)
      .where(sql`rowid in (select rowid from ${itemPriceHistory} where ${itemPriceHistory.day} < ${historyCutoffDay(now)} limit ${RETENTION_DELETE_LIMIT})`),
  ];
  for (const rows of chunk(plan.wearPrices, ROWS_PER_STATEMENT)) {
    statements.push(
      db
        .update(skinWears)
        .set({ priceCents: sql`feed_rows.price_cents` })
        .from(sql`(${feedRows(rows)}) as feed_rows`)
        .where(sql`${skinWears.skinId} = feed_rows.skin_id and ${skinWears.wear} = feed_rows.wear and ${skinWears.enabled} = 1`),
    );
  }
  for (const rows of chunk(plan.variantPrices, ROWS_PER_STATEMENT)) {
    statements.push(
      db
        .insert(skinVariantPrices)
        .select(sql`select skin_id, variant, wear, price_cents from (${feedRows(rows)}) where true`)
        .onConflictDoUpdate({
          target: [skinVariantPrices.skinId, skinVariantPrices.variant, skinVariantPrices.wear],
          set: { priceCents: sql`excluded.price_cents` },
        }),
    );
  }
  for (const ids of chunk(plan.changedSkinIds, ROWS_PER_STATEMENT)) {
    statements.push(
      db
        .update(skins)
        .set({ lastPriceUpdate: new Date(now) })
        .where(sql`${skins.id} in ${idsIn(ids)}`),
    );
  }
  if (priceSource) {
    for (const ids of chunk(plan.pricedSkinIds, ROWS_PER_STATEMENT)) {
      statements.push(
        db
          .update(skins)
          .set({ priceSource })
          .where(sql`${skins.priceSource} <> ${priceSource} and ${skins.id} in ${idsIn(ids)}`),
      );
    }
  }
  const day = utcDay(now);
  for (const rows of chunk(plan.history, ROWS_PER_STATEMENT)) {
    statements.push(
      db
        .insert(priceHistory)
        .select(sql`select skin_id, variant, wear, ${day}, price_cents from (${feedRows(rows)}) where true`)
        .onConflictDoUpdate({
          target: [priceHistory.skinId, priceHistory.variant, priceHistory.wear, priceHistory.day],
          set: { priceCents: sql`excluded.price_cents` },
          setWhere: sql`${priceHistory.priceCents} <> excluded.price_cents`,
        }),
    );
  }
  for (const kind of MARKET_ITEM_KINDS) {
    const rows = plan.itemPrices.filter((row) => row.kind === kind);
    for (const group of chunk(rows, ITEM_ROWS_PER_STATEMENT)) statements.push(itemPriceStatement(db, kind, group, now, priceSource));
  }
  for (const rows of chunk(plan.itemHistory, ITEM_ROWS_PER_STATEMENT)) {
    statements.push(
      db
        .insert(itemPriceHistory)
        .select(sql`select kind, id, ${day}, price_cents from (${itemRows(rows)}) where true`)
        .onConflictDoUpdate({
          target: [itemPriceHistory.kind, itemPriceHistory.itemId, itemPriceHistory.day],
          set: { priceCents: sql`excluded.price_cents` },
          setWhere: sql`${itemPriceHistory.priceCents} <> excluded.price_cents`,
        }),
    );
  }
  statements.push(
    db
      .update(priceFeedRuns)
      .set({
        lastRunAt: new Date(now),
        lastSuccessAt: new Date(now),
        lastError: null,
        matched: plan.matched,
        unmatched: plan.unmatched,
        unchanged: plan.unchanged,
        leaseUntil: null,
      })
      .where(heldBy(feed, leaseUntil)),
  );
  return statements;
}

/** Works each weapon case's expected value out again from the prices just written (ADR 086). */
async function revalueCases(db: Database, feed: string, now: number): Promise<number | null> {
  try {
    return await refreshCaseValues(db, now);
  } catch (error) {
    console.warn(
      `[prices] ${feed}: working out the cases' expected values failed, the list of cases keeps the last ones: ${error instanceof Error ? error.message : String(error)}`,
    );
    return null;
  }
}

/**
 * A run that outlived its lease wrote nothing (its batch's guard refused it). The feed's record now
 * belongs to the run that took the lease, so only its last error says so (until a good run clears
 * it); the lease, the times and the counts stay that run's.
 */
async function leaseLost(db: Database, feed: string, now: number): Promise<PriceJobResult> {
  const error = `The run started at ${new Date(now).toISOString()} outlived its ${PRICE_LEASE_MS / 60_000}-minute lease, which another run took; it wrote no price`;
  console.warn(`[prices] ${feed}: ${error}`);
  await db.update(priceFeedRuns).set({ lastError: error }).where(eq(priceFeedRuns.feed, feed));
  return { status: "failed", feed, error };
}

/** Writes a plan in one batch (a transaction: all of it or nothing), only while the run holds its lease. */
async function writePlan(db: Database, feed: string, plan: PricePlan, leaseUntil: number, now: number, priceSource: string | null): Promise<PriceJobResult> {
  const statements = planStatements(db, feed, plan, leaseUntil, now, priceSource);
  try {
    await db.batch(statements);
  } catch (error) {
    if (!(await holdsLease(db, feed, leaseUntil))) return leaseLost(db, feed, now);
    const message = `Writing prices failed: ${error instanceof Error ? error.message : String(error)}`;
    console.warn(`[prices] ${feed}: ${message}`);
    await recordFailure(db, feed, message, leaseUntil, now);
    return { status: "failed", feed, error: message };
  }
  return {
    status: "done",
    feed,
    casesValued: await revalueCases(db, feed, now),
    matched: plan.matched,
    unmatched: plan.unmatched,
    unchanged: plan.unchanged,
    written: plan.wearPrices.length + plan.variantPrices.length + plan.itemPrices.filter((row) => row.changed).length,
    changedSkinIds: plan.changedSkinIds,
    statements: statements.length,
  };
}
