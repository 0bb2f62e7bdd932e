import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CASE_TIER_ODDS,
  caseExpectedValue,
  caseExpectedValues,
  caseItemOdds,
  caseOddsMisfitText,
  caseReturnPercent,
  caseValue,
  isFullyCovered,
  itemDropValue,
  vanillaKnifeDropValue,
  wearOdds,
} from "~/domain/case-odds";
import { WEARS } from "~/domain/wear";

const item = (rarity: string, special = false) => ({ rarity, special });

describe("case odds", () => {
  it("worked example: the published odds shared equally within each tier", () => {
    const items = [
      ...Array.from({ length: 7 }, () => item("Mil-Spec")),
      ...Array.from({ length: 5 }, () => item("Restricted")),
      ...Array.from({ length: 3 }, () => item("Classified")),
      ...Array.from({ length: 2 }, () => item("Covert")),
      ...Array.from({ length: 20 }, () => item("Extraordinary", true)),
    ];
    const result = caseItemOdds(items);
    if (!result.fits) throw new Error("a case of all five tiers fits");
    const odds = result.items;
    expect(odds[0]!.odds).toBeCloseTo(0.7992 / 7, 12);
    expect(odds[7]!.odds).toBeCloseTo(0.1598 / 5, 12);
    expect(odds[12]!.odds).toBeCloseTo(0.032 / 3, 12);
    expect(odds[15]!.odds).toBeCloseTo(0.0064 / 2, 12);
    expect(odds[17]!.odds).toBeCloseTo(0.0026 / 20, 12);
    expect(odds[17]!.tier).toBe("Rare Special Item");
  });

  it("worked example: the Anubis Collection Package's items do not fit, and are refused rather than rescaled", () => {
    // Its 19 skins: 5 Consumer Grade, 4 Industrial Grade, 4 Mil-Spec, 3 Restricted, 2 Classified, 1
    // Covert, no rare special item. Rescaled, its Covert came to 0.0064 / 0.9974 = 0.642 % under a
    // heading of 0.640 %, and its Consumer and Industrial skins were dropped.
    const anubis = [
      ...Array.from({ length: 5 }, () => item("Consumer Grade")),
      ...Array.from({ length: 4 }, () => item("Industrial Grade")),
      ...Array.from({ length: 4 }, () => item("Mil-Spec")),
      ...Array.from({ length: 3 }, () => item("Restricted")),
      ...Array.from({ length: 2 }, () => item("Classified")),
      item("Covert"),
    ];
    const result = caseItemOdds(anubis);
    expect(result).toEqual({ fits: false, misfit: { missingTiers: ["Rare Special Item"], untieredRarities: ["Consumer Grade", "Industrial Grade"] } });
    if (result.fits) return;
    expect(caseOddsMisfitText(result.misfit)).toBe(
      "Its items do not fit the odds published for weapon cases (no Rare Special Item item; Consumer Grade, Industrial Grade items, which no tier names), so no odds or expected value are shown.",
    );
    const priced = anubis.map((entry) => ({ ...entry, minFloat: 0, maxFloat: 1, stattrak: false, prices: { normal: {}, stattrak: {} } }));
    expect(caseValue(priced).fits).toBe(false);
  });

  it("refuses an item whose rarity the published odds do not name", () => {
    // Names every object has included: they are no tier either.
    const full = [item("Mil-Spec"), item("Restricted"), item("Classified"), item("Covert"), item("Extraordinary", true)];
    expect(caseItemOdds(full).fits).toBe(true);
    expect(caseItemOdds([...full, item("Consumer Grade"), item("constructor"), item("toString")])).toEqual({
      fits: false,
      misfit: { missingTiers: [], untieredRarities: ["Consumer Grade", "constructor", "toString"] },
    });
  });

  it("each item's odds are its tier's published odds over the tier's items, and sum to 1, for any case with all five tiers; any other is refused", () => {
    const rarities = fc.constantFrom("Mil-Spec", "Restricted", "Classified", "Covert");
    const full = [item("Mil-Spec"), item("Restricted"), item("Classified"), item("Covert"), item("Extraordinary", true)];
    fc.assert(
      fc.property(fc.array(fc.record({ rarity: rarities, special: fc.boolean() }), { maxLength: 60 }), (extra) => {
        const result = caseItemOdds([...full, ...extra]);
        if (!result.fits) throw new Error("a case of all five tiers fits");
        expect(result.items.reduce((sum, entry) => sum + entry.odds, 0)).toBeCloseTo(1, 9);
        for (const tier of ["Mil-Spec", "Restricted", "Classified", "Covert", "Rare Special Item"] as const) {
          const members = result.items.filter((entry) => entry.tier === tier);
          for (const entry of members) expect(entry.odds).toBe(CASE_TIER_ODDS[tier] / members.length);
        }
        const missing = caseItemOdds(extra);
        const tiers = new Set(extra.map((entry) => (entry.special ? "special" : entry.rarity)));
        expect(missing.fits).toBe(tiers.size === 5);
      }),
    );
  });
});

