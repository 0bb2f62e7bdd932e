import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { fetchWorker, get, post, registerUser, signedInUser, uniqueEmail } from "./helpers";

const SKIN = "ak-47-redline";
const location = (response: Response) => response.headers.get("Location");

async function userId(email: string): Promise<string> {
  const row = await env.DB.prepare("SELECT id FROM users WHERE email = ?").bind(email).first<{ id: string }>();
  return row!.id;
}
async function favoriteCount(id: string, skinId = SKIN): Promise<number> {
  return (await env.DB.prepare("SELECT count(*) AS n FROM user_favorites WHERE user_id = ? AND skin_id = ?").bind(id, skinId).first<{ n: number }>())!.n;
}
async function trackerRows(id: string) {
  return (await env.DB.prepare("SELECT * FROM resell_trackers WHERE user_id = ? ORDER BY id").bind(id).all<Record<string, unknown>>()).results;
}
async function pageOf(path: string, cookie?: string) {
  const response = await get(path, cookie);
  return { response, html: await response.text(), roundTrips: response.headers.get("X-D1-Round-Trips") };
}
/** A skin with an enabled MW and a disabled FN, for float checks. */
async function wearsOf(skinId: string) {
  return (
    await env.DB.prepare("SELECT wear, enabled, price_cents FROM skin_wears WHERE skin_id = ?")
      .bind(skinId)
      .all<{ wear: string; enabled: number; price_cents: number }>()
  ).results;
}
const today = () => new Date().toISOString().slice(0, 10);
const valid = { skinId: SKIN, wear: "FT", boughtAt: "2026-01-02", buyPrice: "12.34", notes: "  first  " };

describe("favourites", () => {
  it("a visitor's heart leads to the login page, which comes back to the card after login", async () => {
    const response = await post("/favorites", { intent: "add", skinId: SKIN, redirectTo: "/weapons/AK-47?sort=price-asc" });
    expect(response.status).toBe(303);
    expect(location(response)).toBe(`/login?redirectTo=${encodeURIComponent("/weapons/AK-47?sort=price-asc")}`);
    // The fetcher (single fetch, `.data`) gets the refusal as data.
    expect((await post("/favorites.data", { intent: "add", skinId: SKIN, respond: "data" })).status).toBe(401);

    const email = uniqueEmail("fav-login");
    await registerUser(email, "secret-pass-1");
    const loggedIn = await post("/login?mode=login", { intent: "login", email, password: "secret-pass-1", redirectTo: "/weapons/AK-47#skin-ak-47-redline" });
    expect(location(loggedIn)).toBe("/weapons/AK-47#skin-ak-47-redline");
    const refused = await post("/login?mode=login", { intent: "login", email, password: "secret-pass-1", redirectTo: "//evil.test/x" });
    expect(location(refused)).toBe("/profile");
  });

  it("adds once (twice and 50 at once leave 1 row), comes back to the card, and removes", async () => {
    const user = await signedInUser("fav");
    const id = await userId(user.email);
    const added = await post("/favorites", { intent: "add", skinId: SKIN, redirectTo: "/weapons/AK-47?type=stattrak" }, { cookie: user.cookie });
    expect(added.status).toBe(303);
    expect(location(added)).toBe(`/weapons/AK-47?type=stattrak#skin-${SKIN}`);
    await post("/favorites", { intent: "add", skinId: SKIN }, { cookie: user.cookie });
    await Promise.all(Array.from({ length: 50 }, () => post("/favorites.data", { intent: "add", skinId: SKIN, respond: "data" }, { cookie: user.cookie })));
    expect(await favoriteCount(id)).toBe(1);

    // The weapon page shows the heart filled, in one round trip, and only to this user's browser.
    const page = await pageOf("/weapons/AK-47", user.cookie);
    expect(page.roundTrips).toBe("1");
    expect(page.response.headers.get("Cache-Control")).toBe("private, no-cache");
    expect(page.html).toMatch(/aria-pressed="true"[^>]*aria-label="Remove AK-47 \| Redline from favorites"/);
    const profile = await pageOf("/profile?tab=favorites", user.cookie);
    expect(profile.roundTrips).toBe("1");
    expect(profile.html).toContain("AK-47 | Redline");

    const removed = await post("/favorites", { intent: "remove", skinId: SKIN, redirectTo: "https://evil.test/" }, { cookie: user.cookie });
    expect(location(removed)).toBe(`/profile?tab=favorites#skin-${SKIN}`);
    expect(await favoriteCount(id)).toBe(0);
    const data = await post("/favorites.data", { intent: "add", skinId: SKIN, respond: "data" }, { cookie: user.cookie });
    expect(data.status).toBe(200);
    expect(await data.text()).toMatch(/"ok",true,"skinId","ak-47-redline","favorite"/);
    expect(await favoriteCount(id)).toBe(1);
  }, 60_000); // 50 requests at once inside workerd on a shared machine

  it("refuses an unknown skin, bad fields and non-form bodies with a 4xx and writes nothing", async () => {
    const user = await signedInUser("fav-bad");
    const id = await userId(user.email);
    expect((await post("/favorites", { intent: "add", skinId: "no-such-skin" }, { cookie: user.cookie })).status).toBe(404);
    expect((await post("/favorites", { intent: "add" }, { cookie: user.cookie })).status).toBe(400);
    expect((await post("/favorites", { intent: "add", skinId: "x".repeat(5000) }, { cookie: user.cookie })).status).toBe(400);
    expect((await post("/favorites", { intent: "steal", skinId: SKIN }, { cookie: user.cookie })).status).toBe(400);
    const json = await fetchWorker("https://example.com/favorites", {
      method: "POST",
      body: JSON.stringify({ intent: "add", skinId: SKIN }),
      headers: { "Content-Type": "application/json", Cookie: user.cookie },
    });
    expect(json.status).toBe(415);
    const count = await env.DB.prepare("SELECT count(*) AS n FROM user_favorites WHERE user_id = ?").bind(id).first<{ n: number }>();
    expect(count!.n).toBe(0);
  });
});

