// Reads of the sticker pages (/stickers/{id}): the sticker with its market price, its daily price
// history, and the published crafts that carry it. Each returns a query for the page's one
// `context.load` batch.
import { and, asc, desc, eq, gte, inArray, sql, type SQL } from "drizzle-orm";
import type { MarketChoice } from "~/domain/markets";
import type { Database } from "../db/client.server";
import { itemPriceHistory, skins, stickerCrafts, stickerCraftStickers, stickers } from "../db/schema.server";
import { craftCardColumns } from "./catalogue.server";
import { historyPriceColumn } from "./price-charts.server";

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

/** The sticker's daily prices on the chosen market from `firstDay` (YYYY-MM-DD) on, oldest first. */
export function stickerHistoryQuery(db: Database, id: number, firstDay: string, market: MarketChoice) {
  return db
    .select({ day: itemPriceHistory.day, priceCents: historyPriceColumn(itemPriceHistory, market) })
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

/**
 * The catalogue stickers these crafts' stickers are (as `craftsWithStickerQuery` matches them): the
 * sticker pages that may list the crafts, to purge when one changes or goes.
 */
export function craftStickerIdsQuery(db: Database, craftIds: readonly number[]) {
  return stickerIdsOfCraftsQuery(db, inArray(stickerCraftStickers.craftId, [...craftIds]));
}

/** `craftStickerIdsQuery` for every craft of one author (an account about to be deleted). */
export function authorCraftStickerIdsQuery(db: Database, authorId: string) {
  const authored = db.select({ id: stickerCrafts.id }).from(stickerCrafts).where(eq(stickerCrafts.authorId, authorId));
  return stickerIdsOfCraftsQuery(db, inArray(stickerCraftStickers.craftId, authored));
}

function stickerIdsOfCraftsQuery(db: Database, ofCrafts: SQL) {
  return db
    .selectDistinct({ id: stickers.id })
    .from(stickerCraftStickers)
    .innerJoin(stickers, eq(stickers.name, stickerCraftStickers.name))
    .where(and(ofCrafts, eq(catalogueStickerIdOf(stickerCraftStickers.name), stickers.id)));
}

/** The catalogue stickers of these names, each name that exactly one catalogue sticker has (as `catalogueStickerIdOf`). */
export function stickerIdsNamedQuery(db: Database, names: readonly string[]) {
  return db
    .select({ id: sql<number>`min(${stickers.id})`.as("id") })
    .from(stickers)
    .where(inArray(stickers.name, [...new Set(names)]))
    .groupBy(stickers.name)
    .having(sql`count(*) = 1`);
}

/** The ids a `craftStickerIdsQuery` or `stickerIdsNamedQuery` read. */
export const stickerIdsOf = (rows: readonly { id: number }[]) => rows.map((row) => row.id);

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
