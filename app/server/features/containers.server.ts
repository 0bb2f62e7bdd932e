import { and, asc, eq, inArray, ne, SQL, sql } from "drizzle-orm";
import { alias, type SQLiteColumn } from "drizzle-orm/sqlite-core";
import { caseReturnPercent, itemPricesFromJson, type ItemPrices } from "~/domain/case-odds";
import { DEFAULT_MARKET_CHOICE, type MarketChoice, type PriceMarket } from "~/domain/markets";
import type { Money } from "~/domain/money";
import type { Database } from "../db/client.server";
import {
  caseKeys,
  caseValues,
  collections,
  crates,
  crateStickers,
  crateVanillaKnives,
  itemMarketPrices,
  skinCollections,
  skinCrates,
  skinMarketPrices,
  skins,
  skinVariantPrices,
  skinWears,
  stickers,
  vanillaKnives,
} from "../db/schema.server";

// The reads of the case, collection and trade-up pages: drizzle query builders for a page's one
// `context.load([...])` batch.

/** A wear-to-price object of a skin's known prices, as D1 answers it (JSON text). */
const pricesJson = (where: SQL, wear: SQL, price: SQL, table: SQL) =>
  sql<string | null>`(select json_group_object(${wear}, ${price}) from ${table} where ${where})`;

/**
 * A skin with what the pages compute from: rarity, float range, whether it has StatTrak and its
 * known prices per wear, normal and StatTrak.
 * Aliased columns: D1 answers a batch's rows keyed by column name.
 */
export const pricedSkinColumns = {
  id: skins.id,
  name: skins.name,
  image: skins.image,
  rarity: skins.rarity,
  rarityColor: skins.rarityColor,
  minFloat: skins.minFloat,
  maxFloat: skins.maxFloat,
  stattrak: skins.stattrak,
  souvenir: skins.souvenir,
  normalPrices: pricesJson(
    sql`${skinWears.skinId} = ${skins.id} and ${skinWears.enabled} = 1 and ${skinWears.priceCents} > 0`,
    sql`${skinWears.wear}`,
    sql`${skinWears.priceCents}`,
    sql`${skinWears}`,
  ).as("normal_prices"),
  stattrakPrices: pricesJson(
    sql`${skinVariantPrices.skinId} = ${skins.id} and ${skinVariantPrices.variant} = 'stattrak' and ${skinVariantPrices.priceCents} > 0`,
    sql`${skinVariantPrices.wear}`,
    sql`${skinVariantPrices.priceCents}`,
    sql`${skinVariantPrices}`,
  ).as("stattrak_prices"),
};

/** A skin's known prices per wear in `variant` on one market: its rows of skin_market_prices (a primary-key range). */
const marketPricesJson = (variant: "normal" | "stattrak", market: PriceMarket) =>
  pricesJson(
    sql`${skinMarketPrices.skinId} = ${skins.id} and ${skinMarketPrices.variant} = ${variant} and ${skinMarketPrices.market} = ${market}`,
    sql`${skinMarketPrices.wear}`,
    sql`${skinMarketPrices.priceCents}`,
    sql`${skinMarketPrices}`,
  );

/** `pricedSkinColumns` with the prices of `market`: the default ones (the cheapest listing), or one market's. */
function pricedSkinColumnsOn(market: MarketChoice) {
  if (market === "cheapest") return pricedSkinColumns;
  return {
    ...pricedSkinColumns,
    normalPrices: marketPricesJson("normal", market).as("normal_prices"),
    stattrakPrices: marketPricesJson("stattrak", market).as("stattrak_prices"),
  };
}

/** A priced skin row as the pages use it: its prices parsed. */
export function withPrices<T extends { normalPrices: string | null; stattrakPrices: string | null }>(
  row: T,
): Omit<T, "normalPrices" | "stattrakPrices"> & { prices: ItemPrices } {
  const { normalPrices, stattrakPrices, ...rest } = row;
  return { ...rest, prices: itemPricesFromJson(normalPrices, stattrakPrices) };
}

// ---------------------------------------------------------------- collections

