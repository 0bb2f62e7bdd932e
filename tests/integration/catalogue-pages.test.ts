import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { contrastRatio, RARITY_TEXT_BACKGROUND, rarityTextColor } from "~/domain/rarity-text-color";
import { fetchWorker } from "./helpers";

async function get(path: string, init?: RequestInit) {
  const response = await fetchWorker(`https://example.com${path}`, init);
  const html = await response.text();
  return { response, html, roundTrips: response.headers.get("X-D1-Round-Trips") };
}

/** Skin ids in the order their cards appear. */
const cardIds = (html: string) => [...html.matchAll(/href="\/skins\/([^"]+)" class="[^"]*" [^>]*data-testid="skin-card"/g)].map((m) => m[1]!);

const PAGES = [
  "/",
  "/category/Rifles",
  "/category/Knives",
  "/category/Nope",
  "/weapons/AK-47",
  "/weapons/AK-47?sort=price-desc&type=stattrak&rarity=Covert",
  "/weapons/Nope",
  "/skins/ak-47-redline",
  "/skins/nope",
  "/search?q=ak",
  "/search?q=ak47%20redlin",
  "/search?q=x",
  "/search",
  "/api/suggestions?q=deagle%20blaze",
];

describe("catalogue pages cost one D1 round trip and may be cached by a CDN when anonymous", () => {
  it.each(PAGES)("%s", async (path) => {
    const { response, roundTrips } = await get(path);
    expect(response.status).toBeLessThan(500);
    expect(roundTrips).toBe("1");
    expect(response.headers.get("Cache-Control")).toMatch(/^public, .*s-maxage=\d+/);
    expect(response.headers.get("Vary")).toMatch(/Cookie/);
  });

  it.each(["skinvault_session=abc", "__Host-skinvault_session=abc"])("signed in (%s): private", async (cookie) => {
    for (const path of ["/", "/category/Rifles", "/weapons/AK-47", "/skins/ak-47-redline", "/search?q=ak"]) {
      const { response } = await get(path, { headers: { Cookie: cookie } });
      expect(response.headers.get("Cache-Control")).toMatch(/^private/);
    }
  });
});

describe("home", () => {
  it("has the browse sheet, the latest 3 loadouts and crafts, and the feature blurbs", async () => {
    const { html } = await get("/");
    expect(html).toContain("View Skins");
    expect(html).toContain('href="/weapons/AK-47"');
    expect(html).toContain('href="/weapons/Karambit"');
    const latestLoadouts = await env.DB.prepare("SELECT id FROM official_loadouts ORDER BY created_at DESC, id DESC LIMIT 3").all<{ id: number }>();
    for (const { id } of latestLoadouts.results) expect(html).toContain(`href="/loadouts/official/${id}"`);
    expect(html.match(/href="\/loadouts\/official\/\d+"/g)).toHaveLength(3);
    expect(html.match(/href="\/sticker-crafts\/\d+"/g)).toHaveLength(3);
    expect(html).toContain("What SkinVault does");
  });
});

describe("category", () => {
  it("lists weapon cards with counts, metadata and CollectionPage data", async () => {
    const { html } = await get("/category/Rifles");
    expect(html).toMatch(/<h1[^>]*>Rifles<\/h1>/);
    expect(html).toMatch(/\d+<!-- --> Weapons/);
    expect(html).toContain("AK-47<!-- --> Skins");
    expect(html).toMatch(/<title>Rifles Skins \| SkinVault<\/title>/);
    expect(html).toContain('property="og:title"');
    const ld = html.match(/<script type="application\/ld\+json">(.*?)<\/script>/)?.[1];
    const data = JSON.parse(ld!) as { "@type": string; mainEntity: { numberOfItems: number } };
    expect(data["@type"]).toBe("CollectionPage");
    expect(data.mainEntity.numberOfItems).toBeGreaterThan(5);
  });

  it("answers an unknown category with 404 and its texts", async () => {
    const { response, html } = await get("/category/%3Cscript%3E");
    expect(response.status).toBe(404);
    expect(html).toContain("Category Not Found");
    expect(html).toContain("The requested category could not be found.");
    expect(html).not.toMatch(/<script>[^<]*<\/script>\s*<\/title>|<title>[^<]*<script/);
  });
});

