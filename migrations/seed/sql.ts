// Turns the catalogue and the demo content into idempotent SQL. Used by the seed command and by
// the integration tests, which seed the same data into their own D1.
import { searchKey } from "../../app/domain/catalogue.ts";
import { PRICE_MARKETS } from "../../app/domain/markets.ts";
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

/**
 * A sticker, container or key row that exists keeps its price; one still without a price (rows the
 * migration that added prices left at 0) takes the demo price, while no price job has priced it.
 */
const DEMO_PRICE_UNTIL_PRICED = (table: string) =>
  `price_cents = CASE WHEN ${table}.price_source = 'demo' AND ${table}.price_cents = 0 THEN excluded.price_cents ELSE ${table}.price_cents END,
      last_price_update = coalesce(${table}.last_price_update, excluded.last_price_update)`;

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
        "id",
        "name",
        "search_key",
        "image",
        "description",
        "weapon",
        "rarity",
        "rarity_color",
        "min_float",
        "max_float",
        "stattrak",
        "souvenir",
        "last_price_update",
        "price_source",
      ],
      catalogue.skins.map((s) => [
        s.id,
        s.name,
        s.searchKey,
        s.image,
        s.description,
        s.weapon,
        s.rarity,
        s.rarityColor,
        s.minFloat,
        s.maxFloat,
        s.stattrak,
        s.souvenir,
        now,
        "demo",
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
      "case_keys",
      ["id", "name", "image", "price_cents", "last_price_update", "price_source"],
      catalogue.keys.map((k) => [k.id, k.name, k.image, k.priceCents, now, "demo"]),
      `ON CONFLICT(id) DO UPDATE SET name = excluded.name, image = excluded.image, ${DEMO_PRICE_UNTIL_PRICED("case_keys")}`,
    ),
    ...insertRows(
      "crates",
      ["id", "name", "image", "slug", "kind", "key_id", "price_cents", "last_price_update", "price_source"],
      catalogue.crates.map((c) => [c.id, c.name, c.image, c.slug, c.kind, c.keyId, c.priceCents, now, "demo"]),
      `ON CONFLICT(id) DO UPDATE SET name = excluded.name, image = excluded.image, slug = excluded.slug, kind = excluded.kind, key_id = excluded.key_id,
      ${DEMO_PRICE_UNTIL_PRICED("crates")}`,
    ),
    ...insertRows(
      "collections",
      ["id", "name", "image", "slug"],
      catalogue.collections.map((c) => [c.id, c.name, c.image, c.slug]),
      "ON CONFLICT(id) DO UPDATE SET name = excluded.name, image = excluded.image, slug = excluded.slug",
    ),
    ...insertRows(
      "stickers",
      ["id", "name", "search_key", "image", "category", "price_cents", "last_price_update", "price_source"],
      catalogue.stickers.map((s) => [s.id, s.name, searchKey(s.name), s.image, s.category, s.priceCents, now, "demo"]),
      `ON CONFLICT(id) DO UPDATE SET name = excluded.name, search_key = excluded.search_key, image = excluded.image, category = excluded.category,
      ${DEMO_PRICE_UNTIL_PRICED("stickers")}`,
    ),
    ...insertRows(
      "vanilla_knives",
      ["id", "name", "image", "price_cents", "stattrak_price_cents", "last_price_update", "price_source"],
      catalogue.vanillaKnives.map((k) => [k.id, k.name, k.image, k.priceCents, k.stattrakPriceCents, now, "demo"]),
      `ON CONFLICT(id) DO UPDATE SET name = excluded.name, image = excluded.image`,
    ),
    ...insertRows(
      "crate_vanilla_knives",
      ["crate_id", "knife_id"],
      catalogue.crateVanillaKnives.map((r) => [r.crateId, r.knifeId]),
      "ON CONFLICT DO NOTHING",
    ),
    ...insertRows(
      "skin_crates",
      ["skin_id", "crate_id", "special"],
      catalogue.skinCrates.map((r) => [r.skinId, r.crateId, r.special]),
      "ON CONFLICT(skin_id, crate_id) DO UPDATE SET special = excluded.special",
    ),
    ...insertRows(
      "crate_stickers",
      ["crate_id", "sticker_id"],
      catalogue.crateStickers.map((r) => [r.crateId, r.stickerId]),
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

/**
 * A per-row number in 0..999 from the row's skin id and wear, in SQL: SQLite has no hash function,
 * so it mixes the id's length, a few of its characters and the wear. Deterministic, and varied
 * enough that neighbouring skins do not move in step.
 */
/** A day's move from today's price in per mille: a trend, a weekly to three-weekly swing and a jitter. */
function historyPermille(seed: string): string {
  const period = `(7 + ${seed} % 15)`;
  return `(
      (${seed} % 301 - 150) * d.n / 90
      + (abs(((d.n + ${seed}) % ${period}) * 2 - ${period}) * 2 - ${period}) * (20 + ${seed} % 61) / ${period}
      + (d.n * 7919 + ${seed} * 104729) % 31 - 15
    )`;
}

function sqlSeed(skin: string, wear: string, extra = "0"): string {
  return `((${extra} + length(${skin}) * 7919 + unicode(substr(${skin}, 1, 1)) * 131 + unicode(substr(${skin}, -1, 1)) * 977
    + unicode(substr(${skin}, length(${skin}) / 2 + 1, 1)) * 313 + unicode(substr(${skin}, -2, 1)) * 59
    + instr('FNMWFTWWBS', ${wear}) * 2909) % 1000)`;
}

/**
 * Demo StatTrak and Souvenir prices (StatTrak 1.6 to 2.5 times, Souvenir 1.5 to 4 times the normal
 * price of the wear), only while skin_variant_prices is empty and never over a row a price job wrote.
 */
export function demoVariantPriceStatements(): string[] {
  const seed = sqlSeed("w.skin_id", "w.wear");
  return [
    `INSERT INTO skin_variant_prices (skin_id, variant, wear, price_cents)
SELECT w.skin_id, v.variant, w.wear,
  w.price_cents * (CASE v.variant WHEN 'stattrak' THEN 1600 + ${seed} * 900 / 999 ELSE 1500 + ${seed} * 2500 / 999 END) / 1000
FROM skin_wears w
JOIN skins s ON s.id = w.skin_id
JOIN (SELECT 'stattrak' AS variant UNION ALL SELECT 'souvenir') v
  ON (v.variant = 'stattrak' AND s.stattrak = 1) OR (v.variant = 'souvenir' AND s.souvenir = 1)
WHERE w.enabled = 1 AND w.price_cents > 0 AND NOT EXISTS (SELECT 1 FROM skin_variant_prices)
ON CONFLICT DO NOTHING;`,
  ];
}

/** A demo market's price as permille of the default price (`market`: a column or a quoted name). */
function marketPermille(seed: string, market: string): string {
  return `CASE ${market}
    WHEN 'steam' THEN 1150 + ${seed} * 17 % 250
    WHEN 'buff163' THEN CASE ${seed} % 3 WHEN 0 THEN 1000 ELSE 1010 + ${seed} * 7 % 45 END
    WHEN 'csfloat' THEN CASE ${seed} % 3 WHEN 1 THEN 1000 ELSE 1012 + ${seed} * 11 % 60 END
    ELSE CASE ${seed} % 3 WHEN 2 THEN 1000 ELSE 1040 + ${seed} * 13 % 90 END END`;
}

/** Whether a demo market has a price for the item at all. */
function marketPresent(seed: string, market: string): string {
  return `NOT (${market} = 'csfloat' AND ${seed} % 3 <> 1 AND ${seed} % 10 = 3)`;
}

/** Each demo market's permille of the item, or NULL where it has no price (`steam_f`, ...). */
function marketFactorColumns(seed: string): string {
  return PRICE_MARKETS.map((market) => `CASE WHEN ${marketPresent(seed, `'${market}'`)} THEN ${marketPermille(seed, `'${market}'`)} END AS ${market}_f`).join(
    ",\n  ",
  );
}

/** The seeds of the demo market prices (of a row `p`), shared by the prices and the history. */
const skinMarketSeed = sqlSeed("p.skin_id", "p.wear", "instr('normal stattrak souvenir', p.variant) * 4027");
const itemMarketSeed = sqlSeed("(p.kind || ':' || p.item_id)", "'FN'", "instr('sticker crate key vanilla_knife', p.kind) * 4027");

/** The history's market columns of a row whose default price that day is `cents`. */
const marketHistoryValues = (cents: string) => PRICE_MARKETS.map((market) => `max(1, ${cents} * ${market}_f / 1000)`).join(", ");
const MARKET_HISTORY_COLUMNS = PRICE_MARKETS.map((market) => `${market}_cents`).join(", ");

/**
 * Demo market prices (docs/features/price-feed.md, "Markets"): every priced skin wear and variant,
 * sticker, container, key and vanilla knife on at least three markets, deterministic. One of
 * Buff163, CSFloat and Skinport is the cheapest at the default price exactly (so the default stays
 * the cheapest listing); the other two are 1 to 13 % dearer, Steam 15 to 40 % (Steam's wallet money
 * cannot be cashed out, so its prices run higher); CSFloat has no price for one item in ten of those
 * it is not the cheapest for. Only into empty tables, updated `now`.
 */
export function demoMarketPriceStatements(now: number): string[] {
  const factor = (seed: string) => marketPermille(seed, "m.market");
  const present = (seed: string) => marketPresent(seed, "m.market");
  const markets = `(SELECT 'steam' AS market UNION ALL SELECT 'skinport' UNION ALL SELECT 'csfloat' UNION ALL SELECT 'buff163') m`;
  const skinSeed = skinMarketSeed;
  const itemSeed = itemMarketSeed;
  return [
    `INSERT INTO skin_market_prices (skin_id, variant, wear, market, price_cents, updated_at)
WITH p(skin_id, variant, wear, price_cents) AS (
  SELECT skin_id, 'normal', wear, price_cents FROM skin_wears WHERE enabled = 1 AND price_cents > 0
  UNION ALL
  SELECT skin_id, variant, wear, price_cents FROM skin_variant_prices WHERE price_cents > 0
)
SELECT p.skin_id, p.variant, p.wear, m.market, max(1, p.price_cents * (${factor(skinSeed)}) / 1000), ${now}
FROM p, ${markets}
WHERE ${present(skinSeed)} AND NOT EXISTS (SELECT 1 FROM skin_market_prices)
ON CONFLICT DO NOTHING;`,
    `INSERT INTO item_market_prices (kind, item_id, market, price_cents, updated_at)
WITH p(kind, item_id, price_cents) AS (
  SELECT 'sticker', id, price_cents FROM stickers WHERE price_cents > 0
  UNION ALL
  SELECT 'crate', id, price_cents FROM crates WHERE price_cents > 0
  UNION ALL
  SELECT 'key', id, price_cents FROM case_keys WHERE price_cents > 0
  UNION ALL
  SELECT 'vanilla_knife', id, price_cents FROM vanilla_knives WHERE price_cents > 0
  UNION ALL
  SELECT 'vanilla_knife_stattrak', id, stattrak_price_cents FROM vanilla_knives WHERE stattrak_price_cents > 0
)
SELECT p.kind, p.item_id, m.market, max(1, p.price_cents * (${factor(itemSeed)}) / 1000), ${now}
FROM p, ${markets}
WHERE ${present(itemSeed)} AND NOT EXISTS (SELECT 1 FROM item_market_prices)
ON CONFLICT DO NOTHING;`,
  ];
}

/**
 * Demo price history: `days` UTC days ending today for every priced wear and variant (normal from
 * skin_wears, StatTrak and Souvenir from skin_variant_prices) and every priced sticker, container and
 * key (into item_price_history), generated inside SQLite by one
 * INSERT ... SELECT over a recursive CTE of days, only while its table is empty. Today's row
 * is the current price; earlier days add a per-series trend (up to ±15 % over 90 days), a weekly
 * to three-weekly swing (±2 to ±8 %) and a daily jitter (±1.5 %), all in integer per mille.
 */
export function demoPriceHistoryStatements(days: number): string[] {
  if (!Number.isInteger(days) || days < 1) throw new Error(`Cannot backfill ${days} days`);
  // The variant joins the mix, so a skin's StatTrak line does not copy its normal one.
  // The same seed as the market prices' (worked out once per series, in f).
  const permille = historyPermille("f.seed");
  // Stickers, containers and keys the same way, into item_price_history while it is empty.
  return [
    `INSERT INTO item_price_history (kind, item_id, day, price_cents, ${MARKET_HISTORY_COLUMNS})
WITH RECURSIVE d(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM d WHERE n < ${days - 1}),
p(kind, item_id, price_cents) AS (
  SELECT 'sticker', id, price_cents FROM stickers WHERE price_cents > 0
  UNION ALL
  SELECT 'crate', id, price_cents FROM crates WHERE price_cents > 0
  UNION ALL
  SELECT 'key', id, price_cents FROM case_keys WHERE price_cents > 0
),
f AS MATERIALIZED (SELECT p.*, ${itemMarketSeed} AS seed, ${marketFactorColumns(itemMarketSeed)} FROM p),
h AS (
  SELECT f.*, date('now', '-' || d.n || ' days') AS day,
    CASE WHEN d.n = 0 THEN f.price_cents ELSE max(1, f.price_cents * (1000 + ${permille}) / 1000) END AS cents
  FROM f, d
)
SELECT kind, item_id, day, cents, ${marketHistoryValues("cents")}
FROM h
WHERE NOT EXISTS (SELECT 1 FROM item_price_history)
ON CONFLICT DO NOTHING;`,
    `INSERT INTO price_history (skin_id, variant, wear, day, price_cents, ${MARKET_HISTORY_COLUMNS})
WITH RECURSIVE d(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM d WHERE n < ${days - 1}),
p(skin_id, variant, wear, price_cents) AS (
  SELECT skin_id, 'normal', wear, price_cents FROM skin_wears WHERE enabled = 1 AND price_cents > 0
  UNION ALL
  SELECT skin_id, variant, wear, price_cents FROM skin_variant_prices WHERE price_cents > 0
),
f AS MATERIALIZED (SELECT p.*, ${skinMarketSeed} AS seed, ${marketFactorColumns(skinMarketSeed)} FROM p),
h AS (
  SELECT f.*, date('now', '-' || d.n || ' days') AS day,
    CASE WHEN d.n = 0 THEN f.price_cents ELSE max(1, f.price_cents * (1000 + ${permille}) / 1000) END AS cents
  FROM f, d
)
SELECT skin_id, variant, wear, day, cents, ${marketHistoryValues("cents")}
FROM h
WHERE NOT EXISTS (SELECT 1 FROM price_history)
ON CONFLICT DO NOTHING;`,
  ];
}
