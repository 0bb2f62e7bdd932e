import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { get } from "./helpers";

// Sticker pages, stickers in search, and craft stickers priced from the market. The seed's demo
// craft 1 ("Redline Katowice Classic") carries the catalogue sticker "Crown (Foil)" (id 1880).
const HARP = 1947; // "Harp of War (Holo)", Community Sticker Capsule 1
const CROWN_FOIL = 1880;
const DAY = 86_400_000;
const dayAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString().slice(0, 10);
const text = (html: string) =>
  html
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ");

describe("the sticker page", () => {
  it("shows the image, name, type, event or collection, the market price with its update, the chart and the crafts with it", async () => {
    await env.DB.batch([
      env.DB.prepare("UPDATE stickers SET price_cents = 1234, last_price_update = ?, price_source = 'api.example' WHERE id = ?").bind(
        Date.UTC(2026, 10, 23, 18, 0),
        CROWN_FOIL,
      ),
      ...[
        [2, 1100],
        [1, 1200],
        [0, 1234],
      ].map(([days, cents]) =>
        env.DB.prepare("INSERT OR REPLACE INTO item_price_history (kind, item_id, day, price_cents, steam_cents) VALUES ('sticker', ?, ?, ?, ?)").bind(
          CROWN_FOIL,
          dayAgo(days!),
          cents,
          cents! + 200,
        ),
      ),
    ]);
    const response = await get(`/stickers/${CROWN_FOIL}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("X-D1-Round-Trips")).toBe("1");
    const html = await response.text();
    const page = text(html);
    expect(page).toContain("Crown (Foil)");
    expect(page).toContain("Type Foil");
    expect(page).toContain("Event or collection Valve");
    expect(page).toContain("Market price $12.34");
    expect(page).toContain("Last price update: November 23, 2026, 18:00 UTC");
    expect(html).toContain('data-testid="price-chart"');
    expect(page).toContain("Min $11.00");
    expect(page).toContain("Redline Katowice Classic");
    expect(html).toContain('href="/sticker-crafts/1"');
    // The history on one market: its own prices, in the same one round trip.
    const onSteam = await get(`/stickers/${CROWN_FOIL}?market=steam`);
    expect(onSteam.headers.get("X-D1-Round-Trips")).toBe("1");
    const steamHtml = await onSteam.text();
    expect(steamHtml).toMatch(/Price on Steam Community Market, last 30 days<\/title>/);
    expect(text(steamHtml)).toContain("Min $13.00");
  });

  it("says which stickers have no price and no crafts; a missing sticker is a 404", async () => {
    const page = text(await (await get(`/stickers/${HARP}?range=7`)).text());
    expect(page).toContain("Type Holo");
    expect(page).toContain("Event or collection Community Sticker Capsule 1");
    expect(page).toContain("No price history in the last 7 days.");
    expect(page).toContain("No published craft uses this sticker yet.");
    for (const path of ["/stickers/999999999", "/stickers/abc", "/stickers/0", "/stickers/1e3"]) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get("X-D1-Round-Trips"), path).toBe("1");
      expect(text(await response.text())).toContain("Sticker not found.");
    }
  });
});

describe("search", () => {
  it("finds stickers in a group of their own after the skins, typos included", async () => {
    const html = await (await get("/search?q=harp+of+wat")).text();
    expect(html).toContain("Stickers");
    expect(html).toContain(`href="/stickers/${HARP}"`);
    const skinsFirst = await (await get("/search?q=crown")).text();
    expect(skinsFirst.indexOf('aria-label="Search results"')).toBeLessThan(skinsFirst.indexOf('aria-label="Sticker results"'));
  });
});

describe("a craft's stickers", () => {
  it("link to their pages and show the market price and its date, else the typed price, and say which is which", async () => {
    await env.DB.batch([
      env.DB.prepare("UPDATE stickers SET price_cents = 1234, last_price_update = ? WHERE id = ?").bind(Date.UTC(2026, 10, 23, 18, 0), CROWN_FOIL),
      // Fireball: no market price, so the admin's typed price stays.
      env.DB.prepare("UPDATE stickers SET price_cents = 0 WHERE name = 'Fireball'"),
    ]);
    const html = await (await get("/sticker-crafts/1")).text();
    const page = text(html);
    expect(html).toContain(`href="/stickers/${CROWN_FOIL}"`);
    expect(page).toContain("$12.34 (market price)");
    expect(page).toContain("Last updated November 23, 2026");
    expect(page).toContain("$23.33 (price set by the SkinVault team)");
  });
});