describe("weapon", () => {
  /** The weapon's skin ids by price: lowest first by the cheapest wear, highest first by the dearest. */
  /** AK-47 skin ids by price: normal, or a variant's price of the same wears. */
  const priceOrder = async (direction: "asc" | "desc", where = "", variant?: "stattrak" | "souvenir") => {
    const pick = direction === "asc" ? "min" : "max";
    const price = variant
      ? `(SELECT v.price_cents FROM skin_variant_prices v WHERE v.skin_id = w.skin_id AND v.wear = w.wear AND v.variant = '${variant}')`
      : "w.price_cents";
    const rows = await env.DB.prepare(
      `SELECT s.id, ${pick}(CASE WHEN w.enabled = 1 AND ${price} > 0 THEN ${price} END) AS p
       FROM skins s JOIN skin_wears w ON w.skin_id = s.id WHERE s.weapon = 'AK-47' ${where}
       GROUP BY s.id ORDER BY p IS NULL, p ${direction}, s.name`,
    ).all<{ id: string }>();
    return rows.results.map((r) => r.id);
  };
  const akCount = async () => (await env.DB.prepare("SELECT count(*) AS n FROM skins WHERE weapon = 'AK-47'").first<{ n: number }>())!.n;

  it("echoes nothing unbounded of its URL: a 60 KB query string adds at most a few KB", async () => {
    const plain = await get("/weapons/AK-47");
    // Junk parameters, an overlong value of a parameter the page reads, and its real sort.
    const junk = new URLSearchParams([
      ["utm_source", "x".repeat(20_000)],
      ["rarity", "r".repeat(20_000)],
      ...Array.from({ length: 500 }, (_, i): [string, string] => [`p${i}`, "z".repeat(40)]),
      ["sort", "price-asc"],
    ]).toString();
    expect(junk.length).toBeGreaterThan(60_000);
    const long = await get(`/weapons/AK-47?${junk}`);
    const sorted = await get("/weapons/AK-47?sort=price-asc");
    expect(long.response.status).toBe(200);
    expect(long.html.length).toBeLessThan(sorted.html.length + 4096);
    expect(long.html.length).toBeLessThan(plain.html.length + 4096);
    expect(long.html).not.toContain("zzzzzzzzzz");
    // The cards' way to log in keeps the page's state and nothing else.
    expect(long.html).toContain(`/login?redirectTo=${encodeURIComponent("/weapons/AK-47?sort=price-asc#")}`.replace(/&/g, "&amp;"));
  });

  it("shows '{weapon} Skins' with every skin in one grid, each linked to its page", async () => {
    const { html } = await get("/weapons/AK-47");
    expect(html).toContain("AK-47<!-- --> Skins");
    const count = await akCount();
    expect(count).toBe(59);
    expect(new Set(cardIds(html)).size).toBe(count);
    expect(html).toContain(`${count} of ${count} skins`);
    expect(html).toContain('href="/skins/ak-47-redline"');
    expect(html).not.toContain('rel="next"');
  });

  it("previews the page in a shared link with its first card's image", async () => {
    const { html } = await get("/weapons/AK-47?sort=price-desc");
    const firstCard = /<a href="\/skins\/[^"]+" class="[^"]*" [^>]*data-testid="skin-card"[^>]*>.*?<img src="([^"]+)"/s.exec(html);
    expect(firstCard?.[1]).toMatch(/^https:\/\/cdn\.cstrike\.app\//);
    expect(html).toContain(`<meta property="og:image" content="${firstCard![1]}"/>`);
  });

  it("answers an old page link (?page=2) with the whole grid", async () => {
    const whole = cardIds((await get("/weapons/AK-47?sort=price-desc")).html);
    for (const query of ["page=2", "page=4", "page=99"]) {
      const { response, html } = await get(`/weapons/AK-47?sort=price-desc&${query}`);
      expect(response.status).toBe(200);
      expect(cardIds(html)).toEqual(whole);
    }
    expect(whole).toHaveLength(await akCount());
  });

  it("sorts by highest price with the most expensive skin first, and filters by StatTrak, from the URL", async () => {
    const desc = cardIds((await get("/weapons/AK-47?sort=price-desc")).html);
    expect(desc).toEqual(await priceOrder("desc"));
    const dearest = await env.DB.prepare(
      "SELECT w.skin_id AS id FROM skin_wears w JOIN skins s ON s.id = w.skin_id WHERE s.weapon = 'AK-47' AND w.enabled = 1 ORDER BY w.price_cents DESC LIMIT 1",
    ).first<{ id: string }>();
    expect(desc[0]).toBe(dearest!.id);

    // StatTrak™ and Souvenir prices in an order of their own: filtered to one of them, the grid shows, says and sorts by it.
    await env.DB.prepare(
      `INSERT INTO skin_variant_prices (skin_id, variant, wear, price_cents)
       SELECT w.skin_id, v.variant, w.wear, (w.price_cents * 7919) % 100003 + 1
       FROM skin_wears w JOIN skins s ON s.id = w.skin_id JOIN (SELECT 'stattrak' AS variant UNION ALL SELECT 'souvenir') v
       WHERE s.weapon = 'AK-47' AND w.enabled = 1 AND w.price_cents > 0
       ON CONFLICT DO UPDATE SET price_cents = excluded.price_cents`,
    ).run();
    const filtered = await get("/weapons/AK-47?sort=price-asc&type=stattrak");
    const stattrakOrder = await priceOrder("asc", "AND s.stattrak = 1", "stattrak");
    expect(stattrakOrder).not.toEqual(await priceOrder("asc", "AND s.stattrak = 1"));
    expect(cardIds(filtered.html)).toEqual(stattrakOrder);
    expect(filtered.html.match(/StatTrak™ price/g)).toHaveLength(stattrakOrder.length);
    expect(filtered.html).toMatch(/<input type="radio" name="sort"[^>]*checked=""[^>]*value="price-asc"/);
    const souvenir = await get("/weapons/AK-47?sort=price-desc&type=souvenir");
    expect(souvenir.roundTrips).toBe("1");
    expect(cardIds(souvenir.html)).toEqual(await priceOrder("desc", "AND s.souvenir = 1", "souvenir"));
    expect(souvenir.html).toContain("Souvenir price");
    // Several types at once: normal prices, as before, and no label.
    const both = await get("/weapons/AK-47?sort=price-desc&type=stattrak&type=souvenir");
    expect(cardIds(both.html)).toEqual(await priceOrder("desc", "AND (s.stattrak = 1 OR s.souvenir = 1)"));
    expect(both.html).not.toContain(" price</span>");
  });

  it("loads the first row's images at once and the rest lazily, each with its size set", async () => {
    const images = [...(await get("/weapons/AK-47")).html.matchAll(/<img src="https:\/\/cdn\.cstrike\.app\/[^"]*"[^>]*>/g)].map((m) => m[0]);
    expect(images).toHaveLength(59);
    for (const image of images) expect(image).toMatch(/ width="512" height="384"/);
    expect(images.slice(0, 6).filter((image) => image.includes('loading="lazy"'))).toEqual([]);
    expect(images.slice(6).every((image) => image.includes('loading="lazy"'))).toBe(true);
  });

  it.each([
    "sort=%FF",
    "type=",
    "page=0",
    "page=-3",
    "page=1e3",
    "page=" + "9".repeat(400),
    "rarity=" + "x".repeat(5000),
    "crate=1&crate=2&collection[]=x",
    "sort=price-desc&sort=rarity",
  ])("ignores bad parameters: %s", async (query) => {
    const { response } = await get(`/weapons/AK-47?${query}`);
    expect(response.status).toBe(200);
  });

  it("answers an unknown weapon with 404 and the empty text", async () => {
    const { response, html } = await get("/weapons/Bazooka");
    expect(response.status).toBe(404);
    expect(html).toContain("No skins for this weapon.");
  });
});

