import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { caseExpectedValue, caseExpectedValues, caseItemOdds, caseReturnPercent, caseValue, isFullyCovered, itemDropValue, wearOdds } from "~/domain/case-odds";
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
    const odds = caseItemOdds(items);
    expect(odds[0]!.odds).toBeCloseTo(0.7992 / 7, 12);
    expect(odds[7]!.odds).toBeCloseTo(0.1598 / 5, 12);
    expect(odds[12]!.odds).toBeCloseTo(0.032 / 3, 12);
    expect(odds[15]!.odds).toBeCloseTo(0.0064 / 2, 12);
    expect(odds[17]!.odds).toBeCloseTo(0.0026 / 20, 12);
    expect(odds[17]!.tier).toBe("Rare Special Item");
  });

  it("leaves out an item whose rarity the published odds do not name", () => {
    // Names every object has included: they are no tier either.
    const odds = caseItemOdds([item("Mil-Spec"), item("Consumer Grade"), item("constructor"), item("toString")]);
    expect(odds.map((entry) => [entry.tier, entry.odds])).toEqual([["Mil-Spec", 1]]);
  });

  it("sums to 1 for any case with at least one tier", () => {
    const rarities = fc.constantFrom("Mil-Spec", "Restricted", "Classified", "Covert");
    fc.assert(
      fc.property(fc.array(fc.record({ rarity: rarities, special: fc.boolean() }), { minLength: 1, maxLength: 60 }), (items) => {
        expect(caseItemOdds(items).reduce((sum, entry) => sum + entry.odds, 0)).toBeCloseTo(1, 9);
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

  it("worked example: two cases sharing a skin, a skin the catalogue does not price, a case with no known skin", () => {
    // 0 to 1: FN 7 %, MW 8 %, FT 23 %, WW 7 %, BS 55 %. Priced only Battle-Scarred, $1.
    const shared = skin("shared", { BS: 100 });
    const covert = skin("covert", { FN: 10_000, MW: 10_000, FT: 10_000, WW: 10_000, BS: 10_000 });
    const values = caseExpectedValues(
      [
        { crateId: 1, skinId: "shared", rarity: "Mil-Spec", special: false },
        { crateId: 1, skinId: "covert", rarity: "Covert", special: false },
        { crateId: 2, skinId: "shared", rarity: "Mil-Spec", special: false },
        { crateId: 2, skinId: "not-in-the-catalogue", rarity: "Restricted", special: false },
        { crateId: 3, skinId: "not-in-the-catalogue", rarity: "Mil-Spec", special: false },
      ],
      [shared, covert],
    );
    // Case 1 has two tiers: Mil-Spec 0.7992 and Covert 0.0064 of their sum.
    const milSpec = 0.7992 / (0.7992 + 0.0064);
    const covertOdds = 0.0064 / (0.7992 + 0.0064);
    expect(values.get(1)!.expectedCents).toBeCloseTo(milSpec * 0.55 * 100 + covertOdds * 10_000, 9);
    expect(values.get(1)!.coverage).toBeCloseTo(milSpec * 0.55 + covertOdds, 12);
    // Case 2: the unknown skin is left out, not matched to another.
    expect(values.get(2)!.expectedCents).toBeCloseTo(55, 9);
    expect(values.get(2)!.coverage).toBeCloseTo(0.55, 12);
    expect(values.has(3)).toBe(false);
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
        rarity: fc.constantFrom(...rarities),
        normal: prices,
        stattrakPrices: prices,
      }),
      { minLength: 1, maxLength: 12, selector: (s) => s.id },
    );
    fc.assert(
      fc.property(skins, fc.array(fc.tuple(fc.integer({ min: 1, max: 4 }), fc.nat(), fc.boolean()), { minLength: 1, maxLength: 30 }), (catalogue, drops) => {
        const known = catalogue.map((s) => ({ ...s, prices: { normal: definedOnly(s.normal), stattrak: definedOnly(s.stattrakPrices) } }));
        const items = drops.map(([crateId, index, special]) => {
          const dropped = known[index % known.length]!;
          return { crateId, skinId: dropped.id, rarity: dropped.rarity, special };
        });
        const values = caseExpectedValues(items, known);
        for (const crateId of new Set(items.map((entry) => entry.crateId))) {
          const alone = caseValue(
            items.filter((entry) => entry.crateId === crateId).map((entry) => ({ ...known.find((s) => s.id === entry.skinId)!, special: entry.special })),
          );
          expect(values.get(crateId)!.expectedCents).toBeCloseTo(alone.expectedCents, 6);
          expect(values.get(crateId)!.coverage).toBeCloseTo(alone.coverage, 12);
        }
      }),
    );
  });
});

function definedOnly<T>(record: Record<string, T | undefined>): Record<string, T> {
  return Object.fromEntries(Object.entries(record).filter((entry): entry is [string, T] => entry[1] !== undefined));
}
