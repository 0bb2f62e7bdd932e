import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { utcDay } from "~/domain/price-history";
import { runPriceJob, type PriceJobResult } from "~/server/jobs/price-job.server";
import { MARKET_PRICE_REFRESH_MS } from "~/server/jobs/price-write.server";
import { collectingWarnings } from "./helpers";

// The price job with the multi-market feed (csgo-trader's prices_v6.json shape) and with Skinport's
// /v1/items: prices per market, the default price the cheapest of them, a market the feed lacks
// left alone, a malformed item skipped and counted. The stand-in: tests/integration/price-feed.ts.
const PROVIDER = env.TEST_PRICE_FEED;
/** This file's own state in the stand-in, so the price job's tests running at once do not steer it. */
const CHANNEL = "channel=markets";
const MARKETS_URL = `${PROVIDER}/latest/prices_v6.json?${CHANNEL}`;
const FEED = new URL(MARKETS_URL).host;
const marketsEnv = { ...env, PRICE_FEED_URL: MARKETS_URL, PRICE_FEED_TIMEOUT_MS: "300" };
const skinportEnv = { ...env, PRICE_FEED_URL: `${PROVIDER}/v1/items?app_id=730&currency=USD&${CHANNEL}`, PRICE_FEED_TIMEOUT_MS: "300" };
const NOW = Date.UTC(2026, 11, 1, 18, 0, 0);
const SEEDED = Date.UTC(2026, 0, 1);
const HARP_HOLO = 1947; // "Sticker | Harp of War (Holo)"

async function control(body: Record<string, unknown>) {
  await (await fetch(`${PROVIDER}/__control?${CHANNEL}`, { method: "POST", body: JSON.stringify(body) })).text();
}
function done(result: PriceJobResult) {
  if (result.status !== "done") throw new Error(`run ${result.status}: ${"error" in result ? result.error : result.reason}`);
  return result;
}
async function skinMarkets(skinId: string, variant: string, wear: string) {
  const { results } = await env.DB.prepare(
    "SELECT market, price_cents, updated_at FROM skin_market_prices WHERE skin_id = ? AND variant = ? AND wear = ? ORDER BY market",
  )
    .bind(skinId, variant, wear)
    .all<{ market: string; price_cents: number; updated_at: number }>();
  return Object.fromEntries(results.map((row) => [row.market, [row.price_cents, row.updated_at]]));
}
async function itemMarkets(kind: string, id: number) {
  const { results } = await env.DB.prepare("SELECT market, price_cents, updated_at FROM item_market_prices WHERE kind = ? AND item_id = ? ORDER BY market")
    .bind(kind, id)
    .all<{ market: string; price_cents: number; updated_at: number }>();
  return Object.fromEntries(results.map((row) => [row.market, [row.price_cents, row.updated_at]]));
}
/** A history row's default price and each market's, of `day`. */
async function historyOf(table: "price_history" | "item_price_history", key: string, binds: (string | number)[], day: string) {
  return env.DB.prepare(`SELECT price_cents, steam_cents, skinport_cents, csfloat_cents, buff163_cents FROM ${table} WHERE ${key} AND day = ?`)
    .bind(...binds, day)
    .first();
}
const redlineHistory = (day: string) => historyOf("price_history", "skin_id = 'ak-47-redline' AND variant = 'normal' AND wear = 'FT'", [], day);
async function wearPrice(skinId: string, wear: string) {
  return (await env.DB.prepare("SELECT price_cents FROM skin_wears WHERE skin_id = ? AND wear = ?").bind(skinId, wear).first<{ price_cents: number }>())!
    .price_cents;
}

const REDLINE = {
  steam: { last_24h: 21.3, last_7d: 20.9, last_30d: 20.1, last_90d: 19.5 },
  skinport: { suggested_price: 19.8, starting_at: 18.9 },
  buff163: { starting_at: { price: 17.42 }, highest_order: { price: 16.9 } },
  csfloat: { price: 18.1 },
  bitskins: { price: "18.00", instant_sale_price: null }, // a market the app does not keep: ignored
};
const DOCUMENT = {
  "AK-47 | Redline (Field-Tested)": REDLINE,
  "StatTrak™ AK-47 | Redline (Minimal Wear)": { steam: { last_24h: 95 }, skinport: null, buff163: { starting_at: { price: 81.5 } }, csfloat: 83 },
  "Sticker | Harp of War (Holo)": { steam: { last_24h: 2.6 }, skinport: { starting_at: 2.31 }, buff163: { starting_at: { price: 2.25 } }, csfloat: null },
  "Operation Riptide Pass": { steam: { last_24h: 14 } }, // not in the catalogue
};

