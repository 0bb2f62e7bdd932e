// Reads for the price charts and the StatTrak/Souvenir prices on the skin page. Each returns a
// query for the page's one `context.load` batch.
import { and, asc, eq, gte, isNotNull, sql, type SQL } from "drizzle-orm";
import type { MarketChoice } from "~/domain/markets";
import { WEARS } from "~/domain/wear";
import type { Database } from "../db/client.server";
import { HISTORY_MARKET_COLUMNS, type itemPriceHistory, priceHistory, resellTrackers, skinVariantPrices, skinWears } from "../db/schema.server";

/** A history table's price of the chosen market: the default (cheapest listing) column, or the market's own. */
export function historyPriceColumn<T extends typeof priceHistory | typeof itemPriceHistory>(table: T, market: MarketChoice) {
  return market === "cheapest" ? table.priceCents : table[HISTORY_MARKET_COLUMNS[market]];
}

/**
 * The skin page's chart: the wear it charts and that wear's normal-variant history from `firstDay`
 * (YYYY-MM-DD) on, oldest first. The wear is `asked` when the skin has it enabled, else the first
 * enabled wear (Factory New first) with a price, else the first enabled one. One row per day, or
 * a single row with a null day when the wear has no history in the range; no rows when no wear is
 * enabled. Choosing the wear here means only its rows come back. The price is the chosen market's.
 */
export function skinChartHistoryQuery(db: Database, skinId: string, firstDay: string, asked: string | null, market: MarketChoice = "cheapest") {
  const chartWear = sql`select ${skinWears.wear} from ${skinWears} where ${skinWears.skinId} = ${skinId} and ${skinWears.enabled}
    order by ${skinWears.wear} = ${asked ?? ""} desc, ${skinWears.priceCents} > 0 desc, instr(${WEARS.join(" ")}, ${skinWears.wear}) limit 1`;
  return db
    .select({ wear: skinWears.wear, day: priceHistory.day, priceCents: historyPriceColumn(priceHistory, market) })
    .from(skinWears)
    .leftJoin(
      priceHistory,
      sql`${priceHistory.skinId} = ${skinWears.skinId} and ${priceHistory.variant} = 'normal' and ${priceHistory.wear} = ${skinWears.wear} and ${priceHistory.day} >= ${firstDay}`,
    )
    .where(sql`${skinWears.skinId} = ${skinId} and ${skinWears.wear} = (${chartWear})`)
    .orderBy(priceHistory.day);
}

/** StatTrak and Souvenir prices of a skin, per wear. */
export function skinVariantPricesQuery(db: Database, skinId: string) {
  return db
    .select({ variant: skinVariantPrices.variant, wear: skinVariantPrices.wear, priceCents: skinVariantPrices.priceCents })
    .from(skinVariantPrices)
    .where(eq(skinVariantPrices.skinId, skinId));
}

/**
 * The owner's portfolio value per day from `firstDay` on: for each day, the sum of that day's
 * price of every item held then (its skin and variant; bought on or before it, sold after it),
 * by the summary's rule (`currentPriceCents`): an item whose wear has a price today is valued at
 * that wear's price each day; one whose wear has none (0) at the average (to the cent) of that
 * day's prices of the skin's enabled wears that have one. Days without any price are absent; an
 * item without a price that day adds nothing.
 */
export function portfolioValueQuery(db: Database, owner: string | SQL, firstDay: string) {
  const priced = sql`${priceHistory.priceCents} > 0`;
  // Today's price of the tracked wear in the item's variant, as the summary reads it (0 or none: no price).
  // (The subquery names its skin_wears "own": the outer query joins skin_wears too.)
  const ownPrice = sql`case when ${resellTrackers.variant} = 'normal'
    then (select own.price_cents from skin_wears own where own.skin_id = ${resellTrackers.skinId} and own.wear = ${resellTrackers.wear} and own.enabled = 1)
    else (select ${skinVariantPrices.priceCents} from ${skinVariantPrices} where ${skinVariantPrices.skinId} = ${resellTrackers.skinId}
      and ${skinVariantPrices.variant} = ${resellTrackers.variant} and ${skinVariantPrices.wear} = ${resellTrackers.wear}) end`;
  const itemDays = db
    .select({
      day: priceHistory.day,
      priceCents: sql<number | null>`case when coalesce(${ownPrice}, 0) > 0
        then max(case when ${priceHistory.wear} = ${resellTrackers.wear} and ${priced} then ${priceHistory.priceCents} end)
        else cast(round(avg(case when ${priced} then ${priceHistory.priceCents} end)) as integer) end`.as("item_cents"),
    })
    .from(resellTrackers)
    // The wears to read: the tracked one while it has a price, else every enabled wear of the skin;
    // joined first, so each wear's days are read by the primary key (skin, variant, wear, day).
    .innerJoin(
      skinWears,
      and(
        eq(skinWears.skinId, resellTrackers.skinId),
        eq(skinWears.enabled, true),
        sql`(${skinWears.wear} = ${resellTrackers.wear} or coalesce(${ownPrice}, 0) = 0)`,
      ),
    )
    .innerJoin(
      priceHistory,
      and(
        eq(priceHistory.skinId, resellTrackers.skinId),
        eq(priceHistory.variant, resellTrackers.variant),
        eq(priceHistory.wear, skinWears.wear),
        gte(priceHistory.day, resellTrackers.boughtAt),
        // Held that day: a sold item leaves the value on its sale date.
        sql`(${resellTrackers.soldAt} is null or ${priceHistory.day} < ${resellTrackers.soldAt})`,
      ),
    )
    .where(and(eq(resellTrackers.userId, owner), gte(priceHistory.day, firstDay)))
    .groupBy(resellTrackers.id, priceHistory.day)
    .as("item_days");
  return db
    .select({ day: itemDays.day, priceCents: sql<number>`sum(${itemDays.priceCents})`.mapWith(Number).as("value_cents") })
    .from(itemDays)
    .where(isNotNull(itemDays.priceCents))
    .groupBy(itemDays.day)
    .orderBy(asc(itemDays.day));
}
