// The price job's write step: a plan as the statements of one batch (a transaction, only while the
// run holds its lease), then each weapon case's expected value from the prices just written.
// The bulk writes hand their rows over as one JSON array read with json_each (SQL of its own, in
// drizzle's `sql` template, inside drizzle's builders).
import { sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { MARKET_ITEM_KINDS, type MarketItemKind } from "~/domain/market-names";
import { chunk, type ItemMarketRow, type ItemPriceRow, type MarketScale, type PricePlan, type PriceRow, type SkinMarketRow } from "~/domain/price-feed";
import { PRICE_MARKETS, STALE_AFTER_MS } from "~/domain/markets";
import { historyCutoffDay, utcDay } from "~/domain/price-history";
import type { Database } from "../db/client.server";
import {
  HISTORY_MARKET_COLUMNS,
  caseKeys,
  crates,
  itemMarketPrices,
  itemPriceHistory,
  priceFeedRuns,
  priceHistory,
  skinMarketPrices,
  skins,
  skinVariantPrices,
  skinWears,
  stickers,
  vanillaKnives,
} from "../db/schema.server";
import { refreshCaseValues } from "../features/case-values.server";
import { heldBy, holdsLease, leaseGuard, leaseLost, recordFailure } from "./price-lease.server";

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
 * Market price rows per statement: a skin's is at most about 65 bytes of JSON
 * (["karambit-gamma-doppler-emerald","stattrak","FN","buff163",123456]), an item's about 45, so
 * 1,000 rows stay below 70 KB.
 */
export const MARKET_ROWS_PER_STATEMENT = 1_000;
/**
 * A market price the feed gives again unchanged is rewritten (its `updated_at` moves) when its
 * stored time is older than this: so 'updated' is at most six hours behind the last feed that gave
 * it, while an unchanged feed every ten minutes does not rewrite 100,000 rows each time.
 */
export const MARKET_PRICE_REFRESH_MS = 6 * 60 * 60 * 1000;
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
      /** Market prices the feed gave for known items (each written when it changed or was due a refresh). */
      marketPrices: number;
      changedSkinIds: string[];
      /** D1 statements of the write batch. */
      statements: number;
      /** Weapon cases whose expected value was worked out again; null when that failed (the last values stay). */
      casesValued: number | null;
    };

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
/** Skin market rows as one JSON array of [skin_id, variant, wear, market, price_cents]. */
const skinMarketRows = (rows: SkinMarketRow[]) =>
  sql`select json_extract(value, '$[0]') as skin_id, json_extract(value, '$[1]') as variant, json_extract(value, '$[2]') as wear,
      json_extract(value, '$[3]') as market, json_extract(value, '$[4]') as price_cents
      from json_each(${JSON.stringify(rows.map((row) => [row.skinId, row.variant, row.wear, row.market, row.priceCents]))})`;
/** Item market rows as one JSON array of [kind, id, market, price_cents]. */
const itemMarketRows = (rows: ItemMarketRow[]) =>
  sql`select json_extract(value, '$[0]') as kind, json_extract(value, '$[1]') as item_id, json_extract(value, '$[2]') as market,
      json_extract(value, '$[3]') as price_cents from json_each(${JSON.stringify(rows.map((row) => [row.kind, row.id, row.market, row.priceCents]))})`;

/** The market prices a feed gave: new ones inserted, changed ones (or ones due a refresh) updated, with `now`. */
function marketPriceStatements(db: Database, plan: PricePlan, now: number): BatchItem<"sqlite">[] {
  const statements: BatchItem<"sqlite">[] = [];
  const due = (table: typeof skinMarketPrices | typeof itemMarketPrices) =>
    sql`${table.priceCents} <> excluded.price_cents or ${table.updatedAt} < ${now - MARKET_PRICE_REFRESH_MS}`;
  for (const rows of chunk(plan.skinMarketPrices, MARKET_ROWS_PER_STATEMENT)) {
    statements.push(
      db
        .insert(skinMarketPrices)
        .select(sql`select skin_id, variant, wear, market, price_cents, ${now} from (${skinMarketRows(rows)}) where true`)
        .onConflictDoUpdate({
          target: [skinMarketPrices.skinId, skinMarketPrices.variant, skinMarketPrices.wear, skinMarketPrices.market],
          set: { priceCents: sql`excluded.price_cents`, updatedAt: sql`excluded.updated_at` },
          setWhere: due(skinMarketPrices),
        }),
    );
  }
  for (const rows of chunk(plan.itemMarketPrices, MARKET_ROWS_PER_STATEMENT)) {
    statements.push(
      db
        .insert(itemMarketPrices)
        .select(sql`select kind, item_id, market, price_cents, ${now} from (${itemMarketRows(rows)}) where true`)
        .onConflictDoUpdate({
          target: [itemMarketPrices.kind, itemMarketPrices.itemId, itemMarketPrices.market],
          set: { priceCents: sql`excluded.price_cents`, updatedAt: sql`excluded.updated_at` },
          setWhere: due(itemMarketPrices),
        }),
    );
  }
  return statements;
}

/**
 * The demo drift's market moves: each stored market price of a moved item times after / before
 * (rounded down, at least a cent), so the market the default came from keeps it exactly.
 */
