import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { US_DOLLARS } from "~/domain/money";
import { fetchWorker } from "./helpers";

// The Market choice (docs/features/price-feed.md, "Market choice") on the pages that took it after the
// weapon grid and the cases: each page's prices on a chosen market are that market's seeded rows
// (demoMarketPriceStatements), a market without a row says "No price", an unknown value is the
// default, and the edge cache keeps one page per market.

async function page(path: string, workerEnv: typeof env = env) {
  const response = await fetchWorker(`https://example.com${path}`, {}, workerEnv);
  return { response, html: await response.text() };
}

/** The price text of a skin's card on a grid of skin cards. */
function cardPrice(html: string, skinId: string): string | undefined {
  const card = html.split(`href="/skins/${skinId}"`)[1]?.split("</a>")[0];
  return card ? /data-testid="skin-card-price">([^<]*)</.exec(card)?.[1] : undefined;
}

/** The page's "Prices: …" line. */
const pricedWith = (html: string) => /data-testid="price-market">([^<]*(?:<!-- -->[^<]*)*)</.exec(html)?.[1]?.replaceAll("<!-- -->", "");

/** A skin's lowest and highest normal price over its possible wears on `market`, from the seeded rows. */
async function seededRange(skinId: string, market: string) {
  const row = await env.DB.prepare(
    `SELECT min(m.price_cents) AS low, max(m.price_cents) AS high FROM skin_wears w
     JOIN skin_market_prices m ON m.skin_id = w.skin_id AND m.variant = 'normal' AND m.wear = w.wear AND m.market = ?
     WHERE w.skin_id = ? AND w.enabled = 1 AND m.price_cents > 0`,
  )
    .bind(market, skinId)
    .first<{ low: number | null; high: number | null }>();
  return US_DOLLARS.range(row?.low ?? null, row?.high ?? null);
}

/** A priced skin the seed gives no CSFloat price in any wear (CSFloat lacks one price in ten). */
async function skinWithoutCsfloat() {
  const row = await env.DB.prepare(
    `SELECT s.id, s.name FROM skins s WHERE EXISTS (SELECT 1 FROM skin_wears w WHERE w.skin_id = s.id AND w.enabled = 1 AND w.price_cents > 0)
       AND NOT EXISTS (SELECT 1 FROM skin_market_prices m WHERE m.skin_id = s.id AND m.variant = 'normal' AND m.market = 'csfloat')
     ORDER BY s.name LIMIT 1`,
  ).first<{ id: string; name: string }>();
  if (!row) throw new Error("the seed has no skin without a CSFloat price");
  return row;
}

describe("search results on a chosen market", () => {
  it("prices each card at the chosen market's seeded rows, and says which market", async () => {
    const { response, html } = await page("/search?q=ak-47%20redline&market=steam");
    expect(response.status).toBe(200);
    expect(response.headers.get("X-D1-Round-Trips")).toBe("1");
    expect(pricedWith(html)).toBe("Prices: Steam Community Market");
    const steam = await seededRange("ak-47-redline", "steam");
    expect(steam).toMatch(/^\$/);
    expect(cardPrice(html, "ak-47-redline")).toBe(steam);
    expect(cardPrice(html, "ak-47-redline")).not.toBe(cardPrice((await page("/search?q=ak-47%20redline")).html, "ak-47-redline"));
  });

  it("by default prices at the cheapest listing (the default price), and an unknown market is the default", async () => {
    const plain = await page("/search?q=ak-47%20redline");
    expect(pricedWith(plain.html)).toBe("Prices: Cheapest listing across markets");
    const stored = await env.DB.prepare(
      "SELECT min(price_cents) AS low, max(price_cents) AS high FROM skin_wears WHERE skin_id = 'ak-47-redline' AND enabled = 1 AND price_cents > 0",
    ).first<{ low: number; high: number }>();
    expect(cardPrice(plain.html, "ak-47-redline")).toBe(US_DOLLARS.range(stored!.low, stored!.high));
    const unknown = await page("/search?q=ak-47%20redline&market=bitskins");
    expect(unknown.response.status).toBe(200);
    expect(pricedWith(unknown.html)).toBe("Prices: Cheapest listing across markets");
    expect(cardPrice(unknown.html, "ak-47-redline")).toBe(cardPrice(plain.html, "ak-47-redline"));
  });

  it("a skin without a price on the chosen market says No price, never $0.00", async () => {
    const skin = await skinWithoutCsfloat();
    const { html } = await page(`/search?q=${encodeURIComponent(skin.name)}&market=csfloat`);
    expect(cardPrice(html, skin.id)).toBe("No price");
    expect(html).not.toContain("$0.00");
    expect(cardPrice((await page(`/search?q=${encodeURIComponent(skin.name)}&market=buff163`)).html, skin.id)).toBe(await seededRange(skin.id, "buff163"));
  });

  it("the edge cache keeps one search page per market", async () => {
    const cachedEnv = { ...env, EDGE_CACHE_SECONDS: "60" };
    // A query no other test asks for (the words in another order), so the first visit is a miss.
    const unique = "/search?q=redline%20ak-47";
    const steam = `${unique}&market=steam`;
    expect((await page(steam, cachedEnv)).response.headers.get("X-Cache")).toBe("MISS");
    const again = await page(steam, cachedEnv);
    expect(again.response.headers.get("X-Cache")).toBe("HIT");
    expect(pricedWith(again.html)).toBe("Prices: Steam Community Market");
    const other = await page(`${unique}&market=buff163`, cachedEnv);
    expect(other.response.headers.get("X-Cache")).toBe("MISS");
    expect(pricedWith(other.html)).toBe("Prices: Buff163");
    expect(cardPrice(other.html, "ak-47-redline")).toBe(await seededRange("ak-47-redline", "buff163"));
  });
});
