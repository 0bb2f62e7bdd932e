import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { findSlot, LOADOUT_SLOTS } from "~/domain/loadout-slots";
import { get, post, signedInUser } from "./helpers";

type User = Awaited<ReturnType<typeof signedInUser>>;

let owner: User;
let other: User;

beforeAll(async () => {
  [owner, other] = await Promise.all([signedInUser("fill-owner"), signedInUser("fill-other")]);
});

const locationOf = (response: Response) => response.headers.get("Location") ?? "";

async function createLoadout(user: User, budget: string | null): Promise<number> {
  const created = await post("/loadouts/new", { title: "Fill me", ...(budget === null ? {} : { budget }) }, { cookie: user.cookie });
  return Number(/\/loadouts\/edit\/(\d+)/.exec(locationOf(created))![1]);
}

const slotsOf = async (id: number) =>
  (
    await env.DB.prepare("SELECT slot, skin_id AS skinId, wear FROM user_loadout_slots WHERE loadout_id = ? ORDER BY slot")
      .bind(id)
      .all<{ slot: string; skinId: string; wear: string | null }>()
  ).results;
const versionOf = async (id: number) => (await env.DB.prepare("SELECT version FROM user_loadouts WHERE id = ?").bind(id).first<{ version: number }>())!.version;

/** The preview's Apply form: its hidden fields, as a browser would send them. */
function applyFields(html: string): { side: string; variant: string; version: string; proposal: string } {
  const field = (name: string) => {
    const raw = new RegExp(`<input type="hidden" name="${name}" value="([^"]*)"`).exec(html)?.[1];
    if (raw === undefined) throw new Error(`no ${name} field in the preview`);
    return raw.replaceAll("&amp;", "&").replaceAll("&quot;", '"').replaceAll("&#x27;", "'").replaceAll("&lt;", "<").replaceAll("&gt;", ">");
  };
  return { side: field("side"), variant: field("variant"), version: field("version"), proposal: field("proposal") };
}

/** Every slot and wear the catalogue would accept for it: the editor's rule. */
async function expectValid(slots: { slot: string; skinId: string; wear: string | null }[]) {
  for (const { slot, skinId, wear } of slots) {
    const row = await env.DB.prepare(
      "SELECT s.weapon, w.category, sw.enabled, sw.price_cents AS price FROM skins s JOIN weapons w ON w.name = s.weapon JOIN skin_wears sw ON sw.skin_id = s.id AND sw.wear = ? WHERE s.id = ?",
    )
      .bind(wear, skinId)
      .first<{ weapon: string; category: string; enabled: number; price: number }>();
    const definition = findSlot(slot)!;
    expect(row, `${slot} ${skinId} ${wear}`).not.toBeNull();
    expect(row!.enabled, `${slot} ${skinId} ${wear}`).toBe(1);
    expect(row!.price).toBeGreaterThan(0);
    if (definition.group === "Knives") expect(row!.category).toBe("Knives");
    else if (definition.group === "Gloves") expect(row!.category).toBe("Gloves");
    else expect(row!.weapon).toBe(definition.weapon);
  }
}

/** The loadout's total as its page states it, in cents. */
async function pageTotalCents(user: User, id: number): Promise<number> {
  const html = await (await get(`/loadouts/user/${id}`, user.cookie)).text();
  return Math.round(Number(/data-testid="total-cost">\$([\d.]+)/.exec(html)![1]) * 100);
}

