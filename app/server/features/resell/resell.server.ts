import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, desc, eq, inArray, isNotNull, sql, type SQL } from "drizzle-orm";
import { ACCOUNT_LIMITS } from "~/domain/limits";
import { breakEvenPrices, describeFee, feeRule, MARKET_NAMES, saleFeeCents } from "~/domain/market-fees";
import { currentPriceCents, saleOf, shownAmounts, trackerFigures, type LoadedTracker, type ShownTracker, type WearPrice } from "~/domain/resell";
import type { TrackerFormSkin, TrackerInput } from "~/forms/resell";
import type { SaleInput } from "~/forms/sale";
import type { Database } from "../../db/client.server";
import { unlessRepeated } from "../../db/failures.server";
import { belowLimit } from "../../db/limits.server";
import { resellTrackers, skinMarketPrices, skins, skinVariantPrices, skinWears } from "../../db/schema.server";
import { trackerMarketFigures, trackerMarkets, valuedCents, type TrackerValuation } from "~/domain/tracker-markets";
import { requestOwner } from "../../auth/session.server";
import { storedAmount, type Rate, type StoredAmount, type TypedAmount } from "~/domain/currency";

/** Trackers belong to `owner`: a user id, or `sessionOwner(...)` to read them in a page's batch. */
type Owner = string | SQL;

const trackerColumns = {
  id: resellTrackers.id,
  skinId: resellTrackers.skinId,
  skinName: skins.name,
  skinImage: skins.image,
  weapon: skins.weapon,
  rarityColor: skins.rarityColor,
  minFloat: skins.minFloat,
  maxFloat: skins.maxFloat,
  stattrak: skins.stattrak,
  souvenir: skins.souvenir,
  lastPriceUpdate: skins.lastPriceUpdate,
  buyPriceCents: resellTrackers.buyPriceCents,
  buyCurrency: resellTrackers.buyCurrency,
  buyTypedMinor: resellTrackers.buyTypedMinor,
  buyRatePerUsd: resellTrackers.buyRatePerUsd,
  wear: resellTrackers.wear,
  wearValue: resellTrackers.wearValue,
  notes: resellTrackers.notes,
  boughtAt: resellTrackers.boughtAt,
  variant: resellTrackers.variant,
  salePriceCents: resellTrackers.salePriceCents,
  soldAt: resellTrackers.soldAt,
  saleMarket: resellTrackers.saleMarket,
  saleFeeBasisPoints: resellTrackers.saleFeeBasisPoints,
  saleFeeCents: resellTrackers.saleFeeCents,
  saleCurrency: resellTrackers.saleCurrency,
  saleTypedMinor: resellTrackers.saleTypedMinor,
  saleRatePerUsd: resellTrackers.saleRatePerUsd,
  saleFeeTypedMinor: resellTrackers.saleFeeTypedMinor,
  exportKey: resellTrackers.exportKey,
  steamAssetId: resellTrackers.steamAssetId,
  createdAt: resellTrackers.createdAt,
  updatedAt: resellTrackers.updatedAt,
};

/** The owner's trackers, newest first (spec section 7). */
export function trackersQuery(db: Database, owner: Owner) {
  return db
    .select(trackerColumns)
    .from(resellTrackers)
    .innerJoin(skins, eq(skins.id, resellTrackers.skinId))
    .where(eq(resellTrackers.userId, owner))
    .orderBy(desc(resellTrackers.createdAt), desc(resellTrackers.id));
}

/** One of the owner's trackers; another user's is no row. */
export function trackerQuery(db: Database, owner: Owner, id: number) {
  return db
    .select(trackerColumns)
    .from(resellTrackers)
    .innerJoin(skins, eq(skins.id, resellTrackers.skinId))
    .where(and(eq(resellTrackers.id, id), eq(resellTrackers.userId, owner)))
    .limit(1);
}

/** The owner's tracked skins (or one tracker's skin with `trackerId`). */
function trackedSkins(db: Database, owner: Owner, trackerId?: number) {
  return db
    .select({ skinId: resellTrackers.skinId })
    .from(resellTrackers)
    .where(trackerId === undefined ? eq(resellTrackers.userId, owner) : and(eq(resellTrackers.userId, owner), eq(resellTrackers.id, trackerId)));
}

