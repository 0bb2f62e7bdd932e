import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { createDatabase } from "~/server/db/client.server";
import { skinChartHistoryQuery } from "~/server/features/price-charts.server";
import { get, post, signedInUser } from "./helpers";

// The integration seed has no price history (it is seeded into every test file's storage, and 1.4
// million demo rows would slow every file down), so these tests write the days they need.
const SKIN = "ak-47-redline";
const OTHER_SKIN = "awp-asiimov";
const DAY = 86_400_000;
const dayAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString().slice(0, 10);

async function history(skinId: string, wear: string, prices: [daysAgo: number, cents: number][], variant = "normal") {
  await env.DB.batch(
    prices.map(([daysAgo, cents]) =>
      env.DB.prepare("INSERT OR REPLACE INTO price_history (skin_id, variant, wear, day, price_cents) VALUES (?, ?, ?, ?, ?)").bind(
        skinId,
        variant,
        wear,
        dayAgo(daysAgo),
        cents,
      ),
    ),
  );
}

async function page(path: string, cookie?: string) {
  const response = await get(path, cookie);
  return { response, html: await response.text(), roundTrips: response.headers.get("X-D1-Round-Trips") };
}

/** The text of the min/average/max list. */
const summaryOf = (html: string) => {
  const list = /<dl[^>]*data-testid="price-summary"[^>]*>([\s\S]*?)<\/dl>/.exec(html)?.[1] ?? "";
  return list
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
};

beforeAll(async () => {
  // FT over the last week: $10.00 (6 days ago) up to $16.00 (today); a $99.99 spike 20 days ago
  // only the 30- and 90-day ranges see; MW has its own prices.
  await history(SKIN, "FT", [
    [6, 1000],
    [5, 1100],
    [4, 1200],
    [3, 1300],
    [2, 1400],
    [1, 1500],
    [0, 1600],
    [20, 9999],
    [60, 500],
  ]);
  await history(SKIN, "MW", [
    [1, 3000],
    [0, 3200],
  ]);
  await history(SKIN, "FT", [[0, 4242]], "stattrak");
  await env.DB.batch([
    env.DB.prepare("INSERT OR REPLACE INTO skin_variant_prices (skin_id, variant, wear, price_cents) VALUES (?, 'stattrak', 'FT', 4242)").bind(SKIN),
    env.DB.prepare("UPDATE skins SET stattrak = 1 WHERE id = ?").bind(SKIN),
  ]);
});

