import type { AppLoadContext, HeadersFunction } from "@remix-run/cloudflare";
import { and, asc, count, desc, eq, like, sql, type SQL } from "drizzle-orm";
import { catalogueCacheControl } from "~/server/http/caching.server";
import { retryAfterHeaders } from "~/server/http/retry-after.server";
import { FUZZY_THRESHOLD, rankSearchResults, SEARCH_LIMIT, searchPlan, type SearchPlan } from "~/domain/search";
import { DEFAULT_MARKET_CHOICE, type MarketChoice } from "~/domain/markets";
import type { Variant } from "~/domain/variants";
import type { Database } from "../db/client.server";
import {
  categories,
  collections,
  crates,
  officialLoadouts,
  skinCollections,
  skinCrates,
  skinMarketPrices,
  skins,
  skinVariantPrices,
  skinWears,
  stickerCrafts,
  stickers,
  weapons,
} from "../db/schema.server";

// The reads of the catalogue pages: each function returns a drizzle query builder for the page's
// one `context.load([...])` batch.

export function listCategoriesQuery(db: Database) {
  return db.select({ name: categories.name }).from(categories).orderBy(asc(categories.position));
}

export function findCategoryQuery(db: Database, name: string) {
  return db.select({ name: categories.name }).from(categories).where(eq(categories.name, name)).limit(1);
}

/** Weapons of a category, each with its skin count and the image of one of its skins. */
export function weaponCardsQuery(db: Database, category: string) {
  return db
    .select({
      name: weapons.name,
      defaultImage: weapons.image,
      skinCount: count(skins.id),
      skinImage: sql<string | null>`min(${skins.image})`,
    })
    .from(weapons)
    .leftJoin(skins, eq(skins.weapon, weapons.name))
    .where(eq(weapons.category, category))
    .groupBy(weapons.name)
    .orderBy(asc(weapons.name));
}

/** Every weapon with its category, for the home page's browse sheet. */
export function allWeaponsQuery(db: Database) {
  return db.select({ name: weapons.name, category: weapons.category }).from(weapons).orderBy(asc(weapons.name));
}

export function latestOfficialLoadoutsQuery(db: Database, limit: number) {
  return db
    .select({ id: officialLoadouts.id, title: officialLoadouts.title, description: officialLoadouts.description })
    .from(officialLoadouts)
    .orderBy(desc(officialLoadouts.createdAt), desc(officialLoadouts.id))
    .limit(limit);
}

/**
 * The skin of a craft, under names of their own: D1 answers a batch with rows keyed by column name,
 * so a second `name` or `image` column would overwrite the craft's (the home page's cards once
 * printed the image URL as the skin's name).
 */
export const craftSkinColumns = {
  skinId: sql<string>`${skins.id}`.as("skin_id"),
  skinName: sql<string>`${skins.name}`.as("skin_name"),
  skinImage: sql<string>`${skins.image}`.as("skin_image"),
};

/** A craft's card: its name, description and in-game shot with its skin (join skins), and whether a player made it. */
export const craftCardColumns = {
  id: stickerCrafts.id,
  name: stickerCrafts.name,
  description: stickerCrafts.description,
  ingameImage: stickerCrafts.ingameImage,
  community: sql<boolean>`${stickerCrafts.authorId} is not null`.mapWith(Boolean).as("community"),
  ...craftSkinColumns,
};

export function latestStickerCraftsQuery(db: Database, limit: number) {
  return db
    .select(craftCardColumns)
    .from(stickerCrafts)
    .innerJoin(skins, eq(skins.id, stickerCrafts.skinId))
    .where(eq(stickerCrafts.status, "published"))
    .orderBy(desc(stickerCrafts.createdAt), desc(stickerCrafts.id))
    .limit(limit);
}

export function findWeaponQuery(db: Database, name: string) {
  return db.select({ name: weapons.name, category: weapons.category, image: weapons.image }).from(weapons).where(eq(weapons.name, name)).limit(1);
}

/**
 * A wear's price in the variant a grid shows: `skin_wears` for Normal, the StatTrak or Souvenir row
 * of `skin_variant_prices` for the same wear (a primary-key lookup per wear, in the same statement);
 * on one market, that market's row of `skin_market_prices` (a primary-key lookup too). The default,
 * the cheapest listing across markets, is the stored default price.
 */
