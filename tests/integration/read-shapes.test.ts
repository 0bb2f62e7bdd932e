import { env } from "cloudflare:test";
import { eq, sql, type Placeholder } from "drizzle-orm";
import { describe, expect, expectTypeOf, it } from "vitest";
import { FUZZY_THRESHOLD, searchPlan } from "~/domain/search";
import {
  findCategoryQuery,
  findCategoryShape,
  findWeaponQuery,
  findWeaponShape,
  latestOfficialLoadoutsQuery,
  latestOfficialLoadoutsShape,
  latestStickerCraftsQuery,
  latestStickerCraftsShape,
  listCategoriesQuery,
  listCategoriesShape,
  searchDirectQuery,
  searchDirectRead,
  searchFuzzyRead,
  skinCollectionNamesQuery,
  skinCollectionNamesShape,
  skinCrateNamesQuery,
  skinCrateNamesShape,
  skinQuery,
  skinShape,
  skinWearsQuery,
  skinWearsShape,
  weaponCardsQuery,
  weaponCardsShape,
  weaponCollectionNamesShape,
  weaponCrateNamesShape,
  weaponSkinsQuery,
  weaponSkinsShape,
} from "~/server/features/catalogue.server";
import { createQueryBatcher, runReads } from "~/server/db/batcher.server";
import { createDatabase, type Database } from "~/server/db/client.server";
import { readShape } from "~/server/db/read-shape.server";
import { countRoundTrips } from "~/server/db/round-trips.server";
import { skinChartHistoryQuery, skinChartHistoryShape, skinVariantPricesQuery, skinVariantPricesShape } from "~/server/features/price-charts.server";
import { officialLoadouts, skins, skinWears, weapons } from "~/server/db/schema.server";
import type { Catalogue } from "../../migrations/seed/catalogue";
import { simulateSearch } from "../unit/search-db";

const db = createDatabase(env.DB);

/**
 * A skin with everything drizzle maps: an aliased column of a join (`weapon_image`, which D1's
 * batch would otherwise key as a second `image`), booleans, a real, a nullable timestamp, and
 * `mapWith` columns (a count, JSON, a date decoded by a column).
 */
function skinProbeQuery(db: Database, id: string | Placeholder) {
  return db
    .select({
      id: skins.id,
      name: skins.name,
      image: skins.image,
      weaponImage: sql<string>`${weapons.image}`.as("weapon_image"),
      stattrak: skins.stattrak,
      souvenir: skins.souvenir,
      minFloat: skins.minFloat,
      lastPriceUpdate: skins.lastPriceUpdate,
      wearCount: sql<number>`(select count(*) from ${skinWears} where ${skinWears.skinId} = ${skins.id})`.mapWith(Number).as("wear_count"),
      enabledWears: sql<
        string[]
      >`(select json_group_array(${skinWears.wear}) from ${skinWears} where ${skinWears.skinId} = ${skins.id} and ${skinWears.enabled} = 1)`
        .mapWith((value: string) => JSON.parse(value) as string[])
        .as("enabled_wears"),
      newestLoadoutAt: sql<Date>`(select max(${officialLoadouts.createdAt}) from ${officialLoadouts})`
        .mapWith(officialLoadouts.createdAt)
        .as("newest_loadout_at"),
    })
    .from(skins)
    .innerJoin(weapons, eq(weapons.name, skins.weapon))
    .where(eq(skins.id, id))
    .limit(1);
}
const skinProbeShape = readShape(["id"], (db, { id }) => skinProbeQuery(db, id));

async function skinIds(where: string): Promise<string> {
  const row = await env.DB.prepare(`SELECT id FROM skins WHERE ${where} ORDER BY id LIMIT 1`).first<{ id: string }>();
  return row!.id;
}

