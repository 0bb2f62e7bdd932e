// Turns the catalogue and the demo content into idempotent SQL. Used by the seed command and by
// the integration tests, which seed the same data into their own D1.
import { searchKey } from "../../app/domain/catalogue.ts";
import { buildCatalogue, type Catalogue } from "./catalogue.ts";
import { buildDemoCrafts, buildDemoLoadouts } from "./demo-content.ts";

type SqlValue = string | number | boolean | null;

function literal(value: SqlValue): string {
  if (value === null) return "NULL";
  if (typeof value === "boolean") return value ? "1" : "0";
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new Error(`Cannot store ${value}`);
    return String(value);
  }
  return `'${value.replace(/'/g, "''")}'`;
}

function insertRows(table: string, columns: string[], rows: SqlValue[][], conflict: string): string[] {
  const statements: string[] = [];
  for (let i = 0; i < rows.length; i += 50) {
    const values = rows
      .slice(i, i + 50)
      .map((row) => `(${row.map(literal).join(", ")})`)
      .join(",\n");
    statements.push(`INSERT INTO ${table} (${columns.join(", ")}) VALUES\n${values}\n${conflict};`);
  }
  return statements;
}

/** Upserts the catalogue: re-running changes nothing, and prices a price job wrote are kept. */
export function catalogueStatements(catalogue: Catalogue, now: number): string[] {
  return [
  ...insertRows(
    "categories",
    ["id", "name", "position"],
    catalogue.categories.map((c) => [c.id, c.name, c.position]),
    "ON CONFLICT(id) DO UPDATE SET name = excluded.name, position = excluded.position",
  ),
  ...insertRows(
    "weapons",
    ["id", "name", "category", "image"],
    catalogue.weapons.map((w) => [w.id, w.name, w.category, w.image]),
    "ON CONFLICT(id) DO UPDATE SET name = excluded.name, category = excluded.category, image = excluded.image",
  ),
  ...insertRows(
    "skins",
    [
      "id", "name", "search_key", "image", "description", "weapon", "rarity", "rarity_color",
      "min_float", "max_float", "stattrak", "souvenir", "last_price_update", "price_source",
    ],
    catalogue.skins.map((s) => [
      s.id, s.name, s.searchKey, s.image, s.description, s.weapon, s.rarity, s.rarityColor,
      s.minFloat, s.maxFloat, s.stattrak, s.souvenir, now, "demo",
    ]),
    `ON CONFLICT(id) DO UPDATE SET name = excluded.name, search_key = excluded.search_key, image = excluded.image,
      description = excluded.description, weapon = excluded.weapon, rarity = excluded.rarity,
      rarity_color = excluded.rarity_color, min_float = excluded.min_float, max_float = excluded.max_float,
      stattrak = excluded.stattrak, souvenir = excluded.souvenir`,
  ),
  ...insertRows(
    "skin_wears",
    ["skin_id", "wear", "enabled", "price_cents"],
    catalogue.wears.map((w) => [w.skinId, w.wear, w.enabled, w.priceCents]),
    "ON CONFLICT(skin_id, wear) DO UPDATE SET enabled = excluded.enabled",
  ),
  ...insertRows(
    "crates",
    ["id", "name", "image"],
    catalogue.crates.map((c) => [c.id, c.name, c.image]),
    "ON CONFLICT(id) DO UPDATE SET name = excluded.name, image = excluded.image",
  ),
  ...insertRows(
    "collections",
    ["id", "name", "image"],
    catalogue.collections.map((c) => [c.id, c.name, c.image]),
    "ON CONFLICT(id) DO UPDATE SET name = excluded.name, image = excluded.image",
  ),
  ...insertRows(
    "stickers",
    ["id", "name", "search_key", "image"],
    catalogue.stickers.map((s) => [s.id, s.name, searchKey(s.name), s.image]),
    "ON CONFLICT(id) DO UPDATE SET name = excluded.name, search_key = excluded.search_key, image = excluded.image",
  ),
  ...insertRows(
    "skin_crates",
    ["skin_id", "crate_id"],
    catalogue.skinCrates.map((r) => [r.skinId, r.crateId]),
    "ON CONFLICT DO NOTHING",
  ),
  ...insertRows(
    "skin_collections",
    ["skin_id", "collection_id"],
    catalogue.skinCollections.map((r) => [r.skinId, r.collectionId]),
    "ON CONFLICT DO NOTHING",
  ),
  ];
}

export function demoLoadoutStatements(catalogue: Catalogue): string[] {
  const loadouts = buildDemoLoadouts(catalogue);
  return [

    ...insertRows(
      "official_loadouts",
      ["id", "title", "description", "created_at", "updated_at"],
      loadouts.map((l) => [l.id, l.title, l.description, l.createdAt, l.createdAt]),
      "ON CONFLICT DO NOTHING",
    ),
    ...insertRows(
      "official_loadout_slots",
      ["loadout_id", "slot", "skin_id", "wear"],
      loadouts.flatMap((l) => l.slots.map((s) => [l.id, s.slot, s.skinId, s.wear])),
      "ON CONFLICT DO NOTHING",
    ),
  ];
}

export function demoCraftStatements(catalogue: Catalogue): string[] {
  const crafts = buildDemoCrafts(catalogue);
  return [

    ...insertRows(
      "sticker_crafts",
      ["id", "name", "description", "skin_id", "external_craft_link", "created_at", "updated_at"],
      crafts.map((c) => [c.id, c.name, c.description, c.skinId, c.externalCraftLink, c.createdAt, c.createdAt]),
      "ON CONFLICT DO NOTHING",
    ),
    ...insertRows(
      "sticker_craft_stickers",
      ["craft_id", "name", "image", "price_cents", "external_link", "position", "last_updated"],
      crafts.flatMap((c) => c.stickers.map((s) => [c.id, s.name, s.image, s.priceCents, s.externalLink, s.position, c.createdAt])),
      "ON CONFLICT DO NOTHING",
    ),
  ];
}

export { buildCatalogue };
