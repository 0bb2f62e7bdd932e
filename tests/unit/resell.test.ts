import { parseWithZod } from "@conform-to/zod/v4";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { toCsv } from "~/domain/csv";
import { realisedProfit } from "~/domain/market-fees";
import { formatPercent, roundPercent, US_DOLLARS } from "~/domain/money";
import {
  currentPriceCents,
  formatPrice,
  formatProfit,
  itemProfit,
  parseTrackerSort,
  portfolioSummary,
  profitOf,
  sortTrackers,
  type WearPrice,
} from "~/domain/resell";
import { safeReturnPath, withHash } from "~/domain/same-site-path";
import { TRACKER_CSV_HEADER, trackerCsvRow, type CsvTracker } from "~/domain/tracker-csv";
import { formatLocalDateTime, isCalendarDate, isTimeZone, todayIn, tradeableAt, tradeLockLabel } from "~/domain/trade-lock";
import { wearForFloat } from "~/domain/wear";
import { trackerSchema, type TrackerSkinRules } from "~/forms/resell";
import { TRACKER_MESSAGES } from "~/forms/resell-texts";

const wears: WearPrice[] = [
  { wear: "FN", enabled: false, priceCents: 0 },
  { wear: "MW", enabled: true, priceCents: 1000 },
  { wear: "FT", enabled: true, priceCents: 0 },
  { wear: "WW", enabled: true, priceCents: 2001 },
  { wear: "BS", enabled: false, priceCents: 9999 },
];

describe("current price", () => {
  it("is the chosen wear's price", () => expect(currentPriceCents("MW", wears)).toBe(1000));
  it("else the average of the enabled wears that have a price", () => expect(currentPriceCents("FT", wears)).toBe(1501));
  it("is 0 (No Data) when no enabled wear has a price", () => {
    expect(
      currentPriceCents(
        "FT",
        wears.map((w) => ({ ...w, priceCents: w.enabled ? 0 : w.priceCents })),
      ),
    ).toBe(0);
    expect(formatPrice(0, US_DOLLARS)).toBe("No Data");
  });
});

describe("profit", () => {
  it("is current minus buy with a percent of the buy price", () => {
    expect(profitOf(1000, 1250)).toEqual({ cents: 250, percent: 25 });
    expect(formatProfit(profitOf(1000, 1250), US_DOLLARS)).toBe("+$2.50 (+25.0%)");
    expect(formatProfit(profitOf(3000, 1000), US_DOLLARS)).toBe("-$20.00 (-66.7%)");
    expect(formatProfit(profitOf(1000, 1000), US_DOLLARS)).toBe("$0.00 (0.0%)");
  });
  it("has no percent when the item cost nothing, and no value without price data", () => {
    expect(formatProfit(profitOf(0, 500), US_DOLLARS)).toBe("+$5.00");
    expect(profitOf(1000, 0)).toBeNull();
    expect(formatProfit(null, US_DOLLARS)).toBe("No Data");
  });
});

describe("money and numbers", () => {
  it("show dollars with 2 decimals, percent with 1 (floats: wear.test.ts)", () => {
    expect(US_DOLLARS.format(123456)).toBe("$1,234.56");
    expect(US_DOLLARS.format(-5)).toBe("-$0.05");
    expect(US_DOLLARS.signed(5)).toBe("+$0.05");
    expect(formatPercent(12.345)).toBe("+12.3%");
    expect(formatPercent(-0.04)).toBe("0.0%");
  });
});

describe("float to wear at every band boundary (the boundary belongs to the higher band)", () => {
  it.each([
    [0, "FN"],
    [0.0699, "FN"],
    [0.07, "MW"],
    [0.15, "FT"],
    [0.38, "WW"],
    [0.45, "BS"],
    [1, "BS"],
  ] as const)("%f is %s", (value, wear) => expect(wearForFloat(value)).toBe(wear));
});