describe("read shapes", () => {
  it("answer the rows and types drizzle's builder answers, for new values on every use", async () => {
    const stattrakOnly = await skinIds("stattrak = 1 AND souvenir = 0");
    const souvenirOnly = await skinIds("souvenir = 1 AND stattrak = 0");
    // Each id twice, interleaved: a shape that kept its first values, or answers out of order, fails.
    for (const id of [stattrakOnly, souvenirOnly, "no-such-skin", stattrakOnly, souvenirOnly]) {
      const [rows] = await runReads(db, [skinProbeShape.with(db, { id })]);
      expect(rows).toEqual(await skinProbeQuery(db, id));
    }
    const [[trak], [souvenir]] = await runReads(db, [skinProbeShape.with(db, { id: stattrakOnly }), skinProbeShape.with(db, { id: souvenirOnly })]);
    expect(trak).toMatchObject({ id: stattrakOnly, stattrak: true, souvenir: false });
    expect(souvenir).toMatchObject({ id: souvenirOnly, stattrak: false, souvenir: true });
    expect(trak!.weaponImage).not.toBe(trak!.image);
    expect(typeof trak!.wearCount).toBe("number");
    expect(Array.isArray(trak!.enabledWears)).toBe(true);
    expect(trak!.newestLoadoutAt).toBeInstanceOf(Date);
    expectTypeOf(trak!).toEqualTypeOf<Awaited<ReturnType<typeof skinProbeQuery>>[number]>();
  });

  it("the catalogue's shapes answer what their query functions answer", async () => {
    for (const [weapon, category] of [
      ["AK-47", "Rifles"],
      ["Karambit", "Knives"],
      ["No Such Weapon", "Bazookas"],
      ["AK-47", "Rifles"],
    ] as const) {
      const [categoryRows, found, cards, weaponRow, weaponSkins, crates, collections] = await runReads(db, [
        listCategoriesShape.with(db),
        findCategoryShape.with(db, { name: category }),
        weaponCardsShape.with(db, { category }),
        findWeaponShape.with(db, { name: weapon }),
        weaponSkinsShape.with(db, { weapon }),
        weaponCrateNamesShape.with(db, { weapon }),
        weaponCollectionNamesShape.with(db, { weapon }),
      ]);
      expect(categoryRows).toEqual(await listCategoriesQuery(db));
      expect(found).toEqual(await findCategoryQuery(db, category));
      expect(cards).toEqual(await weaponCardsQuery(db, category));
      expect(weaponRow).toEqual(await findWeaponQuery(db, weapon));
      expect(weaponSkins).toEqual(await weaponSkinsQuery(db, weapon));
      expect(crates).toEqual(await skinCrateNamesQuery(db, eq(skins.weapon, weapon)));
      expect(collections).toEqual(await skinCollectionNamesQuery(db, eq(skins.weapon, weapon)));
      expectTypeOf(weaponSkins).toEqualTypeOf<Awaited<ReturnType<typeof weaponSkinsQuery>>>();
    }
    for (const limit of [1, 3, 2]) {
      const [loadouts, crafts] = await runReads(db, [latestOfficialLoadoutsShape.with(db, { limit }), latestStickerCraftsShape.with(db, { limit })]);
      expect(loadouts).toEqual(await latestOfficialLoadoutsQuery(db, limit));
      expect(loadouts).toHaveLength(limit);
      expect(crafts).toEqual(await latestStickerCraftsQuery(db, limit));
    }
  });

  it("the skin page's shapes answer what their query functions answer", async () => {
    const firstDay = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
    for (const [id, asked] of [
      ["ak-47-redline", ""],
      ["awp-dragon-lore", "FT"],
      ["ak-47-redline", "FN"],
      ["no-such-skin", ""],
      ["m4a4-howl", "BS"],
    ] as const) {
      const [skin, wears, crates, collections, history, variants] = await runReads(db, [
        skinShape.with(db, { id }),
        skinWearsShape.with(db, { id }),
        skinCrateNamesShape.with(db, { id }),
        skinCollectionNamesShape.with(db, { id }),
        skinChartHistoryShape.with(db, { skinId: id, firstDay, asked }),
        skinVariantPricesShape.with(db, { skinId: id }),
      ]);
      expect(skin, id).toEqual(await skinQuery(db, id));
      expect(wears).toEqual(await skinWearsQuery(db, id));
      expect(crates).toEqual(await skinCrateNamesQuery(db, eq(skins.id, id)));
      expect(collections).toEqual(await skinCollectionNamesQuery(db, eq(skins.id, id)));
      expect(history).toEqual(await skinChartHistoryQuery(db, id, firstDay, asked));
      expect(variants).toEqual(await skinVariantPricesQuery(db, id));
      expectTypeOf(skin).toEqualTypeOf<Awaited<ReturnType<typeof skinQuery>>>();
    }
  });

  it("the direct search reads from a shape per number of words", async () => {
    for (const query of ["ak", "ak redline", "awp dragon lore", "redline ak", "m4 howl", "ak"]) {
      const plan = searchPlan(query)!;
      const [rows] = await runReads(db, [searchDirectRead(db, plan)]);
      expect(rows, query).toEqual(await searchDirectQuery(db, plan));
      expect(rows.length, query).toBeGreaterThan(0);
    }
  });

  it("the fuzzy search reads from a shape per number of words, its alternatives written in per query", async () => {
    const catalogue = { skins: await db.select({ id: skins.id, name: skins.name, searchKey: skins.searchKey }).from(skins) } as unknown as Catalogue;
    const names = (rows: readonly { name: string }[]) => rows.map((row) => row.name);
    let fuzzyAnswers = 0;
    for (const query of ["deagle blaze", "ak redlien", "awp dragn lore", "m4a4 hwol", "ak", "glock", "zzqx", "karambit fade", "deagle blaze"]) {
      const plan = searchPlan(query)!;
      const [direct, fuzzy] = await runReads(db, [searchDirectRead(db, plan), searchFuzzyRead(db, plan)]);
      // What D1 should answer: every candidate of any variant, unless the direct query found enough.
      const expected = simulateSearch(catalogue, query);
      expect(names(direct), query).toEqual(names(expected.direct));
      expect(names(fuzzy), query).toEqual(expected.direct.length >= FUZZY_THRESHOLD ? [] : names(expected.fuzzy));
      if (fuzzy.length > 0) fuzzyAnswers++;
    }
    expect(fuzzyAnswers).toBeGreaterThanOrEqual(3);
  });

  it("a page's shapes and builders asked for in one tick are one round trip, each answered in its place", async () => {
    const counted = countRoundTrips(env.DB);
    const countedDb = createDatabase(counted.binding);
    const load = createQueryBatcher(countedDb);
    const [first, second] = await Promise.all([
      load([weaponSkinsShape.with(countedDb, { weapon: "AK-47" }), findWeaponQuery(countedDb, "AWP"), weaponSkinsShape.with(countedDb, { weapon: "AWP" })]),
      load([weaponCardsQuery(countedDb, "Knives"), findCategoryShape.with(countedDb, { name: "Gloves" })]),
    ]);
    expect(counted.roundTrips()).toBe(1);
    expect(first[0]).toEqual(await weaponSkinsQuery(db, "AK-47"));
    expect(first[1]).toEqual(await findWeaponQuery(db, "AWP"));
    expect(first[2]).toEqual(await weaponSkinsQuery(db, "AWP"));
    expect(second[0]).toEqual(await weaponCardsQuery(db, "Knives"));
    expect(second[1]).toEqual([{ name: "Gloves" }]);
    expectTypeOf(second[1]).toEqualTypeOf<{ name: string }[]>();
  });
});