export function collectionListQuery(db: Database) {
  return db
    .select({ name: collections.name, slug: collections.slug, image: collections.image, skinCount: sql<number>`count(${skinCollections.skinId})` })
    .from(collections)
    .leftJoin(skinCollections, eq(skinCollections.collectionId, collections.id))
    .groupBy(collections.id)
    .orderBy(asc(collections.name));
}

export function collectionBySlugQuery(db: Database, slug: string) {
  return db
    .select({ id: collections.id, name: collections.name, image: collections.image, slug: collections.slug })
    .from(collections)
    .where(eq(collections.slug, slug))
    .limit(1);
}

/** The skins of the collection with this slug. */
export function collectionSkinsQuery(db: Database, slug: string) {
  return db
    .select(pricedSkinColumns)
    .from(skinCollections)
    .innerJoin(collections, eq(collections.id, skinCollections.collectionId))
    .innerJoin(skins, eq(skins.id, skinCollections.skinId))
    .where(eq(collections.slug, slug))
    .orderBy(asc(skins.name));
}

/** The containers dropping skins of the collection with this slug. */
export function collectionCratesQuery(db: Database, slug: string) {
  return db
    .selectDistinct({ name: crates.name, slug: crates.slug, image: crates.image, kind: crates.kind })
    .from(skinCollections)
    .innerJoin(collections, eq(collections.id, skinCollections.collectionId))
    .innerJoin(skinCrates, and(eq(skinCrates.skinId, skinCollections.skinId), eq(skinCrates.special, false)))
    .innerJoin(crates, eq(crates.id, skinCrates.crateId))
    .where(eq(collections.slug, slug))
    .orderBy(asc(crates.name));
}

// ---------------------------------------------------------------- cases

const crateColumns = {
  id: crates.id,
  name: crates.name,
  slug: crates.slug,
  image: crates.image,
  kind: crates.kind,
  keyName: sql<string | null>`${caseKeys.name}`.as("key_name"),
  /** Prices in cents, 0 while the feed has none. */
  priceCents: crates.priceCents,
  keyPriceCents: sql<number | null>`${caseKeys.priceCents}`.as("key_price_cents"),
};

/** A container's price and its key's (null: none known), and the return of one opening against both. */
export function crateCost(crate: { keyName: string | null; priceCents: number; keyPriceCents: number | null }, expectedCents: number | null, money: Money) {
  const price = crate.priceCents > 0 ? crate.priceCents : null;
  const keyPrice = crate.keyPriceCents !== null && crate.keyPriceCents > 0 ? crate.keyPriceCents : null;
  const needsKey = crate.keyName !== null;
  return {
    priceText: price === null ? "No price" : money.format(price),
    keyPriceText: keyPrice === null ? "No price" : money.format(keyPrice),
    returnPercent: expectedCents === null ? null : caseReturnPercent(expectedCents, price, keyPrice, needsKey),
  };
}

/** An item's price on one market (0 without one), a primary-key lookup of item_market_prices in the same statement. */
const marketPriceOf = (kind: "crate" | "key" | "vanilla_knife" | "vanilla_knife_stattrak", id: SQLiteColumn, market: PriceMarket) =>
  sql<number>`coalesce((select ${itemMarketPrices.priceCents} from ${itemMarketPrices} where ${itemMarketPrices.kind} = ${kind} and ${itemMarketPrices.itemId} = ${id} and ${itemMarketPrices.market} = ${market}), 0)`;

/**
 * Weapon cases, keyless cases and souvenir packages (sticker capsules hold no skins), by name, each weapon case
 * with its stored expected value (null until one is worked out: `refreshCaseValues`). The case's and
 * its key's prices are the default ones (the cheapest listing), or one market's.
 */
export function crateListQuery(db: Database, market: MarketChoice = DEFAULT_MARKET_CHOICE) {
  return db
    .select({
      ...crateColumnsOn(market),
      expectedCents: sql<number | null>`${caseValues.expectedCents}`.as("expected_cents"),
      coverage: sql<number | null>`${caseValues.coverage}`.as("coverage"),
    })
    .from(crates)
    .leftJoin(caseKeys, eq(caseKeys.id, crates.keyId))
    .leftJoin(caseValues, eq(caseValues.crateId, crates.id))
    .where(ne(crates.kind, "sticker_capsule"))
    .orderBy(asc(crates.name));
}

