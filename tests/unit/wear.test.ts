import { describe, expect, it } from "vitest";
import { enabledWears, isWearEnabled, wearForFloat, wearPriceLabel, WEAR_BANDS } from "~/domain/wear";

describe("wear bands", () => {
  it("cover 0 to 1 without gaps, in the spec's order", () => {
    expect(WEAR_BANDS).toEqual({
      FN: { min: 0, max: 0.07 },
      MW: { min: 0.07, max: 0.15 },
      FT: { min: 0.15, max: 0.38 },
      WW: { min: 0.38, max: 0.45 },
      BS: { min: 0.45, max: 1 },
    });
  });

  it.each([
    [0, "FN"],
    [0.069, "FN"],
    [0.07, "MW"],
    [0.1499, "MW"],
    [0.15, "FT"],
    [0.3799, "FT"],
    [0.38, "WW"],
    [0.45, "BS"],
    [0.99, "BS"],
    [1, "BS"],
  ] as const)("float %f is %s", (value, wear) => {
    expect(wearForFloat(value)).toBe(wear);
  });

  it.each([-0.01, 1.01, Number.NaN])("float %f has no wear", (value) => {
    expect(wearForFloat(value)).toBeNull();
  });
});

describe("enabled wears", () => {
  it("a full-range skin has all five", () => {
    expect(enabledWears(0, 1)).toEqual(["FN", "MW", "FT", "WW", "BS"]);
  });

  it("AK-47 | Redline (0.10-0.70) has no Factory New", () => {
    expect(enabledWears(0.1, 0.7)).toEqual(["MW", "FT", "WW", "BS"]);
  });

  it("a range touching a band's edge does not enable that band", () => {
    expect(isWearEnabled("MW", 0, 0.07)).toBe(false);
    expect(isWearEnabled("FN", 0.07, 0.5)).toBe(false);
    expect(enabledWears(0, 0.07)).toEqual(["FN"]);
  });

  it("a narrow range inside one band enables only that band", () => {
    expect(enabledWears(0.4, 0.42)).toEqual(["WW"]);
  });
});

describe("wear price label", () => {
  it("says 'Not possible' outside the float range, 'No Data' without a price, else the price", () => {
    expect(wearPriceLabel(undefined)).toBe("Not possible");
    expect(wearPriceLabel({ enabled: false, priceCents: 1234 })).toBe("Not possible");
    expect(wearPriceLabel({ enabled: true, priceCents: 0 })).toBe("No Data");
    expect(wearPriceLabel({ enabled: true, priceCents: 1234 })).toBe("$12.34");
  });
});