describe("a batch read whose columns share a name", () => {
  // D1 keys a batch's rows by column name: without names, two `null`s became one and the next
  // value (the admin editor's version) landed in the wrong field.
  const sameNames = (db: Database) =>
    db
      .select({ id: officialLoadouts.id, a: sql<null>`null`, b: sql<null>`null`, updatedAt: officialLoadouts.updatedAt })
      .from(officialLoadouts)
      .limit(1);

  it("throws, naming its SQL, as a builder and as a shape, instead of answering shifted values", async () => {
    await expect(runReads(db, [sameNames(db)])).rejects.toThrow(/share a name.*select "id", null, null, "updated_at"/);
    await expect(runReads(db, [readShape([], sameNames).with(db)])).rejects.toThrow(/share a name/);
  });

  it("answers every field in its place once each column has its own name", async () => {
    const named = db
      .select({ id: officialLoadouts.id, a: sql<null>`null`.as("a"), b: sql<null>`null`.as("b"), updatedAt: officialLoadouts.updatedAt })
      .from(officialLoadouts)
      .limit(1);
    const [[row]] = await runReads(db, [named]);
    expect(row).toMatchObject({ a: null, b: null });
    expect(row?.id).toBeTypeOf("number");
    expect(row?.updatedAt).toBeInstanceOf(Date);
  });
});
