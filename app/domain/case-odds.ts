import { WEAR_BANDS, WEARS, type Wear } from "./wear.ts";

/*
 * What opening a weapon case gives, and what that is worth (docs/features/trade-ups.md, "Opening a
 * case", has the sources): the odds Valve published for every weapon case, by rarity, shared equally
 * among a rarity's items, the rare special items (knife and glove finishes, and the knives without
 * a finish that Counter-Strike 2 lists among them, as @ianlucas/cs2-lib 7.33.1 gives them) included;
 * a 10 % chance of StatTrak for an item that has a StatTrak version; and the drop float drawn
 * uniformly from the item's float range.
 */

/** The published odds of each tier of a weapon case. */
export const CASE_TIER_ODDS = {
  "Mil-Spec": 0.7992,
  Restricted: 0.1598,
  Classified: 0.032,
  Covert: 0.0064,
  "Rare Special Item": 0.0026,
} as const;
export type CaseTier = keyof typeof CASE_TIER_ODDS;
export const CASE_TIERS = Object.keys(CASE_TIER_ODDS) as CaseTier[];

/** The chance that an item with a StatTrak version drops as StatTrak. */
export const STATTRAK_ODDS = 0.1;

/** The tier an item of a case falls in; null for a rarity the published odds do not name. */
export function caseTier(rarity: string, special: boolean): CaseTier | null {
  if (special) return "Rare Special Item";
  return Object.hasOwn(CASE_TIER_ODDS, rarity) && rarity !== "Rare Special Item" ? (rarity as CaseTier) : null;
}

/** Why a case's items do not fit the published odds: tiers it has no item of, rarities of its items that are no tier. */
export interface CaseOddsMisfit {
  missingTiers: CaseTier[];
  untieredRarities: string[];
}

/**
 * Each tier's odds, shared equally among its items. The published odds are for a case with items
 * in all five tiers and none outside them (every weapon case of the catalogue); other items are
 * refused with what does not fit rather than dropped, and the tiers present are never rescaled.
 */
export function caseItemOdds<T extends { rarity: string; special: boolean }>(
  items: readonly T[],
): { fits: true; items: { item: T; tier: CaseTier; odds: number }[] } | { fits: false; misfit: CaseOddsMisfit } {
  const counts = new Map<CaseTier, number>();
  const untiered = new Set<string>();
  for (const item of items) {
    const tier = caseTier(item.rarity, item.special);
    if (tier) counts.set(tier, (counts.get(tier) ?? 0) + 1);
    else untiered.add(item.rarity);
  }
  const missingTiers = CASE_TIERS.filter((tier) => !counts.has(tier));
  if (missingTiers.length > 0 || untiered.size > 0) return { fits: false, misfit: { missingTiers, untieredRarities: [...untiered] } };
  return {
    fits: true,
    items: items.map((item) => {
      const tier = caseTier(item.rarity, item.special)!;
      return { item, tier, odds: CASE_TIER_ODDS[tier] / counts.get(tier)! };
    }),
  };
}

/** What a page says of a case whose items do not fit the published odds. */
export function caseOddsMisfitText({ missingTiers, untieredRarities }: CaseOddsMisfit): string {
  const reasons = [
    ...(missingTiers.length ? [`no ${missingTiers.join(", ")} item`] : []),
    ...(untieredRarities.length ? [`${untieredRarities.join(", ")} items, which no tier names`] : []),
  ];
  return `Its items do not fit the odds published for weapon cases (${reasons.join("; ")}), so no odds or expected value are shown.`;
}

/**
 * The chance of each wear when the float is drawn uniformly from [minFloat, maxFloat]: the share
 * of the range each wear's band covers. A range of one point is that point's wear.
 */
export function wearOdds(minFloat: number, maxFloat: number): Record<Wear, number> {
  const span = maxFloat - minFloat;
  const odds = Object.fromEntries(WEARS.map((wear) => [wear, 0])) as Record<Wear, number>;
  if (span <= 0) {
    const wear = WEARS.find((w) => minFloat < WEAR_BANDS[w].max) ?? "BS";
    odds[wear] = 1;
    return odds;
  }
  for (const wear of WEARS) {
    const band = WEAR_BANDS[wear];
    odds[wear] = Math.max(0, Math.min(maxFloat, band.max) - Math.max(minFloat, band.min)) / span;
  }
  return odds;
}

/** An item's prices: each wear's normal and StatTrak price in cents, absent where none is known. */
export interface ItemPrices {
  normal: Partial<Record<Wear, number>>;
  stattrak: Partial<Record<Wear, number>>;
}

