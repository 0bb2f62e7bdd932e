import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { LOADOUT_SLOTS } from "~/domain/loadout-slots";
import { US_DOLLARS } from "~/domain/money";
import { fetchWorker, get, post, signedInUser } from "./helpers";

type User = Awaited<ReturnType<typeof signedInUser>>;

const OFFICIAL_ID = 1;
let owner: User;
let other: User;

beforeAll(async () => {
  [owner, other] = await Promise.all([signedInUser("owner"), signedInUser("other")]);
});

const locationOf = (response: Response) => response.headers.get("Location") ?? "";

async function createLoadout(user: User, fields: Record<string, string> = {}): Promise<number> {
  const response = await post("/loadouts/new", { title: "My loadout", ...fields }, { cookie: user.cookie });
  expect(response.status).toBe(302);
  const match = /^\/loadouts\/edit\/(\d+)\?notice=created$/.exec(locationOf(response));
  expect(match).not.toBeNull();
  return Number(match![1]);
}

const loadoutRow = (id: number) =>
  env.DB.prepare("SELECT title, description, budget_cents AS budgetCents, version FROM user_loadouts WHERE id = ?")
    .bind(id)
    .first<{ title: string; description: string | null; budgetCents: number | null; version: number }>();
const slotRow = (id: number, slot: string) =>
  env.DB.prepare("SELECT skin_id AS skinId, wear FROM user_loadout_slots WHERE loadout_id = ? AND slot = ?")
    .bind(id, slot)
    .first<{ skinId: string; wear: string | null }>();
const version = async (id: number) => String((await loadoutRow(id))!.version);

/** A skin of `weapon` with the given number of enabled wears (or at least 2 when `several`). */
async function skinWithEnabledWears(weapon: string, count: number | "several"): Promise<{ id: string; wears: string[] }> {
  const rows = await env.DB.prepare(
    `SELECT s.id, group_concat(w.wear) AS wears, count(*) AS n FROM skins s JOIN skin_wears w ON w.skin_id = s.id AND w.enabled = 1
     WHERE s.weapon = ? GROUP BY s.id ORDER BY s.id`,
  )
    .bind(weapon)
    .all<{ id: string; wears: string; n: number }>();
  const found = rows.results.find((row) => (count === "several" ? row.n >= 2 : row.n === count));
  if (!found) throw new Error(`no ${weapon} skin with ${count} enabled wears`);
  return { id: found.id, wears: found.wears.split(",") };
}

async function disabledWear(skinId: string): Promise<string> {
  const row = await env.DB.prepare("SELECT wear FROM skin_wears WHERE skin_id = ? AND enabled = 0 LIMIT 1").bind(skinId).first<{ wear: string }>();
  return row!.wear;
}

describe("pages cost one D1 round trip", () => {
  it.each(["/loadouts", `/loadouts/official/${OFFICIAL_ID}`, `/loadouts/official/${OFFICIAL_ID}?side=ct`, "/loadouts/official/999999", "/loadouts/new"])(
    "visitor: %s",
    async (path) => {
      const response = await get(path);
      expect(response.status).toBeLessThan(500);
      expect(response.headers.get("X-D1-Round-Trips")).toBe("1");
      await response.body?.cancel();
    },
  );

  it("signed in: the list, a user loadout, and every editor step", async () => {
    const id = await createLoadout(owner);
    const ak = await skinWithEnabledWears("AK-47", "several");
    const paths = [
      "/loadouts",
      `/loadouts/user/${id}`,
      `/loadouts/edit/${id}`,
      `/loadouts/edit/${id}?side=ct`,
      `/loadouts/edit/${id}?slot=ak47_tside&q=red`,
      `/loadouts/edit/${id}?slot=knives_tside`,
      `/loadouts/edit/${id}?slot=knives_tside&type=Karambit`,
      `/loadouts/edit/${id}?slot=ak47_tside&skin=${ak.id}`,
      "/profile?tab=loadouts",
    ];
    for (const path of paths) {
      const response = await get(path, owner.cookie);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("X-D1-Round-Trips"), path).toBe("1");
      await response.body?.cancel();
    }
  });
});

