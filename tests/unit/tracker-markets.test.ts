import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { rateFromEuroRates, USD_RATE } from "~/domain/currency";
import { breakEvenPriceCents, DEFAULT_FEES } from "~/domain/market-fees";
import { netAfterFeeCents, PRICE_MARKETS, STALE_AFTER_MS } from "~/domain/markets";
import { currentPriceCents, portfolioSummary, shownItems } from "~/domain/resell";
import {
  parseTrackerValuation,
  trackerMarketFigures,
  trackerMarkets,
  trackerValuationLabel,
  valuedCents,
  type WearMarketPrice,
} from "~/domain/tracker-markets";
import { WEARS, type Wear } from "~/domain/wear";

const NOW = Date.UTC(2026, 11, 1, 12);
const HOUR = 60 * 60 * 1000;
const allEnabled = new Map<Wear, boolean>(WEARS.map((wear) => [wear, true]));

describe("an open tracker on each market", () => {
  // A Field-Tested item bought for $20.00, priced on three markets.
  const prices: WearMarketPrice[] = [
    { wear: "FT", market: "steam", priceCents: 3000, updatedAt: NOW - HOUR },
    { wear: "FT", market: "skinport", priceCents: 2500, updatedAt: NOW - HOUR },
    { wear: "FT", market: "csfloat", priceCents: 2600, updatedAt: NOW - 2 * STALE_AFTER_MS },
    { wear: "MW", market: "buff163", priceCents: 4000, updatedAt: NOW - HOUR },
  ];

  it("gives each market's price, what a sale leaves after its fee, the break-even price, and marks the best", () => {
    const rows = trackerMarkets("FT", allEnabled, prices, 2000, NOW);
    expect(rows.map((row) => [row.market, row.priceCents, row.netCents, row.breakEvenCents, row.bestToSell, row.stale])).toEqual([
      // Steam: $30.00 paid leaves $26.09 (5 % and 10 % of what the seller receives, rounded down); $20.00 received takes $23.00.
      ["steam", 3000, 2609, 2300, false, false],
      // Skinport 8 %: $25.00 leaves $23.00; CSFloat 2 %: $26.00 leaves $25.48 (its price is stale).
      ["skinport", 2500, 2300, 2174, false, false],
      ["csfloat", 2600, 2548, 2041, false, true],
      // Buff163 has no Field-Tested price: the spec's rule takes the average of the enabled wears that
      // have one (Minimal Wear's $40.00); 2.5 % leaves $39.00, the most.
      ["buff163", 4000, 3900, 2051, true, false],
    ]);
  });

  it("a market with no price for the item has none, never 0", () => {
    const rows = trackerMarkets("FT", allEnabled, prices.slice(0, 1), 2000, NOW);
    expect(rows.find((row) => row.market === "skinport")).toMatchObject({ priceCents: null, netCents: null, bestToSell: false });
    expect(valuedCents("skinport", 1234, rows)).toBe(0);
    expect(trackerMarketFigures(rows, 2000, USD_RATE).find((row) => row.market === "skinport")).toMatchObject({ price: "No price", net: null, profit: null });
  });

  it("values the item at the stored cheapest price, one market's, or the best net", () => {
    const rows = trackerMarkets("FT", allEnabled, prices, 2000, NOW);
    expect(valuedCents("cheapest", 2450, rows)).toBe(2450);
    expect(valuedCents("steam", 2450, rows)).toBe(3000);
    expect(valuedCents("best-net", 2450, rows)).toBe(3900);
  });

  it("writes the rows in the page's currency against the buy price as the card shows it", () => {
    const euro = rateFromEuroRates("EUR", 1, 1.25, "2026-11-30");
    const rows = trackerMarkets("FT", allEnabled, prices.slice(0, 2), 2000, NOW);
    // Bought for €16.00 as typed: Skinport's $23.00 after the fee is €18.40, +€2.40.
    const skinport = trackerMarketFigures(rows, 1600, euro)[1]!;
    expect(skinport).toMatchObject({ price: "€20.00", net: "€18.40", profit: "+€2.40", gain: 1 });
  });

  it("reads the page's valuation from the URL, anything else is the cheapest listing", () => {
    expect(parseTrackerValuation("best-net")).toBe("best-net");
    expect(parseTrackerValuation("steam")).toBe("steam");
    expect(parseTrackerValuation("bitskins")).toBe("cheapest");
    expect(parseTrackerValuation(null)).toBe("cheapest");
    expect(trackerValuationLabel("best-net")).toBe("Best market after fees");
  });

  const wearPrice = fc.record({
    wear: fc.constantFrom(...WEARS),
    market: fc.constantFrom(...PRICE_MARKETS),
    priceCents: fc.integer({ min: 1, max: 5_000_000 }),
    updatedAt: fc.integer({ min: NOW - 10 * STALE_AFTER_MS, max: NOW }),
  });
  const enabledWears = fc
    .array(fc.boolean(), { minLength: WEARS.length, maxLength: WEARS.length })
    .map((flags) => new Map(WEARS.map((wear, i) => [wear, flags[i]!])));

  it("property: each market's price is the spec's current price of its rows, its net the market's, and the best leaves the most", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...WEARS),
        enabledWears,
        fc.uniqueArray(wearPrice, { selector: (row) => `${row.wear}/${row.market}` }),
        fc.nat(1_000_000),
        (wear, enabled, rows, buy) => {
          const markets = trackerMarkets(wear, enabled, rows, buy, NOW);
          expect(markets.map((row) => row.market)).toEqual([...PRICE_MARKETS]);
          for (const row of markets) {
            const own = [...enabled].map(([w, on]) => ({
              wear: w,
              enabled: on,
              priceCents: rows.find((r) => r.market === row.market && r.wear === w)?.priceCents ?? 0,
            }));
            const expected = currentPriceCents(wear, own);
            expect(row.priceCents).toBe(expected === 0 ? null : expected);
            expect(row.netCents).toBe(row.priceCents === null ? null : netAfterFeeCents(row.market, row.priceCents));
            expect(row.breakEvenCents).toBe(breakEvenPriceCents(buy, DEFAULT_FEES[row.market]));
          }
          const best = valuedCents("best-net", 0, markets);
          expect(best).toBe(Math.max(0, ...markets.map((row) => row.netCents ?? 0)));
          for (const row of markets) expect(row.bestToSell).toBe(row.netCents !== null && row.netCents === best);
        },
      ),
    );
  });
});

describe("the portfolio summary in the page's currency", () => {
  const euro = rateFromEuroRates("EUR", 1, 1.1, "2026-11-30");
  const typedInEuros = {
    buyPriceCents: 1375,
    buyCurrency: "EUR" as const,
    buyTypedMinor: 1250,
    currentCents: 0,
    boughtAt: "2026-01-02",
    sale: { priceCents: 2200, feeCents: 0 },
    saleCurrency: "EUR" as const,
    saleTypedMinor: 2000,
    saleFeeTypedMinor: 0,
  };

  it("sums the amounts as typed: €12.50 bought and €20.00 sold is €7.50 realised, whatever today's rate", () => {
    for (const rate of [euro, rateFromEuroRates("EUR", 1, 1.3, "2026-12-01")]) {
      expect(portfolioSummary(shownItems([typedInEuros], rate), "UTC", NOW).realised).toEqual({ cents: 750, percent: 60 });
    }
  });

  it("in US dollars the summary is of the stored cents", () => {
    expect(portfolioSummary(shownItems([typedInEuros], USD_RATE), "UTC", NOW).realised).toEqual({ cents: 825, percent: 60 });
  });
});
