import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ACCOUNT_LIMITS } from "~/domain/limits";
import { ACCOUNT_DATA_RATE_LIMIT_MESSAGE, RATE_LIMITS } from "~/domain/rate-limits";
import { get, signedInUser } from "./helpers";

// "Download my data" (/profile/data.json): the player's own data, whole, as JSON; no secret, no
// one else's row; a visitor goes to the login.

const SKIN = "ak-47-redline";

async function userId(email: string): Promise<string> {
  return (await env.DB.prepare("SELECT id FROM users WHERE email = ?").bind(email).first<{ id: string }>())!.id;
}

/** A player with a tracker, a loadout with a slot, a trade-up and a favourite. */
async function playerWithData(label: string) {
  const player = await signedInUser(label);
  const id = await userId(player.email);
  const title = `${label} loadout`;
  const loadout = (await env.DB.prepare("INSERT INTO user_loadouts (user_id, title) VALUES (?, ?) RETURNING id").bind(id, title).first<{ id: number }>())!.id;
  await env.DB.batch([
    env.DB.prepare("INSERT INTO user_loadout_slots (loadout_id, slot, skin_id, wear) VALUES (?, 't-rifle', ?, 'FT')").bind(loadout, SKIN),
    env.DB.prepare("INSERT INTO resell_trackers (user_id, skin_id, buy_price_cents, wear, bought_at, notes) VALUES (?, ?, 1234, 'FT', '2026-01-02', ?)").bind(
      id,
      SKIN,
      `${label} notes`,
    ),
    env.DB.prepare("INSERT INTO saved_trade_ups (user_id, name, inputs) VALUES (?, ?, '[]')").bind(id, `${label} trade-up`),
    env.DB.prepare("INSERT INTO user_favorites (user_id, skin_id) VALUES (?, ?)").bind(id, SKIN),
  ]);
  return { ...player, id, title, loadout };
}

describe("the data download", () => {
  it("gives the player their tracker, loadout with its slots, trade-up and favourite, as a JSON file kept nowhere", async () => {
    const owner = await playerWithData("owner");
    const other = await playerWithData("other");
    const response = await get("/profile/data.json", owner.cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="skinvault-data-\d{4}-\d\d-\d\d\.json"$/);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    // The session, the download counted and the data in one batch.
    expect(response.headers.get("X-D1-Round-Trips")).toBe("1");
    const text = await response.text();
    const data = JSON.parse(text) as Record<string, unknown[]> & { account: Record<string, unknown> };
    expect(data.account).toMatchObject({ email: owner.email, twoStepSignInSince: null });
    expect(data.resellTrackers).toEqual([expect.objectContaining({ skinId: SKIN, buyPriceCents: 1234, notes: "owner notes" })]);
    expect(data.loadouts).toEqual([
      expect.objectContaining({ title: owner.title, slots: [expect.objectContaining({ slot: "t-rifle", skinId: SKIN })], share: null }),
    ]);
    expect(data.tradeUps).toEqual([expect.objectContaining({ name: "owner trade-up" })]);
    expect(data.favourites).toEqual([expect.objectContaining({ skinId: SKIN })]);
    expect(data.sessions).toHaveLength(1);
    // No secret and nothing of the other player.
    expect(text).not.toMatch(/passwordHash|password_hash|formKey|exportKey|importKey|"userId"/);
    expect(text).not.toContain(other.title);
    expect(text).not.toContain("other notes");
    expect(text).not.toContain(other.email);
  });

  it("sends a visitor to the login, and back to the security page after it", async () => {
    const response = await get("/profile/data.json");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Fprofile%2Fsecurity");
  });

  it("holds a player's data at every account limit, in one round trip", async () => {
    const player = await signedInUser("full");
    const id = await userId(player.email);
    const fill = (statement: string, n: number) =>
      env.DB.prepare(`WITH RECURSIVE k(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM k WHERE i < ?2) ${statement}`).bind(id, n).run();
    await fill(
      `INSERT INTO resell_trackers (user_id, skin_id, buy_price_cents, wear, bought_at, created_at) SELECT ?1, '${SKIN}', 100 + i, 'FT', '2026-01-01', i FROM k`,
      ACCOUNT_LIMITS.trackers,
    );
    await fill("INSERT INTO user_loadouts (user_id, title) SELECT ?1, 'Filler ' || i FROM k", ACCOUNT_LIMITS.loadouts);
    await fill("INSERT INTO saved_trade_ups (user_id, name, inputs) SELECT ?1, 'Contract ' || i, '[]' FROM k", ACCOUNT_LIMITS.tradeUps);
    await env.DB.prepare("INSERT INTO user_favorites (user_id, skin_id, created_at) SELECT ?1, id, rowid FROM skins ORDER BY id LIMIT ?2")
      .bind(id, ACCOUNT_LIMITS.favorites)
      .run();
    const response = await get("/profile/data.json", player.cookie);
    expect(response.status).toBe(200);
    // The session, the download counted and the data in one batch.
    expect(response.headers.get("X-D1-Round-Trips")).toBe("1");
    const data = await response.json<Record<string, unknown[]>>();
    expect(data.resellTrackers).toHaveLength(ACCOUNT_LIMITS.trackers);
    expect(data.loadouts).toHaveLength(ACCOUNT_LIMITS.loadouts);
    expect(data.tradeUps).toHaveLength(ACCOUNT_LIMITS.tradeUps);
    expect(data.favourites!.length).toBeGreaterThan(0);
  });

  it("counts downloads per account: the eleventh within the hour answers 429 with Retry-After and no data", async () => {
    const player = await signedInUser("often");
    for (let download = 1; download <= RATE_LIMITS.accountDataByAccount.limit; download++) {
      expect((await get("/profile/data.json", player.cookie)).status).toBe(200);
    }
    const refused = await get("/profile/data.json", player.cookie);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(Number(refused.headers.get("Retry-After"))).toBeLessThanOrEqual(RATE_LIMITS.accountDataByAccount.windowSeconds);
    expect(refused.headers.get("Cache-Control")).toBe("private, no-store");
    const text = await refused.text();
    expect(text).toContain(ACCOUNT_DATA_RATE_LIMIT_MESSAGE);
    expect(text).not.toContain(player.email);
    expect(refused.headers.get("X-D1-Round-Trips")).toBe("1");
    // Another player is not held back by it.
    expect((await get("/profile/data.json", (await signedInUser("other")).cookie)).status).toBe(200);
  });
});
