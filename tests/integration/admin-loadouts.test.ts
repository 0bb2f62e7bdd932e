import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { get, post, signedInAdmin, signedInUser } from "./helpers";

const PAGE = "/admin/loadouts";

let admin: { cookie: string };
let user: { cookie: string };
beforeAll(async () => {
  admin = await signedInAdmin();
  user = await signedInUser("loadout-admin");
});

const loadoutCount = async () => (await env.DB.prepare("SELECT count(*) AS n FROM official_loadouts").first<{ n: number }>())!.n;
const byTitle = (title: string) =>
  env.DB.prepare("SELECT id, title, description, created_by, created_at, updated_at FROM official_loadouts WHERE title = ?")
    .bind(title)
    .first<{ id: number; title: string; description: string | null; created_by: string | null; created_at: number; updated_at: number }>();

describe("/admin/loadouts is for admins only, on the server", () => {
  it.each([PAGE, `${PAGE}?new`, `${PAGE}?edit=1`, `${PAGE}?delete=1`])("GET %s", async (path) => {
    // Back after logging in: the page and the loadout edited, not a form or a question to open again.
    const wayBack = path.includes("?new") || path.includes("?delete") ? PAGE : path;
    expect((await get(path)).headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent(wayBack)}`);
    expect((await get(path, user.cookie)).headers.get("Location")).toBe("/");
    const ok = await get(path, admin.cookie);
    expect(ok.status).toBe(200);
    expect(ok.headers.get("X-D1-Round-Trips")).toBe("1");
    await ok.body?.cancel();
  });

  it.each([
    ["visitor", () => undefined, `/login?redirectTo=${encodeURIComponent(PAGE)}`],
    ["user", () => user.cookie, "/"],
  ])("a %s can neither create, edit nor delete", async (_who, cookie, location) => {
    const before = await env.DB.prepare("SELECT id, title, updated_at FROM official_loadouts ORDER BY id").all();
    for (const fields of [
      { intent: "save", title: "Sneaky" } as Record<string, string>,
      { intent: "save", id: "1", title: "Sneaky" },
      { intent: "delete", id: "1" },
    ]) {
      const response = await post(PAGE, fields, { cookie: cookie() });
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe(location);
    }
    expect((await env.DB.prepare("SELECT id, title, updated_at FROM official_loadouts ORDER BY id").all()).results).toEqual(before.results);
  });
});

describe("the admin manages official loadouts", () => {
  it("a new loadout's form posted twice (a double click without JavaScript) creates one (ADR 090)", async () => {
    const keyOf = async () => /name="formKey" value="([0-9a-f]{32})"/.exec(await (await get(`${PAGE}?new`, admin.cookie)).text())?.[1];
    const key = await keyOf();
    expect(key, "the new loadout's form carries a key").toBeDefined();
    expect(await keyOf()).not.toBe(key);
    expect(await (await get(`${PAGE}?edit=1`, admin.cookie)).text(), "an edit's form has none").not.toContain('name="formKey"');
    const title = `Twice ${crypto.randomUUID().slice(0, 8)}`;
    const before = await loadoutCount();
    const first = await post(PAGE, { intent: "save", title, formKey: key! }, { cookie: admin.cookie });
    expect(first.headers.get("Location")).toBe(`${PAGE}?notice=saved`);
    const second = await post(PAGE, { intent: "save", title, formKey: key! }, { cookie: admin.cookie });
    expect(second.status).toBe(302);
    expect(second.headers.get("Location")).toBe(`${PAGE}?notice=already-created`);
    expect(await loadoutCount()).toBe(before + 1);
    expect(await (await get(`${PAGE}?notice=already-created`, admin.cookie)).text()).toContain("This form was sent twice: the loadout was created once.");
    // Without a key, or with another form's: a loadout each.
    expect((await post(PAGE, { intent: "save", title }, { cookie: admin.cookie })).headers.get("Location")).toBe(`${PAGE}?notice=saved`);
    expect((await post(PAGE, { intent: "save", title, formKey: "b".repeat(32) }, { cookie: admin.cookie })).headers.get("Location")).toBe(
      `${PAGE}?notice=saved`,
    );
    expect(await loadoutCount()).toBe(before + 3);
    await env.DB.prepare("DELETE FROM official_loadouts WHERE title = ?").bind(title).run();
  });

  it("creates (created_by set), edits (updated_at set) and deletes a loadout with the spec's messages", async () => {
    const title = `Official ${crypto.randomUUID().slice(0, 8)}`;
    const created = await post(PAGE, { intent: "save", title: `  ${title}  `, description: "For testing." }, { cookie: admin.cookie });
    expect(created.status).toBe(302);
    expect(created.headers.get("Location")).toBe(`${PAGE}?notice=saved`);
    expect(await (await get(`${PAGE}?notice=saved`, admin.cookie)).text()).toContain("Loadout saved successfully!");
    const row = (await byTitle(title))!;
    const adminRow = await env.DB.prepare("SELECT id FROM users WHERE email = 'admin@integration.test'").first<{ id: string }>();
    expect(row.created_by).toBe(adminRow!.id);
    expect(row.description).toBe("For testing.");
    expect(await (await get("/", admin.cookie)).text()).toContain(title);

    // Dated a second back, so the edit's own time is later whatever the clock's resolution.
    await env.DB.prepare("UPDATE official_loadouts SET updated_at = updated_at - 1000 WHERE id = ?").bind(row.id).run();
    const before = (await byTitle(title))!;
    const edited = await post(PAGE, { intent: "save", id: String(row.id), title: `${title} v2`, description: "" }, { cookie: admin.cookie });
    expect(edited.status).toBe(302);
    const after = (await byTitle(`${title} v2`))!;
    expect(after.id).toBe(row.id);
    expect(after.description).toBeNull();
    expect(after.updated_at).toBeGreaterThan(before.updated_at);
    expect(after.created_at).toBe(row.created_at);

    const deleted = await post(PAGE, { intent: "delete", id: String(row.id) }, { cookie: admin.cookie });
    expect(deleted.headers.get("Location")).toBe(`${PAGE}?notice=deleted`);
    expect(await (await get(`${PAGE}?notice=deleted`, admin.cookie)).text()).toContain("Loadout deleted successfully!");
    expect(await byTitle(`${title} v2`)).toBeNull();

    const again = await post(PAGE, { intent: "delete", id: String(row.id) }, { cookie: admin.cookie });
    expect(again.status).toBe(404);
    expect(await again.text()).toContain("Error deleting loadout");
    const missing = await post(PAGE, { intent: "save", id: String(row.id), title: "Ghost" }, { cookie: admin.cookie });
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain("Error saving loadout");
    expect(await byTitle("Ghost")).toBeNull();
  });

  it.each([
    [{ intent: "save", title: "" }, "Title is required"],
    [{ intent: "save", title: "   " }, "Title is required"],
    [{ intent: "save" }, "Title is required"],
    [{ intent: "save", title: "x".repeat(500) }, "Titles are at most 120 characters."],
    [{ intent: "save", title: "Fine", id: "abc" }, ""],
    [{ intent: "nope" }, "Unknown action."],
    [{ intent: "delete", id: "-1" }, "Error deleting loadout"],
  ] as [Record<string, string>, string][])("refuses %j and writes nothing", async (fields, message) => {
    const before = await loadoutCount();
    const response = await post(PAGE, fields, { cookie: admin.cookie });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(await response.text()).toContain(message);
    expect(await loadoutCount()).toBe(before);
  });
});

describe("/admin/loadouts/{id}/edit: the slot editor for official loadouts", () => {
  const slotOf = (id: number) =>
    env.DB.prepare("SELECT skin_id AS skinId, wear FROM official_loadout_slots WHERE loadout_id = ? AND slot = 'ak47_tside'")
      .bind(id)
      .first<{ skinId: string; wear: string | null }>();
  const updatedAt = async (id: number) =>
    (await env.DB.prepare("SELECT updated_at FROM official_loadouts WHERE id = ?").bind(id).first<{ updated_at: number }>())!.updated_at;
  /** An official loadout of this test's own, deleted (with its slots) afterwards. */
  async function withOfficial(run: (id: number) => Promise<void>) {
    const title = `Slots ${crypto.randomUUID().slice(0, 8)}`;
    expect((await post(PAGE, { intent: "save", title }, { cookie: admin.cookie })).status).toBe(302);
    const { id } = (await byTitle(title))!;
    try {
      await run(id);
    } finally {
      await post(PAGE, { intent: "delete", id: String(id) }, { cookie: admin.cookie });
    }
  }
  const akSkin = async () =>
    (await env.DB.prepare(
      "SELECT s.id, min(w.wear) AS wear FROM skins s JOIN skin_wears w ON w.skin_id = s.id AND w.enabled = 1 WHERE s.weapon = 'AK-47' GROUP BY s.id ORDER BY s.id",
    ).first<{
      id: string;
      wear: string;
    }>())!;

  it("answers visitors with /login, users with /, the admin with the editor in one round trip", async () => {
    await withOfficial(async (id) => {
      const path = `${PAGE}/${id}/edit`;
      expect((await get(path)).headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
      expect((await get(path, user.cookie)).headers.get("Location")).toBe("/");
      const ok = await get(path, admin.cookie);
      expect(ok.status).toBe(200);
      expect(ok.headers.get("X-D1-Round-Trips")).toBe("1");
      expect(await ok.text()).toContain("Edit Official Loadout");
      expect(await (await get(PAGE, admin.cookie)).text()).toContain(`href="${path}"`);
      const missing = await get(`${PAGE}/999999/edit`, admin.cookie);
      expect(missing.status).toBe(404);
      expect(await missing.text()).toContain("Loadout not found.");
    });
  });

  /** The version the editor's forms carry, as a browser would post it. */
  async function versionOnPage(path: string): Promise<string> {
    const html = await (await get(path, admin.cookie)).text();
    const versions = [...html.matchAll(/<input type="hidden" name="version"( value="([^"]*)")?/g)].map((match) => match[2]);
    expect(versions.length).toBeGreaterThan(0);
    expect(new Set(versions).size).toBe(1);
    return versions[0] ?? "";
  }
  const akWithWears = async () =>
    (await env.DB.prepare(
      "SELECT s.id, group_concat(w.wear) AS wears FROM skins s JOIN skin_wears w ON w.skin_id = s.id AND w.enabled = 1 WHERE s.weapon = 'AK-47' GROUP BY s.id HAVING count(*) >= 2 ORDER BY s.id",
    ).first<{ id: string; wears: string }>())!;

  it("with the version its page carries, the admin picks a skin, changes its wear, clears it and saves", async () => {
    await withOfficial(async (id) => {
      const path = `${PAGE}/${id}/edit`;
      expect(await versionOnPage(path)).toBe(String(await updatedAt(id)));
      const ak = await akWithWears();
      const [firstWear, secondWear] = ak.wears.split(",");

      // A skin with several wears opens the wear chooser, whose forms carry the version too.
      const picked = await post(path, { intent: "pick-skin", slot: "ak47_tside", skinId: ak.id, version: await versionOnPage(path) }, { cookie: admin.cookie });
      expect(picked.status).toBe(302);
      const chooser = picked.headers.get("Location")!;
      expect(chooser).toContain(`skin=${ak.id}`);
      const chosen = await post(
        path,
        { intent: "set-wear", slot: "ak47_tside", skinId: ak.id, wear: firstWear!, version: await versionOnPage(chooser) },
        { cookie: admin.cookie },
      );
      expect(chosen.status).toBe(302);
      expect(await slotOf(id)).toEqual({ skinId: ak.id, wear: firstWear });

      const changed = await post(
        path,
        { intent: "set-wear", slot: "ak47_tside", skinId: ak.id, wear: secondWear!, version: await versionOnPage(path) },
        { cookie: admin.cookie },
      );
      expect(changed.status).toBe(302);
      expect(await slotOf(id)).toEqual({ skinId: ak.id, wear: secondWear });

      const cleared = await post(path, { intent: "clear-slot", slot: "ak47_tside", version: await versionOnPage(path) }, { cookie: admin.cookie });
      expect(cleared.status).toBe(302);
      expect(await slotOf(id)).toBeNull();

      const saved = await post(
        path,
        { intent: "save", title: "Saved from its page", description: "Kept.", version: await versionOnPage(path) },
        { cookie: admin.cookie },
      );
      expect(saved.headers.get("Location")).toBe(`${PAGE}?notice=saved`);
      expect(await byTitle("Saved from its page")).toMatchObject({ id, description: "Kept." });
    });
  });

  it("two admins saving from the same page: the second is told it changed elsewhere, keeps what it typed and overwrites nothing", async () => {
    await withOfficial(async (id) => {
      const path = `${PAGE}/${id}/edit`;
      const version = await versionOnPage(path);
      const [first, second] = await Promise.all([
        post(path, { intent: "save", title: "Admin one", version }, { cookie: admin.cookie }),
        post(path, { intent: "save", title: "Admin two", version }, { cookie: admin.cookie }),
      ]);
      expect([first.status, second.status].sort()).toEqual([302, 409]);
      const [winner, loser] = first.status === 302 ? ["Admin one", second] : ["Admin two", first];
      const html = await loser.text();
      expect(html).toContain("changed elsewhere");
      expect(html).toContain(winner === "Admin one" ? "Admin two" : "Admin one");
      expect((await byTitle(winner))?.id).toBe(id);

      // A pick and a clear from the old page are refused too, and write nothing.
      const ak = await akSkin();
      const stalePick = await post(path, { intent: "set-wear", slot: "ak47_tside", skinId: ak.id, wear: ak.wear, version }, { cookie: admin.cookie });
      expect(stalePick.status).toBe(409);
      expect(await stalePick.text()).toContain("changed elsewhere");
      expect(await slotOf(id)).toBeNull();
      const staleClear = await post(path, { intent: "clear-slot", slot: "ak47_tside", version }, { cookie: admin.cookie });
      expect(staleClear.status).toBe(409);
    });
  });

  it("the admin picks a skin for a slot (updated_at moves on); a user's post writes nothing", async () => {
    await withOfficial(async (id) => {
      const path = `${PAGE}/${id}/edit`;
      const skin = await akSkin();
      const before = await updatedAt(id);
      const fields = { intent: "set-wear", slot: "ak47_tside", skinId: skin.id, wear: skin.wear, version: String(before) };
      for (const [cookie, location] of [
        [undefined, `/login?redirectTo=${encodeURIComponent(path)}`],
        [user.cookie, "/"],
      ] as const) {
        const refused = await post(path, fields, { cookie });
        expect(refused.status).toBe(302);
        expect(refused.headers.get("Location")).toBe(location);
      }
      expect(await slotOf(id)).toBeNull();
      expect(await updatedAt(id)).toBe(before);

      const picked = await post(path, fields, { cookie: admin.cookie });
      expect(picked.status).toBe(302);
      expect(picked.headers.get("Location")).toBe(path);
      expect(await slotOf(id)).toEqual({ skinId: skin.id, wear: skin.wear });
      expect(await updatedAt(id)).toBeGreaterThan(before);

      const saved = await post(path, { intent: "save", title: "Renamed in the editor", version: String(await updatedAt(id)) }, { cookie: admin.cookie });
      expect(saved.headers.get("Location")).toBe(`${PAGE}?notice=saved`);
      expect((await byTitle("Renamed in the editor"))?.id).toBe(id);
    });
  });
});
