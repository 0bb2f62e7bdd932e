import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { TRADE_UP_MESSAGES } from "~/domain/trade-up";
import { get } from "./helpers";

async function page(query: string, cookie?: string) {
  const response = await get(`/trade-up${query}`, cookie);
  const html = await response.text();
  return { response, html, roundTrips: response.headers.get("X-D1-Round-Trips") };
}

/** What React escapes in text. */
const escaped = (text: string) => text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
/** The HTML without the comments React puts between adjacent texts. */
const text = (html: string) => html.replace(/<!-- -->/g, "");
const chances = (html: string) => [...html.matchAll(/data-testid="outcome-chance">([\d.]+) %</g)].map((m) => Number(m[1]));
const floats = (html: string) => [...html.matchAll(/data-testid="outcome-float">([\d.]+)</g)].map((m) => Number(m[1]));

describe("the trade-up calculator", () => {
  it("a valid contract of ten Mil-Spec inputs: outcomes summing to 100 %, their floats, the value, in one round trip", async () => {
    const { response, html, roundTrips } = await page("?s1=mag-7-insomnia&f1=0.2&n1=6&s2=mp9-featherweight&f2=0.3&n2=4");
    expect(response.status).toBe(200);
    expect(roundTrips).toBe("1");
    expect(response.headers.get("Cache-Control")).toMatch(/^public/);
    expect(html).toContain("Outcomes: Restricted");
    const odds = chances(html);
    expect(odds).toHaveLength(5);
    expect(odds.reduce((sum, p) => sum + p, 0)).toBeCloseTo(100, 1);
    // Both inputs range 0 to 1: the average normalised float is 0.24, which M4A1-S | Emphorosaur-S (0 to 0.8) makes 0.192.
    expect(html).toMatch(/M4A1-S \| Emphorosaur-S<\/a><\/td><td[^>]*>[\d.]+ %<\/td><td[^>]*data-testid="outcome-float">0\.192000</);
    expect(html).toContain('data-testid="expected-value"');
  });

  it("five Covert inputs list knives; a StatTrak five-Covert contract from a case of gloves only is refused", async () => {
    const knives = await page("?s1=awp-lightning-strike&f1=0.05&n1=5");
    expect(knives.response.status).toBe(200);
    expect(knives.html).toContain("Outcomes: knives and gloves");
    expect(knives.html).toContain("Karambit");
    expect(chances(knives.html).length).toBeGreaterThan(10);
    const gloves = await page("?s1=ak-47-head-shot&f1=0.1&n1=5&v1=stattrak");
    expect(gloves.response.status).toBe(422);
    expect(gloves.html).toContain(escaped(TRADE_UP_MESSAGES.nothingAbove("The Revolution Collection", "Extraordinary", true)));
  });

  it.each([
    ["a Souvenir input", "?s1=mag-7-insomnia&f1=0.2&n1=10&v1=souvenir", TRADE_UP_MESSAGES.souvenir("MAG-7 | Insomnia")],
    ["mixed rarities", "?s1=mag-7-insomnia&f1=0.2&n1=5&s2=m4a1-s-emphorosaur-s&f2=0.2&n2=5", TRADE_UP_MESSAGES.mixedRarity(["Mil-Spec", "Restricted"])],
    ["mixed StatTrak", "?s1=mag-7-insomnia&f1=0.2&n1=5&v1=stattrak&s2=mp9-featherweight&f2=0.2&n2=5", TRADE_UP_MESSAGES.mixedStatTrak],
    ["a float outside the range", "?s1=ak-47-redline&f1=0.05&n1=10", TRADE_UP_MESSAGES.floatOutOfRange("AK-47 | Redline", 0.05, 0.1, 0.7)],
    ["a wrong count", "?s1=mag-7-insomnia&f1=0.2&n1=10&s2=mp9-featherweight&f2=0.2&n2=2", TRADE_UP_MESSAGES.tooMany(12, 10, "Mil-Spec")],
    ["a collection with nothing above", "?s1=r8-revolver-amber-fade&f1=0.1&n1=10", TRADE_UP_MESSAGES.nothingAbove("The Dust 2 Collection", "Covert", false)],
    ["a StatTrak row of a skin without StatTrak", "?s1=p2000-amber-fade&f1=0.1&n1=10&v1=stattrak", TRADE_UP_MESSAGES.noStatTrak("P2000 | Amber Fade")],
    ["an unknown skin", "?s1=no-such-skin&f1=0.1&n1=10", TRADE_UP_MESSAGES.unknownSkin("no-such-skin")],
  ])("refuses %s with its message (422)", async (_, query, message) => {
    const { response, html, roundTrips } = await page(query);
    expect(response.status).toBe(422);
    expect(roundTrips).toBe("1");
    expect(html).toContain(escaped(message));
    expect(chances(html)).toEqual([]);
  });

  it("shows what is missing while the contract is incomplete, and answers a malformed URL with 400", async () => {
    const incomplete = await page("?s1=mag-7-insomnia&n1=3");
    expect(incomplete.response.status).toBe(200);
    expect(incomplete.html).toContain(escaped(TRADE_UP_MESSAGES.tooFew(3, 10, "Mil-Spec")));
    expect(incomplete.html).toContain(escaped(TRADE_UP_MESSAGES.missingFloat("MAG-7 | Insomnia")));
    const malformed = await page("?s1=mag-7-insomnia&f1=abc&n1=99");
    expect(malformed.response.status).toBe(400);
    expect(malformed.html).toContain("Row 1: the float must be a number from 0 to 1.");
    expect(malformed.html).toContain("Row 1: the count must be a whole number from 1 to 10.");
  });

  it("URL round trip: the form's fields and buttons redirect to the canonical URL, which renders the same contract", async () => {
    const typed = await page("?s1=mag-7-insomnia&f1=0.20&n1=10&v1=normal&find=");
    expect(typed.response.status).toBe(302);
    expect(typed.response.headers.get("Location")).toBe("/trade-up?s1=mag-7-insomnia&f1=0.2&n1=10");
    const cookie = typed.response.headers.get("Set-Cookie")!.split(";")[0]!;
    expect(cookie).toBe(`trade_up=${encodeURIComponent("s1=mag-7-insomnia&f1=0.2&n1=10")}`);

    // 'Add to trade-up' on a skin page: the link carries only the skin; the cookie holds the contract.
    const added = await page(`?intent=${encodeURIComponent("add:mp9-featherweight")}`, cookie);
    expect(added.response.status).toBe(302);
    expect(added.response.headers.get("Location")).toBe("/trade-up?s1=mag-7-insomnia&f1=0.2&n1=10&s2=mp9-featherweight&n2=1");
    const removed = await page(`?s1=mag-7-insomnia&f1=0.2&n1=10&s2=mp9-featherweight&n2=1&intent=remove%3A2`);
    expect(removed.response.headers.get("Location")).toBe("/trade-up?s1=mag-7-insomnia&f1=0.2&n1=10");

    const canonical = await page("?s1=mag-7-insomnia&f1=0.2&n1=10");
    expect(canonical.response.status).toBe(200);
    expect(floats(canonical.html).length).toBeGreaterThan(0);
    expect(canonical.html).toContain('href="/trade-up?s1=mag-7-insomnia&amp;f1=0.2&amp;n1=10"');

    const search = await page(`?s1=mag-7-insomnia&f1=0.2&n1=10&find=insomnia&intent=search`);
    expect(search.response.headers.get("Location")).toBe("/trade-up?s1=mag-7-insomnia&f1=0.2&n1=10&find=insomnia");
    const results = await page("?s1=mag-7-insomnia&f1=0.2&n1=10&find=insomnia");
    expect(results.response.status).toBe(200);
    expect(results.html).toContain('value="add:mag-7-insomnia"');
  });
});