/** `crateColumns` with the case's and its key's prices on `market`: the default ones (the cheapest listing), or one market's. */
function crateColumnsOn(market: MarketChoice) {
  if (market === "cheapest") return crateColumns;
  return {
    ...crateColumns,
    priceCents: marketPriceOf("crate", crates.id, market).as("price_cents"),
    keyPriceCents: sql<number | null>`case when ${caseKeys.id} is null then null else ${marketPriceOf("key", caseKeys.id, market)} end`.as("key_price_cents"),
  };
}

export function crateBySlugQuery(db: Database, slug: string, market: MarketChoice = DEFAULT_MARKET_CHOICE) {
  return db.select(crateColumnsOn(market)).from(crates).leftJoin(caseKeys, eq(caseKeys.id, crates.keyId)).where(eq(crates.slug, slug)).limit(1);
}

/**
 * The skins a container drops (`where` a condition on crates), each with its container and whether
 * it is a rare special item, priced on `market`.
 */
function crateSkinsQuery(db: Database, where: SQL, market: MarketChoice = DEFAULT_MARKET_CHOICE) {
  return db
    .select({ ...pricedSkinColumnsOn(market), crateId: skinCrates.crateId, special: skinCrates.special })
    .from(skinCrates)
    .innerJoin(crates, eq(crates.id, skinCrates.crateId))
    .innerJoin(skins, eq(skins.id, skinCrates.skinId))
    .where(where)
    .orderBy(asc(skins.name));
}

export const crateSkinsBySlugQuery = (db: Database, slug: string, market: MarketChoice = DEFAULT_MARKET_CHOICE) =>
  crateSkinsQuery(db, eq(crates.slug, slug), market);

/** The vanilla knives (knives without a finish) the container with this slug drops, with their prices on `market` (0 = none known). */
export function crateVanillaKnivesBySlugQuery(db: Database, slug: string, market: MarketChoice = DEFAULT_MARKET_CHOICE) {
  const prices =
    market === "cheapest"
      ? { priceCents: vanillaKnives.priceCents, stattrakPriceCents: vanillaKnives.stattrakPriceCents }
      : {
          priceCents: marketPriceOf("vanilla_knife", vanillaKnives.id, market).as("price_cents"),
          stattrakPriceCents: marketPriceOf("vanilla_knife_stattrak", vanillaKnives.id, market).as("stattrak_price_cents"),
        };
  return db
    .select({
      id: vanillaKnives.id,
      name: vanillaKnives.name,
      image: vanillaKnives.image,
      ...prices,
    })
    .from(crateVanillaKnives)
    .innerJoin(crates, eq(crates.id, crateVanillaKnives.crateId))
    .innerJoin(vanillaKnives, eq(vanillaKnives.id, crateVanillaKnives.knifeId))
    .where(eq(crates.slug, slug))
    .orderBy(asc(vanillaKnives.name));
}

/** What a sticker capsule holds. */
export function crateStickersQuery(db: Database, slug: string) {
  return db
    .select({ id: stickers.id, name: stickers.name, image: stickers.image })
    .from(crateStickers)
    .innerJoin(crates, eq(crates.id, crateStickers.crateId))
    .innerJoin(stickers, eq(stickers.id, crateStickers.stickerId))
    .where(eq(crates.slug, slug))
    .orderBy(asc(stickers.name));
}

/** The collections of the skins of the container with this slug (its page links them). */
export function crateCollectionsQuery(db: Database, slug: string) {
  return db
    .selectDistinct({ name: collections.name, slug: collections.slug })
    .from(skinCrates)
    .innerJoin(crates, eq(crates.id, skinCrates.crateId))
    .innerJoin(skinCollections, eq(skinCollections.skinId, skinCrates.skinId))
    .innerJoin(collections, eq(collections.id, skinCollections.collectionId))
    .where(eq(crates.slug, slug))
    .orderBy(asc(collections.name));
}

// ---------------------------------------------------------------- trade-ups