describe("vanilla knives among the rare special items", () => {
  const finish = (rarity: string, special = false) => ({ rarity, special, minFloat: 0, maxFloat: 1, stattrak: true, prices: { normal: {}, stattrak: {} } });
  const vanilla = (priceCents: number, stattrakPriceCents: number) => ({ prices: { priceCents, stattrakPriceCents } });
  /** The Operation Phoenix Weapon Case's shape: 5 / 4 / 3 / 2 skins, 46 knife finishes and the 4 vanilla knives cs2-lib lists. */
  const phoenix = [
    ...Array.from({ length: 5 }, () => finish("Mil-Spec")),
    ...Array.from({ length: 4 }, () => finish("Restricted")),
    ...Array.from({ length: 3 }, () => finish("Classified")),
    ...Array.from({ length: 2 }, () => finish("Covert")),
    ...Array.from({ length: 46 }, () => finish("Extraordinary", true)),
  ];

  it("worked example: 46 knife finishes and 4 vanilla knives share the 0.26 % by 50, as the game does (not by 46)", () => {
    const knives = [vanilla(40_000, 50_000), vanilla(10_000, 0), vanilla(0, 0), vanilla(0, 20_000)];
    const value = caseValue(phoenix, knives);
    if (!value.fits) throw new Error("the Phoenix case fits");
    const special = [...value.items.filter((entry) => entry.tier === "Rare Special Item"), ...value.vanillaKnives];
    expect(special).toHaveLength(50);
    for (const entry of special) expect(entry.odds).toBe(0.0026 / 50);
    expect(value.vanillaKnives.map((entry) => entry.tier)).toEqual(Array(4).fill("Rare Special Item"));
    // The other tiers keep their odds; all of them sum to 1.
    expect(value.items[0]!.odds).toBe(0.7992 / 5);
    expect([...value.items, ...value.vanillaKnives].reduce((sum, entry) => sum + entry.odds, 0)).toBeCloseTo(1, 12);
    // Only the vanilla knives are priced: 90 % normal + 10 % StatTrak™ each, counted where known.
    expect(value.vanillaKnives.map((entry) => [entry.valueCents, entry.coverage])).toEqual([
      [0.9 * 40_000 + 0.1 * 50_000, 1],
      [0.9 * 10_000, 0.9],
      [0, 0],
      [0.1 * 20_000, 0.1],
    ]);
    expect(value.expectedCents).toBeCloseTo((0.0026 / 50) * (41_000 + 9_000 + 0 + 2_000), 9);
    expect(value.coverage).toBeCloseTo((0.0026 / 50) * (1 + 0.9 + 0 + 0.1), 12);
    expect(vanillaKnifeDropValue({ priceCents: 65_000, stattrakPriceCents: 80_000 })).toEqual({ valueCents: 0.9 * 65_000 + 0.1 * 80_000, coverage: 1 });
  });

  it("a case whose only rare special items are vanilla knives still has the tier; without any, it has none", () => {
    const tiers = phoenix.filter((entry) => !entry.special);
    const value = caseValue(tiers, [vanilla(100, 200)]);
    expect(value.fits && value.vanillaKnives[0]!.odds).toBe(0.0026);
    expect(caseValue(tiers).fits).toBe(false);
  });

  it("property: whatever the mix of finishes and vanilla knives, each tier's items share its odds equally and all of them sum to 1", () => {
    const count = fc.integer({ min: 1, max: 12 });
    fc.assert(
      fc.property(count, count, count, count, fc.nat({ max: 60 }), fc.nat({ max: 6 }), (milSpec, restricted, classified, covert, finishes, knives) => {
        fc.pre(finishes + knives > 0);
        const items = [
          ...Array.from({ length: milSpec }, () => finish("Mil-Spec")),
          ...Array.from({ length: restricted }, () => finish("Restricted")),
          ...Array.from({ length: classified }, () => finish("Classified")),
          ...Array.from({ length: covert }, () => finish("Covert")),
          ...Array.from({ length: finishes }, () => finish("Extraordinary", true)),
        ];
        const value = caseValue(
          items,
          Array.from({ length: knives }, () => vanilla(1, 1)),
        );
        if (!value.fits) throw new Error("a case of all five tiers fits");
        const all = [...value.items, ...value.vanillaKnives];
        expect(all.reduce((sum, entry) => sum + entry.odds, 0)).toBeCloseTo(1, 9);
        for (const tier of ["Mil-Spec", "Restricted", "Classified", "Covert", "Rare Special Item"] as const) {
          const members = all.filter((entry) => entry.tier === tier);
          for (const entry of members) expect(entry.odds).toBe(CASE_TIER_ODDS[tier] / members.length);
        }
        expect(value.vanillaKnives.every((entry) => entry.odds === CASE_TIER_ODDS["Rare Special Item"] / (finishes + knives))).toBe(true);
      }),
    );
  });
});

