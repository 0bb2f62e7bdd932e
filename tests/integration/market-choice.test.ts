import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { US_DOLLARS } from "~/domain/money";
import { WEAR_NAMES, WEARS, type Wear } from "~/domain/wear";
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

  it("the weapon grid: a skin without a price on the chosen market says No price, as the market tables do", async () => {
    const skin = await skinWithoutCsfloat();
    const { weapon } = (await env.DB.prepare("SELECT weapon FROM skins WHERE id = ?").bind(skin.id).first<{ weapon: string }>())!;
    const grid = `/weapons/${encodeURIComponent(weapon)}`;
    expect(cardPrice((await page(`${grid}?market=csfloat`)).html, skin.id)).toBe("No price");
    expect(cardPrice((await page(`${grid}?market=buff163`)).html, skin.id)).toBe(await seededRange(skin.id, "buff163"));
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

/** The HTML without the comments React puts between adjacent texts. */
const text = (html: string) => html.replaceAll("<!-- -->", "");

/** A page, after the redirect to its canonical URL if it answers one. */
async function settled(path: string) {
  const first = await page(path);
  const location = first.response.headers.get("Location");
  return location ? page(location) : first;
}

/** A skin's normal price in `wear` on `market`, as the page writes it ("No price" without a row). */
async function seededPrice(skinId: string, wear: Wear, market: string) {
  const row = await env.DB.prepare("SELECT price_cents FROM skin_market_prices WHERE skin_id = ? AND variant = 'normal' AND wear = ? AND market = ?")
    .bind(skinId, wear, market)
    .first<{ price_cents: number }>();
  return row ? US_DOLLARS.format(row.price_cents) : "No price";
}

/** The inputs' prices as the rows show them ("… · Field-Tested · $1.23"). */
const inputPrices = (html: string) => [...text(html).matchAll(/float [\d.]+ to [\d.]+ · [A-Za-z -]+ · ([^<]+)</g)].map((m) => m[1]);

/** Each outcome's skin, wear and price as the table shows them. */
function outcomeRows(html: string) {
  const wearOf = (name: string) => WEARS.find((wear) => WEAR_NAMES[wear] === name)!;
  return [
    ...text(html).matchAll(
      /href="\/skins\/([^"]+)"[^>]*>[^<]*<\/a><\/td>.*?<\/td>.*?<\/td><td[^>]*>([^<]+)<\/td><td[^>]*data-testid="outcome-price">([^<]+)</g,
    ),
  ].map((m) => ({ skinId: m[1]!, wear: wearOf(m[2]!), price: m[3]! }));
}

const figure = (html: string, label: string) => new RegExp(`${label}</dt><dd[^>]*>([^<]+)<`).exec(text(html))?.[1];