/** A trade-up's input skins: their ids, or a subquery giving them (the saved contracts of a profile page). */
export type SkinIds = readonly string[] | SQL;
const amongSkins = (column: SQLiteColumn, ids: SkinIds) => inArray(column, ids instanceof SQL ? ids : [...ids]);

/** The inputs' skins, each with its collection, priced on `market`. */
export function tradeUpInputsQuery(db: Database, ids: SkinIds, market: MarketChoice = DEFAULT_MARKET_CHOICE) {
  return db
    .select({
      ...pricedSkinColumnsOn(market),
      collectionId: skinCollections.collectionId,
      collectionName: sql<string | null>`${collections.name}`.as("collection_name"),
    })
    .from(skins)
    .leftJoin(skinCollections, eq(skinCollections.skinId, skins.id))
    .leftJoin(collections, eq(collections.id, skinCollections.collectionId))
    .where(amongSkins(skins.id, ids));
}

/** Every skin of the inputs' collections (the outcomes are those of the next rarity), priced on `market`. */
export function tradeUpCollectionSkinsQuery(db: Database, ids: SkinIds, market: MarketChoice = DEFAULT_MARKET_CHOICE) {
  const inputCollections = db.select({ id: skinCollections.collectionId }).from(skinCollections).where(amongSkins(skinCollections.skinId, ids));
  return db
    .select({ ...pricedSkinColumnsOn(market), collectionId: skinCollections.collectionId })
    .from(skinCollections)
    .innerJoin(skins, eq(skins.id, skinCollections.skinId))
    .where(inArray(skinCollections.collectionId, inputCollections));
}

/**
 * The rare special items of the weapon cases dropping each Covert input (a five-Covert contract's
 * outcomes): their finishes only, not the cases' vanilla knives, since no source of
 * docs/features/trade-ups.md says a contract can give a knife without a finish. Priced on `market`.
 */
export function tradeUpSpecialsQuery(db: Database, ids: SkinIds, market: MarketChoice = DEFAULT_MARKET_CHOICE) {
  const drops = alias(skinCrates, "drops");
  const inputs = alias(skins, "input_skins");
  return db
    .selectDistinct({ ...pricedSkinColumnsOn(market), inputId: sql<string>`${drops.skinId}`.as("input_id") })
    .from(drops)
    .innerJoin(inputs, and(eq(inputs.id, drops.skinId), eq(inputs.rarity, "Covert")))
    .innerJoin(crates, and(eq(crates.id, drops.crateId), eq(crates.kind, "weapon_case")))
    .innerJoin(skinCrates, and(eq(skinCrates.crateId, drops.crateId), eq(skinCrates.special, true)))
    .innerJoin(skins, eq(skins.id, skinCrates.skinId))
    .where(and(eq(drops.special, false), amongSkins(drops.skinId, ids)));
}

/** A skin as the case and collection pages list it: its prices as a range of its wears (normal). */
export function listedSkin<
  T extends { id: string; name: string; image: string; rarity: string; rarityColor: string; normalPrices: string | null; stattrakPrices: string | null },
>(row: T, money: Money, noPrice = "No Data") {
  const { prices, ...skin } = withPrices(row);
  const cents = Object.values(prices.normal);
  return { skin, prices, priceText: money.range(cents.length ? Math.min(...cents) : null, cents.length ? Math.max(...cents) : null) ?? noPrice };
}

/**
 * A vanilla knife as a case's page lists it: "★ Karambit (vanilla)", its normal price, and a card
 * linking to the knife's page (`/weapons/Karambit`, its finishes), since it has no skin page.
 */
export function listedVanillaKnife(
  row: { id: number; name: string; image: string | null; priceCents: number; stattrakPriceCents: number },
  money: Money,
  noPrice = "No Data",
) {
  const name = `★ ${row.name} (vanilla)`;
  return {
    prices: { priceCents: row.priceCents, stattrakPriceCents: row.stattrakPriceCents },
    card: {
      // No skin page: the card's id is the path it links to (GroupedSkin).
      id: `/weapons/${encodeURIComponent(row.name)}`,
      name,
      image: row.image ?? "",
      priceText: row.priceCents > 0 ? money.format(row.priceCents) : noPrice,
    },
  };
}
