import { eq, inArray } from "drizzle-orm";
import { caseExpectedValues } from "~/domain/case-odds";
import { chunk } from "~/domain/price-feed";
import type { Database } from "../db/client.server";
import { caseValues, crates, crateVanillaKnives, skinCrates, skins, vanillaKnives } from "../db/schema.server";
import { pricedSkinColumns, withPrices } from "./containers.server";

// Each weapon case's stored expected value (docs/decisions/086-stored-case-values.md): worked out
// from every case's items (its vanilla knives included) and prices whenever prices change, so the list of cases reads one row a
// case. The price job refreshes it after each write; the seed does the same in SQL of its own.

/** Rows per insert: four bound values a row within D1's 100 bound parameters a statement. */
const ROWS_PER_INSERT = 25;

/** Which skins each weapon case drops. */
function weaponCaseItemsQuery(db: Database) {
  return db
    .select({ crateId: skinCrates.crateId, skinId: skinCrates.skinId, special: skinCrates.special, rarity: skins.rarity })
    .from(skinCrates)
    .innerJoin(crates, eq(crates.id, skinCrates.crateId))
    .innerJoin(skins, eq(skins.id, skinCrates.skinId))
    .where(eq(crates.kind, "weapon_case"));
}

/** The skins of every weapon case, each once, with their prices. */
function weaponCaseSkinPricesQuery(db: Database) {
  const inCases = db
    .select({ id: skinCrates.skinId })
    .from(skinCrates)
    .innerJoin(crates, eq(crates.id, skinCrates.crateId))
    .where(eq(crates.kind, "weapon_case"));
  return db
    .select({
      id: skins.id,
      minFloat: skins.minFloat,
      maxFloat: skins.maxFloat,
      stattrak: pricedSkinColumns.stattrak,
      normalPrices: pricedSkinColumns.normalPrices,
      stattrakPrices: pricedSkinColumns.stattrakPrices,
    })
    .from(skins)
    .where(inArray(skins.id, inCases));
}

/** Which vanilla knives each weapon case drops, with their prices (0 = none known). */
function weaponCaseVanillaKnivesQuery(db: Database) {
  return db
    .select({ crateId: crateVanillaKnives.crateId, priceCents: vanillaKnives.priceCents, stattrakPriceCents: vanillaKnives.stattrakPriceCents })
    .from(crateVanillaKnives)
    .innerJoin(crates, eq(crates.id, crateVanillaKnives.crateId))
    .innerJoin(vanillaKnives, eq(vanillaKnives.id, crateVanillaKnives.knifeId))
    .where(eq(crates.kind, "weapon_case"));
}

/**
 * Works every weapon case's expected value out from the stored prices and replaces the stored
 * ones: one read, then one write batch (all of it or nothing). Returns how many cases it valued.
 */
export async function refreshCaseValues(db: Database, now: number): Promise<number> {
  const [items, skinRows, knives] = await db.batch([weaponCaseItemsQuery(db), weaponCaseSkinPricesQuery(db), weaponCaseVanillaKnivesQuery(db)]);
  const values = caseExpectedValues(
    items,
    skinRows.map(withPrices),
    knives.map(({ crateId, ...prices }) => ({ crateId, prices })),
  );
  const rows = [...values].map(([crateId, value]) => ({ crateId, ...value, updatedAt: new Date(now) }));
  await db.batch([db.delete(caseValues), ...chunk(rows, ROWS_PER_INSERT).map((group) => db.insert(caseValues).values(group))]);
  return rows.length;
}
