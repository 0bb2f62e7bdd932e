import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { PriceChart } from "~/components/PriceChart";
import { chartLayout, dayXPercent, nearestDay, priceYPercent } from "~/domain/chart-positions";
import { buildChartModel, priceDomain, priceTicks } from "~/domain/price-chart";
import { CURRENCY_CODES, toMinorUnits, type Rate } from "~/domain/currency";
import fc from "fast-check";
import {
  describeSummary,
  investedByDay,
  longDay,
  parsePriceRange,
  priceOrNoData,
  rangeDays,
  summarisePrices,
  utcDay,
  valuesByDay,
  carriedIntoToday,
  historyWording,
} from "~/domain/price-history";
import { historyMarketLinks, marketName, PRICE_MARKETS } from "~/domain/markets";
import { moneyFor, US_DOLLARS } from "~/domain/money";

describe("the range in the URL", () => {
  it("accepts 7, 30 and 90 and turns anything else into 30", () => {
    expect(parsePriceRange("7")).toBe(7);
    expect(parsePriceRange("90")).toBe(90);
    for (const value of [null, undefined, "", "abc", "365", "07", "30.0", " 7", "-7", "1e1"]) expect(parsePriceRange(value)).toBe(30);
  });

  it("covers the range's UTC days, oldest first, ending with the given day (across a month and a year)", () => {
    expect(rangeDays(7, "2026-03-02")).toEqual(["2026-02-24", "2026-02-25", "2026-02-26", "2026-02-27", "2026-02-28", "2026-03-01", "2026-03-02"]);
    const ninety = rangeDays(90, "2027-01-15");
    expect(ninety).toHaveLength(90);
    expect(ninety[0]).toBe("2026-10-18");
    expect(ninety.at(-1)).toBe("2027-01-15");
    ninety.reverse();
    expect(rangeDays(90, "2027-01-15")[0]).toBe("2026-10-18");
    expect(utcDay(Date.UTC(2026, 10, 23, 23, 59))).toBe("2026-11-23");
    expect(longDay("2026-11-03")).toBe("Nov 3, 2026");
  });
});

describe("min, average and max of a range", () => {
  it("uses only the days with a price and rounds the average to the cent", () => {
    expect(summarisePrices([100, null, 201, 300, null])).toEqual({ minCents: 100, avgCents: 200, maxCents: 300, days: 3 });
    expect(summarisePrices([1, 2])).toEqual({ minCents: 1, avgCents: 2, maxCents: 2, days: 2 });
    expect(summarisePrices([null, null])).toBeNull();
    expect(describeSummary({ minCents: 2410, avgCents: 2652, maxCents: 2846, days: 30 }, 30, US_DOLLARS)).toBe(
      "lowest $24.10, average $26.52, highest $28.46 over 30 days",
    );
  });

  it("places rows on their days: a missing day or a price of 0 is a gap", () => {
    const days = ["2026-11-01", "2026-11-02", "2026-11-03"];
    expect(
      valuesByDay(days, [
        { day: "2026-11-03", priceCents: 5 },
        { day: "2026-11-01", priceCents: 0 },
        { day: "2026-10-31", priceCents: 9 },
      ]),
    ).toEqual([null, null, 5]);
  });

  it("carries the portfolio's latest value into today until today's first snapshot, and no further back", () => {
    expect(carriedIntoToday([700, 800, null])).toEqual([700, 800, 800]);
    expect(carriedIntoToday([700, 800, 900])).toEqual([700, 800, 900]);
    expect(carriedIntoToday([700, null, null])).toEqual([700, null, null]);
    expect(carriedIntoToday([null, 700, null, 800])).toEqual([null, 700, null, 800]);
    expect(carriedIntoToday([null])).toEqual([null]);
  });

  it("counts an investment from the day it was bought", () => {
    const days = ["2026-11-01", "2026-11-02", "2026-11-03"];
    expect(
      investedByDay(days, [
        { boughtAt: "2026-11-02", buyPriceCents: 500 },
        { boughtAt: "2026-01-01", buyPriceCents: 100 },
      ]),
    ).toEqual([100, 600, 600]);
  });

  it("counts an item held at $0 as $0.00 invested, a day without holdings (before the first, after the last sale) as no data", () => {
    const days = ["2026-11-24", "2026-11-25", "2026-11-26", "2026-11-27", "2026-11-28"];
    expect(
      investedByDay(days, [
        { boughtAt: "2026-11-25", buyPriceCents: 1050, soldAt: "2026-11-27" },
        { boughtAt: "2026-11-26", buyPriceCents: 0 },
      ]),
    ).toEqual([null, 1050, 1050, 0, 0]);
    expect(investedByDay(days, [{ boughtAt: "2026-11-25", buyPriceCents: 1050, soldAt: "2026-11-27" }])).toEqual([null, 1050, 1050, null, null]);
  });
});

