import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { caseExpectedValue, caseItemOdds, caseReturnPercent, itemDropValue, wearOdds } from "~/domain/case-odds";
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

  it("return against case and key, only when their prices are known", () => {
    expect(caseReturnPercent(150, 100, 200, true)).toBe(50);
    expect(caseReturnPercent(150, 100, null, false)).toBe(150);
    expect(caseReturnPercent(150, 100, null, true)).toBeNull();
    expect(caseReturnPercent(150, null, 200, true)).toBeNull();
  });
});