/** Wear prices of every skin the owner tracks (or of one tracker's skin with `trackerId`). */
export function trackerWearsQuery(db: Database, owner: Owner, trackerId?: number) {
  return db
    .select({ skinId: skinWears.skinId, wear: skinWears.wear, enabled: skinWears.enabled, priceCents: skinWears.priceCents })
    .from(skinWears)
    .where(inArray(skinWears.skinId, trackedSkins(db, owner, trackerId)));
}

/** StatTrak and Souvenir prices of every skin the owner tracks. */
export function trackerVariantPricesQuery(db: Database, owner: Owner) {
  return db
    .select({ skinId: skinVariantPrices.skinId, variant: skinVariantPrices.variant, wear: skinVariantPrices.wear, priceCents: skinVariantPrices.priceCents })
    .from(skinVariantPrices)
    .where(inArray(skinVariantPrices.skinId, trackedSkins(db, owner)));
}

export type TrackerRow = Awaited<ReturnType<typeof trackersQuery>>[number];

/** The skin of a tracker row, as the resell form needs it. */
export function trackedSkin(tracker: TrackerRow): TrackerFormSkin {
  const { skinId: id, skinName: name, skinImage: image, minFloat, maxFloat, stattrak, souvenir } = tracker;
  return { id, name, image, minFloat, maxFloat, stattrak, souvenir };
}
export type WearRow = Awaited<ReturnType<typeof trackerWearsQuery>>[number];
export type VariantPriceRow = Awaited<ReturnType<typeof trackerVariantPricesQuery>>[number];

/** Rows by a key, in their order. */
function groupBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const group = groups.get(key(row));
    if (group) group.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}

/**
 * Each tracker with its current price (spec section 9), from its variant's prices: a StatTrak or
 * Souvenir item has its variant's price for each enabled wear (none where the feed has none).
 */
export function withCurrentPrices(trackers: readonly TrackerRow[], wears: readonly WearRow[], variantPrices: readonly VariantPriceRow[] = []) {
  const bySkin: Map<string, WearPrice[]> = groupBy(wears, (row) => row.skinId);
  const variantPrice = new Map(variantPrices.map((row) => [`${row.skinId}/${row.variant}/${row.wear}`, row.priceCents]));
  return trackers.map((tracker) => {
    const skinWears = bySkin.get(tracker.skinId) ?? [];
    const prices =
      tracker.variant === "normal"
        ? skinWears
        : skinWears.map((w) => ({ ...w, priceCents: variantPrice.get(`${tracker.skinId}/${tracker.variant}/${w.wear}`) ?? 0 }));
    return { ...tracker, currentCents: currentPriceCents(tracker.wear, prices) };
  });
}

/**
 * A new tracker, unless the user has ACCOUNT_LIMITS.trackers already: then "limit". `key` (the
 * form's, ADR 090) becomes its export key: a form posted twice finds the key taken and answers
 * "repeated", with nothing written. Without one, the tracker gets a random key.
 */
export async function createTracker(
  db: Database,
  userId: string,
  input: TrackerInput,
  typed: TypedAmount,
  key: string | null = null,
): Promise<number | "limit" | "repeated"> {
  const insert = db.all<{ id: number }>(sql`
    insert into ${resellTrackers} (user_id, skin_id, buy_price_cents, buy_currency, buy_typed_minor, buy_rate_per_usd, wear_value, wear, notes, bought_at, variant, export_key)
    select ${userId}, ${input.skinId}, ${input.buyPriceCents}, ${typed.currency}, ${typed.minorUnits}, ${typed.perUsd}, ${input.wearValue}, ${input.wear}, ${input.notes}, ${input.boughtAt}, ${input.variant},
      coalesce(${key}, lower(hex(randomblob(16))))
    where ${belowLimit(resellTrackers.userId, userId, ACCOUNT_LIMITS.trackers)}
    returning id`);
  const rows = await unlessRepeated(insert, key, "resell_trackers.export_key");
  if (rows === "repeated") return rows;
  return rows[0]?.id ?? "limit";
}