describe("chart geometry", () => {
  const days = rangeDays(5, "2026-11-05");

  it("pads the price extent by 8 %; a flat line still gets room", () => {
    expect(priceDomain([2410, 2846, null])).toEqual([2375, 2881]);
    const [low, high] = priceDomain([1000, 1000])!;
    expect(low).toBeLessThan(1000);
    expect(high).toBeGreaterThan(1000);
    expect(priceDomain([null])).toBeNull();
  });

  it("spans the width with the days and puts the highest price at the top, the lowest near the bottom", () => {
    const model = buildChartModel(days, [{ key: "FT", label: "Field-Tested", values: [2000, 2500, 3000, 2500, 2000] }])!;
    expect(days.map((_, i) => dayXPercent(i, days.length))).toEqual([0, 25, 50, 75, 100]);
    const [series] = model.series;
    expect(series!.path.startsWith("M0,")).toBe(true);
    expect(series!.path.split("L")).toHaveLength(5);
    // The tooltip's marker sits where the path's points are.
    const heights = series!.values.map((cents) => priceYPercent(cents!, model.domain));
    const pathHeights = series!.path
      .split(/[ML]/)
      .filter(Boolean)
      .map((point) => Number(point.split(",")[1]) / 3);
    heights.forEach((height, i) => expect(height).toBeCloseTo(pathHeights[i]!, 1));
    expect(heights[2]).toBeLessThan(heights[1]!);
    expect(heights[0]).toBe(heights[4]);
    expect(heights.every((y) => y >= 0 && y <= 100)).toBe(true);
  });

  it("labels ticks in dollars, whole dollars without cents, and always labels the last day", () => {
    const { yTicks } = chartLayout(buildChartModel(days, [{ key: "FT", label: "Field-Tested", values: [2000, 2500, 3000, 2500, 2000] }])!, US_DOLLARS);
    expect(yTicks.map((tick) => tick.label)).toEqual(["$20", "$22", "$24", "$26", "$28", "$30"]);
    expect(yTicks.map((tick) => tick.percent)).toEqual([...yTicks.map((tick) => tick.percent)].sort((a, b) => b - a));
    const ninetyDays = rangeDays(90, "2026-11-23");
    const ninety = chartLayout(buildChartModel(ninetyDays, [{ key: "FT", label: "FT", values: Array(90).fill(123) }])!, US_DOLLARS);
    expect(ninety.days).toEqual(ninetyDays);
    expect(ninety.xTicks.length).toBeGreaterThanOrEqual(5);
    expect(ninety.xTicks.length).toBeLessThanOrEqual(7);
    expect(ninety.xTicks.at(-1)).toEqual({ percent: 100, label: "Nov 23" });
    expect(ninety.yTicks.some((tick) => tick.label.includes("."))).toBe(true);
  });

  it("breaks the line at days without a price and draws a lone day as a dot", () => {
    const model = buildChartModel(days, [{ key: "FT", label: "Field-Tested", values: [1000, 1100, null, 1200, null] }])!;
    const [series] = model.series;
    expect(series!.path.match(/M/g)).toHaveLength(2);
    expect(series!.dots).toMatch(/^M750,[\d.]+h0$/);
    expect(series!.values[2]).toBeNull();
  });

  it("shares one price scale between series and has no chart without any price", () => {
    const model = buildChartModel(days, [
      { key: "value", label: "Value", values: [100, 200, 300, 400, 500] },
      { key: "invested", label: "Invested", values: [300, 300, 300, 300, 300] },
    ])!;
    expect(model.series[1]!.path.split("L")[0]).toBe(`M0,${model.series[0]!.path.split("L")[2]!.split(",")[1]}`);
    expect(buildChartModel(days, [{ key: "FT", label: "FT", values: [null, null, null, null, null] }])).toBeNull();
    expect(buildChartModel(["2026-11-05"], [{ key: "FT", label: "FT", values: [700] }])!.series[0]!.dots).toMatch(/^M500,/);
    expect(dayXPercent(0, 1)).toBe(50);
  });
});

describe("the chart's positions in the browser", () => {
  it("finds the day nearest to the pointer", () => {
    expect([0, 12, 13, 49, 63, 100, 140, -5].map((percent) => nearestDay(percent, 5))).toEqual([0, 0, 1, 2, 3, 4, 4, 0]);
    expect(nearestDay(80, 1)).toBe(0);
  });

  it("puts the domain's highest price at the top and its lowest at the bottom", () => {
    expect(priceYPercent(3000, [1000, 3000])).toBe(0);
    expect(priceYPercent(1000, [1000, 3000])).toBe(100);
    expect(priceYPercent(1500, [1000, 3000])).toBe(75);
  });
});

