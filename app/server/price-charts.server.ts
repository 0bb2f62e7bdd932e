// Reads for the price charts and the StatTrak/Souvenir prices on the skin page. Each returns a
// query for the page's one `context.load` batch.
import { and, asc, eq, gte, sql, type SQL } from "drizzle-orm";
import type { Database } from "./db/client.server";
import { priceHistory, resellTrackers, skinVariantPrices } from "./db/schema.server";

/** Normal-variant history of every wear of a skin from `firstDay` (YYYY-MM-DD) on, oldest first. */
export function skinPriceHistoryQuery(db: Database, skinId: string, firstDay: string) {
  return db
    .select({ wear: priceHistory.wear, day: priceHistory.day, priceCents: priceHistory.priceCents })
    .from(priceHistory)
    .where(and(eq(priceHistory.skinId, skinId), eq(priceHistory.variant, "normal"), gte(priceHistory.day, firstDay)))
    .orderBy(asc(priceHistory.day));
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
 * normal price of every tracked item (its skin and wear) bought on or before it. Days without any
 * price are absent; an item without a price that day adds nothing.
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
        eq(priceHistory.variant, "normal"),
        gte(priceHistory.day, resellTrackers.boughtAt),
      ),
    )
    .where(and(eq(resellTrackers.userId, owner), gte(priceHistory.day, firstDay)))
    .groupBy(priceHistory.day)
    .orderBy(asc(priceHistory.day));
}