/** The stored amount of the owner's tracker `row`: its buy price, or its sale price (null while open). */
export function storedBuyPrice(row: TrackerRow): StoredAmount {
  return storedAmount(row.buyPriceCents, row.buyCurrency, row.buyTypedMinor, row.buyRatePerUsd);
}

export function storedSalePrice(row: TrackerRow): StoredAmount | null {
  return row.salePriceCents === null ? null : storedAmount(row.salePriceCents, row.saleCurrency, row.saleTypedMinor, row.saleRatePerUsd);
}

/**
 * Updates the owner's tracker (its skin stays), its buy price `buy` (`retyped`: as stored when the
 * form's figure is unchanged); false when it is not theirs, gone, or sold before the new bought date.
 */
export async function updateTracker(
  db: Database,
  userId: string,
  id: number,
  input: Omit<TrackerInput, "skinId" | "buyPriceCents">,
  buy: StoredAmount,
): Promise<boolean> {
  const rows = await db
    .update(resellTrackers)
    .set({
      wear: input.wear,
      wearValue: input.wearValue,
      buyPriceCents: buy.usdCents,
      buyCurrency: buy.typed?.currency ?? null,
      buyTypedMinor: buy.typed?.minorUnits ?? null,
      buyRatePerUsd: buy.typed?.perUsd ?? null,
      notes: input.notes,
      boughtAt: input.boughtAt,
      variant: input.variant,
      updatedAt: sql`(cast(unixepoch('subsec') * 1000 as integer))`,
    })
    .where(
      and(
        eq(resellTrackers.id, id),
        eq(resellTrackers.userId, userId),
        sql`(${resellTrackers.soldAt} is null or ${resellTrackers.soldAt} >= ${input.boughtAt})`,
      ),
    )
    .returning({ id: resellTrackers.id });
  return rows.length > 0;
}

/**
 * Records (or corrects) the sale of the owner's tracker at `price` (`retyped`), with the fee its rule
 * takes from the price now, in US cents and from the typed price in its currency; false when the
 * tracker is not theirs, gone, or bought after the sale date.
 */
export async function recordSale(db: Database, userId: string, id: number, sale: Omit<SaleInput, "priceMinor">, price: StoredAmount): Promise<boolean> {
  const rule = feeRule(sale.market, sale.feeBasisPoints);
  const rows = await db
    .update(resellTrackers)
    .set({
      salePriceCents: price.usdCents,
      saleCurrency: price.typed?.currency ?? null,
      saleTypedMinor: price.typed?.minorUnits ?? null,
      saleRatePerUsd: price.typed?.perUsd ?? null,
      saleFeeTypedMinor: price.typed ? saleFeeCents(price.typed.minorUnits, rule) : null,
      soldAt: sale.soldAt,
      saleMarket: sale.market,
      saleFeeBasisPoints: sale.feeBasisPoints,
      saleFeeCents: saleFeeCents(price.usdCents, rule),
      updatedAt: sql`(cast(unixepoch('subsec') * 1000 as integer))`,
    })
    .where(and(eq(resellTrackers.id, id), eq(resellTrackers.userId, userId), sql`${resellTrackers.boughtAt} <= ${sale.soldAt}`))
    .returning({ id: resellTrackers.id });
  return rows.length > 0;
}

/** Undoes the sale of the owner's tracker: it is open again. False when it is not theirs, gone or not sold. */
export async function undoSale(db: Database, userId: string, id: number): Promise<boolean> {
  const rows = await db
    .update(resellTrackers)
    .set({
      salePriceCents: null,
      saleCurrency: null,
      saleTypedMinor: null,
      saleRatePerUsd: null,
      saleFeeTypedMinor: null,
      soldAt: null,
      saleMarket: null,
      saleFeeBasisPoints: null,
      saleFeeCents: null,
      updatedAt: sql`(cast(unixepoch('subsec') * 1000 as integer))`,
    })
    .where(and(eq(resellTrackers.id, id), eq(resellTrackers.userId, userId), isNotNull(resellTrackers.soldAt)))
    .returning({ id: resellTrackers.id });
  return rows.length > 0;
}