describe("the chart's table", () => {
  it("writes its rows as the HTML React renders for the same cells", () => {
    const days = rangeDays(3, "2026-11-05");
    const model = buildChartModel(days, [
      { key: "value", label: "Value", values: [123456, null, 99] },
      { key: "invested", label: "Invested", values: [100, 100, 100] },
    ])!;
    const html = renderToString(createElement(PriceChart, { model, title: "Chart", description: "Prices." }));
    const rows = days.map((day, i) =>
      createElement("tr", { key: day, className: "border-t border-line" }, [
        createElement("th", { key: "day", scope: "row", className: "px-2 py-1 font-normal" }, longDay(day)),
        ...model.series.map((series) => createElement("td", { key: series.key, className: "px-2 py-1" }, priceOrNoData(series.values[i] ?? null, US_DOLLARS))),
      ]),
    );
    expect(/<tbody>.*<\/tbody>/.exec(html)?.[0]).toBe(renderToString(createElement("tbody", null, rows)));
    expect(html).toContain('<th scope="row" class="px-2 py-1 font-normal">Nov 4, 2026</th><td class="px-2 py-1">No data</td><td class="px-2 py-1">$1.00</td>');
  });
});

describe("price ticks in the page's currency", () => {
  const euro: Rate = { currency: "EUR", perUsd: 0.8537, date: "2026-11-30" };

  it("are round amounts of the currency, not converted round dollars", () => {
    const ticks = priceTicks([2000, 3000], euro);
    // $20.00 to $30.00 is €17.07 to €25.61: the ticks are €18, €20, €22, €24.
    expect(ticks.map((cents) => toMinorUnits(cents, euro))).toEqual([1800, 2000, 2200, 2400]);
    const model = buildChartModel(["2026-11-29", "2026-11-30"], [{ key: "FT", label: "FT", values: [2100, 2900] }], euro)!;
    expect(chartLayout(model, moneyFor(euro)).yTicks.map((tick) => tick.label)).toEqual(["€18", "€20", "€22", "€24"]);
    expect(priceTicks([2000, 3000])).toEqual([2000, 2200, 2400, 2600, 2800, 3000]);
  });

  it("property: each tick is within the chart's prices and reads back as the round amount it was made from", () => {
    const rates = fc.record({
      currency: fc.constantFrom(...CURRENCY_CODES),
      perUsd: fc.double({ min: 0.1, max: 40, noNaN: true }),
      date: fc.constant("2026-11-30"),
    });
    fc.assert(
      fc.property(rates, fc.integer({ min: 0, max: 5_000_000 }), fc.integer({ min: 1, max: 5_000_000 }), (rate: Rate, low, span) => {
        const ticks = priceTicks([low, low + span], rate);
        expect(ticks.length).toBeGreaterThan(0);
        for (const cents of ticks) {
          expect(cents).toBeGreaterThanOrEqual(low - 1e-6);
          expect(cents).toBeLessThanOrEqual(low + span + 1e-6);
        }
        const minor = ticks.map((cents) => toMinorUnits(cents, rate));
        const steps = minor.slice(1).map((value, i) => value - minor[i]!);
        // Evenly spaced in the currency: every step the same amount.
        for (const step of steps) expect(Math.abs(step - steps[0]!)).toBeLessThanOrEqual(1);
      }),
    );
  });
});

describe("how a price history names what it charts", () => {
  it("names the wear, and the market where one is chosen", () => {
    expect(historyWording("Field-Tested", null)).toEqual({ title: "Field-Tested price", described: "Field-Tested", absent: " for Field-Tested" });
    expect(historyWording("Field-Tested", "Skinport")).toEqual({
      title: "Field-Tested price on Skinport",
      described: "Field-Tested price on Skinport",
      absent: " for Field-Tested on Skinport",
    });
    expect(historyWording(null, null)).toEqual({ title: "Market price", described: "Market", absent: "" });
    expect(historyWording(null, "Steam Community Market")).toEqual({
      title: "Price on Steam Community Market",
      described: "Price on Steam Community Market",
      absent: " on Steam Community Market",
    });
  });

  it("offers the cheapest listing first, then every market by name", () => {
    expect(historyMarketLinks()).toEqual([
      { market: "cheapest", label: "Cheapest listing" },
      ...PRICE_MARKETS.map((market) => ({ market, label: marketName(market) })),
    ]);
  });

  it("names the chosen market in every wording of a chart on one market", () => {
    fc.assert(
      fc.property(fc.option(fc.constantFrom("Factory New", "Battle-Scarred")), fc.constantFrom(...PRICE_MARKETS), (wear, market) => {
        const wording = historyWording(wear, marketName(market));
        for (const text of [wording.title, wording.described, wording.absent]) expect(text).toContain(`on ${marketName(market)}`);
      }),
    );
  });
});