describe("the resell tracker", () => {
  it("a visitor gets the login prompt and cannot create", async () => {
    const page = await pageOf("/resell-tracker");
    expect(page.response.status).toBe(200);
    expect(page.html).toContain("Go to Login");
    expect(page.html).toContain(`href="/login?redirectTo=%2Fresell-tracker"`);
    const form = await pageOf(`/resell-tracker/new?skin=${SKIN}`);
    expect(form.html).toContain("Go to Login");
    expect((await post("/resell-tracker/new", valid)).status).toBe(401);
    expect((await get("/resell-tracker.csv")).status).toBe(302);
  });

  it("answers every bad submission with the spec's message and a 400, and writes nothing", async () => {
    const user = await signedInUser("tracker-bad");
    const id = await userId(user.email);
    const cases: [Record<string, string>, string][] = [
      [{ ...valid, wear: "", wearValue: "" }, "Please select a wear or enter a float value."],
      [{ ...valid, wear: "", wearValue: "abc" }, "Please enter a valid float value."],
      [{ ...valid, wear: "", wearValue: "0.01" }, "This float is not possible for this skin."],
      [{ ...valid, boughtAt: "" }, "Please select the date you bought this skin."],
      [{ ...valid, boughtAt: "2026-02-30" }, "Please select the date you bought this skin."],
      [{ ...valid, boughtAt: "2999-01-01" }, "The bought date cannot be in the future."],
      [{ ...valid, buyPrice: "" }, "Please enter a valid buy price."],
      [{ ...valid, buyPrice: "-3" }, "Please enter a valid buy price."],
      [{ ...valid, buyPrice: "1e400" }, "Please enter a valid buy price."],
      // Hex and binary, which Number() reads as 16 and 3: plain decimals only.
      [{ ...valid, buyPrice: "0x10" }, "Please enter a valid buy price."],
      [{ ...valid, buyPrice: "0b11" }, "Please enter a valid buy price."],
      [{ ...valid, notes: "n".repeat(5000) }, "Notes can be at most 1000 characters."],
      [{ ...valid, wear: "XX" }, "Please select a wear or enter a float value."],
    ];
    for (const [fields, message] of cases) {
      const response = await post("/resell-tracker/new", fields, { cookie: user.cookie });
      expect(response.status, JSON.stringify(fields).slice(0, 80)).toBe(400);
      expect(await response.text()).toContain(message);
    }
    expect((await post("/resell-tracker/new", { ...valid, skinId: "no-such-skin" }, { cookie: user.cookie })).status).toBe(404);
    const json = await fetchWorker("https://example.com/resell-tracker/new", {
      method: "POST",
      body: JSON.stringify(valid),
      headers: { "Content-Type": "application/json", Cookie: user.cookie },
    });
    expect(json.status).toBe(415);
    expect(await trackerRows(id)).toEqual([]);
  });

  it("owner creates, lists (one round trip), edits, exports and deletes; another user can do none of it", async () => {
    const owner = await signedInUser("tracker-owner");
    const other = await signedInUser("tracker-other");
    const ownerId = await userId(owner.email);

    const created = await post("/resell-tracker/new", valid, { cookie: owner.cookie });
    expect(created.status).toBe(303);
    expect(location(created)).toBe("/resell-tracker?notice=added");
    const [row] = await trackerRows(ownerId);
    expect(row).toMatchObject({ skin_id: SKIN, wear: "FT", wear_value: null, buy_price_cents: 1234, notes: "first", bought_at: "2026-01-02" });
    const trackerId = row!.id as number;

    // With JavaScript the dialog asks for data: the float decides the wear.
    const viaDialog = await post(
      "/resell-tracker/new.data",
      { ...valid, wear: "FT", wearValue: "0.38", boughtAt: today(), respond: "data" },
      { cookie: owner.cookie },
    );
    expect(viaDialog.status).toBe(200);
    expect(await viaDialog.text()).toContain("Resell tracker added!");
    expect((await trackerRows(ownerId))[1]).toMatchObject({ wear: "WW", wear_value: 0.38 });

    const list = await pageOf("/resell-tracker?notice=added", owner.cookie);
    expect(list.roundTrips).toBe("1");
    expect(list.html).toContain("Resell tracker added!");
    expect(list.html).toContain("Trade Locked until");
    expect(list.html).toContain("Tradeable");
    expect(list.html).toContain("0.3800");
    expect(list.html).toContain("$12.34");
    const ft = (await wearsOf(SKIN)).find((w) => w.wear === "FT")!;
    const profit = ft.price_cents - 1234;
    expect(list.html).toContain(`${profit > 0 ? "+" : profit < 0 ? "-" : ""}$${(Math.abs(profit) / 100).toFixed(2)}`);
    expect(list.html).toContain("Portfolio");
    expect((await pageOf("/resell-tracker?sort=profit-desc", owner.cookie)).roundTrips).toBe("1");
    const profile = await pageOf("/profile?tab=resell", owner.cookie);
    expect(profile.roundTrips).toBe("1");
    expect(profile.html).toContain("AK-47 | Redline");

    // Another user sees nothing of it and can change nothing.
    expect((await pageOf("/resell-tracker", other.cookie)).html).toContain("You have no resell trackers yet.");
    expect((await get(`/resell-tracker/${trackerId}/edit`, other.cookie)).status).toBe(404);
    expect((await post(`/resell-tracker/${trackerId}/edit`, { ...valid, buyPrice: "1" }, { cookie: other.cookie })).status).toBe(404);
    expect((await post("/resell-tracker", { intent: "delete", trackerId: String(trackerId) }, { cookie: other.cookie })).status).toBe(404);
    expect((await trackerRows(ownerId))[0]).toMatchObject({ buy_price_cents: 1234 });
    expect(await (await get("/resell-tracker.csv", other.cookie)).text()).not.toContain(SKIN);

    // The owner edits (prefilled page, then the post), exports and deletes.
    const edit = await pageOf(`/resell-tracker/${trackerId}/edit`, owner.cookie);
    expect(edit.response.status).toBe(200);
    expect(edit.html).toContain('value="12.34"');
    const bad = await post(`/resell-tracker/${trackerId}/edit`, { ...valid, buyPrice: "x" }, { cookie: owner.cookie });
    expect(bad.status).toBe(400);
    const updated = await post(
      `/resell-tracker/${trackerId}/edit`,
      { ...valid, skinId: "awp-dragon-lore", buyPrice: "20", notes: "" },
      { cookie: owner.cookie },
    );
    expect(location(updated)).toBe(`/resell-tracker?notice=updated&tracker=${trackerId}#tracker-${trackerId}`);
    expect((await trackerRows(ownerId))[0]).toMatchObject({ skin_id: SKIN, buy_price_cents: 2000, notes: null });
    const csv = await get("/resell-tracker.csv", owner.cookie);
    expect(csv.headers.get("Content-Type")).toMatch(/^text\/csv/);
    const lines = (await csv.text()).trim().split("\r\n");
    expect(lines[0]).toMatch(/^Skin,Skin ID,Wear,Float/);
    expect(lines).toHaveLength(3);

    expect((await post("/resell-tracker", { intent: "delete", trackerId: "abc" }, { cookie: owner.cookie })).status).toBe(404);
    expect((await post("/resell-tracker", { intent: "nope", trackerId: String(trackerId) }, { cookie: owner.cookie })).status).toBe(400);
    const deleted = await post(
      "/resell-tracker",
      { intent: "delete", trackerId: String(trackerId), redirectTo: "/profile?tab=resell" },
      { cookie: owner.cookie },
    );
    expect(location(deleted)).toBe("/profile?tab=resell&notice=deleted");
    expect(await trackerRows(ownerId)).toHaveLength(1);
  });

  it("Edit and Track carry the page they were opened from; save and Cancel go back there, at the item, with the notice", async () => {
    const owner = await signedInUser("tracker-way-back");
    const ownerId = await userId(owner.email);
    expect((await post("/resell-tracker/new", valid, { cookie: owner.cookie })).status).toBe(303);
    const id = (await trackerRows(ownerId))[0]!.id as number;

    // The list's Edit link carries the list's way back (sort, view and page, not the notice).
    const list = await pageOf("/resell-tracker?sort=profit-desc&view=open&page=1&notice=deleted", owner.cookie);
    const editHref = `/resell-tracker/${id}/edit?redirectTo=${encodeURIComponent("/resell-tracker?sort=profit-desc&view=open&page=1")}`;
    expect(list.html).toContain(`href="${editHref.replaceAll("&", "&amp;")}"`);
    // The edit page keeps it in the form; Cancel goes back at the card, on the page holding it.
    const edit = await pageOf(editHref, owner.cookie);
    expect(edit.html).toContain(`name="redirectTo" value="${"/resell-tracker?sort=profit-desc&view=open&page=1".replaceAll("&", "&amp;")}"`);
    expect(edit.html).toContain(
      `<a href="/resell-tracker?sort=profit-desc&amp;view=open&amp;tracker=${id}#tracker-${id}" class="rounded-md border border-line px-4 py-2">Cancel`,
    );
    const saved = (redirectTo: string) =>
      post(`/resell-tracker/${id}/edit`, { ...valid, buyPrice: "15.00", notes: "", redirectTo }, { cookie: owner.cookie }).then(location);
    expect(await saved("/resell-tracker?sort=profit-desc&page=2")).toBe(`/resell-tracker?sort=profit-desc&notice=updated&tracker=${id}#tracker-${id}`);
    expect(await saved("/profile?tab=resell")).toBe(`/profile?tab=resell&notice=updated&tracker=${id}#tracker-${id}`);
    expect((await pageOf(`/profile?tab=resell&notice=updated&tracker=${id}`, owner.cookie)).html).toContain("Tracker updated successfully!");
    // Only a path on this site: anything else goes to the list as before.
    for (const away of ["//evil.test/x", "https://evil.test/", "/\\evil.test"]) {
      expect(await saved(away)).toBe(`/resell-tracker?notice=updated&tracker=${id}#tracker-${id}`);
    }

    // Track from a weapon page: the link carries it, the form keeps it, the card says it on coming back.
    const weapon = await pageOf("/weapons/AK-47?sort=price-asc", owner.cookie);
    const trackHref = `/resell-tracker/new?skin=${SKIN}&redirectTo=${encodeURIComponent("/weapons/AK-47?sort=price-asc")}`;
    expect(weapon.html).toContain(`href="${trackHref.replaceAll("&", "&amp;")}"`);
    const form = await pageOf(trackHref, owner.cookie);
    expect(form.html).toContain('name="redirectTo" value="/weapons/AK-47?sort=price-asc"');
    expect(form.html).toContain(`<a href="/weapons/AK-47?sort=price-asc#skin-${SKIN}" class="rounded-md border border-line px-4 py-2">Cancel`);
    const added = await post(trackHref, { ...valid, redirectTo: "/weapons/AK-47?sort=price-asc" }, { cookie: owner.cookie });
    expect(location(added)).toBe(`/weapons/AK-47?sort=price-asc&notice=added&tracked=${SKIN}#skin-${SKIN}`);
    const back = await pageOf(`/weapons/AK-47?sort=price-asc&notice=added&tracked=${SKIN}`, owner.cookie);
    expect(back.html.match(/Resell tracker added!/g)).toHaveLength(1);
    // A refused form keeps its way back.
    const refused = await post(trackHref, { ...valid, buyPrice: "x", redirectTo: "/weapons/AK-47?sort=price-asc" }, { cookie: owner.cookie });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('name="redirectTo" value="/weapons/AK-47?sort=price-asc"');
    expect(await trackerRows(ownerId)).toHaveLength(2);
  });

  it("offers the wears in the game's order, Factory New to Battle-Scarred, on the new and the edit form", async () => {
    const owner = await signedInUser("tracker-wear-order");
    const enabled = (await wearsOf(SKIN)).filter((w) => w.enabled).map((w) => w.wear);
    const expected = ["FN", "MW", "FT", "WW", "BS"].filter((wear) => enabled.includes(wear));
    expect(expected.length).toBeGreaterThan(2);
    const wearOptions = (html: string) =>
      [.../<select[^>]*name="wear"[^>]*>(.*?)<\/select>/s.exec(html)![1]!.matchAll(/<option value="(\w+)"/g)].map((m) => m[1]);
    expect(wearOptions((await pageOf(`/resell-tracker/new?skin=${SKIN}`, owner.cookie)).html)).toEqual(expected);
    expect((await post("/resell-tracker/new", valid, { cookie: owner.cookie })).status).toBe(303);
    const [row] = await trackerRows(await userId(owner.email));
    expect(wearOptions((await pageOf(`/resell-tracker/${row!.id as number}/edit`, owner.cookie)).html)).toEqual(expected);
  });

  it("a form posted twice (a double click without JavaScript) adds one tracker; a new form adds another", async () => {
    const owner = await signedInUser("tracker-twice");
    const ownerId = await userId(owner.email);
    const form = await pageOf(`/resell-tracker/new?skin=${SKIN}`, owner.cookie);
    const key = /name="trackerKey" value="([0-9a-f]{32})"/.exec(form.html)?.[1];
    expect(key, "the form carries a key").toBeDefined();
    const again = await pageOf(`/resell-tracker/new?skin=${SKIN}`, owner.cookie);
    expect(again.html).not.toContain(key!);

    const first = await post("/resell-tracker/new", { ...valid, trackerKey: key! }, { cookie: owner.cookie });
    expect(location(first)).toBe("/resell-tracker?notice=added");
    const second = await post("/resell-tracker/new", { ...valid, trackerKey: key! }, { cookie: owner.cookie });
    expect(second.status).toBe(303);
    expect(location(second)).toBe("/resell-tracker?notice=already-added");
    const viaDialog = await post("/resell-tracker/new.data", { ...valid, trackerKey: key!, respond: "data" }, { cookie: owner.cookie });
    expect(await viaDialog.text()).toContain("This form was sent twice: the tracker was added once.");
    const rows = await trackerRows(ownerId);
    expect(rows).toHaveLength(1);
    // The key is the tracker's export key, so its CSV line names it.
    expect(rows[0]!.export_key).toBe(key);
    expect(await (await get("/resell-tracker.csv", owner.cookie)).text()).toContain(key!);
    expect((await pageOf("/resell-tracker?notice=already-added", owner.cookie)).html).toContain("To track another item, open the form again.");

    // Another form's key, a post without one, and one in another spelling each add a tracker.
    expect(location(await post("/resell-tracker/new", { ...valid, trackerKey: "f".repeat(32) }, { cookie: owner.cookie }))).toBe(
      "/resell-tracker?notice=added",
    );
    expect(location(await post("/resell-tracker/new", valid, { cookie: owner.cookie }))).toBe("/resell-tracker?notice=added");
    expect(location(await post("/resell-tracker/new", { ...valid, trackerKey: "F".repeat(32) }, { cookie: owner.cookie }))).toBe(
      "/resell-tracker?notice=added",
    );
    expect(await trackerRows(ownerId)).toHaveLength(4);

    // Keys are per owner: another collector posting the same key adds their own tracker.
    const other = await signedInUser("tracker-twice-other");
    expect(location(await post("/resell-tracker/new", { ...valid, trackerKey: key! }, { cookie: other.cookie }))).toBe("/resell-tracker?notice=added");
    expect(await trackerRows(await userId(other.email))).toHaveLength(1);
  });
});

describe("pages of a signed-in collector cost one round trip", () => {
  it.each(["/profile", "/profile?tab=loadouts", "/resell-tracker", `/resell-tracker/new?skin=${SKIN}`, `/skins/${SKIN}`, "/search?q=redline"])(
    "%s",
    async (path) => {
      const user = await signedInUser("trips");
      const page = await pageOf(path, user.cookie);
      expect(page.response.status).toBe(200);
      expect(page.roundTrips).toBe("1");
    },
  );

  it("the user loadouts tab points to /loadouts", async () => {
    const user = await signedInUser("tabs");
    expect((await pageOf("/profile?tab=loadouts", user.cookie)).html).toContain('href="/loadouts"');
  });
});