describe("trade lock: bought date + 7 days at 09:00 local", () => {
  it("unlocks at 09:00 UTC in UTC, and not a millisecond before", () => {
    const unlock = tradeableAt("2026-03-01", "UTC");
    expect(new Date(unlock).toISOString()).toBe("2026-03-08T09:00:00.000Z");
    expect(tradeLockLabel("2026-03-01", "UTC", unlock - 1)).toBe("Trade Locked until Mar 8, 2026, 9:00 AM");
    expect(tradeLockLabel("2026-03-01", "UTC", unlock)).toBe("Tradeable");
  });
  it("east of UTC unlocks earlier in UTC terms (Tokyo, +9)", () => {
    expect(new Date(tradeableAt("2026-03-01", "Asia/Tokyo")).toISOString()).toBe("2026-03-08T00:00:00.000Z");
  });
  it("west of UTC unlocks later (Los Angeles, -8 in winter)", () => {
    expect(new Date(tradeableAt("2026-01-10", "America/Los_Angeles")).toISOString()).toBe("2026-01-17T17:00:00.000Z");
  });
  it("across a daylight-saving change uses the offset of the unlock day (Berlin, 29 March 2026)", () => {
    // Bought in winter (+1), unlocks in summer time (+2): 09:00 local is 07:00 UTC.
    expect(new Date(tradeableAt("2026-03-25", "Europe/Berlin")).toISOString()).toBe("2026-04-01T07:00:00.000Z");
    expect(formatLocalDateTime(tradeableAt("2026-03-25", "Europe/Berlin"), "Europe/Berlin")).toBe("Apr 1, 2026, 9:00 AM");
    // New York springs forward on 8 March 2026: bought 2 March (-5), unlocks 9 March at -4.
    expect(new Date(tradeableAt("2026-03-02", "America/New_York")).toISOString()).toBe("2026-03-09T13:00:00.000Z");
  });
  it("reads today and dates in a time zone, and refuses unknown zones and impossible dates", () => {
    const instant = Date.parse("2026-03-01T23:30:00Z");
    expect(todayIn(instant, "UTC")).toBe("2026-03-01");
    expect(todayIn(instant, "Asia/Tokyo")).toBe("2026-03-02");
    expect(isTimeZone("Europe/Berlin")).toBe(true);
    expect(isTimeZone("Mars/Base")).toBe(false);
    expect(isCalendarDate("2026-02-29")).toBe(false);
    expect(isCalendarDate("2028-02-29")).toBe(true);
    expect(isCalendarDate("2026-1-1")).toBe(false);
  });
});

describe("portfolio summary and sorting", () => {
  const now = Date.parse("2026-06-01T12:00:00Z");
  const items = [
    { id: 1, createdAt: 1, buyPriceCents: 1000, currentCents: 1500, boughtAt: "2026-01-01", sale: null },
    { id: 2, createdAt: 2, buyPriceCents: 2000, currentCents: 1000, boughtAt: "2026-05-30", sale: null },
    { id: 3, createdAt: 3, buyPriceCents: 500, currentCents: 0, boughtAt: "2026-03-01", sale: null },
  ];
  // Sold on Skinport for $30.00: 8 % fee ($2.40), $27.60 for an item that cost $20.00.
  const sold = { id: 4, createdAt: 4, buyPriceCents: 2000, currentCents: 9999, boughtAt: "2026-01-01", sale: { priceCents: 3000, feeCents: 240 } };
  it("adds items up, leaving items without price data out of value and profit", () => {
    expect(portfolioSummary(items, "UTC", now)).toEqual({
      items: 3,
      investedCents: 3500,
      valueCents: 2500,
      unpriced: 1,
      profit: { cents: -500, percent: (-500 / 3000) * 100 },
      tradeable: 2,
      sold: 0,
      realised: null,
      feesCents: 0,
    });
  });
  it("counts a sold item in realised profit and fees, out of the open holdings", () => {
    expect(portfolioSummary([...items, sold], "UTC", now)).toMatchObject({
      items: 3,
      investedCents: 3500,
      valueCents: 2500,
      sold: 1,
      realised: { cents: 760, percent: 38 },
      feesCents: 240,
    });
    expect(formatProfit(itemProfit(sold), US_DOLLARS)).toBe("+$7.60 (+38.0%)");
    expect(sortTrackers([...items, sold], "profit-desc").map((t) => t.id)).toEqual([4, 1, 2, 3]);
  });
  it("sorts newest first by default, by bought date or by profit (no data last)", () => {
    expect(parseTrackerSort("nope")).toBe("newest");
    expect(sortTrackers(items, "newest").map((t) => t.id)).toEqual([3, 2, 1]);
    expect(sortTrackers(items, parseTrackerSort("bought-asc")).map((t) => t.id)).toEqual([1, 3, 2]);
    expect(sortTrackers(items, "profit-desc").map((t) => t.id)).toEqual([1, 2, 3]);
    expect(sortTrackers(items, "profit-asc").map((t) => t.id)).toEqual([2, 1, 3]);
  });
});

