import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createDatabase } from "~/server/db/client.server";
import { findCategoryQuery, listCategoriesQuery, weaponCardsQuery } from "~/server/features/catalogue.server";
import { fetchWorker } from "./helpers";

const db = createDatabase(env.DB);

describe("catalogue in D1", () => {
  it("holds the seeded catalogue", async () => {
    const counts = await env.DB.prepare(
      `SELECT (SELECT count(*) FROM skins) AS skins, (SELECT count(*) FROM weapons) AS weapons,
              (SELECT count(*) FROM skin_wears) AS wears, (SELECT count(*) FROM official_loadouts) AS loadouts,
              (SELECT count(*) FROM sticker_crafts) AS crafts`,
    ).first<{ skins: number; weapons: number; wears: number; loadouts: number; crafts: number }>();
    expect(counts!.skins).toBeGreaterThan(1500);
    expect(counts!.weapons).toBeGreaterThan(45);
    expect(counts!.wears).toBe(counts!.skins * 5);
    expect(counts!.loadouts).toBe(6);
    expect(counts!.crafts).toBeGreaterThanOrEqual(3);
  });

  it("lists the six categories in order", async () => {
    const rows = await listCategoriesQuery(db);
    expect(rows.map((r) => r.name)).toEqual(["Pistols", "SMGs", "Heavy", "Rifles", "Knives", "Gloves"]);
  });

  it("finds a category by its exact name only", async () => {
    expect(await findCategoryQuery(db, "Rifles")).toEqual([{ name: "Rifles" }]);
    expect(await findCategoryQuery(db, "Bazookas")).toEqual([]);
  });

  it("builds weapon cards with counts, ordered by name", async () => {
    const cards = await weaponCardsQuery(db, "Rifles");
    const names = cards.map((c) => c.name);
    expect(names).toContain("AK-47");
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    const ak = cards.find((c) => c.name === "AK-47")!;
    expect(ak.skinCount).toBeGreaterThan(40);
    expect(ak.skinImage).toMatch(/^https:\/\//);
  });

  it("a fresh foreign key refuses a skin for an unknown weapon", async () => {
    await expect(
      env.DB.prepare(
        `INSERT INTO skins (id, name, search_key, image, weapon, rarity, rarity_color, min_float, max_float, stattrak, souvenir)
         VALUES ('x-y', 'X | Y', 'xy', '', 'No Such Weapon', 'Covert', '#eb4b4b', 0, 1, 0, 0)`,
      ).run(),
    ).rejects.toThrow(/FOREIGN KEY/);
  });
});

describe("indexes", () => {
  const plan = async (sql: string) => (await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`).all<{ detail: string }>()).results.map((r) => r.detail).join("\n");

  it.each([
    ["weapons by category", "SELECT name FROM weapons WHERE category = 'Rifles' ORDER BY name", "weapons_category_name_idx"],
    ["skins by weapon", "SELECT id FROM skins WHERE weapon = 'AK-47' ORDER BY name", "skins_weapon_name_idx"],
    ["latest loadouts", "SELECT id FROM official_loadouts ORDER BY created_at DESC LIMIT 3", "official_loadouts_created_idx"],
    ["latest crafts", "SELECT id FROM sticker_crafts ORDER BY created_at DESC LIMIT 3", "sticker_crafts_created_idx"],
    ["stickers of a craft", "SELECT name FROM sticker_craft_stickers WHERE craft_id = 1 ORDER BY position", "sticker_craft_stickers_craft_position_idx"],
    ["user loadouts newest first", "SELECT id FROM user_loadouts WHERE user_id = 'u' ORDER BY created_at DESC", "user_loadouts_user_created_idx"],
    ["resell trackers newest first", "SELECT id FROM resell_trackers WHERE user_id = 'u' ORDER BY created_at DESC", "resell_trackers_user_created_idx"],
    ["favourites of a user", "SELECT skin_id FROM user_favorites WHERE user_id = 'u'", "sqlite_autoindex_user_favorites_1"],
    ["wears of a skin", "SELECT wear FROM skin_wears WHERE skin_id = 'ak-47-redline'", "sqlite_autoindex_skin_wears_1"],
  ])("%s uses an index", async (_name, sql, index) => {
    const detail = await plan(sql);
    expect(detail).toContain(index);
    expect(detail).not.toMatch(/SCAN (weapons|skins|official_loadouts|sticker_crafts|user_loadouts|resell_trackers)\b(?! USING)/);
  });
});

describe("pages cost one D1 round trip", () => {
  it.each(["/", "/category/Rifles", "/category/Nope", "/no-such-page"])("%s", async (path) => {
    const response = await fetchWorker(`https://example.com${path}`);
    await response.text();
    expect(response.headers.get("X-D1-Round-Trips")).toBe("1");
  });
});