function wearPriceOf(variant: Variant, market: MarketChoice = DEFAULT_MARKET_CHOICE): SQL {
  if (market !== DEFAULT_MARKET_CHOICE) {
    return sql`(select ${skinMarketPrices.priceCents} from ${skinMarketPrices} where ${skinMarketPrices.skinId} = ${skinWears.skinId} and ${skinMarketPrices.variant} = ${variant} and ${skinMarketPrices.wear} = ${skinWears.wear} and ${skinMarketPrices.market} = ${market})`;
  }
  if (variant === "normal") return sql`${skinWears.priceCents}`;
  return sql`(select ${skinVariantPrices.priceCents} from ${skinVariantPrices} where ${skinVariantPrices.skinId} = ${skinWears.skinId} and ${skinVariantPrices.variant} = ${variant} and ${skinVariantPrices.wear} = ${skinWears.wear})`;
}

/** A wear's price where the skin can have that wear and the feed has a price, else null: min/max of it are a price range. */
const enabledWearPrice = (price: SQL) => sql`case when ${skinWears.enabled} = 1 and ${price} > 0 then ${price} end`;

/** The normal price of a wear the skin can have, else null. */
export const priceOfEnabledWear = enabledWearPrice(wearPriceOf("normal"));

/** The normal price on `market` of a wear the skin can have, else null. */
export const priceOfEnabledWearOn = (market: MarketChoice) => enabledWearPrice(wearPriceOf("normal", market));

/** A skin card's columns with the lowest and highest known price of its possible wears in `variant` on `market` (group by skin, join skin_wears). */
function skinCardColumns(variant: Variant, market: MarketChoice = DEFAULT_MARKET_CHOICE) {
  const priceOfEnabledWear = enabledWearPrice(wearPriceOf(variant, market));
  return {
    id: skins.id,
    name: skins.name,
    image: skins.image,
    rarity: skins.rarity,
    rarityColor: skins.rarityColor,
    stattrak: skins.stattrak,
    souvenir: skins.souvenir,
    minPriceCents: sql<number | null>`min(${priceOfEnabledWear})`,
    maxPriceCents: sql<number | null>`max(${priceOfEnabledWear})`,
  };
}

/** The card columns of each variant, built once (the weapon grid is the CPU-hottest page). */
const CARD_COLUMNS: Record<Variant, ReturnType<typeof skinCardColumns>> = {
  normal: skinCardColumns("normal"),
  stattrak: skinCardColumns("stattrak"),
  souvenir: skinCardColumns("souvenir"),
};

/** A skin card's columns at normal prices. */
export const weaponSkinCardColumns = CARD_COLUMNS.normal;

/** A weapon's skins with the lowest and highest known price of their possible wears, in `variant` (the grid's Type filter), on `market`. */
export function weaponSkinsQuery(db: Database, weapon: string, variant: Variant = "normal", market: MarketChoice = DEFAULT_MARKET_CHOICE) {
  return db
    .select(market === DEFAULT_MARKET_CHOICE ? CARD_COLUMNS[variant] : skinCardColumns(variant, market))
    .from(skins)
    .leftJoin(skinWears, eq(skinWears.skinId, skins.id))
    .where(eq(skins.weapon, weapon))
    .groupBy(skins.id)
    .orderBy(asc(skins.name));
}

/** Where the crates and the collections of a skin are: the table linking them to skins, its column naming them, their table. */
const SKIN_GROUPS = {
  crates: { link: skinCrates, groupId: skinCrates.crateId, group: crates },
  collections: { link: skinCollections, groupId: skinCollections.collectionId, group: collections },
} as const;

/** The crates (or collections) holding the skins that match `where` (a condition on skins), by name. */
function skinGroupNamesQuery(db: Database, kind: keyof typeof SKIN_GROUPS, where: SQL) {
  const { link, groupId, group } = SKIN_GROUPS[kind];
  return db
    .select({ skinId: link.skinId, name: group.name, image: group.image, slug: group.slug })
    .from(link)
    .innerJoin(group, eq(group.id, groupId))
    .innerJoin(skins, eq(skins.id, link.skinId))
    .where(where)
    .orderBy(asc(group.name));
}

export const skinCrateNamesQuery = (db: Database, where: SQL) => skinGroupNamesQuery(db, "crates", where);
export const skinCollectionNamesQuery = (db: Database, where: SQL) => skinGroupNamesQuery(db, "collections", where);

/** The crates and the collections of a weapon's skins (the weapon page's filters). */
export const crateNamesOfWeaponQuery = (db: Database, weapon: string) => skinCrateNamesQuery(db, eq(skins.weapon, weapon));
export const collectionNamesOfWeaponQuery = (db: Database, weapon: string) => skinCollectionNamesQuery(db, eq(skins.weapon, weapon));