describe("CSV", () => {
  it("quotes what needs quoting and defuses formulas", () => {
    expect(toCsv([["a,b", 'say "hi"', "=1+1", 12.5, null]])).toBe('"a,b","say ""hi""",\'=1+1,12.5,\r\n');
  });

  it.each(['＝HYPERLINK("https://evil.test")', "＋1", "－1", "＠SUM(A1)", "﹦1+1", "﹢1", "﹣1", "﹫x"])(
    "defuses the fullwidth or small formula start of %s",
    (note) => {
      expect(toCsv([[note]])).toMatch(/^"?'/);
    },
  );

  it("leaves other text alone", () => {
    expect(toCsv([["Bought at 3 ＝ cheap", "ｅｑｕａｌ", "1-2 days"]])).toBe("Bought at 3 ＝ cheap,ｅｑｕａｌ,1-2 days\r\n");
  });

  it("never lets a cell reach a spreadsheet starting a formula, in any width", () => {
    const starters = fc.constantFrom("=", "+", "-", "@", "\t", "\r", "＝", "＋", "－", "＠", "﹦", "﹢", "﹣", "﹫");
    fc.assert(
      fc.property(starters, fc.string(), (start, rest) => {
        const [line] = toCsv([[start + rest]]).split(/\r\n$/);
        const text = line!.startsWith('"') ? line!.slice(1, -1).replace(/""/g, '"') : line!;
        expect(text).toBe(`'${start}${rest}`);
      }),
    );
  });
});

describe("profit percent: the page and the CSV export round alike", () => {
  const soldFor = (buyPriceCents: number, priceCents: number): CsvTracker => ({
    skinName: "AK-47 | Redline",
    skinId: "ak-47-redline",
    wear: "FT",
    wearValue: null,
    boughtAt: "2026-01-02",
    buyPriceCents,
    currentCents: 0,
    notes: null,
    createdAt: 0,
    variant: "normal",
    soldAt: "2026-01-10",
    saleMarket: "other",
    saleFeeBasisPoints: null,
    sale: { priceCents, feeCents: 0 },
    exportKey: "0123456789abcdef0123456789abcdef",
    steamAssetId: null,
  });
  const cell = (row: ReturnType<typeof trackerCsvRow>, column: (typeof TRACKER_CSV_HEADER)[number]) => row[TRACKER_CSV_HEADER.indexOf(column)];

  it("bought for $20.00, sold for $0.17: -$19.83, -99.15 %, shown and exported as -99.2", () => {
    const tracker = soldFor(2000, 17);
    const realised = realisedProfit(2000, tracker.sale!);
    expect(realised.cents).toBe(-1983);
    expect(formatProfit(realised, US_DOLLARS)).toBe("-$19.83 (-99.2%)");
    expect(cell(trackerCsvRow(tracker, "UTC"), "Realised profit %")).toBe(-99.2);
  });

  it.each([
    [-99.15, -99.2],
    [99.15, 99.2],
    [12.345, 12.3],
    [-0.04, 0],
    [0.05, 0.1],
    [-0.05, -0.1],
    [150, 150],
  ])("rounds %s to %s (halves away from zero)", (percent, rounded) => {
    expect(roundPercent(percent)).toBe(rounded);
  });

  it("writes in the CSV the number the page shows, for any buy and sale price", () => {
    const cents = fc.integer({ min: 0, max: 100_000_000 });
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000_000 }), cents, (buy, price) => {
        const tracker = soldFor(buy, price);
        const shown = formatProfit(realisedProfit(buy, tracker.sale!), US_DOLLARS).match(/\((.*)%\)$/)![1]!;
        expect(cell(trackerCsvRow(tracker, "UTC"), "Realised profit %")).toBe(Number(shown));
        const open = { ...tracker, sale: null, soldAt: null, saleMarket: null, currentCents: price };
        const openShown = formatProfit(profitOf(buy, price), US_DOLLARS);
        if (price > 0) expect(cell(trackerCsvRow(open, "UTC"), "Profit %")).toBe(Number(openShown.match(/\((.*)%\)$/)![1]));
      }),
    );
  });
});