describe("skin", () => {
  it("a knife in no container of cs2-lib comes in StatTrak™ as every knife does: Karambit | Fade has a StatTrak™ price per wear", async () => {
    // Butterfly Knife | Fade drops from a case; Karambit | Fade is in none of cs2-lib's containers.
    for (const id of ["karambit-fade", "butterfly-knife-fade"]) {
      const { response, html } = await get(`/skins/${id}`);
      expect(response.status).toBe(200);
      const factoryNew = html.slice(html.indexOf('data-testid="wear-FN"'), html.indexOf("</li>", html.indexOf('data-testid="wear-FN"')));
      expect(factoryNew, id).toContain("StatTrak™ ");
    }
  });

  it("shows badges, wear chips, crates and collections", async () => {
    await env.DB.prepare("UPDATE skin_wears SET price_cents = 0 WHERE skin_id = 'ak-47-redline' AND wear = 'MW'").run();
    await env.DB.prepare("UPDATE skin_wears SET price_cents = 12345 WHERE skin_id = 'ak-47-redline' AND wear = 'FT'").run();
    const { html } = await get("/skins/ak-47-redline");
    expect(html).toMatch(/<h1[^>]*>AK-47 \| Redline<\/h1>/);
    expect(html).toContain("StatTrak");
    expect(html).toContain("Classified");
    expect(html).toMatch(/data-testid="wear-FN"[^>]*>.*?Not possible/);
    expect(html).toMatch(/data-testid="wear-MW"[^>]*>.*?No Data/);
    expect(html).toMatch(/data-testid="wear-FT"[^>]*>.*?\$123\.45/);
    expect(html).toContain("Last price update");
    expect(html).toContain("Crates");
    expect(html).toContain('href="#skin-image-full"');
  });

  it("draws the float bar from the server: its range, and each band with its price or 'Not possible'", async () => {
    await env.DB.prepare("UPDATE skin_wears SET price_cents = 0 WHERE skin_id = 'ak-47-redline' AND wear = 'MW'").run();
    await env.DB.prepare("UPDATE skin_wears SET price_cents = 12345 WHERE skin_id = 'ak-47-redline' AND wear = 'FT'").run();
    const { html } = await get("/skins/ak-47-redline");
    const figure = html.match(/<figure[^>]*data-testid="float-bar"[^>]*>.*?<\/figure>/)?.[0] ?? "";
    expect(figure).toContain("<figcaption");
    expect(figure).toContain("Float range 0.10 to 0.70");
    const bands = [...figure.matchAll(/<li>(.*?)<\/li>/g)].map((m) => m[1]);
    expect(bands).toEqual([
      "Factory New (0.00–0.07): Not possible",
      "Minimal Wear (0.07–0.15): No Data",
      "Field-Tested (0.15–0.38): $123.45",
      expect.stringMatching(/^Well-Worn \(0\.38–0\.45\): \$\d+\.\d\d$/),
      expect.stringMatching(/^Battle-Scarred \(0\.45–1\.00\): \$\d+\.\d\d$/),
    ]);
    expect(figure).toMatch(/data-wear="FN" data-possible="false"/);
    expect(figure).toMatch(/style="left:10%;width:60%"[^>]*data-testid="float-range"/);
    expect(figure).not.toContain("float-marker");
  });

  it("shows the skin's own image and its rarity in a readable shade of the rarity colour", async () => {
    const skin = await env.DB.prepare("SELECT image, rarity_color AS color FROM skins WHERE id = 'ak-47-redline'").first<{ image: string; color: string }>();
    const { html } = await get("/skins/ak-47-redline");
    expect(html).toContain(`src="${skin!.image}"`);
    expect(html).toContain(`color:${rarityTextColor(skin!.color)}`);
  });

  it("answers an unknown skin with 404 and 'Skin not found.'", async () => {
    const { response, html } = await get("/skins/no-such-skin");
    expect(response.status).toBe(404);
    expect(html).toContain("Skin not found.");
  });
});