describe("/loadouts", () => {
  it("visitors see 6 curated loadouts and a login link", async () => {
    const html = await (await get("/loadouts")).text();
    expect(html.match(/href="\/loadouts\/official\/\d+"/g)).toHaveLength(6);
    expect(html).toContain('href="/login?redirectTo=%2Floadouts"');
    expect(html).not.toContain("Create New Loadout");
  });

  it("a signed-in user sees their own loadouts newest first, not anyone else's", async () => {
    const user = await signedInUser("list");
    const first = await createLoadout(user, { title: "First one" });
    const second = await createLoadout(user, { title: "Second one" });
    const foreign = await createLoadout(other, { title: "Not yours" });
    const html = await (await get("/loadouts", user.cookie)).text();
    expect(html).toContain("Create New Loadout");
    expect(html.indexOf(`/loadouts/user/${second}"`)).toBeGreaterThan(-1);
    expect(html.indexOf(`/loadouts/user/${second}"`)).toBeLessThan(html.indexOf(`/loadouts/user/${first}"`));
    expect(html).not.toContain(`/loadouts/user/${foreign}"`);
    const profile = await (await get("/profile?tab=loadouts", user.cookie)).text();
    expect(profile).toContain(`href="/loadouts/user/${second}"`);
    expect(profile).toContain("First one");
  });
});

describe("official loadout detail", () => {
  it("shows T-Side by default, CT-Side with ?side=ct, and the total of every counted slot", async () => {
    const html = await (await get(`/loadouts/official/${OFFICIAL_ID}`)).text();
    expect(html).toContain('aria-current="page"');
    expect(html).toContain('data-testid="slot-ak47_tside"');
    expect(html).not.toContain('data-testid="slot-m4a4_ctside"');
    const ct = await (await get(`/loadouts/official/${OFFICIAL_ID}?side=ct`)).text();
    expect(ct).toContain('data-testid="slot-m4a4_ctside"');
    expect(ct).not.toContain('data-testid="slot-ak47_tside"');

    // The total: each slot's chosen (enabled) wear price, or the first enabled wear's.
    const { results } = await env.DB.prepare(
      `SELECT s.slot, s.wear, w.wear AS w, w.enabled, w.price_cents AS price FROM official_loadout_slots s JOIN skin_wears w ON w.skin_id = s.skin_id
       WHERE s.loadout_id = ?`,
    )
      .bind(OFFICIAL_ID)
      .all<{ slot: string; wear: string | null; w: string; enabled: number; price: number }>();
    const order = ["FN", "MW", "FT", "WW", "BS"];
    let total = 0;
    for (const slot of LOADOUT_SLOTS) {
      const rows = results.filter((r) => r.slot === slot.key).sort((a, b) => order.indexOf(a.w) - order.indexOf(b.w));
      const chosen = rows[0]?.wear ? rows.find((r) => r.w === rows[0]!.wear && r.enabled) : rows.find((r) => r.enabled);
      total += chosen?.price ?? 0;
    }
    expect(html).toContain(`data-testid="total-cost">${US_DOLLARS.format(total)}<`);
  });

  it("visitors get a login link; signed-in users 'Save Loadout'", async () => {
    expect(await (await get(`/loadouts/official/${OFFICIAL_ID}`)).text()).not.toContain("Save Loadout");
    expect(await (await get(`/loadouts/official/${OFFICIAL_ID}`, owner.cookie)).text()).toContain("Save Loadout");
  });

  it.each(["/loadouts/official/999999", "/loadouts/official/abc", "/loadouts/nope/1", "/loadouts/user/999999", "/loadouts/loadout/0"])(
    "%s: 'Loadout not found.' with a 404",
    async (path) => {
      const response = await get(path, owner.cookie);
      expect(response.status).toBe(404);
      expect(await response.text()).toContain("Loadout not found.");
    },
  );
});