describe("return paths", () => {
  it.each(["https://evil.test/", "//evil.test", "/\\evil.test", "javascript:alert(1)", 42])("refuse %s", (value) => {
    expect(safeReturnPath(value, "/")).toBe("/");
  });
  it("keep same-site paths and put the card's anchor on them", () => {
    expect(safeReturnPath("/weapons/AK-47?sort=price-asc", "/")).toBe("/weapons/AK-47?sort=price-asc");
    expect(withHash("/weapons/AK-47?x=1#old", "skin-ak-47-redline")).toBe("/weapons/AK-47?x=1#skin-ak-47-redline");
  });
});

describe("the resell form schema", () => {
  const rules = { enabledWears: ["MW", "FT", "WW"] as const, minFloat: 0.1, maxFloat: 0.44, today: "2026-06-01" };
  const parse = (fields: Record<string, string>) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.set(k, v);
    return parseWithZod(form, { schema: trackerSchema({ ...rules, enabledWears: [...rules.enabledWears] }) });
  };
  const errors = (fields: Record<string, string>) => {
    const result = parse(fields);
    return result.status === "success" ? {} : (result.error ?? {});
  };
  const valid = { skinId: "ak-47-redline", boughtAt: "2026-05-01", buyPrice: "12.50" };

  it("gives every message of spec section 5", () => {
    expect(errors({ ...valid, wearValue: "abc" }).wearValue).toEqual([TRACKER_MESSAGES.float]);
    expect(errors({ ...valid, wearValue: "1.5" }).wearValue).toEqual([TRACKER_MESSAGES.float]);
    expect(errors({ ...valid, wearValue: "0.05" }).wearValue).toEqual(["This float is not possible for this skin."]);
    expect(errors({ ...valid, wearValue: "0.449" }).wearValue).toEqual(["This float is not possible for this skin."]);
    expect(errors(valid).wear).toEqual(["Please select a wear or enter a float value."]);
    expect(errors({ ...valid, wear: "MW", boughtAt: "" }).boughtAt).toEqual(["Please select the date you bought this skin."]);
    expect(errors({ ...valid, wear: "MW", boughtAt: "2026-06-02" }).boughtAt).toEqual([TRACKER_MESSAGES.futureDate]);
    for (const price of ["", "-1", "abc", "1.234"]) {
      expect(errors({ ...valid, wear: "MW", buyPrice: price }).buyPrice).toEqual(["Please enter a valid buy price."]);
    }
    expect(errors({ ...valid, wear: "FN" }).wear).toEqual([TRACKER_MESSAGES.wearImpossible]);
  });

  it("takes only a variant the skin comes in, and no bought date after a sale", () => {
    const form = (fields: Record<string, string>) => {
      const data = new FormData();
      for (const [k, v] of Object.entries(fields)) data.set(k, v);
      return data;
    };
    const withRules = (extra: Partial<TrackerSkinRules>) => trackerSchema({ ...rules, enabledWears: [...rules.enabledWears], ...extra });
    const statTrak = { ...valid, wear: "FT", variant: "stattrak" };
    const errors = (fields: Record<string, string>, extra: Partial<TrackerSkinRules>) => parseWithZod(form(fields), { schema: withRules(extra) }).reply().error;
    expect(errors(statTrak, {})?.variant).toEqual([TRACKER_MESSAGES.variantImpossible]);
    expect(parseWithZod(form(statTrak), { schema: withRules({ variants: ["normal", "stattrak"] }) }).status).toBe("success");
    expect(errors({ ...valid, wear: "FT" }, { soldAt: "2026-04-30" })?.boughtAt).toEqual([TRACKER_MESSAGES.afterSale]);
  });

  it("lets a float decide the wear, trims notes and stores cents", () => {
    const result = parse({ ...valid, wear: "MW", wearValue: "0.38", notes: "  for the trade-up  " });
    expect(result.status).toBe("success");
    expect(result.status === "success" && result.value).toEqual({
      skinId: "ak-47-redline",
      boughtAt: "2026-05-01",
      wear: "WW",
      wearValue: 0.38,
      buyPriceCents: 1250,
      notes: "for the trade-up",
      variant: "normal",
    });
    const plain = parse({ ...valid, wear: "FT", notes: "   " });
    expect(plain.status === "success" && plain.value).toMatchObject({ wear: "FT", wearValue: null, notes: null });
  });
});
