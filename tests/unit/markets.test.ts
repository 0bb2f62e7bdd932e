import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkMarketFeed, marketEntryCents } from "~/domain/market-feed";
import { chosenPriceCents, marketTable, netAfterFeeCents, parseMarketChoice, PRICE_MARKETS, STALE_AFTER_MS } from "~/domain/markets";
import { planPriceUpdate, validateFeed, type StoredPrices } from "~/domain/price-feed";

const NOW = Date.UTC(2026, 11, 1, 12);

describe("the multi-market feed (csgo-trader's prices_v6.json shape)", () => {
  const redline = {
    steam: { last_24h: 21.3, last_7d: 20.9, last_30d: 20.1, last_90d: 19.5 },
    skinport: { suggested_price: 19.8, starting_at: 18.9 },
    buff163: { starting_at: { price: 17.42, doppler: null }, highest_order: { price: 16.9 } },
    csfloat: { price: 18.1 },
    bitskins: { price: "18.00", instant_sale_price: null },
    lootfarm: 20,
  };

  it("reads each market's price from its own field: Steam's latest average, the lowest listing elsewhere", () => {
    expect(marketEntryCents("steam", redline.steam)).toBe(2130);
    expect(marketEntryCents("steam", { last_24h: null, last_7d: 20.9 })).toBe(2090);
    expect(marketEntryCents("skinport", redline.skinport)).toBe(1890);
    expect(marketEntryCents("skinport", { starting_at: null, suggested_price: 19.8 })).toBe(1980);
    expect(marketEntryCents("buff163", redline.buff163)).toBe(1742);
    expect(marketEntryCents("csfloat", redline.csfloat)).toBe(1810);
    expect(marketEntryCents("csfloat", 18.1)).toBe(1810);
    expect(marketEntryCents("buff163", null)).toBeNull();
    expect(marketEntryCents("buff163", { starting_at: null, highest_order: { price: 16.9 } })).toBeNull();
    expect(marketEntryCents("steam", 0)).toBeNull();
  });

  it("keeps the four markets, ignores the others, and leaves out a market without a price", () => {
    const result = validateFeed({ "AK-47 | Redline (Field-Tested)": redline, "Revolution Case": { steam: { last_24h: 0.61 }, csfloat: null } });
    expect(result).toEqual({
      ok: true,
      shape: "markets",
      items: [
        { name: "AK-47 | Redline (Field-Tested)", prices: { steam: 2130, skinport: 1890, csfloat: 1810, buff163: 1742 } },
        { name: "Revolution Case", prices: { steam: 61 } },
      ],
      malformed: 0,
      firstMalformed: null,
    });
  });

  it("skips and counts a malformed item (a price that is text, a negative price, not an object)", () => {
    const good = Object.fromEntries(Array.from({ length: 300 }, (_, n) => [`Sticker | Test ${n}`, { steam: 1 + n / 100 }]));
    const result = checkMarketFeed({ ...good, "AWP | Asiimov (Field-Tested)": { steam: "80.00" }, "A | B (Field-Tested)": { csfloat: -1 }, "C | D": [] });
    expect(result.items).toHaveLength(300);
    expect(result.malformed).toBe(3);
    expect(result.firstMalformed).toMatch(/^AWP \| Asiimov \(Field-Tested\)\.steam: /);
    const refused = validateFeed({ "AWP | Asiimov (Field-Tested)": { steam: "80.00" }, "Sticker | A": { steam: 1 } });
    expect(!refused.ok && refused.error).toMatch(/^Feed has the wrong shape: AWP \| Asiimov \(Field-Tested\)\.steam: .* \(1 of 2 items malformed\)$/);
  });

  it("makes the default price the cheapest market, and lists every market's price", () => {
    const stored: StoredPrices = {
      skins: [{ id: "ak-47-redline", name: "AK-47 | Redline" }],
      wears: [{ skinId: "ak-47-redline", wear: "FT", enabled: true, priceCents: 2000 }],
      variants: [],
      items: [],
    };
    const plan = planPriceUpdate([{ name: "AK-47 | Redline (Field-Tested)", prices: { steam: 2130, buff163: 1742, csfloat: 1810 } }], stored, "prices.test");
    expect(plan.wearPrices).toEqual([{ skinId: "ak-47-redline", variant: "normal", wear: "FT", priceCents: 1742 }]);
    expect(plan.skinMarketPrices.map((row) => `${row.market} ${row.priceCents}`)).toEqual(["steam 2130", "buff163 1742", "csfloat 1810"]);
  });
});

describe("the market table", () => {
  it("marks the cheapest to buy and the best to sell after fees, says 'no price' and stale", () => {
    const rows = marketTable(
      [
        { market: "steam", priceCents: 2130, updatedAt: NOW },
        { market: "skinport", priceCents: 1890, updatedAt: NOW - STALE_AFTER_MS - 1 },
        { market: "buff163", priceCents: 1742, updatedAt: NOW },
      ],
      NOW,
    );
    expect(rows.map((row) => [row.market, row.priceCents, row.netCents, row.stale, row.cheapest, row.bestToSell])).toEqual([
      ["steam", 2130, 1853, false, false, true],
      ["skinport", 1890, 1739, true, false, false],
      ["csfloat", null, null, false, false, false],
      ["buff163", 1742, 1698, false, true, false],
    ]);
    // Steam nets $18.53 of $21.30 (its 15 % on what the seller receives), more than Buff163's $16.98.
    expect(rows.find((row) => row.bestToSell)?.market).toBe("steam");
  });

  it("a price of 0 is no price", () => {
    expect(marketTable([{ market: "steam", priceCents: 0, updatedAt: NOW }], NOW)[0]!.priceCents).toBeNull();
  });

  it("always has a cheapest and a best to sell among the priced markets, and the net never exceeds the price", () => {
    const price = fc.record({ market: fc.constantFrom(...PRICE_MARKETS), priceCents: fc.integer({ min: 1, max: 10_000_000 }), updatedAt: fc.constant(NOW) });
    fc.assert(
      fc.property(fc.uniqueArray(price, { selector: (row) => row.market, minLength: 1 }), (prices) => {
        const rows = marketTable(prices, NOW);
        const priced = rows.filter((row) => row.priceCents !== null);
        expect(priced.some((row) => row.cheapest)).toBe(true);
        expect(priced.some((row) => row.bestToSell)).toBe(true);
        for (const row of priced) expect(row.netCents!).toBeLessThanOrEqual(row.priceCents!);
        expect(chosenPriceCents(prices, "cheapest")).toBe(Math.min(...prices.map((row) => row.priceCents)));
      }),
    );
  });

  it("nets each market's fee and reads a choice", () => {
    expect(netAfterFeeCents("skinport", 10_000)).toBe(9200);
    expect(netAfterFeeCents("csfloat", 10_000)).toBe(9800);
    expect(netAfterFeeCents("buff163", 10_000)).toBe(9750);
    expect(netAfterFeeCents("steam", 2000)).toBe(1739);
    expect(parseMarketChoice("steam")).toBe("steam");
    expect(parseMarketChoice("other")).toBe("cheapest");
    expect(parseMarketChoice(null)).toBe("cheapest");
    expect(chosenPriceCents([{ market: "steam", priceCents: 500 }], "csfloat")).toBeNull();
  });
});