describe("copy ('Save Loadout')", () => {
  it("creates '{title} (Copy)' with the description, no budget and every slot, then opens it", async () => {
    const user = await signedInUser("copy");
    const response = await post(`/loadouts/official/${OFFICIAL_ID}`, { intent: "copy" }, { cookie: user.cookie });
    expect(response.status).toBe(302);
    const id = Number(/^\/loadouts\/user\/(\d+)\?notice=copied$/.exec(locationOf(response))![1]);
    const official = await env.DB.prepare("SELECT title, description FROM official_loadouts WHERE id = ?")
      .bind(OFFICIAL_ID)
      .first<{ title: string; description: string }>();
    const copy = await loadoutRow(id);
    expect(copy).toMatchObject({ title: `${official!.title} (Copy)`, description: official!.description, budgetCents: null });
    const slots = (id: number, table: string) =>
      env.DB.prepare(`SELECT slot, skin_id, wear FROM ${table} WHERE loadout_id = ? ORDER BY slot`)
        .bind(id)
        .all()
        .then((r) => r.results);
    const copied = await slots(id, "user_loadout_slots");
    expect(copied).toEqual(await slots(OFFICIAL_ID, "official_loadout_slots"));
    expect(copied).toHaveLength(LOADOUT_SLOTS.length);
    expect(await (await get(locationOf(response), user.cookie)).text()).toContain("Loadout saved to your loadouts.");
  });

  it("a visitor is sent to log in and nothing is written", async () => {
    const before = await env.DB.prepare("SELECT count(*) AS n FROM user_loadouts").first<{ n: number }>();
    const response = await post(`/loadouts/official/${OFFICIAL_ID}`, { intent: "copy" });
    expect(response.status).toBe(302);
    expect(locationOf(response)).toMatch(/^\/login\?redirectTo=/);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM user_loadouts").first<{ n: number }>()).toEqual(before);
  });

  it("a missing official loadout answers 404", async () => {
    const response = await post("/loadouts/official/999999", { intent: "copy" }, { cookie: owner.cookie });
    expect(response.status).toBe(404);
  });
});

describe("/loadouts/new", () => {
  it("signed out: the spec's text and a login link that returns here; a post goes to login", async () => {
    const html = await (await get("/loadouts/new")).text();
    expect(html).toContain("You must be logged in to create a loadout.");
    expect(html).toContain('href="/login?redirectTo=%2Floadouts%2Fnew"');
    const response = await post("/loadouts/new", { title: "x" });
    expect(response.status).toBe(302);
    expect(locationOf(response)).toBe("/login?redirectTo=%2Floadouts%2Fnew");
  });

  it("trims the title, turns an empty description into null and stores the budget in cents", async () => {
    const id = await createLoadout(owner, { title: "  Trimmed  ", description: "", budget: "12.34" });
    expect(await loadoutRow(id)).toMatchObject({ title: "Trimmed", description: null, budgetCents: 1234 });
    const none = await createLoadout(owner, { budget: "" });
    expect((await loadoutRow(none))!.budgetCents).toBeNull();
  });

  it.each([
    [{ title: "   " }, "Title is required."],
    [{ title: "x", budget: "-1" }, "Budget must be at least 0."],
    [{ title: "x", budget: "1.234" }, "Budget must be in steps of 0.01."],
    [{ title: "x", budget: "lots" }, "Budget must be a number."],
    [{ title: "x".repeat(101) }, "Title must be at most 100 characters."],
  ])("refuses %j with a 400 and the message", async (fields, message) => {
    const response = await post("/loadouts/new", fields, { cookie: owner.cookie });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(message);
  });

  it("refuses a body that is not a form", async () => {
    const response = await fetchWorker("https://example.com/loadouts/new", {
      method: "POST",
      body: "{not form",
      headers: { Cookie: owner.cookie, "Content-Type": "application/json", Host: "example.com" },
      redirect: "manual",
    });
    // Refused before Remix as an unsupported encoding (app/server/http/request-guard.server.ts).
    expect(response.status).toBe(415);
    await response.body?.cancel();
  });
});