describe("the skin page's price history", () => {
  it("draws the requested range as an SVG with min, average and max, in one D1 round trip", async () => {
    const { response, html, roundTrips } = await page(`/skins/${SKIN}?range=7&wear=FT`);
    expect(response.status).toBe(200);
    expect(roundTrips).toBe("1");
    expect(html).toMatch(/<svg role="img" aria-labelledby="[^"]+" aria-describedby="[^"]+"[^>]*data-testid="price-chart-svg"/);
    expect(html).toContain("<title");
    expect(html).toMatch(/Field-Tested price, last 7 days<\/title>/);
    expect(html).toContain("Field-Tested: lowest $10.00, average $13.00, highest $16.00 over 7 days.");
    expect(summaryOf(html)).toBe("Min $10.00 Average $13.00 Max $16.00");
    // The table behind the chart lists each day of the range (the markets' table has rows of its own).
    expect(html.match(/<th scope="row" class="px-2 py-1 font-normal">/g)).toHaveLength(7);
    expect(html).toMatch(/<path d="M0,[\d.,L]+"/);
    // The range links keep the wear and mark the current range.
    expect(html).toContain(`href="/skins/${SKIN}?range=30&amp;wear=FT#price-history"`);
    expect(html).toMatch(/aria-current="true"[^>]*>7<!-- --> days/);
  });

  it("defaults to 30 days; the spike 20 days ago counts there, the 60-day-old price only in 90", async () => {
    expect(summaryOf((await page(`/skins/${SKIN}?wear=FT`)).html)).toBe("Min $10.00 Average $23.87 Max $99.99");
    expect(summaryOf((await page(`/skins/${SKIN}?wear=FT&range=90`)).html)).toBe("Min $5.00 Average $21.78 Max $99.99");
  });

  it.each(["abc", "365", "0", "-7", "7.5", "%00"])("an invalid range (%s) is the default 30 days, never an error", async (range) => {
    const { response, html } = await page(`/skins/${SKIN}?range=${range}&wear=FT`);
    expect(response.status).toBe(200);
    expect(html).toMatch(/Field-Tested price, last 30 days<\/title>/);
    expect(summaryOf(html)).toBe("Min $10.00 Average $23.87 Max $99.99");
  });

  it("shows the wear asked for; an unknown or impossible wear falls back to the first priced one", async () => {
    expect(summaryOf((await page(`/skins/${SKIN}?range=7&wear=MW`)).html)).toBe("Min $30.00 Average $31.00 Max $32.00");
    // The Redline has no Factory New; Minimal Wear is its first wear with a price.
    for (const wear of ["XX", "FN", ""]) {
      const fallback = await page(`/skins/${SKIN}?range=7&wear=${wear}`);
      expect(fallback.response.status).toBe(200);
      expect(fallback.html).toMatch(/Minimal Wear price, last 7 days<\/title>/);
      expect(summaryOf(fallback.html)).toBe("Min $30.00 Average $31.00 Max $32.00");
    }
  });

  it("says so when a wear has no history in the range", async () => {
    const { html } = await page(`/skins/${SKIN}?range=7&wear=WW`);
    expect(html.replace(/<!-- -->/g, "")).toContain("No price history for Well-Worn in the last 7 days.");
    expect(html).not.toContain('data-testid="price-chart-svg"');
  });

  it("shows StatTrak prices beside the normal ones, and No Data where a wear has none", async () => {
    const { html } = await page(`/skins/${SKIN}`);
    const ft = /data-testid="wear-FT"[\s\S]*?<\/li>/.exec(html)?.[0] ?? "";
    expect(ft.replace(/<!-- -->/g, "")).toContain("StatTrak™ $42.42");
    const mw = /data-testid="wear-MW"[\s\S]*?<\/li>/.exec(html)?.[0] ?? "";
    expect(mw.replace(/<!-- -->/g, "")).toContain("StatTrak™ No Data");
    expect(html).not.toContain("Souvenir $");
  });
});

describe("the price history on one market", () => {
  beforeAll(async () => {
    // Minimal Wear's days with Steam's and CSFloat's own prices (Buff163 has none).
    await env.DB.batch(
      [
        [1, 3500, null],
        [0, 3700, 3250],
      ].map(([daysAgo, steam, csfloat]) =>
        env.DB.prepare("UPDATE price_history SET steam_cents = ?, csfloat_cents = ? WHERE skin_id = ? AND variant = 'normal' AND wear = 'MW' AND day = ?").bind(
          steam,
          csfloat,
          SKIN,
          dayAgo(daysAgo!),
        ),
      ),
    );
  });

  it("charts the market asked for, in one round trip, and its links keep it", async () => {
    const { response, html, roundTrips } = await page(`/skins/${SKIN}?range=7&wear=MW&market=steam`);
    expect(response.status).toBe(200);
    expect(roundTrips).toBe("1");
    expect(html).toMatch(/Minimal Wear price on Steam Community Market, last 7 days<\/title>/);
    expect(summaryOf(html)).toBe("Min $35.00 Average $36.00 Max $37.00");
    expect(html).toContain(`href="/skins/${SKIN}?range=30&amp;wear=MW&amp;market=steam#price-history"`);
    expect(html).toMatch(/aria-current="true"[^>]*>Steam Community Market<\/a>/);
    // The default price stays what the page charts without a market.
    expect(summaryOf((await page(`/skins/${SKIN}?range=7&wear=MW`)).html)).toBe("Min $30.00 Average $31.00 Max $32.00");
    expect(summaryOf((await page(`/skins/${SKIN}?range=7&wear=MW&market=csfloat`)).html)).toBe("Min $32.50 Average $32.50 Max $32.50");
  });

  it("says so when the market has no history in the range; an unknown market is the default", async () => {
    const { html } = await page(`/skins/${SKIN}?range=7&wear=MW&market=buff163`);
    expect(html.replace(/<!-- -->/g, "")).toContain("No price history for Minimal Wear on Buff163 in the last 7 days.");
    for (const market of ["bitskins", "", "%00"]) {
      const fallback = await page(`/skins/${SKIN}?range=7&wear=MW&market=${market}`);
      expect(fallback.response.status).toBe(200);
      expect(fallback.html).toMatch(/Minimal Wear price, last 7 days<\/title>/);
    }
  });
});

