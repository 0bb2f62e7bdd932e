// Reads for the price charts and the StatTrak/Souvenir prices on the skin page. Each returns a
// query for the page's one `context.load` batch.
import { and, asc, eq, gte, sql, type SQL } from "drizzle-orm";
import { WEARS } from "~/domain/wear";
import type { Database } from "../db/client.server";
import { priceHistory, resellTrackers, skinVariantPrices, skinWears } from "../db/schema.server";

/**
 * The skin page's chart: the wear it charts and that wear's normal-variant history from `firstDay`
 * (YYYY-MM-DD) on, oldest first. The wear is `asked` when the skin has it enabled, else the first
 * enabled wear (Factory New first) with a price, else the first enabled one. One row per day, or
 * a single row with a null day when the wear has no history in the range; no rows when no wear is
 * enabled. Choosing the wear here means only its rows come back.
 */
export function skinChartHistoryQuery(db: Database, skinId: string, firstDay: string, asked: string | null) {
  const chartWear = sql`select ${skinWears.wear} from ${skinWears} where ${skinWears.skinId} = ${skinId} and ${skinWears.enabled}
    order by ${skinWears.wear} = ${asked ?? ""} desc, ${skinWears.priceCents} > 0 desc, instr(${WEARS.join(" ")}, ${skinWears.wear}) limit 1`;
  return db
    .select({ wear: skinWears.wear, day: priceHistory.day, priceCents: priceHistory.priceCents })
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
 * price of every item held then (its skin, variant and wear; bought on or before it, sold after it).
 * Days without any price are absent; an item without a price that day adds nothing.
 */
export function portfolioValueQuery(db: Database, owner: string | SQL, firstDay: string) {
  return db
    .select({ day: priceHistory.day, priceCents: sql<number>`sum(${priceHistory.priceCents})`.mapWith(Number).as("value_cents") })
    .from(resellTrackers)
    .innerJoin(
      priceHistory,
      and(
        eq(priceHistory.skinId, resellTrackers.skinId),
        eq(priceHistory.wear, resellTrackers.wear),
        eq(priceHistory.variant, resellTrackers.variant),
        gte(priceHistory.day, resellTrackers.boughtAt),
        // Held that day: a sold item leaves the value on its sale date.
        sql`(${resellTrackers.soldAt} is null or ${priceHistory.day} < ${resellTrackers.soldAt})`,
      ),
    )
    .where(and(eq(resellTrackers.userId, owner), gte(priceHistory.day, firstDay)))
    .groupBy(priceHistory.day)
    .orderBy(asc(priceHistory.day));
}