describe("user loadout detail: owner only", () => {
  it("the owner sees Edit and Delete; another user and a visitor get 404", async () => {
    const id = await createLoadout(owner, { title: "Private plan" });
    const mine = await (await get(`/loadouts/user/${id}`, owner.cookie)).text();
    expect(mine).toContain(`href="/loadouts/edit/${id}"`);
    expect(mine).toContain("Delete");
    // The spec's /loadouts/loadout/{id} links show the same loadout.
    expect((await get(`/loadouts/loadout/${id}`, owner.cookie)).status).toBe(200);
    for (const cookie of [other.cookie, undefined]) {
      const response = await get(`/loadouts/user/${id}`, cookie);
      expect(response.status).toBe(404);
      const html = await response.text();
      expect(html).toContain("Loadout not found.");
      expect(html).not.toContain("Private plan");
    }
  });

  it("shows the over-budget amount", async () => {
    const id = await createLoadout(owner, { budget: "0.01" });
    const ak = await skinWithEnabledWears("AK-47", "several");
    const price = await env.DB.prepare("SELECT price_cents AS p FROM skin_wears WHERE skin_id = ? AND wear = ?")
      .bind(ak.id, ak.wears[0])
      .first<{ p: number }>();
    await post(
      `/loadouts/edit/${id}`,
      { intent: "set-wear", slot: "ak47_tside", skinId: ak.id, wear: ak.wears[0]!, version: await version(id) },
      { cookie: owner.cookie },
    );
    const html = await (await get(`/loadouts/user/${id}`, owner.cookie)).text();
    expect(html).toContain(`data-testid="over-budget">${US_DOLLARS.format(price!.p - 1)}<`);
  });
});

describe("delete", () => {
  it("?dialog=delete asks first; another user's delete is a 404 and deletes nothing; the owner's deletes", async () => {
    const id = await createLoadout(owner);
    const confirm = await (await get(`/loadouts/user/${id}?dialog=delete`, owner.cookie)).text();
    expect(confirm).toContain("Are you sure you want to delete this loadout? This action cannot be undone.");

    const refused = await post(`/loadouts/user/${id}`, { intent: "delete" }, { cookie: other.cookie });
    expect(refused.status).toBe(404);
    expect(await loadoutRow(id)).not.toBeNull();
    const visitor = await post(`/loadouts/user/${id}`, { intent: "delete" });
    expect(visitor.status).toBe(302);
    expect(await loadoutRow(id)).not.toBeNull();

    const response = await post(`/loadouts/user/${id}`, { intent: "delete" }, { cookie: owner.cookie });
    expect(response.status).toBe(302);
    expect(locationOf(response)).toBe("/loadouts?notice=deleted");
    expect(await loadoutRow(id)).toBeNull();
    expect((await post(`/loadouts/user/${id}`, { intent: "delete" }, { cookie: owner.cookie })).status).toBe(404);
  });

  it("an official loadout cannot be deleted from its page", async () => {
    const response = await post(`/loadouts/official/${OFFICIAL_ID}`, { intent: "delete" }, { cookie: owner.cookie });
    expect(response.status).toBe(400);
    expect(await env.DB.prepare("SELECT id FROM official_loadouts WHERE id = ?").bind(OFFICIAL_ID).first()).not.toBeNull();
  });
});