describe("the trade-up calculator on a chosen market", () => {
  const contract = "/trade-up?s1=mag-7-insomnia&f1=0.2&n1=10";

  it("prices the inputs and every outcome at the chosen market's seeded rows; the cost and the expected value follow", async () => {
    const steam = await page(`${contract}&market=steam`);
    expect(steam.response.status).toBe(200);
    expect(steam.response.headers.get("X-D1-Round-Trips")).toBe("1");
    expect(pricedWith(steam.html)).toBe("Prices: Steam Community Market");
    expect(text(steam.html)).toContain("at Steam Community Market prices");
    const insomnia = await seededPrice("mag-7-insomnia", "FT", "steam");
    expect(inputPrices(steam.html)).toEqual([insomnia]);
    const steamCents = Number(insomnia.replace(/[$,]/g, "")) * 100;
    expect(figure(steam.html, "Inputs&#x27; cost")).toBe(US_DOLLARS.format(Math.round(steamCents * 10)));
    const outcomes = outcomeRows(steam.html);
    expect(outcomes.length).toBeGreaterThan(1);
    for (const outcome of outcomes) expect(outcome.price, outcome.skinId).toBe(await seededPrice(outcome.skinId, outcome.wear, "steam"));

    // The default: the cheapest listing; Steam's seeded prices are dearer, so is the expected value.
    const cheapest = await page(contract);
    expect(pricedWith(cheapest.html)).toBe("Prices: Cheapest listing across markets");
    const cents = (html: string) => Number(figure(html, "Expected value")!.split(" ")[0]!.replace(/[$,]/g, ""));
    expect(cents(steam.html)).toBeGreaterThan(cents(cheapest.html));
  });

  it("an input without a price on the chosen market says No price, never $0.00; an unknown market is the default", async () => {
    const missing = await env.DB.prepare(
      `SELECT s.id, w.wear, s.min_float AS minFloat, s.max_float AS maxFloat FROM skins s JOIN skin_wears w ON w.skin_id = s.id
       WHERE w.enabled = 1 AND w.price_cents > 0 AND s.rarity = 'Mil-Spec'
         AND NOT EXISTS (SELECT 1 FROM skin_market_prices m WHERE m.skin_id = s.id AND m.variant = 'normal' AND m.wear = w.wear AND m.market = 'csfloat')
       ORDER BY s.id, w.wear LIMIT 1`,
    ).first<{ id: string; wear: Wear; minFloat: number; maxFloat: number }>();
    if (!missing) throw new Error("the seed has no Mil-Spec wear without a CSFloat price");
    const bands: Record<Wear, [number, number]> = { FN: [0, 0.07], MW: [0.07, 0.15], FT: [0.15, 0.38], WW: [0.38, 0.45], BS: [0.45, 1] };
    const [low, high] = bands[missing.wear];
    const float = Number(((Math.max(low, missing.minFloat) + Math.min(high, missing.maxFloat)) / 2).toFixed(4));
    const path = `/trade-up?s1=${missing.id}&f1=${float}&n1=10`;
    const csfloat = await settled(`${path}&market=csfloat`);
    expect(pricedWith(csfloat.html)).toBe("Prices: CSFloat");
    expect(inputPrices(csfloat.html)).toEqual(["No price"]);
    expect(csfloat.html).not.toContain("$0.00");
    // An unknown market is the default (the page is rendered for its URL without it).
    const plain = await settled(`${path}&market=bitskins`);
    expect(plain.response.status).toBe(200);
    expect(pricedWith(plain.html)).toBe("Prices: Cheapest listing across markets");
    const stored = await env.DB.prepare("SELECT price_cents FROM skin_wears WHERE skin_id = ? AND wear = ?")
      .bind(missing.id, missing.wear)
      .first<{ price_cents: number }>();
    expect(inputPrices(plain.html)).toEqual([US_DOLLARS.format(stored!.price_cents)]);
  });

  it("keeps the market through an add, a removal and a search (the redirects to the canonical URL)", async () => {
    const added = await page(`${contract}&market=buff163&intent=add:mp9-featherweight`);
    expect(added.response.headers.get("Location")).toBe("/trade-up?s1=mag-7-insomnia&f1=0.2&n1=10&s2=mp9-featherweight&n2=1&market=buff163");
    const removed = await page(`/trade-up?s1=mag-7-insomnia&f1=0.2&n1=10&s2=mp9-featherweight&n2=1&market=buff163&intent=remove:2`);
    expect(removed.response.headers.get("Location")).toBe(`${contract}&market=buff163`);
    const searched = await page(`${contract}&market=csfloat&find=redline&intent=search`);
    expect(searched.response.headers.get("Location")).toBe(`${contract}&find=redline&market=csfloat`);
  });

  it("the edge cache keeps one trade-up page per market", async () => {
    const cachedEnv = { ...env, EDGE_CACHE_SECONDS: "60" };
    const path = "/trade-up?s1=mag-7-insomnia&f1=0.21&n1=10";
    expect((await page(`${path}&market=skinport`, cachedEnv)).response.headers.get("X-Cache")).toBe("MISS");
    const again = await page(`${path}&market=skinport`, cachedEnv);
    expect(again.response.headers.get("X-Cache")).toBe("HIT");
    expect(pricedWith(again.html)).toBe("Prices: Skinport");
    const other = await page(`${path}&market=steam`, cachedEnv);
    expect(other.response.headers.get("X-Cache")).toBe("MISS");
    expect(inputPrices(other.html)).toEqual([await seededPrice("mag-7-insomnia", "FT", "steam")]);
  });
});