export function skinQuery(db: Database, id: string) {
  return db
    .select({
      id: skins.id,
      name: skins.name,
      image: skins.image,
      // The weapon's default image, shown when the skin's own image fails. Aliased: D1's batch
      // answers rows keyed by column name, where a second `image` would overwrite the skin's.
      weaponImage: sql<string>`${weapons.image}`.as("weapon_image"),
      description: skins.description,
      weapon: skins.weapon,
      category: weapons.category,
      rarity: skins.rarity,
      rarityColor: skins.rarityColor,
      minFloat: skins.minFloat,
      maxFloat: skins.maxFloat,
      stattrak: skins.stattrak,
      souvenir: skins.souvenir,
      lastPriceUpdate: skins.lastPriceUpdate,
    })
    .from(skins)
    .innerJoin(weapons, eq(weapons.name, skins.weapon))
    .where(eq(skins.id, id))
    .limit(1);
}

export function skinWearsQuery(db: Database, id: string) {
  return db.select({ wear: skinWears.wear, enabled: skinWears.enabled, priceCents: skinWears.priceCents }).from(skinWears).where(eq(skinWears.skinId, id));
}

/** The crates and the collections of one skin (the skin page). */
export const crateNamesOfSkinQuery = (db: Database, id: string) => skinCrateNamesQuery(db, eq(skins.id, id));
export const collectionNamesOfSkinQuery = (db: Database, id: string) => skinCollectionNamesQuery(db, eq(skins.id, id));

const searchColumns = {
  id: skins.id,
  name: skins.name,
  searchKey: skins.searchKey,
  image: skins.image,
  weapon: skins.weapon,
  rarity: skins.rarity,
  rarityColor: skins.rarityColor,
};

/**
 * The search page's card prices: a skin's lowest and highest price of its possible wears (normal) on
 * `market`, the default price for the cheapest listing; each a subquery over the skin's wear rows (a
 * primary-key lookup into skin_market_prices per wear on one market), in the same statement. None
 * (null) for a read that shows no price (the typeahead, the pickers).
 */
function searchPriceColumns(market: MarketChoice | null) {
  if (market === null) return { minPriceCents: sql<number | null>`null`, maxPriceCents: sql<number | null>`null` };
  const price = enabledWearPrice(wearPriceOf("normal", market));
  const over = (aggregate: "min" | "max") =>
    sql<number | null>`(select ${sql.raw(aggregate)}(${price}) from ${skinWears} where ${skinWears.skinId} = ${skins.id})`;
  return { minPriceCents: over("min"), maxPriceCents: over("max") };
}

/** Stickers searched like skins (a group of their own on the search page); ids as text for the ranking. */
const stickerSearchColumns = {
  id: sql<string>`cast(${stickers.id} as text)`.as("id"),
  name: stickers.name,
  searchKey: stickers.searchKey,
  image: stickers.image,
};

/** What search reads: skins, or stickers, with their searchable columns. */
const SEARCHED = {
  skins: { table: skins, key: skins.searchKey, keyText: `"skins"."search_key"` },
  stickers: { table: stickers, key: stickers.searchKey, keyText: `"stickers"."search_key"` },
} as const;
type Searched = (typeof SEARCHED)[keyof typeof SEARCHED];

/** A row contains every word of the query (one LIKE pattern per word). */
const directCondition = (searched: Searched, plan: SearchPlan) => and(...plan.directPatterns.map((pattern) => like(searched.key, pattern)));

/** Direct matches, best tier first (the same order the ranking applies), then by name. */
const directOrder = (searched: Searched, plan: SearchPlan) => {
  const { key } = plan.terms;
  return sql`case when ${searched.key} = ${key} then 0 when ${searched.key} like ${`${key}%`} then 1
               when ${searched.key} like ${`%${key}%`} then 2 else 3 end`;
};

/** Rows any fuzzy variant could match; the ranking picks its 20 per variant from them. */
const FUZZY_POOL_LIMIT = 400;

/**
 * The fuzzy candidates' condition. The database applies the rule "fuzzy only when fewer than 5
 * direct hits" too (a subquery computed once), so a common query costs no fuzzy scan; the ranking
 * still checks the rule itself. The alternatives are written into the SQL text (`fuzzyAlternatives`).
 */
const fuzzyCondition = (searched: Searched, plan: SearchPlan) =>
  and(
    sql`(select count(*) from (select 1 from ${searched.table} where ${directCondition(searched, plan)} limit ${FUZZY_THRESHOLD})) < ${FUZZY_THRESHOLD}`,
    sql.raw(`(${fuzzyAlternatives(plan, searched.keyText)})`),
  );

/** Direct matches: every word of the query, best tier first; with card prices on `market` when asked (the search page). */
export function searchDirectQuery(db: Database, plan: SearchPlan, market: MarketChoice | null = null) {
  return db
    .select({ ...searchColumns, ...searchPriceColumns(market) })
    .from(skins)
    .where(directCondition(SEARCHED.skins, plan))
    .orderBy(directOrder(SEARCHED.skins, plan), asc(skins.name))
    .limit(SEARCH_LIMIT);
}