describe("editor", () => {
  it("a visitor is sent to log in; another user's loadout answers 404 with the denial text", async () => {
    const id = await createLoadout(owner);
    const visitor = await get(`/loadouts/edit/${id}`);
    expect(visitor.status).toBe(302);
    expect(locationOf(visitor)).toBe(`/login?redirectTo=${encodeURIComponent(`/loadouts/edit/${id}`)}`);
    for (const path of [`/loadouts/edit/${id}`, "/loadouts/edit/999999", "/loadouts/edit/abc"]) {
      const response = await get(path, other.cookie);
      expect(response.status, path).toBe(404);
      expect(await response.text()).toContain("Loadout not found or you do not have permission to edit.");
    }
  });

  it("a skin with several wears opens the wear chooser; picking a wear fills the slot", async () => {
    const id = await createLoadout(owner);
    const ak = await skinWithEnabledWears("AK-47", "several");
    const pick = await post(
      `/loadouts/edit/${id}`,
      { intent: "pick-skin", slot: "ak47_tside", skinId: ak.id, version: await version(id) },
      { cookie: owner.cookie },
    );
    expect(pick.status).toBe(302);
    expect(locationOf(pick)).toBe(`/loadouts/edit/${id}?slot=ak47_tside&skin=${ak.id}`);
    expect(await slotRow(id, "ak47_tside")).toBeNull();
    const chooser = await (await get(locationOf(pick), owner.cookie)).text();
    expect(chooser).toContain("Choose a wear");

    const wear = ak.wears[ak.wears.length - 1]!;
    const set = await post(
      `/loadouts/edit/${id}`,
      { intent: "set-wear", slot: "ak47_tside", skinId: ak.id, wear, version: await version(id) },
      { cookie: owner.cookie },
    );
    expect(set.status).toBe(302);
    expect(locationOf(set)).toBe(`/loadouts/edit/${id}`);
    expect(await slotRow(id, "ak47_tside")).toEqual({ skinId: ak.id, wear });
  });

  it("exactly one enabled wear is chosen by itself", async () => {
    const rows = await env.DB.prepare(
      `SELECT s.id, s.weapon, min(w.wear) AS wear FROM skins s JOIN skin_wears w ON w.skin_id = s.id AND w.enabled = 1
       JOIN weapons x ON x.name = s.weapon WHERE x.category NOT IN ('Knives', 'Gloves') GROUP BY s.id HAVING count(*) = 1`,
    ).all<{ id: string; weapon: string; wear: string }>();
    const skin = rows.results.find((row) => LOADOUT_SLOTS.some((slot) => slot.weapon === row.weapon))!;
    const slot = LOADOUT_SLOTS.find((s) => s.weapon === skin.weapon)!;
    const id = await createLoadout(owner);
    const response = await post(
      `/loadouts/edit/${id}`,
      { intent: "pick-skin", slot: slot.key, skinId: skin.id, version: await version(id) },
      { cookie: owner.cookie },
    );
    expect(response.status).toBe(302);
    expect(await slotRow(id, slot.key)).toEqual({ skinId: skin.id, wear: skin.wear });
  });

  it("knife slots take any knife (type first), and refuse a gun skin", async () => {
    const id = await createLoadout(owner);
    const types = await (await get(`/loadouts/edit/${id}?slot=knives_tside`, owner.cookie)).text();
    expect(types).toContain("Choose a knife type");
    expect(types).toContain(`href="/loadouts/edit/${id}?slot=knives_tside&amp;type=Karambit#picker"`);
    const list = await (await get(`/loadouts/edit/${id}?slot=knives_tside&type=Karambit`, owner.cookie)).text();
    expect(list).toContain("Karambit |");

    const knife = await skinWithEnabledWears("Karambit", "several");
    const pick = await post(
      `/loadouts/edit/${id}`,
      { intent: "pick-skin", slot: "knives_tside", skinId: knife.id, version: await version(id) },
      { cookie: owner.cookie },
    );
    expect(locationOf(pick)).toBe(`/loadouts/edit/${id}?slot=knives_tside&type=Karambit&skin=${knife.id}`);
    await post(
      `/loadouts/edit/${id}`,
      { intent: "set-wear", slot: "knives_tside", skinId: knife.id, wear: knife.wears[0]!, version: await version(id) },
      { cookie: owner.cookie },
    );
    expect((await slotRow(id, "knives_tside"))!.skinId).toBe(knife.id);

    const gun = await skinWithEnabledWears("AK-47", "several");
    const refused = await post(
      `/loadouts/edit/${id}`,
      { intent: "pick-skin", slot: "knives_tside", skinId: gun.id, version: await version(id) },
      { cookie: owner.cookie },
    );
    expect(refused.status).toBe(400);
    expect((await slotRow(id, "knives_tside"))!.skinId).toBe(knife.id);
  });

  it("refuses a wrong weapon's skin, a disabled wear, an unknown slot or skin, and writes nothing", async () => {
    const id = await createLoadout(owner);
    const m4 = await skinWithEnabledWears("M4A4", "several");
    const ak = await skinWithEnabledWears("AK-47", 4);
    const v = await version(id);
    const cases: [Record<string, string>, string][] = [
      [{ intent: "pick-skin", slot: "ak47_tside", skinId: m4.id, version: v }, "does not fit the AK-47 slot"],
      [{ intent: "set-wear", slot: "ak47_tside", skinId: m4.id, wear: m4.wears[0]!, version: v }, "does not fit the AK-47 slot"],
      [{ intent: "set-wear", slot: "ak47_tside", skinId: ak.id, wear: await disabledWear(ak.id), version: v }, "is not a possible wear"],
      [{ intent: "set-wear", slot: "ak47_tside", skinId: ak.id, wear: "XX", version: v }, "Choose a wear."],
      [{ intent: "pick-skin", slot: "bogus_tside", skinId: ak.id, version: v }, "Unknown slot."],
      [{ intent: "pick-skin", slot: "ak47_tside", skinId: "no-such-skin", version: v }, "Unknown skin."],
      [{ intent: "pick-skin", slot: "ak47_tside", skinId: ak.id }, "Missing version."],
      [{ intent: "explode" }, "Unknown action."],
    ];
    for (const [fields, message] of cases) {
      const response = await post(`/loadouts/edit/${id}`, fields, { cookie: owner.cookie });
      expect(response.status, JSON.stringify(fields)).toBe(400);
      expect(await response.text()).toContain(message);
    }
    expect(await slotRow(id, "ak47_tside")).toBeNull();
    expect(await version(id)).toBe(v);
  });

  it("another user's picks, removals and saves answer 404 and write nothing", async () => {
    const id = await createLoadout(owner, { title: "Keep me" });
    const ak = await skinWithEnabledWears("AK-47", "several");
    await post(
      `/loadouts/edit/${id}`,
      { intent: "set-wear", slot: "ak47_tside", skinId: ak.id, wear: ak.wears[0]!, version: await version(id) },
      { cookie: owner.cookie },
    );
    const v = await version(id);
    const attempts: Record<string, string>[] = [
      { intent: "set-wear", slot: "ak47_tside", skinId: ak.id, wear: ak.wears[1]!, version: v },
      { intent: "pick-skin", slot: "ak47_tside", skinId: ak.id, version: v },
      { intent: "clear-slot", slot: "ak47_tside", version: v },
      { intent: "save", title: "Stolen", version: v },
    ];
    for (const fields of attempts) {
      const response = await post(`/loadouts/edit/${id}`, fields, { cookie: other.cookie });
      expect(response.status, fields.intent).toBe(404);
      expect(await response.text()).toContain("You do not have permission to edit this loadout.");
    }
    expect(await loadoutRow(id)).toMatchObject({ title: "Keep me", version: Number(v) });
    expect(await slotRow(id, "ak47_tside")).toEqual({ skinId: ak.id, wear: ak.wears[0] });
  });

  it("Remove clears a slot", async () => {
    const id = await createLoadout(owner);
    const ak = await skinWithEnabledWears("AK-47", "several");
    await post(
      `/loadouts/edit/${id}`,
      { intent: "set-wear", slot: "ak47_tside", skinId: ak.id, wear: ak.wears[0]!, version: await version(id) },
      { cookie: owner.cookie },
    );
    const response = await post(`/loadouts/edit/${id}`, { intent: "clear-slot", slot: "ak47_tside", version: await version(id) }, { cookie: owner.cookie });
    expect(response.status).toBe(302);
    expect(await slotRow(id, "ak47_tside")).toBeNull();
  });

  it("Save trims, stores the budget and goes to the loadout; 'Title is required' without a title", async () => {
    const id = await createLoadout(owner);
    const empty = await post(`/loadouts/edit/${id}`, { intent: "save", title: " ", version: await version(id) }, { cookie: owner.cookie });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("Title is required");
    const response = await post(
      `/loadouts/edit/${id}`,
      { intent: "save", title: " New name ", description: "  Notes  ", budget: "", version: await version(id) },
      { cookie: owner.cookie },
    );
    expect(response.status).toBe(302);
    expect(locationOf(response)).toBe(`/loadouts/user/${id}?notice=saved`);
    expect(await loadoutRow(id)).toMatchObject({ title: "New name", description: "Notes", budgetCents: null });
  });

  it("Save from the CT side comes back to the loadout's CT side; the form posts the side shown", async () => {
    const id = await createLoadout(owner);
    const editor = await (await get(`/loadouts/edit/${id}?side=ct`, owner.cookie)).text();
    const details = editor.slice(editor.indexOf('id="loadout-details"'));
    expect(details.slice(0, details.indexOf("</form>"))).toContain('<input type="hidden" name="side" value="ct"/>');
    const ct = await post(`/loadouts/edit/${id}?side=ct`, { intent: "save", title: "CT", side: "ct", version: await version(id) }, { cookie: owner.cookie });
    expect(locationOf(ct)).toBe(`/loadouts/user/${id}?notice=saved&side=ct`);
    // Any other side is the T side, the page's default.
    const t = await post(`/loadouts/edit/${id}`, { intent: "save", title: "T", side: "nonsense", version: await version(id) }, { cookie: owner.cookie });
    expect(locationOf(t)).toBe(`/loadouts/user/${id}?notice=saved`);
  });

  it("a budget written other than as a plain decimal (hex, exponent, Infinity) is refused with the budget's message, writing nothing", async () => {
    const id = await createLoadout(owner);
    const before = await loadoutRow(id);
    for (const budget of ["0x10", "1e3", "0b11", "Infinity", "16,00"]) {
      const response = await post(`/loadouts/edit/${id}`, { intent: "save", title: "Hex", budget, version: await version(id) }, { cookie: owner.cookie });
      expect(response.status, budget).toBe(400);
      expect(await response.text()).toContain("Budget must be a number.");
    }
    expect(await loadoutRow(id)).toEqual(before);
    const plain = await post(
      `/loadouts/edit/${id}`,
      { intent: "save", title: "Plain", budget: " 16.50 ", version: await version(id) },
      { cookie: owner.cookie },
    );
    expect(plain.status).toBe(302);
    expect(await loadoutRow(id)).toMatchObject({ budgetCents: 1650 });
  });

  it("two tabs saving the same loadout: the second is told it changed elsewhere and overwrites nothing", async () => {
    const id = await createLoadout(owner, { title: "Original" });
    const v = await version(id);
    const [first, second] = await Promise.all([
      post(`/loadouts/edit/${id}`, { intent: "save", title: "Tab one", version: v }, { cookie: owner.cookie }),
      post(`/loadouts/edit/${id}`, { intent: "save", title: "Tab two", version: v }, { cookie: owner.cookie }),
    ]);
    const statuses = [first.status, second.status].sort();
    expect(statuses).toEqual([302, 409]);
    const loser = first.status === 409 ? first : second;
    const html = await loser.text();
    expect(html).toContain("changed elsewhere");
    // What the losing tab typed is shown again, not lost.
    expect(html).toContain(first.status === 409 ? "Tab one" : "Tab two");
    expect((await loadoutRow(id))!.title).toBe(first.status === 302 ? "Tab one" : "Tab two");

    // A stale pick is refused as well.
    const ak = await skinWithEnabledWears("AK-47", "several");
    const stale = await post(
      `/loadouts/edit/${id}`,
      { intent: "set-wear", slot: "ak47_tside", skinId: ak.id, wear: ak.wears[0]!, version: v },
      { cookie: owner.cookie },
    );
    expect(stale.status).toBe(409);
    expect(await slotRow(id, "ak47_tside")).toBeNull();
  });
});