describe("case and collection pages", () => {
  it("a case page: contents by tier with the published odds summing to 100 %, the expected value and its coverage, in one round trip", async () => {
    const response = await get("/cases/revolution-case");
    const html = text(await response.text());
    expect(response.status).toBe(200);
    expect(response.headers.get("X-D1-Round-Trips")).toBe("1");
    expect(response.headers.get("Cache-Control")).toMatch(/^public/);
    expect(html).toContain("Rare special items");
    expect(html).toContain("79.92 % of openings, shared by 7 items: 11.42 % each.");
    expect(html).toContain("The odds shown sum to 100.00 %");
    expect(html).toMatch(/data-testid="case-expected-value">\$[\d,.]+</);
    expect(html).toMatch(/data-testid="case-coverage">[\d.]+ %</);
    expect(html).toContain('href="/collections/the-revolution-collection"');

    // Without a price for its key (the feed has none), no return is claimed.
    await env.DB.prepare("UPDATE case_keys SET price_cents = 0 WHERE id = (SELECT key_id FROM crates WHERE slug = 'revolution-case')").run();
    const unpriced = text(await (await get("/cases/revolution-case")).text());
    expect(unpriced).toContain('data-testid="case-return">No price<');

    // With the case's and its key's prices, the return against both.
    await env.DB.batch([
      env.DB.prepare("UPDATE crates SET price_cents = 100 WHERE slug = 'revolution-case'"),
      env.DB.prepare("UPDATE case_keys SET price_cents = 250 WHERE id = (SELECT key_id FROM crates WHERE slug = 'revolution-case')"),
    ]);
    const priced = text(await (await get("/cases/revolution-case")).text());
    const expected = Number(/data-testid="case-expected-value">\$([\d.]+)</.exec(priced)![1]) * 100;
    expect(priced).toContain("Price: $1.00 · opens with the Revolution Case Key: $2.50");
    expect(priced).toContain(`data-testid="case-return">${((expected / 350) * 100).toFixed(1)} %<`);
    const missing = await get("/cases/no-such-case");
    expect(missing.status).toBe(404);
    const list = await get("/cases");
    const listHtml = await list.text();
    expect(list.headers.get("X-D1-Round-Trips")).toBe("1");
    expect(listHtml).toContain('href="/cases/revolution-case"');
    expect(listHtml).toContain("Souvenir packages");
  });

  it("a collection page: skins by rarity with prices, its case, a trade-up within it; the skin page links both", async () => {
    const response = await get("/collections/the-revolution-collection");
    const html = text(await response.text());
    expect(response.status).toBe(200);
    expect(response.headers.get("X-D1-Round-Trips")).toBe("1");
    expect(html).toContain('href="/cases/revolution-case"');
    expect(html).toContain("Trade up Mil-Spec skins of this collection into Restricted");
    expect(html).toMatch(/href="\/trade-up\?s1=[a-z0-9-]+&amp;n1=10"/);
    expect((await get("/collections/nope")).status).toBe(404);
    const skin = await (await get("/skins/ak-47-head-shot")).text();
    expect(skin).toContain('href="/collections/the-revolution-collection"');
    expect(skin).toContain('href="/cases/revolution-case"');
    expect(skin).toContain('href="/trade-up?intent=add%3Aak-47-head-shot"');
  });
});
