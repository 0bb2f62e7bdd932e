// Each weapon case's stored expected value (ADR 086), as the seed writes it: the weapon cases' items,
// their skins' prices and their vanilla knives' (docs/features/trade-ups.md) read in the seed's own SQL (the Worker reads the same with drizzle,
// `app/server/features/case-values.server.ts`), valued by the rule both share.
import { caseExpectedValues, itemPricesFromJson } from "../../app/domain/case-odds.ts";

/** Read after the seed's writes, so prices a price job wrote count. */
export const CASE_VALUE_INPUTS_SQL = {
  items: `SELECT sc.crate_id AS crateId, sc.skin_id AS skinId, sc.special AS special, s.rarity AS rarity
FROM skin_crates sc JOIN crates c ON c.id = sc.crate_id JOIN skins s ON s.id = sc.skin_id
WHERE c.kind = 'weapon_case'`,
  skins: `SELECT s.id AS id, s.min_float AS minFloat, s.max_float AS maxFloat, s.stattrak AS stattrak,
  (SELECT json_group_object(wear, price_cents) FROM skin_wears WHERE skin_id = s.id AND enabled = 1 AND price_cents > 0) AS normalPrices,
  (SELECT json_group_object(wear, price_cents) FROM skin_variant_prices WHERE skin_id = s.id AND variant = 'stattrak' AND price_cents > 0) AS stattrakPrices
FROM skins s
WHERE s.id IN (SELECT sc.skin_id FROM skin_crates sc JOIN crates c ON c.id = sc.crate_id WHERE c.kind = 'weapon_case')`,
  vanillaKnives: `SELECT cv.crate_id AS crateId, k.price_cents AS priceCents, k.stattrak_price_cents AS stattrakPriceCents
FROM crate_vanilla_knives cv JOIN crates c ON c.id = cv.crate_id JOIN vanilla_knives k ON k.id = cv.knife_id
WHERE c.kind = 'weapon_case'`,
} as const;

/** The rows of CASE_VALUE_INPUTS_SQL as D1 answers them (booleans as 0 and 1). */
export interface CaseValueInputs {
  items: { crateId: number; skinId: string; special: number; rarity: string }[];
  skins: { id: string; minFloat: number; maxFloat: number; stattrak: number; normalPrices: string | null; stattrakPrices: string | null }[];
  vanillaKnives: { crateId: number; priceCents: number; stattrakPriceCents: number }[];
}

/** Replaces the stored expected value of every weapon case by one worked out from these rows. */
export function caseValueStatements({ items, skins, vanillaKnives }: CaseValueInputs, now: number): string[] {
  const values = caseExpectedValues(
    items.map((item) => ({ ...item, special: item.special === 1 })),
    skins.map((skin) => ({ ...skin, stattrak: skin.stattrak === 1, prices: itemPricesFromJson(skin.normalPrices, skin.stattrakPrices) })),
    vanillaKnives.map(({ crateId, ...prices }) => ({ crateId, prices })),
  );
  const rows = [...values].map(([crateId, value]) => `(${crateId}, ${value.expectedCents}, ${value.coverage}, ${now})`);
  return [
    "DELETE FROM case_values;",
    ...(rows.length ? [`INSERT INTO case_values (crate_id, expected_cents, coverage, updated_at) VALUES\n${rows.join(",\n")};`] : []),
  ];
}