describe("a form posted twice (a double click without JavaScript) makes one loadout (ADR 090)", () => {
  const keyIn = (html: string) => /name="formKey" value="([0-9a-f]{32})"/.exec(html)?.[1];
  const loadoutCount = async (user: User) =>
    (await env.DB.prepare("SELECT count(*) AS n FROM user_loadouts l JOIN users u ON u.id = l.user_id WHERE u.email = ?")
      .bind(user.email)
      .first<{ n: number }>())!.n;

  it("'Create Loadout': the second post opens the loadout the first made, and says so", async () => {
    const user = await signedInUser("create-twice");
    const key = keyIn(await (await get("/loadouts/new", user.cookie)).text());
    expect(key, "the form carries a key").toBeDefined();
    expect(keyIn(await (await get("/loadouts/new", user.cookie)).text()), "each load has its own").not.toBe(key);
    expect(keyIn(await (await get("/loadouts/new")).text()), "a visitor's page has no form").toBeUndefined();

    const first = await post("/loadouts/new", { title: "Twice", formKey: key! }, { cookie: user.cookie });
    const id = /^\/loadouts\/edit\/(\d+)\?notice=created$/.exec(locationOf(first))?.[1];
    expect(id).toBeDefined();
    const second = await post("/loadouts/new", { title: "Twice", formKey: key! }, { cookie: user.cookie });
    expect(second.status).toBe(302);
    expect(locationOf(second)).toBe(`/loadouts/edit/${id}?notice=already-created`);
    expect(await loadoutCount(user)).toBe(1);
    expect(await (await get(locationOf(second), user.cookie)).text()).toContain(
      "This form was sent twice: the loadout was created once. To create another, open the form again.",
    );

    // Without a key, with another spelling of one, or with another form's key: a loadout each.
    for (const formKey of [undefined, key!.toUpperCase(), "0".repeat(32)]) {
      const again = await post("/loadouts/new", { title: "Another", ...(formKey ? { formKey } : {}) }, { cookie: user.cookie });
      expect(locationOf(again)).toMatch(/\?notice=created$/);
    }
    expect(await loadoutCount(user)).toBe(4);
    // Keys are per owner: another player's form with the same key makes their own loadout.
    const other = await signedInUser("create-twice-other");
    expect(locationOf(await post("/loadouts/new", { title: "Twice", formKey: key! }, { cookie: other.cookie }))).toMatch(/\?notice=created$/);
    expect(await loadoutCount(other)).toBe(1);
  });

  it("'Save Loadout' of an official loadout: one copy, and the second post opens it", async () => {
    const user = await signedInUser("copy-twice");
    const page = await (await get(`/loadouts/official/${OFFICIAL_ID}`, user.cookie)).text();
    const key = keyIn(page);
    expect(key).toBeDefined();
    expect(keyIn(await (await get(`/loadouts/official/${OFFICIAL_ID}`)).text()), "a visitor's page (kept at the edge) has none").toBeUndefined();

    const first = await post(`/loadouts/official/${OFFICIAL_ID}`, { intent: "copy", formKey: key! }, { cookie: user.cookie });
    const id = /^\/loadouts\/user\/(\d+)\?notice=copied$/.exec(locationOf(first))?.[1];
    expect(id).toBeDefined();
    const second = await post(`/loadouts/official/${OFFICIAL_ID}`, { intent: "copy", formKey: key! }, { cookie: user.cookie });
    expect(locationOf(second)).toBe(`/loadouts/user/${id}?notice=already-copied`);
    expect(await loadoutCount(user)).toBe(1);
    expect(await (await get(locationOf(second), user.cookie)).text()).toContain("This form was sent twice: the loadout was saved once.");
    // The key of 'Create Loadout' and of 'Save Loadout' is one per loadout: a new page, a new copy.
    const next = keyIn(await (await get(`/loadouts/official/${OFFICIAL_ID}`, user.cookie)).text());
    expect(locationOf(await post(`/loadouts/official/${OFFICIAL_ID}`, { intent: "copy", formKey: next! }, { cookie: user.cookie }))).toMatch(
      /\?notice=copied$/,
    );
    expect(await loadoutCount(user)).toBe(2);
  });

  it("the first loadout deleted before the second post arrives: the second makes a new one", async () => {
    const user = await signedInUser("create-twice-deleted");
    const key = keyIn(await (await get("/loadouts/new", user.cookie)).text())!;
    const id = /\/loadouts\/edit\/(\d+)/.exec(locationOf(await post("/loadouts/new", { title: "Gone", formKey: key }, { cookie: user.cookie })))![1];
    expect(locationOf(await post(`/loadouts/user/${id}`, { intent: "delete" }, { cookie: user.cookie }))).toBe("/loadouts?notice=deleted");
    expect(locationOf(await post("/loadouts/new", { title: "Gone", formKey: key }, { cookie: user.cookie }))).toMatch(/\?notice=created$/);
    expect(await loadoutCount(user)).toBe(1);
  });
});
