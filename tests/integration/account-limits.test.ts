import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ACCOUNT_LIMITS, LIMIT_MESSAGES } from "~/domain/limits";
import { ITEMS_PER_PAGE } from "~/domain/pages";
import { get, post, signedInUser } from "./helpers";

/**
 * Per-account limits: each checked in the insert's own statement, so 20 requests racing for the
 * last place leave exactly the limit; the refusal says why and keeps what was typed. Long lists
 * come a page at a time.
 */

const SKIN = "ak-47-redline";
const PARALLEL = 20;

async function userId(email: string): Promise<string> {
  return (await env.DB.prepare("SELECT id FROM users WHERE email = ?").bind(email).first<{ id: string }>())!.id;
}
const countOf = async (table: string, id: string) =>
  (await env.DB.prepare(`SELECT count(*) AS n FROM ${table} WHERE user_id = ?`).bind(id).first<{ n: number }>())!.n;

/** `n` rows made in one statement, as a long-time player might have them. */
function fill(statement: string, id: string, n: number) {
  return env.DB.prepare(`WITH RECURSIVE k(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM k WHERE i < ?2) ${statement}`).bind(id, n).run();
}
const fillTrackers = (id: string, n: number) =>
  fill(
    `INSERT INTO resell_trackers (user_id, skin_id, buy_price_cents, wear, bought_at, created_at) SELECT ?1, '${SKIN}', 100 + i, 'FT', '2026-01-01', i FROM k`,
    id,
    n,
  );
const fillLoadouts = (id: string, n: number) => fill("INSERT INTO user_loadouts (user_id, title) SELECT ?1, 'Filler ' || i FROM k", id, n);
async function fillFavorites(id: string, n: number) {
  await env.DB.prepare("INSERT INTO user_favorites (user_id, skin_id, created_at) SELECT ?1, id, rowid FROM skins WHERE id <> ?2 ORDER BY id LIMIT ?3")
    .bind(id, SKIN, n)
    .run();
}

/** The statuses of the answers, each read to the end. */
async function statuses(responses: Promise<Response>[]): Promise<number[]> {
  return Promise.all(
    responses.map(async (response) => {
      const answer = await response;
      await answer.arrayBuffer();
      return answer.status;
    }),
  );
}
const tally = (values: number[]) => values.reduce<Record<number, number>>((counts, status) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }), {});

async function gzipSize(text: string): Promise<number> {
  const compressed = new Response(new Blob([text]).stream().pipeThrough(new CompressionStream("gzip")));
  return (await compressed.arrayBuffer()).byteLength;
}