function marketScaleStatements(db: Database, scale: MarketScale, now: number): BatchItem<"sqlite">[] {
  const statements: BatchItem<"sqlite">[] = [];
  for (const rows of chunk(scale.skins, MARKET_ROWS_PER_STATEMENT)) {
    const json = JSON.stringify(rows.map((row) => [row.skinId, row.variant, row.wear, row.before, row.after]));
    statements.push(
      db
        .update(skinMarketPrices)
        .set({ priceCents: sql`max(1, ${skinMarketPrices.priceCents} * scale_rows.after / scale_rows.before)`, updatedAt: now })
        .from(
          sql`(select json_extract(value, '$[0]') as skin_id, json_extract(value, '$[1]') as variant, json_extract(value, '$[2]') as wear,
              json_extract(value, '$[3]') as before, json_extract(value, '$[4]') as after from json_each(${json})) as scale_rows`,
        )
        .where(
          sql`${skinMarketPrices.skinId} = scale_rows.skin_id and ${skinMarketPrices.variant} = scale_rows.variant and ${skinMarketPrices.wear} = scale_rows.wear`,
        ),
    );
  }
  for (const rows of chunk(scale.items, MARKET_ROWS_PER_STATEMENT)) {
    const json = JSON.stringify(rows.map((row) => [row.kind, row.id, row.before, row.after]));
    statements.push(
      db
        .update(itemMarketPrices)
        .set({ priceCents: sql`max(1, ${itemMarketPrices.priceCents} * scale_rows.after / scale_rows.before)`, updatedAt: now })
        .from(
          sql`(select json_extract(value, '$[0]') as kind, json_extract(value, '$[1]') as item_id, json_extract(value, '$[2]') as before,
              json_extract(value, '$[3]') as after from json_each(${json})) as scale_rows`,
        )
        .where(sql`${itemMarketPrices.kind} = scale_rows.kind and ${itemMarketPrices.itemId} = scale_rows.item_id`),
    );
  }
  return statements;
}

/**
 * Today's history rows take each market's stored price, the day's latest, after this run's market
 * writes; a stale one (no feed gave it for over a day) is no price that day. Only rows that differ
 * are written.
 */
function marketHistoryStatements(db: Database, day: string, now: number): BatchItem<"sqlite">[] {
  const fresh = now - STALE_AFTER_MS;
  const pivots = sql.join(
    PRICE_MARKETS.map((market) => sql`max(case when market = ${market} and updated_at >= ${fresh} then price_cents end) as ${sql.identifier(market)}`),
    sql`, `,
  );
  const fromPivot = (table: typeof priceHistory | typeof itemPriceHistory) => ({
    set: Object.fromEntries(PRICE_MARKETS.map((market) => [HISTORY_MARKET_COLUMNS[market], sql`market_days.${sql.identifier(market)}`])),
    differs: sql.join(
      PRICE_MARKETS.map((market) => sql`${table[HISTORY_MARKET_COLUMNS[market]]} is not market_days.${sql.identifier(market)}`),
      sql` or `,
    ),
  });
  const skin = fromPivot(priceHistory);
  const item = fromPivot(itemPriceHistory);
  return [
    db
      .update(priceHistory)
      .set(skin.set)
      .from(sql`(select skin_id, variant, wear, ${pivots} from ${skinMarketPrices} group by skin_id, variant, wear) as market_days`)
      .where(
        sql`${priceHistory.day} = ${day} and ${priceHistory.skinId} = market_days.skin_id and ${priceHistory.variant} = market_days.variant
          and ${priceHistory.wear} = market_days.wear and (${skin.differs})`,
      ),
    db
      .update(itemPriceHistory)
      .set(item.set)
      .from(sql`(select kind, item_id, ${pivots} from ${itemMarketPrices} group by kind, item_id) as market_days`)
      .where(
        sql`${itemPriceHistory.day} = ${day} and ${itemPriceHistory.kind} = market_days.kind and ${itemPriceHistory.itemId} = market_days.item_id
          and (${item.differs})`,
      ),
  ];
}

/** A new history row's market columns (drizzle's insert-select names every column of the table). */
const NO_MARKET_PRICES = sql.raw(PRICE_MARKETS.map(() => "null").join(", "));

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
        // Each market's column is filled after the market writes (marketHistoryStatements).
        .select(sql`select skin_id, variant, wear, ${day}, price_cents, ${NO_MARKET_PRICES} from (${feedRows(rows)}) where true`)
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
        .select(sql`select kind, id, ${day}, price_cents, ${NO_MARKET_PRICES} from (${itemRows(rows)}) where true`)
        .onConflictDoUpdate({
          target: [itemPriceHistory.kind, itemPriceHistory.itemId, itemPriceHistory.day],
          set: { priceCents: sql`excluded.price_cents` },
          setWhere: sql`${itemPriceHistory.priceCents} <> excluded.price_cents`,
        }),
    );
  }
  statements.push(...marketPriceStatements(db, plan, now), ...marketScaleStatements(db, plan.marketScale, now), ...marketHistoryStatements(db, day, now));
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

/** Writes a plan in one batch (a transaction: all of it or nothing), only while the run holds its lease. */
export async function writePlan(
  db: Database,
  feed: string,
  plan: PricePlan,
  leaseUntil: number,
  now: number,
  priceSource: string | null,
): Promise<PriceJobResult> {
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
    marketPrices: plan.skinMarketPrices.length + plan.itemMarketPrices.length,
    written: plan.wearPrices.length + plan.variantPrices.length + plan.itemPrices.filter((row) => row.changed).length,
    changedSkinIds: plan.changedSkinIds,
    statements: statements.length,
  };
}