describe("the charted wear, chosen in the history query", () => {
  // Factory New impossible, Minimal Wear possible without a price, the others priced; Battle-Scarred
  // comes first by wear code, Minimal Wear first in the wears' order.
  const CHOSEN = "glock-18-groundwater";
  // Possible wears, none with a price.
  const UNPRICED = "mac-10-candy-apple";
  // No possible wear.
  const IMPOSSIBLE = "pp-bizon-candy-apple";
  const wearRows = (skinId: string, wears: [wear: string, enabled: number, cents: number][]) =>
    wears.map(([wear, enabled, cents]) =>
      env.DB.prepare("INSERT OR REPLACE INTO skin_wears (skin_id, wear, enabled, price_cents) VALUES (?, ?, ?, ?)").bind(skinId, wear, enabled, cents),
    );
  const week = (cents: number): [number, number][] => [0, 1, 2, 3, 4, 5, 6].map((daysAgo) => [daysAgo, cents]);

  beforeAll(async () => {
    await env.DB.batch([
      ...wearRows(CHOSEN, [
        ["FN", 0, 0],
        ["MW", 1, 0],
        ["FT", 1, 500],
        ["WW", 1, 400],
        ["BS", 1, 300],
      ]),
      ...wearRows(UNPRICED, [
        ["FN", 0, 0],
        ["MW", 1, 0],
        ["FT", 1, 0],
        ["WW", 0, 0],
        ["BS", 0, 0],
      ]),
      ...wearRows(IMPOSSIBLE, [
        ["FN", 0, 0],
        ["MW", 0, 0],
        ["FT", 0, 0],
        ["WW", 0, 0],
        ["BS", 0, 0],
      ]),
    ]);
    for (const [wear, cents] of [
      ["FN", 9900],
      ["MW", 1100],
      ["FT", 2200],
      ["WW", 3300],
      ["BS", 4400],
    ] as const)
      await history(CHOSEN, wear, week(cents));
    await history(CHOSEN, "FT", week(7700), "stattrak");
    await history(UNPRICED, "FT", week(5500));
  });

  it("is the wear asked for when it is possible, priced or not", async () => {
    expect(summaryOf((await page(`/skins/${CHOSEN}?range=7&wear=WW`)).html)).toBe("Min $33.00 Average $33.00 Max $33.00");
    expect(summaryOf((await page(`/skins/${CHOSEN}?range=7&wear=MW`)).html)).toBe("Min $11.00 Average $11.00 Max $11.00");
  });

  it.each(["", "&wear=FN", "&wear=XX", "&wear="])("else the first possible wear with a price (%s), in one round trip", async (asked) => {
    const { html, roundTrips } = await page(`/skins/${CHOSEN}?range=7${asked}`);
    expect(roundTrips).toBe("1");
    expect(html).toMatch(/Field-Tested price, last 7 days<\/title>/);
    expect(summaryOf(html)).toBe("Min $22.00 Average $22.00 Max $22.00");
  });

  it("else the first possible wear; a skin without a possible wear has no chart", async () => {
    expect((await page(`/skins/${UNPRICED}?range=7`)).html.replace(/<!-- -->/g, "")).toContain("No price history for Minimal Wear in the last 7 days.");
    expect(summaryOf((await page(`/skins/${UNPRICED}?range=7&wear=FT`)).html)).toBe("Min $55.00 Average $55.00 Max $55.00");
    const impossible = await page(`/skins/${IMPOSSIBLE}?wear=FT`);
    expect(impossible.response.status).toBe(200);
    expect(impossible.html).not.toContain('id="price-history"');
  });

  it("reads only the charted wear's normal prices, or one row without a day when it has none", async () => {
    const db = createDatabase(env.DB);
    const rows = await skinChartHistoryQuery(db, CHOSEN, dayAgo(6), null);
    expect(rows).toEqual(
      week(2200)
        .reverse()
        .map(([daysAgo, cents]) => ({ wear: "FT", day: dayAgo(daysAgo), priceCents: cents })),
    );
    expect(await skinChartHistoryQuery(db, UNPRICED, dayAgo(6), null)).toEqual([{ wear: "MW", day: null, priceCents: null }]);
    expect(await skinChartHistoryQuery(db, IMPOSSIBLE, dayAgo(6), "FT")).toEqual([]);
  });
});

