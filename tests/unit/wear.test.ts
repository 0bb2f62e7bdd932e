import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  enabledWears,
  floatBarBands,
  formatFloat,
  floatMarker,
  floatPercent,
  floatRangeSpan,
  floatRangeText,
  isWearEnabled,
  parseFloatInput,
  wearBandText,
  wearForFloat,
  wearPriceLabel,
  WEAR_BANDS,
} from "~/domain/wear";
import { US_DOLLARS } from "~/domain/money";

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
    expect(wearPriceLabel(undefined, US_DOLLARS)).toBe("Not possible");
    expect(wearPriceLabel({ enabled: false, priceCents: 1234 }, US_DOLLARS)).toBe("Not possible");
    expect(wearPriceLabel({ enabled: true, priceCents: 0 }, US_DOLLARS)).toBe("No Data");
    expect(wearPriceLabel({ enabled: true, priceCents: 1234 }, US_DOLLARS)).toBe("$12.34");
  });
});

describe("the float bar", () => {
  it("places floats on the 0 to 1 scale in percent, clamped to it", () => {
    expect(floatPercent(0)).toBe(0);
    expect(floatPercent(0.07)).toBe(7);
    expect(floatPercent(0.3799)).toBe(37.99);
    expect(floatPercent(1)).toBe(100);
    expect(floatPercent(-0.5)).toBe(0);
    expect(floatPercent(3)).toBe(100);
    expect(floatPercent(Number.NaN)).toBe(0);
  });

  it("draws the five bands side by side over the whole scale", () => {
    const bands = floatBarBands(0, 1);
    expect(bands.map(({ wear, start, width }) => [wear, start, width])).toEqual([
      ["FN", 0, 7],
      ["MW", 7, 8],
      ["FT", 15, 23],
      ["WW", 38, 7],
      ["BS", 45, 55],
    ]);
    expect(bands.reduce((sum, band) => sum + band.width, 0)).toBe(100);
  });

  it("names each band with its floats and price, and 'Not possible' outside the skin's range", () => {
    // AK-47 | Redline: 0.10 to 0.70, no Factory New; Minimal Wear has no price yet.
    const wears = [
      { wear: "FN" as const, enabled: false, price: "Not possible" },
      { wear: "MW" as const, enabled: true, price: "No Data" },
      { wear: "FT" as const, enabled: true, price: "$26.93" },
      { wear: "WW" as const, enabled: true, price: "$22.62" },
      { wear: "BS" as const, enabled: true, price: "$19.39" },
    ];
    expect(floatBarBands(0.1, 0.7, wears).map((band) => [band.possible, band.text])).toEqual([
      [false, "Factory New (0.00–0.07): Not possible"],
      [true, "Minimal Wear (0.07–0.15): No Data"],
      [true, "Field-Tested (0.15–0.38): $26.93"],
      [true, "Well-Worn (0.38–0.45): $22.62"],
      [true, "Battle-Scarred (0.45–1.00): $19.39"],
    ]);
  });

  it("calls a band not possible when its wear is not enabled, even inside the range", () => {
    const wears = [{ wear: "FT" as const, enabled: false, price: "$1.00" }];
    const ft = floatBarBands(0, 1, wears).find((band) => band.wear === "FT")!;
    expect(ft).toMatchObject({ possible: false, text: "Field-Tested (0.15–0.38): Not possible" });
    // Wears it was not told about are not possible either.
    expect(floatBarBands(0, 1, wears).filter((band) => band.possible)).toEqual([]);
  });

  it("without prices, names the possible bands by their floats alone", () => {
    expect(floatBarBands(0.4, 0.42).map((band) => band.text)).toEqual([
      "Factory New (0.00–0.07): Not possible",
      "Minimal Wear (0.07–0.15): Not possible",
      "Field-Tested (0.15–0.38): Not possible",
      "Well-Worn (0.38–0.45)",
      "Battle-Scarred (0.45–1.00): Not possible",
    ]);
  });

  it("spans the skin's range and says it in words", () => {
    expect(floatRangeSpan(0.1, 0.7)).toEqual({ start: 10, width: 60 });
    expect(floatRangeSpan(0, 0.8)).toEqual({ start: 0, width: 80 });
    expect(floatRangeSpan(0.7, 0.1)).toEqual({ start: 10, width: 60 });
    expect(floatRangeText(0, 0.8)).toBe("Float range 0.00 to 0.80");
    expect(floatRangeText(0.06, 0.76)).toBe("Float range 0.06 to 0.76");
    expect(wearBandText("BS")).toBe("0.45–1.00");
  });

  it("marks a float with its wear, and says when it is outside the skin's range", () => {
    expect(floatMarker(0.2, 0.1, 0.7)).toEqual({ value: 0.2, percent: 20, wear: "FT", inRange: true, text: "Float 0.2000 (Field-Tested)" });
    expect(floatMarker(0.05, 0.1, 0.7)).toMatchObject({
      percent: 5,
      wear: "FN",
      inRange: false,
      text: "Float 0.0500 (Factory New), outside this skin's range",
    });
    expect(floatMarker(0.7, 0.1, 0.7)).toMatchObject({ inRange: true, wear: "BS" });
    expect(floatMarker(1, 0, 1)).toMatchObject({ percent: 100, wear: "BS" });
  });

  it("shows a float just below a band edge in its own band, not as the edge", () => {
    expect(floatMarker(0.149999, 0, 1)?.text).toBe("Float 0.1499 (Minimal Wear)");
    expect(floatMarker(0.0699999, 0, 1)?.text).toBe("Float 0.0699 (Factory New)");
    expect(floatMarker(0.15, 0, 1)?.text).toBe("Float 0.1500 (Field-Tested)");
  });

  it.each([null, undefined, -0.1, 1.5, Number.NaN])("marks nothing for %s", (value) => {
    expect(floatMarker(value, 0, 1)).toBeNull();
  });

  it.each([
    ["0.2", 0.2],
    [" 0.15 ", 0.15],
    ["1", 1],
    ["", null],
    ["   ", null],
    ["abc", null],
    [null, null],
  ] as const)("reads the float field %j as %s", (text, value) => {
    expect(parseFloatInput(text)).toBe(value);
  });
});