/** One variant's prices from the JSON object D1 answers (`{"FN": 1234, ...}`); absent or unpriced wears are left out. */
function pricesFromJson(json: string | null): Partial<Record<Wear, number>> {
  const prices: Partial<Record<Wear, number>> = {};
  if (!json) return prices;
  const parsed: unknown = JSON.parse(json);
  if (typeof parsed !== "object" || parsed === null) return prices;
  // A loop over the five wears: the price job parses some 2,400 of these a run.
  for (const wear of WEARS) {
    const cents: unknown = (parsed as Record<string, unknown>)[wear];
    if (typeof cents === "number" && cents > 0) prices[wear] = cents;
  }
  return prices;
}

/** An item's prices from its normal and StatTrak price objects as JSON text (null: none known). */
export function itemPricesFromJson(normal: string | null, stattrak: string | null): ItemPrices {
  return { normal: pricesFromJson(normal), stattrak: pricesFromJson(stattrak) };
}

/**
 * What one item is worth when it drops: the sum over wears and variants of their chance times
 * their price, over the ones with a price; `coverage` is the share of the item's chances that have
 * one (1 when every wear and variant it can drop in is priced).
 */
export function itemDropValue(item: { minFloat: number; maxFloat: number; stattrak: boolean }, prices: ItemPrices): { valueCents: number; coverage: number } {
  const wears = wearOdds(item.minFloat, item.maxFloat);
  const variants = item.stattrak
    ? [
        { odds: 1 - STATTRAK_ODDS, price: prices.normal },
        { odds: STATTRAK_ODDS, price: prices.stattrak },
      ]
    : [{ odds: 1, price: prices.normal }];
  let valueCents = 0;
  let coverage = 0;
  for (const wear of WEARS) {
    for (const variant of variants) {
      const chance = wears[wear] * variant.odds;
      const price = variant.price[wear];
      if (chance === 0 || price === undefined) continue;
      valueCents += chance * price;
      coverage += chance;
    }
  }
  return { valueCents, coverage };
}

/**
 * A vanilla knife's prices (a knife without a finish, `★ Karambit`): normal and StatTrak™, in cents;
 * 0 (or less) when none is known. It has no wear, so one price each.
 */
export interface VanillaKnifePrices {
  priceCents: number;
  stattrakPriceCents: number;
}

/**
 * What a vanilla knife is worth when it drops: it comes as StatTrak™ one time in ten like every
 * knife of a weapon case, so 90 % of its normal price plus 10 % of its StatTrak™ price, each counted
 * (in value and coverage) only when known.
 */
export function vanillaKnifeDropValue(prices: VanillaKnifePrices): { valueCents: number; coverage: number } {
  let valueCents = 0;
  let coverage = 0;
  for (const [odds, price] of [
    [1 - STATTRAK_ODDS, prices.priceCents],
    [STATTRAK_ODDS, prices.stattrakPriceCents],
  ] as const) {
    if (price <= 0) continue;
    valueCents += odds * price;
    coverage += odds;
  }
  return { valueCents, coverage };
}

/**
 * How a vanilla knife counts in a case's odds: a rare special item, sharing the 0.26 % equally with
 * the case's knife and glove finishes (cs2-lib lists it among the case's specials, as the game's
 * items_game.txt does).
 */
export const VANILLA_KNIFE_TIER_ITEM = { rarity: "Extraordinary", special: true } as const;

/** How far below 1 a coverage may fall from rounding alone. */
const COVERAGE_TOLERANCE = 1e-6;

/**
 * Whether a coverage (a share of the odds with a price, a sum of float products) is all of it:
 * within a millionth of 1. Fully priced wears of a 0.06 to 0.80 StatTrak™-able item sum to
 * 0.9999999999999999, which is not below 1 by anything a page could show.
 */
export function isFullyCovered(coverage: number): boolean {
  return coverage >= 1 - COVERAGE_TOLERANCE;
}

/** The expected value of one opening, and the share of the odds it covers. */
export function caseExpectedValue(items: readonly { odds: number; valueCents: number; coverage: number }[]): { expectedCents: number; coverage: number } {
  return {
    expectedCents: items.reduce((sum, item) => sum + item.odds * item.valueCents, 0),
    coverage: items.reduce((sum, item) => sum + item.odds * item.coverage, 0),
  };
}