describe("a loadout on a chosen market", () => {
  /** A slot's line "Field-Tested · $12.34" on a loadout page. */
  const slotLine = (html: string, slot: string) => {
    const item = text(html).split(`data-testid="slot-${slot}"`)[1]?.split("</li>")[0] ?? "";
    return /<p class="text-muted">([^<]*)<\/p>/.exec(item)?.[1];
  };

  it("prices each slot and the total at the chosen market's seeded rows, says which, and is not kept by the edge cache", async () => {
    const slot = await env.DB.prepare(
      `SELECT s.slot, s.wear, m.price_cents FROM official_loadout_slots s
       JOIN skin_market_prices m ON m.skin_id = s.skin_id AND m.variant = 'normal' AND m.wear = s.wear AND m.market = 'steam'
       WHERE s.loadout_id = 1 AND s.wear IS NOT NULL ORDER BY s.slot LIMIT 1`,
    ).first<{ slot: string; wear: Wear; price_cents: number }>();
    expect(slot).not.toBeNull();
    const cachedEnv = { ...env, EDGE_CACHE_SECONDS: "60" };
    const side = slot!.slot.startsWith("ct") ? "&side=ct" : "";
    const steam = await page(`/loadouts/official/1?market=steam${side}`, cachedEnv);
    expect(steam.response.status).toBe(200);
    expect(steam.response.headers.get("X-D1-Round-Trips")).toBe("1");
    expect(pricedWith(steam.html)).toBe("Prices: Steam Community Market");
    const html = slotLine(steam.html, slot!.slot) ? steam.html : (await page(`/loadouts/official/1?market=steam&side=ct`)).html;
    expect(slotLine(html, slot!.slot)).toBe(`${WEAR_NAMES[slot!.wear]} · ${US_DOLLARS.format(slot!.price_cents)}`);
    // Another market than the default is not kept (its purge after an admin's edit would reach five
    // times the keys): a second visit is rendered again, never served from the cache.
    expect(steam.response.headers.get("X-Cache")).toBe("BYPASS");
    const again = await page(`/loadouts/official/1?market=steam${side}`, cachedEnv);
    expect(again.response.headers.get("X-Cache")).toBe("BYPASS");
    const buff = await page(`/loadouts/official/1?market=buff163${side}`, cachedEnv);
    expect(pricedWith(buff.html)).toBe("Prices: Buff163");
    expect(pricedWith((await page("/loadouts/official/1?market=bitskins")).html)).toBe("Prices: Cheapest listing across markets");
  });
});

describe("a sticker craft on a chosen market", () => {
  it("prices the skin and each catalogue sticker at the chosen market, and says which", async () => {
    const craft = await env.DB.prepare(
      `SELECT c.id, c.skin_id, m.price_cents FROM sticker_crafts c
       JOIN sticker_craft_stickers cs ON cs.craft_id = c.id
       JOIN stickers st ON st.name = cs.name
       JOIN item_market_prices m ON m.kind = 'sticker' AND m.item_id = st.id AND m.market = 'steam'
       WHERE c.status = 'published' ORDER BY c.id LIMIT 1`,
    ).first<{ id: number; skin_id: string; price_cents: number }>();
    expect(craft).not.toBeNull();
    const steam = await page(`/sticker-crafts/${craft!.id}?market=steam`);
    expect(steam.response.status).toBe(200);
    expect(steam.response.headers.get("X-D1-Round-Trips")).toBe("1");
    expect(pricedWith(steam.html)).toBe("Prices: Steam Community Market");
    expect(text(steam.html)).toContain(US_DOLLARS.format(craft!.price_cents));
    expect(text(steam.html)).toContain(await seededRange(craft!.skin_id, "steam"));
    const plain = await page(`/sticker-crafts/${craft!.id}`);
    expect(pricedWith(plain.html)).toBe("Prices: Cheapest listing across markets");
  });
});

