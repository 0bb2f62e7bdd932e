import { env } from "cloudflare:test";
import { expect, it } from "vitest";

const TABLES = [
  "categories",
  "weapons",
  "skins",
  "skin_wears",
  "crates",
  "collections",
  "skin_crates",
  "skin_collections",
  "stickers",
  "case_keys",
  "vanilla_knives",
  "crate_vanilla_knives",
  "official_loadouts",
  "official_loadout_slots",
  "sticker_crafts",
  "sticker_craft_stickers",
];

async function snapshot() {
  const rows = await env.DB.batch(TABLES.map((table) => env.DB.prepare(`SELECT * FROM ${table} ORDER BY 1, 2`)));
  return rows.map((result) => result.results);
}

// Re-running the whole seed (with some 9,700 catalogue stickers) takes a few seconds in workerd.
it("re-running the seed changes nothing, and keeps prices a price job wrote", { timeout: 30_000 }, async () => {
  await env.DB.prepare("UPDATE skin_wears SET price_cents = 123456 WHERE skin_id = 'ak-47-redline' AND wear = 'FT'").run();
  // A sticker and a case the feed priced (one at 0, no data) keep their prices.
  await env.DB.prepare("UPDATE stickers SET price_cents = 0, price_source = 'api.example' WHERE id = 1947").run();
  await env.DB.prepare("UPDATE crates SET price_cents = 77, price_source = 'api.example' WHERE id = 11422").run();
  // So does a vanilla knife (★ Karambit), both prices.
  await env.DB.prepare("UPDATE vanilla_knives SET price_cents = 65000, stattrak_price_cents = 0, price_source = 'api.example' WHERE name = 'Karambit'").run();
  const before = await snapshot();
  for (let i = 0; i < env.TEST_SEED.length; i += 50) {
    await env.DB.batch(env.TEST_SEED.slice(i, i + 50).map((sql) => env.DB.prepare(sql)));
  }
  expect(await snapshot()).toEqual(before);
  const price = await env.DB.prepare("SELECT price_cents FROM skin_wears WHERE skin_id = 'ak-47-redline' AND wear = 'FT'").first();
  expect(price).toEqual({ price_cents: 123456 });
});