describe("per-account limits, checked in the insert", { timeout: 60_000 }, () => {
  it(`${ACCOUNT_LIMITS.loadouts} loadouts: ${PARALLEL} creations racing for the last place make one; a copy past the limit copies nothing`, async () => {
    const user = await signedInUser("limit-loadouts");
    const id = await userId(user.email);
    await fillLoadouts(id, ACCOUNT_LIMITS.loadouts - 1);
    const answers = await statuses(Array.from({ length: PARALLEL }, (_, i) => post("/loadouts/new", { title: `Racing ${i}` }, { cookie: user.cookie })));
    expect(tally(answers)).toEqual({ 302: 1, 409: PARALLEL - 1 });
    expect(await countOf("user_loadouts", id)).toBe(ACCOUNT_LIMITS.loadouts);

    const refused = await post("/loadouts/new", { title: "One too many", description: "Kept" }, { cookie: user.cookie });
    expect(refused.status).toBe(409);
    const page = await refused.text();
    expect(page).toContain(LIMIT_MESSAGES.loadouts);
    expect(page).toContain("One too many");

    // The copy's slots go to the loadout its batch inserted, never to the newest one the user has.
    const newest = (await env.DB.prepare("SELECT max(id) AS id FROM user_loadouts WHERE user_id = ?").bind(id).first<{ id: number }>())!.id;
    const copy = await post("/loadouts/official/1", { intent: "copy" }, { cookie: user.cookie });
    expect(copy.status).toBe(409);
    expect(await copy.text()).toContain(LIMIT_MESSAGES.loadouts);
    expect((await env.DB.prepare("SELECT count(*) AS n FROM user_loadout_slots WHERE loadout_id = ?").bind(newest).first<{ n: number }>())!.n).toBe(0);
    expect(await countOf("user_loadouts", id)).toBe(ACCOUNT_LIMITS.loadouts);

    // Saving someone's shared loadout is refused the same way, and copies no slot either.
    const sharer = await signedInUser("limit-sharer");
    const sharedId = Number(
      /\/loadouts\/edit\/(\d+)/.exec((await post("/loadouts/new", { title: "Shared" }, { cookie: sharer.cookie })).headers.get("Location") ?? "")?.[1],
    );
    await env.DB.prepare("INSERT INTO user_loadout_slots (loadout_id, slot, skin_id, wear) VALUES (?, 'ak47_tside', ?, 'FT')").bind(sharedId, SKIN).run();
    expect((await post(`/loadouts/user/${sharedId}`, { intent: "share-create" }, { cookie: sharer.cookie })).status).toBe(302);
    const token = (await env.DB.prepare("SELECT token FROM loadout_shares WHERE loadout_id = ?").bind(sharedId).first<{ token: string }>())!.token;
    const savedShared = await post(`/loadouts/shared/${token}`, { intent: "copy" }, { cookie: user.cookie });
    expect(savedShared.status).toBe(409);
    expect(await savedShared.text()).toContain(LIMIT_MESSAGES.loadouts);
    expect((await env.DB.prepare("SELECT count(*) AS n FROM user_loadout_slots WHERE loadout_id = ?").bind(newest).first<{ n: number }>())!.n).toBe(0);
    expect(await countOf("user_loadouts", id)).toBe(ACCOUNT_LIMITS.loadouts);

    // Below the limit again, the copy works whole.
    await env.DB.prepare("DELETE FROM user_loadouts WHERE id = ?").bind(newest).run();
    const copied = await post("/loadouts/official/1", { intent: "copy" }, { cookie: user.cookie });
    const copyId = Number(/\/loadouts\/user\/(\d+)/.exec(copied.headers.get("Location") ?? "")?.[1]);
    const slots = (await env.DB.prepare("SELECT count(*) AS n FROM user_loadout_slots WHERE loadout_id = ?").bind(copyId).first<{ n: number }>())!.n;
    const officialSlots = (await env.DB.prepare("SELECT count(*) AS n FROM official_loadout_slots WHERE loadout_id = 1").first<{ n: number }>())!.n;
    expect(slots).toBe(officialSlots);
    expect(slots).toBeGreaterThan(0);
  });

  it(`${ACCOUNT_LIMITS.trackers} trackers: ${PARALLEL} racing make one; the refusal keeps the form`, async () => {
    const user = await signedInUser("limit-trackers");
    const id = await userId(user.email);
    await fillTrackers(id, ACCOUNT_LIMITS.trackers - 1);
    const tracker = { skinId: SKIN, wear: "FT", boughtAt: "2026-01-02", buyPrice: "12.34" };
    const answers = await statuses(Array.from({ length: PARALLEL }, () => post(`/resell-tracker/new?skin=${SKIN}`, tracker, { cookie: user.cookie })));
    expect(tally(answers)).toEqual({ 303: 1, 409: PARALLEL - 1 });
    expect(await countOf("resell_trackers", id)).toBe(ACCOUNT_LIMITS.trackers);

    const refused = await post(`/resell-tracker/new?skin=${SKIN}`, { ...tracker, notes: "Typed notes stay" }, { cookie: user.cookie });
    expect(refused.status).toBe(409);
    const page = await refused.text();
    expect(page).toContain(LIMIT_MESSAGES.trackers);
    expect(page).toContain("Typed notes stay");
  });

  it(`${ACCOUNT_LIMITS.favorites} favourites: ${PARALLEL} racing add one; a favourite already kept is fine at the limit`, async () => {
    const user = await signedInUser("limit-favorites");
    const id = await userId(user.email);
    await fillFavorites(id, ACCOUNT_LIMITS.favorites - 1);
    const { results } = await env.DB.prepare(
      "SELECT id FROM skins WHERE id NOT IN (SELECT skin_id FROM user_favorites WHERE user_id = ?) AND id <> ? ORDER BY id DESC LIMIT ?",
    )
      .bind(id, SKIN, PARALLEL)
      .all<{ id: string }>();
    const answers = await statuses(results.map((skin) => post("/favorites", { intent: "add", skinId: skin.id }, { cookie: user.cookie })));
    expect(tally(answers)).toEqual({ 303: 1, 409: PARALLEL - 1 });
    expect(await countOf("user_favorites", id)).toBe(ACCOUNT_LIMITS.favorites);

    const refused = await post("/favorites.data", { intent: "add", skinId: SKIN, respond: "data" }, { cookie: user.cookie });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain(LIMIT_MESSAGES.favorites);
    const kept = (await env.DB.prepare("SELECT skin_id FROM user_favorites WHERE user_id = ? LIMIT 1").bind(id).first<{ skin_id: string }>())!.skin_id;
    expect((await post("/favorites", { intent: "add", skinId: kept }, { cookie: user.cookie })).status).toBe(303);
  });

  it(`${ACCOUNT_LIMITS.priceAlerts} price alerts: ${PARALLEL} racing set one; changing an alert is fine at the limit`, async () => {
    const user = await signedInUser("limit-alerts");
    const id = await userId(user.email);
    // Favourites of skins with a Field-Tested wear; all but PARALLEL of the limit's carry an alert.
    await env.DB.prepare(
      "INSERT INTO user_favorites (user_id, skin_id, created_at) SELECT ?1, s.id, s.rowid FROM skins s JOIN skin_wears w ON w.skin_id = s.id AND w.wear = 'FT' AND w.enabled = 1 ORDER BY s.id LIMIT ?2",
    )
      .bind(id, ACCOUNT_LIMITS.priceAlerts - 1 + PARALLEL)
      .run();
    await env.DB.prepare(
      "INSERT INTO price_alerts (user_id, skin_id, wear, target_cents) SELECT user_id, skin_id, 'FT', 100 FROM user_favorites WHERE user_id = ?1 ORDER BY skin_id LIMIT ?2",
    )
      .bind(id, ACCOUNT_LIMITS.priceAlerts - 1)
      .run();
    const { results: open } = await env.DB.prepare(
      "SELECT skin_id FROM user_favorites WHERE user_id = ?1 AND skin_id NOT IN (SELECT skin_id FROM price_alerts WHERE user_id = ?1)",
    )
      .bind(id)
      .all<{ skin_id: string }>();
    expect(open).toHaveLength(PARALLEL);
    const answers = await statuses(
      open.map(({ skin_id }) => post("/profile?tab=favorites", { intent: "set-alert", skinId: skin_id, wear: "FT", target: "5" }, { cookie: user.cookie })),
    );
    expect(tally(answers)).toEqual({ 303: 1, 409: PARALLEL - 1 });
    expect(await countOf("price_alerts", id)).toBe(ACCOUNT_LIMITS.priceAlerts);

    const withoutAlert = (await env.DB.prepare(
      "SELECT skin_id FROM user_favorites WHERE user_id = ?1 AND skin_id NOT IN (SELECT skin_id FROM price_alerts WHERE user_id = ?1) LIMIT 1",
    )
      .bind(id)
      .first<{ skin_id: string }>())!.skin_id;
    const refused = await post("/profile?tab=favorites", { intent: "set-alert", skinId: withoutAlert, wear: "FT", target: "7.77" }, { cookie: user.cookie });
    expect(refused.status).toBe(409);
    const page = await refused.text();
    expect(page).toContain(LIMIT_MESSAGES.priceAlerts);
    expect(page).toContain("7.77");
    const withAlert = (await env.DB.prepare("SELECT skin_id FROM price_alerts WHERE user_id = ? LIMIT 1").bind(id).first<{ skin_id: string }>())!.skin_id;
    expect((await post("/profile?tab=favorites", { intent: "set-alert", skinId: withAlert, wear: "FT", target: "9" }, { cookie: user.cookie })).status).toBe(
      303,
    );
  });
});