describe("the sticker craft gallery on a chosen market", () => {
  it("costs each craft at the chosen market: the skin's cheapest wear there plus its stickers there", async () => {
    const { results } = await env.DB.prepare(
      `SELECT c.id,
         (SELECT min(m.price_cents) FROM skin_wears w JOIN skin_market_prices m ON m.skin_id = w.skin_id AND m.variant = 'normal' AND m.wear = w.wear AND m.market = 'steam'
          WHERE w.skin_id = c.skin_id AND w.enabled = 1) AS skin_cents,
         (SELECT coalesce(sum(coalesce((SELECT p.price_cents FROM stickers st JOIN item_market_prices p ON p.kind = 'sticker' AND p.item_id = st.id AND p.market = 'steam'
            WHERE st.name = cs.name), cs.price_cents)), 0) FROM sticker_craft_stickers cs WHERE cs.craft_id = c.id) AS stickers_cents
       FROM sticker_crafts c WHERE c.status = 'published' ORDER BY c.id`,
    ).all<{ id: number; skin_cents: number | null; stickers_cents: number }>();
    const priced = results.find((row) => row.skin_cents !== null && row.stickers_cents > 0);
    expect(priced).toBeDefined();
    const steam = await page("/sticker-crafts?market=steam");
    expect(steam.response.status).toBe(200);
    expect(steam.response.headers.get("X-D1-Round-Trips")).toBe("1");
    expect(pricedWith(steam.html)).toBe("Prices: Steam Community Market");
    // Each card opens its craft on the same market.
    const card = text(steam.html).split(`href="/sticker-crafts/${priced!.id}?market=steam"`)[1]?.split("</a>")[0] ?? "";
    expect(card).toContain(`Craft cost <span class="font-semibold">${US_DOLLARS.format(priced!.skin_cents! + priced!.stickers_cents)}</span>`);
    // The filter and order links keep the market.
    expect(steam.html).toContain('href="/sticker-crafts?kind=community&amp;market=steam"');
  });
});

describe("a case's page on a chosen market", () => {
  it("prices its items, the case, its key and the expected value on the chosen market, in one round trip", async () => {
    const crate = await env.DB.prepare(
      `SELECT c.slug, c.id, k.id AS key_id,
         (SELECT price_cents FROM item_market_prices WHERE kind = 'crate' AND item_id = c.id AND market = 'steam') AS steam_cents,
         (SELECT price_cents FROM item_market_prices WHERE kind = 'key' AND item_id = k.id AND market = 'steam') AS key_steam_cents,
         (SELECT min(sc.skin_id) FROM skin_crates sc WHERE sc.crate_id = c.id AND sc.special = 0) AS skin_id
       FROM crates c JOIN case_keys k ON k.id = c.key_id JOIN case_values v ON v.crate_id = c.id
       WHERE c.kind = 'weapon_case' AND c.slug IS NOT NULL ORDER BY c.name LIMIT 1`,
    ).first<{ slug: string; steam_cents: number; key_steam_cents: number; skin_id: string }>();
    expect(crate).not.toBeNull();
    const valueOf = (html: string) => Number(/data-testid="case-expected-value">\$([\d,.]+)</.exec(html)?.[1]?.replaceAll(",", ""));
    const cheapest = await page(`/cases/${crate!.slug}`);
    const steam = await page(`/cases/${crate!.slug}?market=steam`);
    expect(steam.response.status).toBe(200);
    expect(steam.response.headers.get("X-D1-Round-Trips")).toBe("1");
    expect(pricedWith(steam.html)).toBe("Prices: Steam Community Market");
    expect(pricedWith(cheapest.html)).toBe("Prices: Cheapest listing across markets");
    const html = steam.html.replaceAll("<!-- -->", "");
    expect(html).toContain(`Price: ${US_DOLLARS.format(crate!.steam_cents)}`);
    expect(html).toContain(`: ${US_DOLLARS.format(crate!.key_steam_cents)}`);
    // The seed's Steam prices run 15 to 40 % above the cheapest listing: so does the expected value.
    expect(valueOf(steam.html)).toBeGreaterThan(valueOf(cheapest.html) * 1.1);
    const card = html.split(`href="/skins/${crate!.skin_id}"`)[1]?.split("</a>")[0] ?? "";
    expect(/<span class="block text-muted">([^<]*)</.exec(card)?.[1]).toBe(await seededRange(crate!.skin_id, "steam"));
  });
});