describe("wear odds of a uniform drop float", () => {
  it("worked example: AK-47 | Redline (0.10 to 0.70)", () => {
    const odds = wearOdds(0.1, 0.7);
    expect(odds.FN).toBe(0);
    expect(odds.MW).toBeCloseTo(0.05 / 0.6, 12);
    expect(odds.FT).toBeCloseTo(0.23 / 0.6, 12);
    expect(odds.WW).toBeCloseTo(0.07 / 0.6, 12);
    expect(odds.BS).toBeCloseTo(0.25 / 0.6, 12);
  });

  it("sums to 1 and gives no chance to a wear outside the range", () => {
    const float = fc.double({ min: 0, max: 1, noNaN: true });
    fc.assert(
      fc.property(float, float, (a, b) => {
        const [min, max] = a <= b ? [a, b] : [b, a];
        const odds = wearOdds(min, max);
        expect(WEARS.reduce((sum, wear) => sum + odds[wear], 0)).toBeCloseTo(1, 9);
      }),
    );
  });
});

describe("expected value", () => {
  it("worked example: an item priced in some wears only, with StatTrak", () => {
    // 0.00 to 0.15: FN 7/15, MW 8/15. Normal FN $10, MW $5; StatTrak FN $30, MW unpriced.
    const value = itemDropValue({ minFloat: 0, maxFloat: 0.15, stattrak: true }, { normal: { FN: 1000, MW: 500 }, stattrak: { FN: 3000 } });
    expect(value.valueCents).toBeCloseTo((7 / 15) * 0.9 * 1000 + (8 / 15) * 0.9 * 500 + (7 / 15) * 0.1 * 3000, 9);
    expect(value.coverage).toBeCloseTo(1 - (8 / 15) * 0.1, 12);
    const ev = caseExpectedValue([
      { odds: 0.5, valueCents: 100, coverage: 1 },
      { odds: 0.5, valueCents: 0, coverage: 0 },
    ]);
    expect(ev).toEqual({ expectedCents: 50, coverage: 0.5 });
  });

  it("worked example: every wear and variant priced is fully covered, though the float sum falls short of 1", () => {
    // A 0.06 to 0.80 StatTrak™ item (Operation Phoenix's), every wear priced both ways: the shares of
    // the wears times 0.9 and 0.1 add up to 0.9999999999999999, which the case page showed as
    // "priced for 100.00 % of its drops".
    const all = { FN: 100, MW: 100, FT: 100, WW: 100, BS: 100 };
    const { coverage } = itemDropValue({ minFloat: 0.06, maxFloat: 0.8, stattrak: true }, { normal: all, stattrak: all });
    expect(coverage).toBe(0.9999999999999999);
    expect(isFullyCovered(coverage)).toBe(true);
    expect(isFullyCovered(1)).toBe(true);
    // A wear left unpriced is not: Battle-Scarred StatTrak™ alone is 0.1 × 0.36 / 0.74 of the drops.
    const { coverage: short } = itemDropValue({ minFloat: 0.06, maxFloat: 0.8, stattrak: true }, { normal: all, stattrak: { ...all, BS: undefined } });
    expect(isFullyCovered(short)).toBe(false);
    expect(isFullyCovered(0.999)).toBe(false);
  });

  it("return against case and key, only when their prices are known", () => {
    expect(caseReturnPercent(150, 100, 200, true)).toBe(50);
    expect(caseReturnPercent(150, 100, null, false)).toBe(150);
    expect(caseReturnPercent(150, 100, null, true)).toBeNull();
    expect(caseReturnPercent(150, null, 200, true)).toBeNull();
  });
});

