// Reads of the sticker pages (/stickers/{id}): the sticker with its market price, its daily price
// history, and the published crafts that carry it. Each returns a query for the page's one
// `context.load` batch.
import { and, asc, desc, eq, gte, sql } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { itemPriceHistory, skins, stickerCrafts, stickerCraftStickers, stickers } from "../db/schema.server";
import { craftCardColumns } from "./catalogue.server";

export function stickerPageQuery(db: Database, id: number) {
  return db
    .select({
      id: stickers.id,
      name: stickers.name,
      image: stickers.image,
      category: stickers.category,
      priceCents: stickers.priceCents,
      lastPriceUpdate: stickers.lastPriceUpdate,
      priceSource: stickers.priceSource,
    })
    .from(stickers)
    .where(eq(stickers.id, id))
    .limit(1);
}

/** The sticker's daily prices from `firstDay` (YYYY-MM-DD) on, oldest first. */
export function stickerHistoryQuery(db: Database, id: number, firstDay: string) {
  return db
    .select({ day: itemPriceHistory.day, priceCents: itemPriceHistory.priceCents })
    .from(itemPriceHistory)
    .where(and(eq(itemPriceHistory.kind, "sticker"), eq(itemPriceHistory.itemId, id), gte(itemPriceHistory.day, firstDay)))
    .orderBy(asc(itemPriceHistory.day));
}

/**
 * The catalogue sticker a craft's sticker is: the one sticker of exactly its name (a name two
 * catalogue stickers share is none of them, as in the price feed). SQL for a correlated subquery.
 */
export const catalogueStickerIdOf = (name: typeof stickerCraftStickers.name) =>
  sql<number | null>`(select case when count(*) = 1 then min(${stickers.id}) end from ${stickers} where ${stickers.name} = ${name})`;

/** Published crafts (official and community) with this sticker on them, newest first; at most `limit`. */
export function craftsWithStickerQuery(db: Database, id: number, limit: number) {
  return db
    .select(craftCardColumns)
    .from(stickerCrafts)
    .innerJoin(skins, eq(skins.id, stickerCrafts.skinId))
    .where(
      and(
        eq(stickerCrafts.status, "published"),
        sql`exists (select 1 from ${stickerCraftStickers} where ${stickerCraftStickers.craftId} = ${stickerCrafts.id}
          and ${stickerCraftStickers.name} = (select ${stickers.name} from ${stickers} where ${stickers.id} = ${id})
          and ${catalogueStickerIdOf(stickerCraftStickers.name)} = ${id})`,
      ),
    )
    .orderBy(desc(stickerCrafts.createdAt), desc(stickerCrafts.id))
    .limit(limit);
}