describe("the resell tracker's portfolio chart", () => {
  it("shows a signed-in user's value against invested from their own items only, in one round trip", async () => {
    await history(OTHER_SKIN, "FT", [
      [3, 77_777],
      [2, 77_777],
      [1, 77_777],
      [0, 77_777],
    ]);
    const owner = await signedInUser("chart-owner");
    const other = await signedInUser("chart-other");
    const empty = await page("/resell-tracker", owner.cookie);
    expect(empty.html).toContain("Nothing tracked yet.");
    expect(empty.html).not.toContain('data-testid="price-chart-svg"');

    // Bought 3 days ago for $12.34: value from that day on is the FT price of each day.
    const bought = await post("/resell-tracker/new", { skinId: SKIN, wear: "FT", boughtAt: dayAgo(3), buyPrice: "12.34", notes: "" }, { cookie: owner.cookie });
    expect(bought.status).toBe(303);
    const theirs = await post(
      "/resell-tracker/new",
      { skinId: OTHER_SKIN, wear: "FT", boughtAt: dayAgo(3), buyPrice: "700.00", notes: "" },
      { cookie: other.cookie },
    );
    expect(theirs.status).toBe(303);

    const { response, html, roundTrips } = await page("/resell-tracker", owner.cookie);
    expect(response.status).toBe(200);
    expect(roundTrips).toBe("1");
    expect(html).toMatch(/<svg role="img"[^>]*data-testid="price-chart-svg"/);
    expect(html).toContain("Portfolio value against invested, last 90 days");
    expect(html).toContain("Latest value $16.00, invested $12.34.");
    const rows = [
      ...html.matchAll(/<tr class="border-t border-line"><th scope="row"[^>]*>([^<]+)<\/th><td[^>]*>([^<]+)<\/td><td[^>]*>([^<]+)<\/td><\/tr>/g),
    ].map((m) => m.slice(1));
    expect(rows).toHaveLength(90);
    expect(rows.slice(-5).map(([, value, invested]) => [value, invested])).toEqual([
      ["No data", "No data"],
      ["$13.00", "$12.34"],
      ["$14.00", "$12.34"],
      ["$15.00", "$12.34"],
      ["$16.00", "$12.34"],
    ]);
    expect(html).not.toContain("$777.77");
    expect(html).not.toContain("$700.00");

    const others = await page("/resell-tracker", other.cookie);
    expect(others.html).toContain("Latest value $777.77, invested $700.00.");
    expect(others.html).not.toContain("$12.34");
  });

  it("shows yesterday's value today until the day's first price run writes today's snapshot", async () => {
    await history(OTHER_SKIN, "BS", [
      [2, 2000],
      [1, 2100],
    ]);
    const owner = await signedInUser("chart-midnight");
    const bought = await post(
      "/resell-tracker/new",
      { skinId: OTHER_SKIN, wear: "BS", boughtAt: dayAgo(3), buyPrice: "5.00", notes: "" },
      { cookie: owner.cookie },
    );
    expect(bought.status).toBe(303);
    const { html } = await page("/resell-tracker", owner.cookie);
    const rows = [...html.matchAll(/<tr class="border-t border-line"><th scope="row"[^>]*>[^<]+<\/th><td[^>]*>([^<]+)<\/td><td[^>]*>([^<]+)<\/td><\/tr>/g)].map(
      (m) => m.slice(1),
    );
    expect(rows.slice(-3)).toEqual([
      ["$20.00", "$5.00"],
      ["$21.00", "$5.00"],
      ["$21.00", "$5.00"],
    ]);
  });

  it("values a wear without a price as the summary does: the average of the skin's priced wears that day", async () => {
    // The Bayonet | Scorched has no Field-Tested price (today, or in its history); its other enabled wears have one.
    const BAYONET = "bayonet-scorched";
    const enabled = (await env.DB.prepare("SELECT wear FROM skin_wears WHERE skin_id = ? AND enabled = 1").bind(BAYONET).all<{ wear: string }>()).results.map(
      ({ wear }) => wear,
    );
    expect(enabled).toContain("FT");
    const prices: Record<string, number> = { FN: 41_000, MW: 30_000, FT: 0, WW: 25_000, BS: 20_001 };
    const others = enabled.filter((wear) => wear !== "FT");
    expect(others.length).toBeGreaterThan(0);
    await env.DB.batch([
      ...enabled.map((wear) => env.DB.prepare("UPDATE skin_wears SET price_cents = ? WHERE skin_id = ? AND wear = ?").bind(prices[wear], BAYONET, wear)),
      // The Redline's Minimal Wear today, as its history says (beforeAll).
      env.DB.prepare("UPDATE skin_wears SET price_cents = 3200 WHERE skin_id = ? AND wear = 'MW'").bind(SKIN),
    ]);
    for (const wear of others) await history(BAYONET, wear, [[0, prices[wear]!]]);
    const fallback = Math.round(others.reduce((sum, wear) => sum + prices[wear]!, 0) / others.length);

    const owner = await signedInUser("chart-unpriced-wear");
    for (const fields of [
      { skinId: BAYONET, wear: "FT", buyPrice: "100.00" },
      { skinId: SKIN, wear: "MW", buyPrice: "30.00" },
    ]) {
      const created = await post(`/resell-tracker/new?skin=${fields.skinId}`, { ...fields, boughtAt: dayAgo(2), notes: "" }, { cookie: owner.cookie });
      expect(created.status).toBe(303);
    }
    const { html } = await page("/resell-tracker", owner.cookie);
    const value = (fallback + 3200) / 100;
    const dollars = `$${value.toFixed(2)}`;
    // The summary and the chart on the same page say the same value.
    expect(html.replace(/<!-- -->/g, "")).toMatch(new RegExp(`Open value</dt><dd[^>]*>\\${dollars}<`));
    expect(html).toContain(`Latest value ${dollars}, invested $130.00.`);
  });

  it("shows an item held at $0 as $0.00 invested, and after a sale the last day's figures, as the summary does", async () => {
    const owner = await signedInUser("chart-after-sale");
    const purchases: Record<string, string>[] = [
      { wear: "FT", wearValue: "0.2", boughtAt: dayAgo(3), buyPrice: "10.50" },
      { wear: "FT", variant: "stattrak", boughtAt: dayAgo(58), buyPrice: "0" },
    ];
    for (const fields of purchases) {
      const created = await post(`/resell-tracker/new?skin=${SKIN}`, { skinId: SKIN, notes: "", ...fields }, { cookie: owner.cookie });
      expect(created.status).toBe(303);
    }
    const bought = await env.DB.prepare("SELECT t.id FROM resell_trackers t JOIN users u ON u.id = t.user_id WHERE u.email = ? AND t.buy_price_cents = 1050")
      .bind(owner.email)
      .first<{ id: number }>();
    const sold = await post(
      `/resell-tracker/${bought!.id}/sale`,
      { intent: "sell", salePrice: "20.00", soldAt: dayAgo(1), market: "steam" },
      { cookie: owner.cookie },
    );
    expect(sold.status).toBe(303);

    const { html } = await page("/resell-tracker", owner.cookie);
    const invested = [
      ...html.matchAll(/<tr class="border-t border-line"><th scope="row"[^>]*>[^<]+<\/th><td[^>]*>[^<]+<\/td><td[^>]*>([^<]+)<\/td><\/tr>/g),
    ].map((m) => m[1]);
    expect(invested).toHaveLength(90);
    // Nothing held before the free StatTrak™ one: no data; then $0.00 a day, $10.50 while the other was held, $0.00 again after its sale.
    expect(invested.slice(0, 31).every((cents) => cents === "No data")).toBe(true);
    expect(invested.slice(31, 86).every((cents) => cents === "$0.00")).toBe(true);
    expect(invested.slice(-4)).toEqual(["$10.50", "$10.50", "$0.00", "$0.00"]);
    expect(html.replace(/<!-- -->/g, "")).toMatch(/Total invested<\/dt><dd[^>]*>\$0\.00</);
    expect(html).toContain("Latest value $42.42, invested $0.00.");
  });

  it("is not shown to visitors", async () => {
    const { html } = await page("/resell-tracker");
    expect(html).not.toContain("Portfolio value");
  });
});