describe("every case's expected value at once", () => {
  const skin = (id: string, normal: Partial<Record<(typeof WEARS)[number], number>>, stattrak = false) => ({
    id,
    minFloat: 0,
    maxFloat: 1,
    stattrak,
    prices: { normal, stattrak: {} },
  });

  it("worked example: two cases sharing skins, a skin the catalogue does not have, a case with no known skin, a case that does not fit", () => {
    // 0 to 1: FN 7 %, MW 8 %, FT 23 %, WW 7 %, BS 55 %. Priced only Battle-Scarred, $1.
    const shared = skin("shared", { BS: 100 });
    const covert = skin("covert", { FN: 10_000, MW: 10_000, FT: 10_000, WW: 10_000, BS: 10_000 });
    const unpriced = ["restricted", "classified", "knife"].map((id) => skin(id, {}));
    const tiers = (crateId: number) => [
      { crateId, skinId: "restricted", rarity: "Restricted", special: false },
      { crateId, skinId: "classified", rarity: "Classified", special: false },
      { crateId, skinId: "knife", rarity: "Extraordinary", special: true },
    ];
    const values = caseExpectedValues(
      [
        { crateId: 1, skinId: "shared", rarity: "Mil-Spec", special: false },
        { crateId: 1, skinId: "covert", rarity: "Covert", special: false },
        ...tiers(1),
        { crateId: 2, skinId: "shared", rarity: "Mil-Spec", special: false },
        { crateId: 2, skinId: "not-in-the-catalogue", rarity: "Mil-Spec", special: false },
        { crateId: 2, skinId: "covert", rarity: "Covert", special: false },
        ...tiers(2),
        ...["Mil-Spec", "Restricted", "Classified", "Covert"].map((rarity) => ({ crateId: 3, skinId: "not-in-the-catalogue", rarity, special: false })),
        { crateId: 3, skinId: "not-in-the-catalogue", rarity: "Extraordinary", special: true },
        { crateId: 4, skinId: "shared", rarity: "Mil-Spec", special: false },
        { crateId: 4, skinId: "covert", rarity: "Covert", special: false },
      ],
      [shared, covert, ...unpriced],
    );
    // Case 1: Mil-Spec 79.92 % all on the shared skin, Covert 0.64 % on the priced one.
    expect(values.get(1)!.expectedCents).toBeCloseTo(0.7992 * 0.55 * 100 + 0.0064 * 10_000, 9);
    expect(values.get(1)!.coverage).toBeCloseTo(0.7992 * 0.55 + 0.0064, 12);
    // Case 2: the unknown skin takes half the Mil-Spec odds, unpriced, not matched to another.
    expect(values.get(2)!.expectedCents).toBeCloseTo((0.7992 / 2) * 0.55 * 100 + 0.0064 * 10_000, 9);
    expect(values.get(2)!.coverage).toBeCloseTo((0.7992 / 2) * 0.55 + 0.0064, 12);
    expect(values.has(3)).toBe(false);
    // Case 4 has two tiers of five: no value rather than rescaled odds.
    expect(values.has(4)).toBe(false);
  });

  it("property: the same figures as each case valued on its own", () => {
    const rarities = ["Mil-Spec", "Restricted", "Classified", "Covert"];
    const price = fc.option(fc.integer({ min: 1, max: 1_000_000 }), { nil: undefined });
    const prices = fc.record({ FN: price, MW: price, FT: price, WW: price, BS: price });
    const skins = fc.uniqueArray(
      fc.record({
        id: fc.string({ minLength: 1, maxLength: 4 }),
        minFloat: fc.double({ min: 0, max: 0.5, noNaN: true }),
        maxFloat: fc.double({ min: 0.5, max: 1, noNaN: true }),
        stattrak: fc.boolean(),
        normal: prices,
        stattrakPrices: prices,
      }),
      { minLength: 4, maxLength: 12, selector: (s) => s.id },
    );
    const knifePrice = fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 1_000_000 }));
    const knives = fc.array(
      fc.record({ crateId: fc.integer({ min: 1, max: 4 }), prices: fc.record({ priceCents: knifePrice, stattrakPriceCents: knifePrice }) }),
      {
        maxLength: 8,
      },
    );
    fc.assert(
      fc.property(
        skins,
        fc.array(fc.tuple(fc.integer({ min: 1, max: 4 }), fc.nat(), fc.boolean()), { minLength: 1, maxLength: 30 }),
        knives,
        (catalogue, drops, vanilla) => {
          // Skin i is of the i-th rarity in turn; cases 1 to 3 hold all five tiers, case 4 what it draws.
          const known = catalogue.map((s, index) => ({
            ...s,
            rarity: rarities[index % rarities.length]!,
            prices: { normal: definedOnly(s.normal), stattrak: definedOnly(s.stattrakPrices) },
          }));
          const drop = (crateId: number, index: number, special: boolean) => ({ crateId, skinId: known[index]!.id, rarity: known[index]!.rarity, special });
          const items = [
            ...[1, 2, 3].flatMap((crateId) => [0, 1, 2, 3].map((index) => drop(crateId, index, false)).concat(drop(crateId, 0, true))),
            ...drops.map(([crateId, index, special]) => drop(crateId, index % known.length, special)),
          ];
          const values = caseExpectedValues(items, known, vanilla);
          for (const crateId of new Set(items.map((entry) => entry.crateId))) {
            const alone = caseValue(
              items.filter((entry) => entry.crateId === crateId).map((entry) => ({ ...known.find((s) => s.id === entry.skinId)!, special: entry.special })),
              vanilla.filter((knife) => knife.crateId === crateId),
            );
            expect(values.has(crateId)).toBe(alone.fits);
            if (!alone.fits) continue;
            expect(values.get(crateId)!.expectedCents).toBeCloseTo(alone.expectedCents, 6);
            expect(values.get(crateId)!.coverage).toBeCloseTo(alone.coverage, 12);
          }
        },
      ),
    );
  });
});

function definedOnly<T>(record: Record<string, T | undefined>): Record<string, T> {
  return Object.fromEntries(Object.entries(record).filter((entry): entry is [string, T] => entry[1] !== undefined));
}