/** Return of one opening as a percentage of what it costs (case plus key); null while a price is missing. */
export function caseReturnPercent(expectedCents: number, casePriceCents: number | null, keyPriceCents: number | null, needsKey: boolean): number | null {
  if (casePriceCents === null || (needsKey && keyPriceCents === null)) return null;
  const cost = casePriceCents + (needsKey ? (keyPriceCents ?? 0) : 0);
  return cost > 0 ? (expectedCents / cost) * 100 : null;
}

/** A chance as a percentage with enough decimals to tell small ones apart ("79.92 %", "0.011 %"). */
export function formatChance(probability: number): string {
  const percent = probability * 100;
  const digits = percent >= 1 || percent === 0 ? 2 : percent >= 0.01 ? 3 : 4;
  return `${percent.toFixed(digits)} %`;
}

/**
 * Every item of a weapon case with its odds and worth, and the expected value of one opening; the
 * misfit when its items do not fit the odds. `vanillaKnives` are the case's knives without a finish,
 * rare special items beside the finishes (`VANILLA_KNIFE_TIER_ITEM`), each valued by
 * `vanillaKnifeDropValue`.
 */
export function caseValue<
  T extends { rarity: string; special: boolean; minFloat: number; maxFloat: number; stattrak: boolean; prices: ItemPrices },
  V extends { prices: VanillaKnifePrices },
>(items: readonly T[], vanillaKnives: readonly V[] = []) {
  const odds = caseItemOdds<{ rarity: string; special: boolean }>([...items, ...vanillaKnives.map(() => VANILLA_KNIFE_TIER_ITEM)]);
  if (!odds.fits) return odds;
  // caseItemOdds keeps the order: the finishes first, then the vanilla knives.
  const valued = items.map((item, index) => {
    const { tier, odds: chance } = odds.items[index]!;
    return { item, tier, odds: chance, ...itemDropValue(item, item.prices) };
  });
  const vanilla = vanillaKnives.map((knife, index) => {
    const { tier, odds: chance } = odds.items[items.length + index]!;
    return { knife, tier, odds: chance, ...vanillaKnifeDropValue(knife.prices) };
  });
  return { fits: true as const, items: valued, vanillaKnives: vanilla, ...caseExpectedValue([...valued, ...vanilla]) };
}

/** A weapon case's expected value of one opening and the share of its odds that has prices. */
export interface CaseExpectedValue {
  expectedCents: number;
  coverage: number;
}

/**
 * The expected value of every weapon case at once, from which skins each case drops and every one
 * of those skins with its prices, and which vanilla knives each case drops with their prices: the
 * same figures as `caseValue` case by case, with each skin's drop value worked out once however
 * many cases drop it. A skin missing from `skins` counts as unpriced; a case without a known skin,
 * or whose items do not fit the odds, is absent.
 */
export function caseExpectedValues(
  items: readonly { crateId: number; skinId: string; rarity: string; special: boolean }[],
  skins: readonly { id: string; minFloat: number; maxFloat: number; stattrak: boolean; prices: ItemPrices }[],
  vanillaKnives: readonly { crateId: number; prices: VanillaKnifePrices }[] = [],
): Map<number, CaseExpectedValue> {
  const dropValues = new Map(skins.map((skin) => [skin.id, itemDropValue(skin, skin.prices)]));
  const unpriced = { valueCents: 0, coverage: 0 };
  const itemsByCase = new Map<number, { rarity: string; special: boolean; drop: { valueCents: number; coverage: number } }[]>();
  const known = new Set<number>();
  const add = (crateId: number, item: { rarity: string; special: boolean; drop: { valueCents: number; coverage: number } }) => {
    const list = itemsByCase.get(crateId) ?? [];
    list.push(item);
    itemsByCase.set(crateId, list);
  };
  for (const item of items) {
    const drop = dropValues.get(item.skinId);
    if (drop) known.add(item.crateId);
    add(item.crateId, { rarity: item.rarity, special: item.special, drop: drop ?? unpriced });
  }
  for (const knife of vanillaKnives) add(knife.crateId, { ...VANILLA_KNIFE_TIER_ITEM, drop: vanillaKnifeDropValue(knife.prices) });
  const values = new Map<number, CaseExpectedValue>();
  for (const [crateId, caseItems] of itemsByCase) {
    const odds = caseItemOdds(caseItems);
    if (!known.has(crateId) || !odds.fits) continue;
    values.set(crateId, caseExpectedValue(odds.items.map(({ item, odds: chance }) => ({ odds: chance, ...item.drop }))));
  }
  return values;
}