describe("long lists come a page at a time", { timeout: 60_000 }, () => {
  const cards = (html: string, testId: string) => html.split(`data-testid="${testId}"`).length - 1;
  const LIMIT_KB = 100 * 1024;

  it(`${ACCOUNT_LIMITS.trackers} trackers: ${ITEMS_PER_PAGE} a page, links to every page without JavaScript, the summary over all, under 100 KB gzipped`, async () => {
    const user = await signedInUser("paged-trackers");
    const id = await userId(user.email);
    await fillTrackers(id, ACCOUNT_LIMITS.trackers);
    const pageCount = Math.ceil(ACCOUNT_LIMITS.trackers / ITEMS_PER_PAGE);

    const first = await (await get("/resell-tracker?sort=bought-asc", user.cookie)).text();
    expect(cards(first, "tracker-card")).toBe(ITEMS_PER_PAGE);
    expect(await gzipSize(first)).toBeLessThan(LIMIT_KB);
    expect(first).toContain(`href="/resell-tracker?sort=bought-asc&amp;page=2"`);
    expect(first).toContain(`href="/resell-tracker?sort=bought-asc&amp;page=${pageCount}"`);
    expect(first).toMatch(/Items<\/dt><dd[^>]*>1000</);

    const last = await (await get(`/resell-tracker?sort=bought-asc&page=${pageCount}`, user.cookie)).text();
    expect(cards(last, "tracker-card")).toBe(ACCOUNT_LIMITS.trackers - (pageCount - 1) * ITEMS_PER_PAGE);
    const beyond = await (await get(`/resell-tracker?page=${pageCount + 5}`, user.cookie)).text();
    expect(cards(beyond, "tracker-card")).toBe(cards(last, "tracker-card"));

    // An edit returns to the page with the tracker's card.
    const oldest = (await env.DB.prepare("SELECT min(id) AS id FROM resell_trackers WHERE user_id = ?").bind(id).first<{ id: number }>())!.id;
    const pointed = await (await get(`/resell-tracker?notice=updated&tracker=${oldest}`, user.cookie)).text();
    expect(pointed).toContain(`id="tracker-${oldest}"`);

    const profile = await (await get("/profile?tab=resell", user.cookie)).text();
    expect(cards(profile, "tracker-card")).toBe(ITEMS_PER_PAGE);
    expect(profile).toContain(`href="/profile?tab=resell&amp;page=2"`);
    expect(await gzipSize(profile)).toBeLessThan(LIMIT_KB);
  });

  it(`${ACCOUNT_LIMITS.favorites} favourites: the profile's tab shows ${ITEMS_PER_PAGE} with their alerts, under 100 KB gzipped`, async () => {
    const user = await signedInUser("paged-favorites");
    const id = await userId(user.email);
    await fillFavorites(id, ACCOUNT_LIMITS.favorites);
    const html = await (await get("/profile?tab=favorites", user.cookie)).text();
    expect(cards(html, "skin-card")).toBe(ITEMS_PER_PAGE);
    expect(html).toContain(`href="/profile?tab=favorites&amp;page=2"`);
    expect(await gzipSize(html)).toBeLessThan(LIMIT_KB);

    // A saved alert's notice opens the page with its favourite.
    const oldest = (await env.DB.prepare("SELECT skin_id FROM user_favorites WHERE user_id = ? ORDER BY created_at LIMIT 1")
      .bind(id)
      .first<{ skin_id: string }>())!.skin_id;
    const pointed = await (await get(`/profile?tab=favorites&notice=alert-removed&alert=${encodeURIComponent(oldest)}`, user.cookie)).text();
    expect(pointed).toContain(`id="skin-${oldest}"`);
  });
});