/** The seed's demo market prices (tests/integration/vitest.config.ts), written again before each test. */
const SEEDED_MARKETS = env.TEST_SEED.filter((statement) => /^INSERT INTO (skin|item)_market_prices/.test(statement));

beforeEach(async () => {
  await env.DB.batch([
    env.DB.prepare("DELETE FROM price_feed_runs"),
    env.DB.prepare("DELETE FROM price_history"),
    env.DB.prepare("DELETE FROM skin_market_prices"),
    env.DB.prepare("DELETE FROM item_market_prices"),
    ...SEEDED_MARKETS.map((statement) => env.DB.prepare(statement)),
  ]);
  await control({ mode: "ok", delayMs: 0, reset: true });
});

describe("the multi-market feed", () => {
  it("stores each market's price with its update time; the default price is the cheapest; other markets are ignored", async () => {
    await control({ markets: DOCUMENT });
    const result = done(await runPriceJob(env.DB, marketsEnv, NOW));
    expect(result).toMatchObject({ matched: 3, unmatched: 1, marketPrices: 10 });
    expect(await skinMarkets("ak-47-redline", "normal", "FT")).toEqual({
      buff163: [1742, NOW],
      csfloat: [1810, NOW],
      skinport: [1890, NOW],
      steam: [2130, NOW],
    });
    expect(await wearPrice("ak-47-redline", "FT")).toBe(1742);
    const stattrak = await skinMarkets("ak-47-redline", "stattrak", "MW");
    expect(stattrak).toEqual({ buff163: [8150, NOW], csfloat: [8300, NOW], steam: [9500, NOW] });
    expect(await itemMarkets("sticker", HARP_HOLO)).toMatchObject({ buff163: [225, NOW], skinport: [231, NOW], steam: [260, NOW] });
    const sticker = await env.DB.prepare("SELECT price_cents FROM stickers WHERE id = ?").bind(HARP_HOLO).first<{ price_cents: number }>();
    expect(sticker!.price_cents).toBe(225);
    // Today's history row: the default (cheapest) price.
    const history = await env.DB.prepare(
      "SELECT price_cents FROM price_history WHERE skin_id = 'ak-47-redline' AND variant = 'normal' AND wear = 'FT' AND day = ?",
    )
      .bind(utcDay(NOW))
      .first<{ price_cents: number }>();
    expect(history!.price_cents).toBe(1742);
  });

  it("keeps each market's price of the day beside the default in the history; a stale market price is none that day", async () => {
    await control({ markets: DOCUMENT });
    done(await runPriceJob(env.DB, marketsEnv, NOW));
    const today = utcDay(NOW);
    expect(await redlineHistory(today)).toEqual({ price_cents: 1742, steam_cents: 2130, skinport_cents: 1890, csfloat_cents: 1810, buff163_cents: 1742 });
    // StatTrak™ MW: Skinport null in the document, its seeded price (January) stale: no price that day.
    const stattrak = await historyOf("price_history", "skin_id = 'ak-47-redline' AND variant = 'stattrak' AND wear = 'MW'", [], today);
    expect(stattrak).toEqual({ price_cents: 8150, steam_cents: 9500, skinport_cents: null, csfloat_cents: 8300, buff163_cents: 8150 });
    expect(await historyOf("item_price_history", "kind = 'sticker' AND item_id = ?", [HARP_HOLO], today)).toEqual({
      price_cents: 225,
      steam_cents: 260,
      skinport_cents: 231,
      csfloat_cents: null,
      buff163_cents: 225,
    });
    // Later that day Buff163 is missing and CSFloat moves: the day's row takes the latest of each.
    const withoutBuff = { "AK-47 | Redline (Field-Tested)": { ...REDLINE, buff163: undefined, csfloat: { price: 18.5 } } };
    await control({ markets: withoutBuff });
    done(await runPriceJob(env.DB, marketsEnv, NOW + 10 * 60_000));
    expect(await redlineHistory(today)).toEqual({ price_cents: 1850, steam_cents: 2130, skinport_cents: 1890, csfloat_cents: 1850, buff163_cents: 1742 });
    // Two days on, Buff163's price (still given by no feed) is stale: the new day has none for it.
    const later = NOW + 2 * 86_400_000;
    done(await runPriceJob(env.DB, marketsEnv, later));
    expect(await redlineHistory(utcDay(later))).toEqual({
      price_cents: 1850,
      steam_cents: 2130,
      skinport_cents: 1890,
      csfloat_cents: 1850,
      buff163_cents: null,
    });
    expect(await redlineHistory(today)).toMatchObject({ buff163_cents: 1742 });
  });

  it("a document without a market leaves that market's stored prices (and their time) alone", async () => {
    await control({ markets: DOCUMENT });
    done(await runPriceJob(env.DB, marketsEnv, NOW));
    const later = NOW + 10 * 60_000;
    const withoutBuff = { "AK-47 | Redline (Field-Tested)": { ...REDLINE, buff163: undefined, csfloat: { price: 18.5 } } };
    await control({ markets: withoutBuff });
    done(await runPriceJob(env.DB, marketsEnv, later));
    expect(await skinMarkets("ak-47-redline", "normal", "FT")).toEqual({
      buff163: [1742, NOW], // kept as it was
      csfloat: [1850, later], // changed
      skinport: [1890, NOW], // the same price, confirmed within the refresh time: not rewritten
      steam: [2130, NOW],
    });
    // The default is the cheapest the latest feed gave.
    expect(await wearPrice("ak-47-redline", "FT")).toBe(1850);
    // An unchanged price is rewritten once its time is older than the refresh time.
    const much = NOW + MARKET_PRICE_REFRESH_MS + 60_000;
    done(await runPriceJob(env.DB, marketsEnv, much));
    expect((await skinMarkets("ak-47-redline", "normal", "FT")).skinport).toEqual([1890, much]);
  });

  it("skips and counts a malformed item with a warning; every other price is written", async () => {
    const filler = Object.fromEntries(Array.from({ length: 120 }, (_, n) => [`Sticker | Not In The Catalogue ${n}`, { steam: 1 }]));
    await control({ markets: { ...filler, "AWP | Asiimov (Field-Tested)": { steam: { last_24h: "80.00" }, csfloat: 75 }, ...DOCUMENT } });
    const before = await skinMarkets("awp-asiimov", "normal", "FT");
    const { result, warnings } = await collectingWarnings(() => runPriceJob(env.DB, marketsEnv, NOW));
    expect(done(result)).toMatchObject({ matched: 3, unmatched: 121 });
    expect(warnings).toEqual([
      expect.stringMatching(
        new RegExp(`^\\[prices\\] ${FEED}: 1 malformed item skipped \\(AWP \\| Asiimov \\(Field-Tested\\)\\.steam: .*\\); the others are priced$`),
      ),
    ]);
    expect(await skinMarkets("awp-asiimov", "normal", "FT")).toEqual(before);
    expect((await skinMarkets("ak-47-redline", "normal", "FT")).steam).toEqual([2130, NOW]);
  });

  it("refuses a document whose items are mostly malformed, and writes nothing", async () => {
    await control({ markets: { "AK-47 | Redline (Field-Tested)": { steam: "21.30" }, "Sticker | Harp of War (Holo)": [] } });
    const before = await skinMarkets("ak-47-redline", "normal", "FT");
    const { result } = await collectingWarnings(() => runPriceJob(env.DB, marketsEnv, NOW));
    expect(result).toMatchObject({ status: "failed", error: expect.stringMatching(/^Feed has the wrong shape: .* \(2 of 2 items malformed\)$/) as unknown });
    expect(await skinMarkets("ak-47-redline", "normal", "FT")).toEqual(before);
  });
});

describe("Skinport's feed among the markets", () => {
  it("writes Skinport's price alone and leaves the other markets' prices as they are", async () => {
    const before = await skinMarkets("ak-47-redline", "normal", "FT");
    expect(Object.keys(before).length).toBeGreaterThanOrEqual(3); // the seed's demo markets
    await control({
      items: [{ market_hash_name: "AK-47 | Redline (Field-Tested)", currency: "USD", min_price: 19.99, suggested_price: 21, quantity: 3 }],
    });
    done(await runPriceJob(env.DB, skinportEnv, NOW));
    expect(await skinMarkets("ak-47-redline", "normal", "FT")).toEqual({ ...before, skinport: [1999, NOW] });
    expect(Object.values(before).every(([, updatedAt]) => updatedAt === SEEDED)).toBe(true);
    expect(await wearPrice("ak-47-redline", "FT")).toBe(1999);
  });
});
