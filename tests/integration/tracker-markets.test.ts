import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { netAfterFeeCents, PRICE_MARKETS, type PriceMarket } from "~/domain/markets";
import { US_DOLLARS } from "~/domain/money";
import { get, post, signedInUser } from "./helpers";

// The resell tracker on several markets (docs/features/collector-tools.md, "The tracker on markets"):
// an open item's price on each market, what a sale leaves after the fee, the best market, and the
// list valued at one market or at the best net, all in the page's one round trip.

const SKIN = "ak-47-redline";

async function track(cookie: string, fields: Record<string, string> = {}) {
  const created = await post(
    `/resell-tracker/new?skin=${SKIN}`,
    { skinId: SKIN, wear: "FT", boughtAt: "2026-01-02", buyPrice: "12.34", ...fields },
    { cookie },
  );
  expect(created.status).toBe(303);
}

/** The seeded Field-Tested prices of the Redline on each market. */
async function seededPrices(): Promise<Map<PriceMarket, number>> {
  const { results } = await env.DB.prepare("SELECT market, price_cents FROM skin_market_prices WHERE skin_id = ? AND variant = 'normal' AND wear = 'FT'")
    .bind(SKIN)
    .all<{ market: PriceMarket; price_cents: number }>();
  return new Map(results.map((row) => [row.market, row.price_cents]));
}

const text = (html: string) => html.replaceAll("<!-- -->", "");
/** A market's row on the card: price, after fee, profit. */
function marketRow(html: string, market: PriceMarket) {
  const row = text(html).split(`data-testid="tracker-market-${market}"`)[1]?.split("</tr>")[0] ?? "";
  return [...row.matchAll(/<td[^>]*>(?:<span[^>]*>)?([^<]*)</g)].map((match) => match[1]);
}
const currentPrice = (html: string) => /Current price<\/dt><dd[^>]*>([^<]+)</.exec(text(html))?.[1];
const summaryValue = (html: string, label: string) => new RegExp(`${label}</dt><dd[^>]*>([^<]+)<`).exec(text(html))?.[1];

describe("the resell tracker on markets", () => {
  it("shows each market's price, what a sale leaves after its fee and the profit, and marks the best, in one round trip", async () => {
    const user = await signedInUser("tracker-markets");
    await track(user.cookie);
    const prices = await seededPrices();
    expect(prices.size).toBeGreaterThanOrEqual(3);
    const response = await get("/resell-tracker", user.cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("X-D1-Round-Trips")).toBe("1");
    const html = await response.text();
    let best: { market: PriceMarket; net: number } | null = null;
    for (const market of PRICE_MARKETS) {
      const price = prices.get(market);
      if (price === undefined) {
        expect(marketRow(html, market)[0]).toBe("No price");
        continue;
      }
      const net = netAfterFeeCents(market, price);
      expect(marketRow(html, market)).toEqual([US_DOLLARS.format(price), US_DOLLARS.format(net), US_DOLLARS.signed(net - 1234)]);
      if (!best || net > best.net) best = { market, net };
    }
    const bestRow = text(html).split(`data-testid="tracker-market-${best!.market}"`)[1]!.split("</tr>")[0]!;
    expect(bestRow).toContain("Best to sell");
    expect(text(html)).toContain(`Best after fees: `);
    for (const market of PRICE_MARKETS) expect(marketRow(html, market)).not.toContain("$0.00");
  });

  it("values the open items and the portfolio at the chosen market, or at the best net; an unknown choice is the cheapest listing", async () => {
    const user = await signedInUser("tracker-valuation");
    await track(user.cookie);
    const prices = await seededPrices();
    const steam = prices.get("steam")!;
    const onSteam = await (await get("/resell-tracker?market=steam", user.cookie)).text();
    expect(currentPrice(onSteam)).toBe(US_DOLLARS.format(steam));
    expect(summaryValue(onSteam, "Open value")).toBe(US_DOLLARS.format(steam));
    expect(text(onSteam)).toContain("Open items valued at: Steam Community Market.");

    const bestNet = Math.max(...[...prices].map(([market, price]) => netAfterFeeCents(market, price)));
    const best = await (await get("/resell-tracker?market=best-net", user.cookie)).text();
    expect(currentPrice(best)).toBe(US_DOLLARS.format(bestNet));
    expect(summaryValue(best, "Open profit")).toMatch(new RegExp(`^${US_DOLLARS.signed(bestNet - 1234).replace(/[$+.]/g, "\\$&")} `));

    const stored = await env.DB.prepare("SELECT price_cents FROM skin_wears WHERE skin_id = ? AND wear = 'FT'").bind(SKIN).first<{ price_cents: number }>();
    for (const path of ["/resell-tracker", "/resell-tracker?market=bitskins"]) {
      const plain = await (await get(path, user.cookie)).text();
      expect(currentPrice(plain)).toBe(US_DOLLARS.format(stored!.price_cents));
      expect(text(plain)).toContain("Open items valued at: Cheapest listing across markets.");
    }
  });

  it("another player's trackers price nothing on this page, and a visitor gets the login", async () => {
    const owner = await signedInUser("tracker-markets-owner");
    await track(owner.cookie, { notes: "owner's own" });
    const other = await signedInUser("tracker-markets-other");
    const html = await (await get("/resell-tracker?market=best-net", other.cookie)).text();
    expect(html).not.toContain("owner&#x27;s own");
    expect(html).not.toContain('data-testid="tracker-markets"');
    expect(html).toContain("You have no resell trackers yet.");
    const visitor = await get("/resell-tracker?market=steam");
    expect(await visitor.text()).toContain("Log in to track the skins you bought to resell.");
  });
});
