// Each market's price of one skin, sticker or container: a statement the page adds to its one batch
// (context.load), read into the table of markets by app/domain/markets.ts.
import { and, eq } from "drizzle-orm";
import type { MarketItemKind } from "~/domain/market-names";
import type { Database } from "../db/client.server";
import { crates, itemMarketPrices, skinMarketPrices } from "../db/schema.server";

/** Every market price of a skin (each variant and wear): at most 15 x 4 rows, by its primary key. */
export function skinMarketPricesQuery(db: Database, skinId: string) {
  return db
    .select({
      variant: skinMarketPrices.variant,
      wear: skinMarketPrices.wear,
      market: skinMarketPrices.market,
      priceCents: skinMarketPrices.priceCents,
      updatedAt: skinMarketPrices.updatedAt,
    })
    .from(skinMarketPrices)
    .where(eq(skinMarketPrices.skinId, skinId));
}

/** Every market price of a sticker, container, key or vanilla knife. */
export function itemMarketPricesQuery(db: Database, kind: MarketItemKind, itemId: number) {
  return db
    .select({ market: itemMarketPrices.market, priceCents: itemMarketPrices.priceCents, updatedAt: itemMarketPrices.updatedAt })
    .from(itemMarketPrices)
    .where(and(eq(itemMarketPrices.kind, kind), eq(itemMarketPrices.itemId, itemId)));
}

/** Every market price of the container with this slug (the case page looks its container up by slug in the same batch). */
export function crateMarketPricesBySlugQuery(db: Database, slug: string) {
  return db
    .select({ market: itemMarketPrices.market, priceCents: itemMarketPrices.priceCents, updatedAt: itemMarketPrices.updatedAt })
    .from(itemMarketPrices)
    .innerJoin(crates, and(eq(itemMarketPrices.kind, "crate"), eq(itemMarketPrices.itemId, crates.id)))
    .where(eq(crates.slug, slug));
}