describe("fill empty slots within budget", () => {
  it("previews a proposal in one round trip, writes nothing until Apply, then fills the side's empty slots within the budget", async () => {
    const id = await createLoadout(owner, "60");
    await env.DB.prepare("INSERT INTO user_loadout_slots (loadout_id, slot, skin_id, wear) VALUES (?, 'ak47_tside', 'ak-47-redline', 'BS')").bind(id).run();

    const preview = await get(`/loadouts/user/${id}/fill?side=t`, owner.cookie);
    expect(preview.status).toBe(200);
    expect(preview.headers.get("X-D1-Round-Trips")).toBe("1");
    const html = await preview.text();
    expect(html).toContain("Fill empty slots within budget</h1>");
    expect(html).toContain("Fills as many empty slots as the budget left allows, then prefers higher rarity, then spends more of the budget");
    expect(html).not.toContain('data-testid="proposed-ak47_tside"');
    expect(html).toContain('data-testid="proposed-glock_tside"');
    expect(await slotsOf(id)).toHaveLength(1);

    const fields = applyFields(html);
    expect(fields.side).toBe("t");
    const response = await post(`/loadouts/user/${id}/fill?side=t`, fields, { cookie: owner.cookie });
    expect(response.status).toBe(302);
    expect(locationOf(response)).toBe(`/loadouts/user/${id}?notice=filled`);

    const slots = await slotsOf(id);
    expect(slots.find((slot) => slot.slot === "ak47_tside")).toEqual({ slot: "ak47_tside", skinId: "ak-47-redline", wear: "BS" });
    expect(slots.length).toBeGreaterThan(1);
    expect(slots.every((slot) => findSlot(slot.slot)!.side === "t")).toBe(true);
    expect(
      fields.proposal
        .split(",")
        .map((pick) => pick.split("=")[0])
        .sort(),
    ).toEqual(
      slots
        .filter((s) => s.slot !== "ak47_tside")
        .map((s) => s.slot)
        .sort(),
    );
    await expectValid(slots);
    expect(await pageTotalCents(owner, id)).toBeLessThanOrEqual(6000);
    expect(await versionOf(id)).toBe(2);
  });

  it("on a chosen market: proposes at that market's prices, says so, and Apply fills what it showed", async () => {
    const id = await createLoadout(owner, "60");
    const preview = await get(`/loadouts/user/${id}/fill?side=t&market=steam`, owner.cookie);
    expect(preview.status).toBe(200);
    expect(preview.headers.get("X-D1-Round-Trips")).toBe("1");
    const html = await preview.text();
    expect(html.replaceAll("<!-- -->", "")).toContain('data-testid="price-market">Prices: Steam Community Market');
    const fields = applyFields(html);
    const picks = fields.proposal.split(",").map((pick) => pick.split("="));
    expect(picks.length).toBeGreaterThan(0);
    // Each pick is its skin's cheapest wear on Steam.
    for (const [, pick] of picks) {
      const [skinId, wear] = pick!.split("@");
      const cheapestOnSteam = await env.DB.prepare(
        `SELECT m.wear FROM skin_market_prices m JOIN skin_wears w ON w.skin_id = m.skin_id AND w.wear = m.wear AND w.enabled = 1
         WHERE m.skin_id = ? AND m.variant = 'normal' AND m.market = 'steam' ORDER BY m.price_cents LIMIT 1`,
      )
        .bind(skinId)
        .first<{ wear: string }>();
      expect(wear, skinId).toBe(cheapestOnSteam!.wear);
    }
    const response = await post(`/loadouts/user/${id}/fill?side=t&market=steam`, fields, { cookie: owner.cookie });
    expect(response.status).toBe(302);
    expect(locationOf(response)).toBe(`/loadouts/user/${id}?notice=filled&market=steam`);
    const page = (await (await get(`/loadouts/user/${id}?market=steam`, owner.cookie)).text()).replaceAll("<!-- -->", "");
    const steamTotal = Math.round(Number(/data-testid="total-cost">\$([\d.]+)/.exec(page)![1]) * 100);
    expect(steamTotal).toBeGreaterThan(0);
    expect(steamTotal).toBeLessThanOrEqual(6000);
  });

  it("StatTrak™ on request: only skins that come in StatTrak™, at their StatTrak™ prices; Apply writes them", async () => {
    // StatTrak™ prices at twice the normal ones; a StatTrak™ price of 1 cent for skins that do not come in StatTrak™, never to be proposed.
    await env.DB.prepare(
      `INSERT INTO skin_variant_prices (skin_id, variant, wear, price_cents)
       SELECT w.skin_id, 'stattrak', w.wear, CASE WHEN s.stattrak = 1 THEN w.price_cents * 2 ELSE 1 END
       FROM skin_wears w JOIN skins s ON s.id = w.skin_id WHERE w.enabled = 1 AND w.price_cents > 0
       ON CONFLICT DO UPDATE SET price_cents = excluded.price_cents`,
    ).run();
    const id = await createLoadout(owner, "300");
    const preview = await get(`/loadouts/user/${id}/fill?side=t&variant=stattrak`, owner.cookie);
    expect(preview.status).toBe(200);
    expect(preview.headers.get("X-D1-Round-Trips")).toBe("1");
    const html = await preview.text();
    expect(html).toContain("StatTrak™: only skins that come in StatTrak™ are proposed, at their StatTrak™ prices; the others are skipped");
    const fields = applyFields(html);
    expect(fields.variant).toBe("stattrak");
    const added = Math.round(Number(/data-testid="fill-added">\$([\d.]+)/.exec(html)![1]) * 100);

    const response = await post(`/loadouts/user/${id}/fill?side=t&variant=stattrak`, fields, { cookie: owner.cookie });
    expect(response.status).toBe(302);
    const slots = await slotsOf(id);
    expect(slots.length).toBeGreaterThan(1);
    await expectValid(slots);
    // Every skin written comes in StatTrak™, and the proposal added up their StatTrak™ prices, within the budget.
    let stattrakCents = 0;
    for (const { skinId, wear } of slots) {
      const row = await env.DB.prepare(
        "SELECT s.stattrak, v.price_cents AS price FROM skins s JOIN skin_variant_prices v ON v.skin_id = s.id AND v.variant = 'stattrak' AND v.wear = ? WHERE s.id = ?",
      )
        .bind(wear, skinId)
        .first<{ stattrak: number; price: number }>();
      expect(row, `${skinId} ${wear}`).toMatchObject({ stattrak: 1 });
      stattrakCents += row!.price;
    }
    expect(added).toBe(stattrakCents);
    expect(added).toBeLessThanOrEqual(30_000);

    // A variant Apply did not preview is refused (another proposal), and a made-up one is a 400; neither writes.
    const other = await createLoadout(owner, "300");
    const normalFields = applyFields(await (await get(`/loadouts/user/${other}/fill?side=t`, owner.cookie)).text());
    expect((await post(`/loadouts/user/${other}/fill?side=t`, { ...normalFields, variant: "stattrak" }, { cookie: owner.cookie })).status).toBe(409);
    expect((await post(`/loadouts/user/${other}/fill?side=t`, { ...normalFields, variant: "souvenir" }, { cookie: owner.cookie })).status).toBe(400);
    expect(await slotsOf(other)).toEqual([]);
  });

  it("both sides at once, and every slot of the loadout that a budget this large allows", async () => {
    const id = await createLoadout(owner, "100000");
    const html = await (await get(`/loadouts/user/${id}/fill?side=both`, owner.cookie)).text();
    expect(await slotsOf(id)).toEqual([]);
    const response = await post(`/loadouts/user/${id}/fill?side=both`, applyFields(html), { cookie: owner.cookie });
    expect(response.status).toBe(302);
    const slots = await slotsOf(id);
    expect(slots.map((slot) => slot.slot).sort()).toEqual(LOADOUT_SLOTS.map((slot) => slot.key).sort());
    await expectValid(slots);
    expect(await pageTotalCents(owner, id)).toBeLessThanOrEqual(10_000_000);
  });

  it("a concurrent edit of the loadout is refused with 409 and a clear message; nothing is half-applied", async () => {
    const id = await createLoadout(owner, "80");
    const html = await (await get(`/loadouts/user/${id}/fill?side=ct`, owner.cookie)).text();
    const fields = applyFields(html);
    // Another tab picks a skin in the meantime.
    const picked = await post(
      `/loadouts/edit/${id}`,
      { intent: "set-wear", slot: "usps_ctside", skinId: "usp-s-kill-confirmed", wear: "FT", version: fields.version },
      { cookie: owner.cookie },
    );
    expect(picked.status).toBe(302);
    const before = await slotsOf(id);

    const response = await post(`/loadouts/user/${id}/fill?side=ct`, fields, { cookie: owner.cookie });
    expect(response.status).toBe(409);
    expect(await response.text()).toContain("This loadout was changed elsewhere (another tab or window) since this page was opened.");
    expect(await slotsOf(id)).toEqual(before);
    expect(await versionOf(id)).toBe(Number(fields.version) + 1);
  });

  it("a proposal that no longer matches (prices moved) is refused with 409 and the new proposal is shown", async () => {
    const id = await createLoadout(owner, "80");
    const fields = applyFields(await (await get(`/loadouts/user/${id}/fill?side=t`, owner.cookie)).text());
    const response = await post(`/loadouts/user/${id}/fill?side=t`, { ...fields, proposal: "glock_tside=glock-18-fade@FN" }, { cookie: owner.cookie });
    expect(response.status).toBe(409);
    const html = await response.text();
    expect(html).toContain("Prices changed since this proposal was made, so nothing was written.");
    expect(applyFields(html).proposal).toBe(fields.proposal);
    expect(await slotsOf(id)).toEqual([]);
  });

  it("without a budget there is nothing to fill: the page says to set one, and Apply writes nothing", async () => {
    const id = await createLoadout(owner, null);
    const page = await (await get(`/loadouts/user/${id}/fill`, owner.cookie)).text();
    expect(page).toContain("Set a budget for this loadout first: filling keeps within it.");
    expect(await (await get(`/loadouts/user/${id}`, owner.cookie)).text()).not.toContain("Fill empty slots within budget");
    const response = await post(`/loadouts/user/${id}/fill?side=t`, { side: "t", version: "1", proposal: "" }, { cookie: owner.cookie });
    expect(response.status).toBe(400);
    expect(await slotsOf(id)).toEqual([]);
  });

  it("a budget already spent proposes nothing, and Apply writes nothing", async () => {
    const price = (await env.DB.prepare("SELECT price_cents AS p FROM skin_wears WHERE skin_id = 'ak-47-redline' AND wear = 'FT'").first<{ p: number }>())!.p;
    const id = await createLoadout(owner, (price / 100).toFixed(2));
    await env.DB.prepare("INSERT INTO user_loadout_slots (loadout_id, slot, skin_id, wear) VALUES (?, 'ak47_tside', 'ak-47-redline', 'FT')").bind(id).run();
    const html = await (await get(`/loadouts/user/${id}/fill?side=t`, owner.cookie)).text();
    expect(html).toContain("Nothing fits the $0.00 left of the budget.");
    expect(html).not.toContain(">Apply<");
    const response = await post(`/loadouts/user/${id}/fill?side=t`, applyFields(html), { cookie: owner.cookie });
    expect(response.status).toBe(400);
    expect(await slotsOf(id)).toHaveLength(1);
  });

  it("over budget, the page says by how much (the cost panel too), proposes nothing and leads back; Apply writes nothing", async () => {
    const id = await createLoadout(owner, "1");
    await env.DB.prepare("INSERT INTO user_loadout_slots (loadout_id, slot, skin_id, wear) VALUES (?, 'ak47_tside', 'ak-47-redline', 'FT')").bind(id).run();
    const price = (await env.DB.prepare("SELECT price_cents AS p FROM skin_wears WHERE skin_id = 'ak-47-redline' AND wear = 'FT'").first<{ p: number }>())!.p;
    const over = `$${((price - 100) / 100).toFixed(2)}`;
    const response = await get(`/loadouts/user/${id}/fill?side=t`, owner.cookie);
    expect(response.headers.get("X-D1-Round-Trips")).toBe("1");
    const html = await response.text();
    expect(html).toContain(`data-testid="fill-over-budget">${over}<`);
    expect(html).toContain(`This loadout is already ${over} over its budget, so nothing can be added and nothing is proposed.`);
    expect(html).not.toContain("Nothing fits");
    expect(html).not.toContain(">Apply<");
    expect(html).toContain(`href="/loadouts/user/${id}">Back to the loadout</a>`);
    const apply = await post(`/loadouts/user/${id}/fill?side=t`, { side: "t", version: String(await versionOf(id)), proposal: "" }, { cookie: owner.cookie });
    expect(apply.status).toBe(400);
    expect(await slotsOf(id)).toHaveLength(1);
  });

  it("someone else's loadout: preview and Apply answer 404 and write nothing; a visitor is sent to log in", async () => {
    const id = await createLoadout(owner, "60");
    const fields = applyFields(await (await get(`/loadouts/user/${id}/fill?side=t`, owner.cookie)).text());
    expect((await get(`/loadouts/user/${id}/fill?side=t`, other.cookie)).status).toBe(404);
    expect((await post(`/loadouts/user/${id}/fill?side=t`, fields, { cookie: other.cookie })).status).toBe(404);
    const visitor = await get(`/loadouts/user/${id}/fill?side=t`);
    expect(visitor.status).toBe(302);
    expect(locationOf(visitor)).toBe(`/login?redirectTo=${encodeURIComponent(`/loadouts/user/${id}/fill?side=t`)}`);
    expect((await post(`/loadouts/user/${id}/fill?side=t`, fields)).status).toBe(302);
    expect(await slotsOf(id)).toEqual([]);
    expect((await get("/loadouts/user/999999/fill", owner.cookie)).status).toBe(404);
  });

  it("refuses malformed Apply posts with a 4xx and writes nothing", async () => {
    const id = await createLoadout(owner, "60");
    const posts: Record<string, string>[] = [
      {},
      { side: "x", version: "1", proposal: "" },
      { side: "t", version: "one", proposal: "" },
      { side: "t", version: "1", proposal: "x".repeat(30_000) },
    ];
    for (const fields of posts) {
      const response = await post(`/loadouts/user/${id}/fill?side=t`, fields, { cookie: owner.cookie });
      expect(response.status, JSON.stringify(fields).slice(0, 80)).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
    }
    expect(await slotsOf(id)).toEqual([]);
  });
});