/** Deletes the owner's tracker; false when it is not theirs or gone. */
export async function deleteTracker(db: Database, userId: string, id: number): Promise<boolean> {
  const rows = await db
    .delete(resellTrackers)
    .where(and(eq(resellTrackers.id, id), eq(resellTrackers.userId, userId)))
    .returning({ id: resellTrackers.id });
  return rows.length > 0;
}

/**
 * The owner's open trackers' items on every market: each wear's price on each market in the
 * tracker's variant (the spec's current-price rule needs the other wears too).
 */
export function trackerMarketPricesQuery(db: Database, owner: Owner) {
  const m = skinMarketPrices;
  return db
    .select({ skinId: m.skinId, variant: m.variant, wear: m.wear, market: m.market, priceCents: m.priceCents, updatedAt: m.updatedAt })
    .from(m)
    .where(
      sql`(${m.skinId}, ${m.variant}) in (select ${resellTrackers.skinId}, ${resellTrackers.variant} from ${resellTrackers} where ${resellTrackers.userId} = ${owner} and ${resellTrackers.soldAt} is null)`,
    );
}

/**
 * The signed-in visitor's trackers with current prices, read in the page's batch (call it in the
 * same tick as the page's other reads); none without a session. With `valuation` (the tracker
 * list), each open one also gets its markets, and its current price is the valuation's.
 */
export function loadTrackers(context: AppLoadContext, valuation: TrackerValuation | null = null): Promise<LoadedTracker[]> {
  if (!context.sessionId) return Promise.resolve([]);
  const owner = requestOwner(context);
  const { db } = context;
  const marketPrices = valuation === null ? Promise.resolve([]) : context.load([trackerMarketPricesQuery(db, owner)]).then(([rows]) => rows);
  const now = Date.now();
  return Promise.all([context.load([trackersQuery(db, owner), trackerWearsQuery(db, owner), trackerVariantPricesQuery(db, owner)]), marketPrices]).then(
    ([[trackers, wears, variantPrices], prices]) => {
      const enabledWears = groupBy(wears, (row) => row.skinId);
      const pricesOf = groupBy(prices, (row) => `${row.skinId}/${row.variant}`);
      return withCurrentPrices(trackers, wears, variantPrices).map((tracker) => {
        const markets =
          valuation === null || tracker.soldAt !== null
            ? []
            : trackerMarkets(
                tracker.wear,
                new Map((enabledWears.get(tracker.skinId) ?? []).map((row) => [row.wear, row.enabled])),
                pricesOf.get(`${tracker.skinId}/${tracker.variant}`) ?? [],
                tracker.buyPriceCents,
                now,
              );
        return {
          ...tracker,
          currentCents: valuation === null ? tracker.currentCents : valuedCents(valuation, tracker.currentCents, markets),
          markets,
          sale: saleOf(tracker),
          saleMarketName: tracker.saleMarket ? MARKET_NAMES[tracker.saleMarket] : null,
          saleFeeLabel: tracker.saleMarket ? describeFee(feeRule(tracker.saleMarket, tracker.saleFeeBasisPoints)) : null,
          breakEven: tracker.soldAt === null ? breakEvenPrices(tracker.buyPriceCents) : [],
          createdAt: tracker.createdAt.getTime(),
          updatedAt: tracker.updatedAt.getTime(),
          lastPriceUpdate: tracker.lastPriceUpdate?.getTime() ?? null,
        };
      });
    },
  );
}

/** A page of trackers with the amounts their cards write, in the page's currency (`rate`). */
export function withFigures(trackers: readonly LoadedTracker[], rate: Rate): ShownTracker[] {
  return trackers.map((tracker) => ({
    ...tracker,
    shown: trackerFigures(tracker, rate),
    shownMarkets: trackerMarketFigures(tracker.markets, shownAmounts(tracker, rate).buy, rate),
  }));
}