describe("search", () => {
  it("lists 'AK-47 | Redline' for 'ak47 redlin'", async () => {
    const { html } = await get("/search?q=ak47+redlin");
    expect(cardIds(html)[0]).toBe("ak-47-redline");
  });

  it("suggests up to 10 skins as JSON", async () => {
    const response = await fetchWorker("https://example.com/api/suggestions?q=ak");
    const body = await response.json<{ suggestions: { id: string; name: string; rarityColor: string; rarityTextColor: string }[] }>();
    expect(body.suggestions).toHaveLength(10);
    expect(body.suggestions[0]!.name).toMatch(/^AK-47 \| /);
    // The search box shows each rarity in this colour, readable on its panel.
    for (const { rarityTextColor } of body.suggestions) expect(contrastRatio(rarityTextColor, RARITY_TEXT_BACKGROUND)).toBeGreaterThanOrEqual(4.5);
    // A search box loaded before the server sent the text colour still gets the game's colour.
    for (const { rarityColor } of body.suggestions) expect(rarityColor).toMatch(/^#[0-9a-f]{6}$/i);
    const typo = await (await fetchWorker("https://example.com/api/suggestions?q=deagle%20blaze")).json<typeof body>();
    expect(typo.suggestions[0]!.name).toBe("Desert Eagle | Blaze");
  });

  it("reads 'constructor' as a word like any other, on the page and in the suggestions", async () => {
    // A word looked up among the weapon aliases once found Object.prototype's constructor: a 500.
    const { html } = await get("/search?q=constructor");
    expect(cardIds(html)).toContain("hand-wraps-constrictor");
    const response = await fetchWorker("https://example.com/api/suggestions?q=ak%20constructor");
    expect(response.status).toBe(200);
    await response.json();
  });

  it.each(["x", "%", "_", "'", "%27%3B--", "a".repeat(300), "ak ".repeat(40), "ab cd ef gh ij kl mn op qr st uv"])("survives q=%s", async (q) => {
    const response = await fetchWorker(`https://example.com/search?q=${encodeURIComponent(q)}`);
    await response.text();
    expect(response.status).toBe(200);
  });
});