describe("a float as the pages show it: cut, not rounded, to 4 decimals", () => {
  it.each([
    [0.149999, "0.1499"],
    [0.07, "0.0700"],
    [1, "1.0000"],
    [0, "0.0000"],
    [0.123456, "0.1234"],
    [0.29, "0.2900"],
    [0.4499999999, "0.4499"],
    [0.38, "0.3800"],
    [1e-7, "0.0000"],
  ])("%s -> %s", (value, text) => {
    expect(formatFloat(value)).toBe(text);
  });

  it("cuts to 6 decimals where a page shows 6 (the trade-up's outcome floats)", () => {
    expect(formatFloat(0.192, 6)).toBe("0.192000");
    expect(formatFloat(0.37999999, 6)).toBe("0.379999");
    expect(formatFloat(5e-7, 6)).toBe("0.000000");
  });

  it("shows every float in [0, 1] as a number in the float's own wear band, at most 1e-4 below it", () => {
    const edgeNeighbours = fc
      .constantFrom(...Object.values(WEAR_BANDS).flatMap(({ min, max }) => [min, max]))
      .chain((edge) => fc.integer({ min: -5, max: 5 }).map((steps) => Math.min(1, Math.max(0, edge + steps * Number.EPSILON))));
    fc.assert(
      fc.property(fc.oneof(fc.double({ min: 0, max: 1, noNaN: true }), edgeNeighbours), (value) => {
        const shown = Number(formatFloat(value));
        expect(formatFloat(value)).toMatch(/^[01]\.\d{4}$/);
        expect(wearForFloat(shown)).toBe(wearForFloat(value));
        expect(shown).toBeLessThanOrEqual(value);
        expect(value - shown).toBeLessThan(1e-4);
        expect(wearForFloat(Number(formatFloat(value, 6)))).toBe(wearForFloat(value));
      }),
    );
  });
});