/**
 * Fuzzy candidates, asked in the same batch as the direct query. "+name" keeps SQLite from walking
 * the name index (a table lookup per row) to skip a sort of the few rows that match: a plain scan
 * is several times faster here.
 */
export function searchFuzzyQuery(db: Database, plan: SearchPlan, market: MarketChoice | null = null) {
  return db
    .select({ ...searchColumns, ...searchPriceColumns(market) })
    .from(skins)
    .where(fuzzyCondition(SEARCHED.skins, plan))
    .orderBy(sql`+${skins.name}`)
    .limit(FUZZY_POOL_LIMIT);
}

/** The same two reads over the catalogue's stickers. */
export function stickerSearchDirectQuery(db: Database, plan: SearchPlan) {
  const searched = SEARCHED.stickers;
  return db
    .select(stickerSearchColumns)
    .from(stickers)
    .where(directCondition(searched, plan))
    .orderBy(directOrder(searched, plan), asc(stickers.name))
    .limit(SEARCH_LIMIT);
}
export function stickerSearchFuzzyQuery(db: Database, plan: SearchPlan) {
  return db
    .select(stickerSearchColumns)
    .from(stickers)
    .where(fuzzyCondition(SEARCHED.stickers, plan))
    .orderBy(sql`+${stickers.name}`)
    .limit(FUZZY_POOL_LIMIT);
}

/**
 * The fuzzy query's condition as SQL text: any fuzzy variant, or a typo variant past the guard.
 * A long query has dozens of patterns, past D1's limit of 100 bound parameters, so they are
 * written into the text; a pattern is only letters, digits, % and _, checked here once more.
 */
function fuzzyAlternatives(plan: SearchPlan, column: string): string {
  const literal = (pattern: string) => {
    if (!/^[a-z0-9%_]+$/.test(pattern)) throw new Error(`Unsafe search pattern ${pattern}`);
    return `'${pattern}'`;
  };
  const allOf = (group: string[]) => `(${group.map((pattern) => `${column} like ${literal(pattern)}`).join(" and ")})`;
  const anyOf = (groups: string[][]) => groups.map(allOf).join(" or ");
  // instr() is a plain substring test: most rows fail the guard before any typo pattern is tried.
  const guard = plan.typoGuard.map((parts) => `(${parts.map((part) => `instr(${column}, ${literal(part)}) > 0`).join(" or ")})`).join(" and ");
  const alternatives = [
    ...(plan.fuzzyPatterns.length > 0 ? [anyOf(plan.fuzzyPatterns)] : []),
    ...(plan.typoPatterns.length > 0 ? [`(${guard} and (${anyOf(plan.typoPatterns)}))`] : []),
  ];
  return alternatives.length === 0 ? "0" : alternatives.join(" or ");
}

/** Cache-Control for a catalogue page or answer, from the request's cookies. */
export function catalogueCacheHeaders(request: Request): HeadersInit {
  return { "Cache-Control": catalogueCacheControl(request.headers.get("Cookie")), Vary: "Cookie" };
}

/** A catalogue route's `headers` export: its loader's cache rules, and its action's `Retry-After` (its report limit). */
export const catalogueHeaders: HeadersFunction = retryAfterHeaders;

/** Search for a page or the typeahead: both queries in the request's one batch, then the ranking. */
export async function loadSearchResults({ db, load }: AppLoadContext, query: string) {
  const plan = searchPlan(query);
  if (!plan) return [];
  const [direct, fuzzy] = await load([searchDirectQuery(db, plan), searchFuzzyQuery(db, plan)]);
  return rankSearchResults(query, direct, fuzzy).map(({ searchKey: _key, ...result }) => result);
}
export type SearchResult = Awaited<ReturnType<typeof loadSearchResults>>[number];

/** The search page: skins (priced on `market`) and, a group of their own, stickers, ranked alike, in one batch. */
export async function loadSkinAndStickerResults({ db, load }: AppLoadContext, query: string, market: MarketChoice = DEFAULT_MARKET_CHOICE) {
  const plan = searchPlan(query);
  if (!plan) return { skins: [], stickers: [] };
  const [direct, fuzzy, stickerDirect, stickerFuzzy] = await load([
    searchDirectQuery(db, plan, market),
    searchFuzzyQuery(db, plan, market),
    stickerSearchDirectQuery(db, plan),
    stickerSearchFuzzyQuery(db, plan),
  ]);
  return {
    skins: rankSearchResults(query, direct, fuzzy).map(({ searchKey: _key, ...result }) => result),
    stickers: rankSearchResults(query, stickerDirect, stickerFuzzy).map(({ searchKey: _key, ...result }) => result),
  };
}
