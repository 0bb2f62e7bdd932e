import { and, asc, desc, eq, isNull, like, sql } from "drizzle-orm";
import { searchKey } from "~/domain/catalogue";
import type { Database } from "../db/client.server";
import { DEFAULT_MARKET_CHOICE, type MarketChoice, type PriceMarket } from "~/domain/markets";
import { itemMarketPrices, skins, skinWears, stickerCrafts, stickerCraftStickers, stickers } from "../db/schema.server";
import { craftCardColumns, priceOfEnabledWearOn } from "./catalogue.server";
import { catalogueStickerIdOf } from "./stickers.server";
import { deleteImagesOfDeletedCrafts } from "../http/uploads.server";

/** Every official craft, newest first, with its skin: the admin list (community crafts have their queue). */
export function allCraftsQuery(db: Database) {
  return db
    .select({ ...craftCardColumns, placementImage: stickerCrafts.placementImage, updatedAt: stickerCrafts.updatedAt })
    .from(stickerCrafts)
    .innerJoin(skins, eq(skins.id, stickerCrafts.skinId))
    .where(isNull(stickerCrafts.authorId))
    .orderBy(desc(stickerCrafts.createdAt), desc(stickerCrafts.id));
}

export function craftQuery(db: Database, id: number) {
  return db
    .select({
      ...craftCardColumns,
      placementImage: stickerCrafts.placementImage,
      externalCraftLink: stickerCrafts.externalCraftLink,
      version: stickerCrafts.version,
      updatedAt: stickerCrafts.updatedAt,
    })
    .from(stickerCrafts)
    .innerJoin(skins, eq(skins.id, stickerCrafts.skinId))
    .where(eq(stickerCrafts.id, id))
    .limit(1);
}

/** A catalogue sticker's price on one market and when it was updated (a primary-key lookup), null without one. */
function stickerOnMarket(column: typeof itemMarketPrices.priceCents | typeof itemMarketPrices.updatedAt, market: PriceMarket) {
  const m = itemMarketPrices;
  return sql<number | null>`(select ${column} from ${m} where ${m.kind} = 'sticker' and ${m.itemId} = ${stickers.id} and ${m.market} = ${market})`;
}

/**
 * A craft's stickers in order, each with the catalogue sticker of exactly its name (when there is
 * one, and only one) and that sticker's market price and last update: on `market`, that market's,
 * by default the cheapest listing (the stored price).
 */
export function craftStickersQuery(db: Database, craftId: number, market: MarketChoice = DEFAULT_MARKET_CHOICE) {
  const onMarket = market === "cheapest" ? null : market;
  return db
    .select({
      position: stickerCraftStickers.position,
      name: stickerCraftStickers.name,
      image: stickerCraftStickers.image,
      priceCents: stickerCraftStickers.priceCents,
      externalLink: stickerCraftStickers.externalLink,
      lastUpdated: stickerCraftStickers.lastUpdated,
      stickerId: sql<number | null>`${stickers.id}`.as("sticker_id"),
      marketCents: (onMarket ? stickerOnMarket(itemMarketPrices.priceCents, onMarket) : sql<number | null>`${stickers.priceCents}`).as("market_cents"),
      marketUpdatedAt: (onMarket ? stickerOnMarket(itemMarketPrices.updatedAt, onMarket) : sql<number | null>`${stickers.lastPriceUpdate}`).as(
        "market_updated_at",
      ),
    })
    .from(stickerCraftStickers)
    .leftJoin(stickers, eq(stickers.id, catalogueStickerIdOf(stickerCraftStickers.name)))
    .where(eq(stickerCraftStickers.craftId, craftId))
    .orderBy(asc(stickerCraftStickers.position));
}

/** The lowest and highest known price of the craft's skin over its possible wears, on `market`. */
export function craftSkinPriceQuery(db: Database, craftId: number, market: MarketChoice = DEFAULT_MARKET_CHOICE) {
  const price = priceOfEnabledWearOn(market);
  return db
    .select({
      minCents: sql<number | null>`min(${price})`,
      maxCents: sql<number | null>`max(${price})`,
    })
    .from(skinWears)
    .where(eq(skinWears.skinId, sql`(select ${stickerCrafts.skinId} from ${stickerCrafts} where ${stickerCrafts.id} = ${craftId})`));
}

export const PICKER_LIMIT = 10;

/** Catalogue stickers whose name contains every word of the query, for the admin's picker. */
export function stickerSearchQuery(db: Database, query: string) {
  const words = query.split(/\s+/).map(searchKey).filter(Boolean).slice(0, 6);
  if (words.length === 0)
    return db
      .select({ id: stickers.id, name: stickers.name, image: stickers.image })
      .from(stickers)
      .where(sql`0`);
  return db
    .select({ id: stickers.id, name: stickers.name, image: stickers.image })
    .from(stickers)
    .where(and(...words.map((word) => like(stickers.searchKey, `%${word}%`))))
    .orderBy(sql`length(${stickers.name})`, asc(stickers.name))
    .limit(PICKER_LIMIT);
}

export function stickerByIdQuery(db: Database, id: number) {
  return db.select({ id: stickers.id, name: stickers.name, image: stickers.image }).from(stickers).where(eq(stickers.id, id)).limit(1);
}

export function skinByIdQuery(db: Database, id: string) {
  return db.select({ id: skins.id, name: skins.name, image: skins.image }).from(skins).where(eq(skins.id, id)).limit(1);
}

// ---------------------------------------------------------------- admin writes

/**
 * Deletes an official craft (its stickers go with it) and then every image under its prefix (an R2
 * fault is logged); a community craft is deleted through the moderation log
 * (`deleteCommunityCraft`), never here.
 */
export async function deleteCraft(db: Database, bucket: R2Bucket, id: number): Promise<boolean> {
  const deleted = await db
    .delete(stickerCrafts)
    .where(and(eq(stickerCrafts.id, id), isNull(stickerCrafts.authorId)))
    .returning({ id: stickerCrafts.id });
  if (deleted.length === 0) return false;
  await deleteImagesOfDeletedCrafts(bucket, [id], "admin");
  return true;
}
