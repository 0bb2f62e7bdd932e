import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { fetchWorker, get, post, signedInUser, uniqueIp } from "./helpers";

type User = Awaited<ReturnType<typeof signedInUser>>;

let owner: User;
let other: User;

beforeAll(async () => {
  [owner, other] = await Promise.all([signedInUser("share-owner"), signedInUser("share-other")]);
});

const locationOf = (response: Response) => response.headers.get("Location") ?? "";

/** A loadout of `user` with a budget, a description and an AK-47 and an M4A4 on their sides. */
async function sharedCandidate(user: User, title = "Budget rush"): Promise<number> {
  const created = await post("/loadouts/new", { title, description: "Cheap but loud.", budget: "250" }, { cookie: user.cookie });
  const id = Number(/\/loadouts\/edit\/(\d+)/.exec(locationOf(created))![1]);
  await env.DB.batch([
    env.DB.prepare("INSERT INTO user_loadout_slots (loadout_id, slot, skin_id, wear) VALUES (?, 'ak47_tside', 'ak-47-redline', 'FT')").bind(id),
    env.DB.prepare("INSERT INTO user_loadout_slots (loadout_id, slot, skin_id, wear) VALUES (?, 'm4a4_ctside', 'm4a4-asiimov', 'FT')").bind(id),
  ]);
  return id;
}

const shareRow = (loadoutId: number) => env.DB.prepare("SELECT token FROM loadout_shares WHERE loadout_id = ?").bind(loadoutId).first<{ token: string }>();

/** Both of the owner's choices ticked: the link shows the description and the budget. */
const showAll = { showDescription: "on", showBudget: "on" };

/** Creates (or replaces) the link as its owner would, with the given choices (none: the defaults); answers the token. */
async function share(user: User, loadoutId: number, choices: Record<string, string> = {}): Promise<string> {
  const response = await post(`/loadouts/user/${loadoutId}`, { intent: "share-create", ...choices }, { cookie: user.cookie });
  expect(response.status).toBe(302);
  return (await shareRow(loadoutId))!.token;
}

const wearPrice = (skinId: string, wear: string) =>
  env.DB.prepare("SELECT price_cents AS price FROM skin_wears WHERE skin_id = ? AND wear = ?").bind(skinId, wear).first<{ price: number }>();
const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const metaContent = (html: string, property: string) => new RegExp(`<meta property="${property}" content="([^"]*)"`).exec(html)?.[1];

const marketPrice = (skinId: string, wear: string, market: string) =>
  env.DB.prepare("SELECT price_cents AS price FROM skin_market_prices WHERE skin_id = ? AND variant = 'normal' AND wear = ? AND market = ?")
    .bind(skinId, wear, market)
    .first<{ price: number }>();

describe("share a loadout by link", () => {
  it("the shared page prices its slots at the market chosen and says so; the side links keep it", async () => {
    const id = await sharedCandidate(owner, "On Steam");
    const token = await share(owner, id);
    const [redline, asiimov] = await Promise.all([marketPrice("ak-47-redline", "FT", "steam"), marketPrice("m4a4-asiimov", "FT", "steam")]);
    const response = await get(`/loadouts/shared/${token}?market=steam`);
    expect(response.status).toBe(200);
    expect(response.headers.get("X-D1-Round-Trips")).toBe("1");
    const html = (await response.text()).replaceAll("<!-- -->", "");
    expect(html).toContain('data-testid="price-market">Prices: Steam Community Market');
    expect(html).toContain('data-testid="total-cost">' + dollars(redline!.price + asiimov!.price));
    expect(html).toContain(`href="/loadouts/shared/${token}?market=steam&amp;side=ct"`);
    // An unknown market is the cheapest listing.
    const fallback = (await (await get(`/loadouts/shared/${token}?market=bitskins`)).text()).replaceAll("<!-- -->", "");
    expect(fallback).toContain('data-testid="price-market">Prices: Cheapest listing across markets');
  });

  it("the owner creates a link of 192 random bits and sees it on the loadout's page as selectable text", async () => {
    const id = await sharedCandidate(owner);
    const response = await post(`/loadouts/user/${id}`, { intent: "share-create" }, { cookie: owner.cookie });
    expect(response.status).toBe(302);
    expect(locationOf(response)).toBe(`/loadouts/user/${id}?notice=shared`);
    const { token } = (await shareRow(id))!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);

    const page = await (await get(`/loadouts/user/${id}?notice=shared`, owner.cookie)).text();
    expect(page).toContain("Share link created. Anyone with the link can view this loadout.");
    const input = /<input[^>]*id="share-url"[^>]*>/.exec(page)?.[0] ?? "";
    expect(input).toContain('readOnly=""'.toLowerCase());
    expect(input).toContain(`value="${env.APP_ORIGIN}/loadouts/shared/${token}"`);
    expect(page).toContain("Revoke link");
  });

  it("by default the link shows neither the description nor the budget: not on the page, in its data or in its preview", async () => {
    const id = await sharedCandidate(owner, "Private notes");
    const token = await share(owner, id);
    expect(await env.DB.prepare("SELECT show_description AS d, show_budget AS b FROM loadout_shares WHERE token = ?").bind(token).first()).toEqual({
      d: 0,
      b: 0,
    });
    const [redline, asiimov] = await Promise.all([wearPrice("ak-47-redline", "FT"), wearPrice("m4a4-asiimov", "FT")]);
    const total = dollars(redline!.price + asiimov!.price);

    const html = await (await get(`/loadouts/shared/${token}`)).text();
    expect(html).toContain("Private notes</h1>");
    expect(html).toContain('data-testid="total-cost">' + total);
    expect(html).not.toContain("Cheap but loud");
    expect(html).not.toContain("$250.00");
    expect(html).not.toContain('data-testid="budget"');
    expect(metaContent(html, "og:description")).toBe(`A CS2 loadout for T and CT. Total cost ${total}.`);
    const data = await (await get(`/loadouts/shared/${token}.data`)).text();
    expect(data).toContain("Private notes");
    expect(data).not.toContain("Cheap but loud");
    expect(data).not.toContain("25000");

    // The owner's panel says exactly that.
    const panel = await (await get(`/loadouts/user/${id}`, owner.cookie)).text();
    expect(panel).toContain(
      "The link shows the title, both sides&#x27; skins with their wear and price, and the total cost. It does not show the description, the budget, or who you are.",
    );
  });

  it("a link made before the choice existed shows neither (the migration's default)", async () => {
    const id = await sharedCandidate(owner, "Older link");
    const token = "O".repeat(20) + crypto.randomUUID().replaceAll("-", "").slice(0, 12);
    await env.DB.prepare("INSERT INTO loadout_shares (token, loadout_id) VALUES (?, ?)").bind(token, id).run();
    const html = await (await get(`/loadouts/shared/${token}`)).text();
    expect(html).toContain("Older link</h1>");
    expect(html).not.toContain("Cheap but loud");
    expect(html).not.toContain('data-testid="budget"');
  });

  it("the owner changes what the link shows; the token stays", async () => {
    const id = await sharedCandidate(owner, "Changing");
    const token = await share(owner, id);
    const response = await post(`/loadouts/user/${id}`, { intent: "share-settings", showBudget: "on" }, { cookie: owner.cookie });
    expect(response.status).toBe(302);
    expect(locationOf(response)).toBe(`/loadouts/user/${id}?notice=share-updated`);
    expect((await shareRow(id))!.token).toBe(token);
    const html = await (await get(`/loadouts/shared/${token}`)).text();
    expect(html).toContain('data-testid="budget">$250.00');
    expect(html).not.toContain("Cheap but loud");
    // A junk choice is a 400, nothing changed.
    expect((await post(`/loadouts/user/${id}`, { intent: "share-settings", showDescription: "yes" }, { cookie: owner.cookie })).status).toBe(400);
    expect(await env.DB.prepare("SELECT show_description AS d, show_budget AS b FROM loadout_shares WHERE token = ?").bind(token).first()).toEqual({
      d: 0,
      b: 1,
    });
    // Without a link there is nothing to change: a 409 that says so.
    expect((await post(`/loadouts/user/${id}`, { intent: "share-revoke" }, { cookie: owner.cookie })).status).toBe(302);
    const gone = await post(`/loadouts/user/${id}`, { intent: "share-settings", showBudget: "on" }, { cookie: owner.cookie });
    expect(gone.status).toBe(409);
    expect(await gone.text()).toContain("This loadout has no share link any more");
  });

  it("revoking and replacing ask first: a confirmation step in the URL that posts the intent", async () => {
    const id = await sharedCandidate(owner, "Confirm me");
    await share(owner, id, { showBudget: "on" });
    const page = await (await get(`/loadouts/user/${id}`, owner.cookie)).text();
    expect(page).toContain(`href="/loadouts/user/${id}?dialog=share-revoke"`);
    expect(page).toContain(`href="/loadouts/user/${id}?dialog=share-replace"`);
    expect(page).not.toContain('value="share-revoke"');
    const revoke = await (await get(`/loadouts/user/${id}?dialog=share-revoke`, owner.cookie)).text();
    expect(revoke).toContain("Revoke the share link?");
    expect(revoke).toContain('name="intent" value="share-revoke"');
    const replace = await (await get(`/loadouts/user/${id}?dialog=share-replace&side=ct`, owner.cookie)).text();
    expect(replace).toContain("Create a new share link?");
    expect(replace).toContain('name="intent" value="share-create"');
    // The new link keeps what the old one showed.
    expect(replace).toContain('name="showBudget" value="on"');
    expect(replace).not.toContain('name="showDescription" value="on"');
    expect(replace).toContain(`href="/loadouts/user/${id}?side=ct"`);
  });

  it("with both chosen, a visitor sees both sides, the total and the budget, with Open Graph tags for a pasted link; nothing to edit", async () => {
    const id = await sharedCandidate(owner, "Preview me");
    const token = await share(owner, id, showAll);
    const [redline, asiimov] = await Promise.all([wearPrice("ak-47-redline", "FT"), wearPrice("m4a4-asiimov", "FT")]);
    const total = dollars(redline!.price + asiimov!.price);

    const response = await get(`/loadouts/shared/${token}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("X-D1-Round-Trips")).toBe("1");
    const html = await response.text();
    expect(html).toContain("Preview me</h1>");
    expect(html).toContain("Cheap but loud.");
    expect(html).toContain("AK-47 | Redline");
    expect(html).toContain('data-testid="total-cost">' + total);
    expect(html).toContain('data-testid="budget">$250.00');
    expect(html).toContain("Log in to save this loadout");
    expect(html).not.toMatch(/>Edit<|>Delete<|Revoke link|Fill empty slots/);
    expect(metaContent(html, "og:title")).toBe("Preview me | SkinVault");
    expect(metaContent(html, "og:description")).toBe(`Cheap but loud. Total cost ${total} (budget $250.00).`);
    expect(metaContent(html, "og:type")).toBe("website");
    expect(metaContent(html, "og:url")).toBe(`${env.APP_ORIGIN}/loadouts/shared/${token}`);
    expect(metaContent(html, "og:image")).toMatch(/^https:\/\//);
    expect(html).toContain('<meta name="robots" content="noindex"/>');

    const ct = await (await get(`/loadouts/shared/${token}?side=ct`)).text();
    expect(ct).toContain("CT-Side</h2>");
    expect(ct).toContain("M4A4 | Asiimov");
  });

  it("a signed-in visitor saves it as '{title} (Copy)' with every slot, and no more than the link shows", async () => {
    const hidden = await share(owner, await sharedCandidate(owner, "Copy hidden"));
    const hiddenCopy = Number(
      /(\d+)\?notice=copied$/.exec(locationOf(await post(`/loadouts/shared/${hidden}`, { intent: "copy" }, { cookie: other.cookie })))![1],
    );
    expect(await env.DB.prepare("SELECT title, description, budget_cents AS budget FROM user_loadouts WHERE id = ?").bind(hiddenCopy).first()).toEqual({
      title: "Copy hidden (Copy)",
      description: null,
      budget: null,
    });

    const id = await sharedCandidate(owner, "Copy me");
    const token = await share(owner, id, showAll);
    expect(await (await get(`/loadouts/shared/${token}`, other.cookie)).text()).toContain("Save Loadout");

    const response = await post(`/loadouts/shared/${token}`, { intent: "copy" }, { cookie: other.cookie });
    expect(response.status).toBe(302);
    const copyId = Number(/^\/loadouts\/user\/(\d+)\?notice=copied$/.exec(locationOf(response))![1]);
    const copy = await env.DB.prepare(
      "SELECT l.title, l.description, l.budget_cents AS budget, u.email FROM user_loadouts l JOIN users u ON u.id = l.user_id WHERE l.id = ?",
    )
      .bind(copyId)
      .first();
    expect(copy).toEqual({ title: "Copy me (Copy)", description: "Cheap but loud.", budget: 25_000, email: other.email.toLowerCase() });
    const slots = await env.DB.prepare("SELECT slot, skin_id AS skinId, wear FROM user_loadout_slots WHERE loadout_id = ? ORDER BY slot").bind(copyId).all();
    expect(slots.results).toEqual([
      { slot: "ak47_tside", skinId: "ak-47-redline", wear: "FT" },
      { slot: "m4a4_ctside", skinId: "m4a4-asiimov", wear: "FT" },
    ]);
    expect((await get(`/loadouts/user/${copyId}?notice=copied`, other.cookie)).status).toBe(200);
    // The copy is the visitor's own; the shared loadout is untouched.
    expect((await env.DB.prepare("SELECT count(*) AS n FROM user_loadout_slots WHERE loadout_id = ?").bind(id).first<{ n: number }>())!.n).toBe(2);
  });

  it("a visitor who saves is sent to log in, and nothing is written", async () => {
    const id = await sharedCandidate(owner);
    const token = await share(owner, id);
    const before = await env.DB.prepare("SELECT count(*) AS n FROM user_loadouts").first<{ n: number }>();
    const response = await post(`/loadouts/shared/${token}`, { intent: "copy" });
    expect(response.status).toBe(302);
    expect(locationOf(response)).toBe(`/login?redirectTo=${encodeURIComponent(`/loadouts/shared/${token}`)}`);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM user_loadouts").first<{ n: number }>()).toEqual(before);
  });
});

describe("'Save Loadout' from a link, posted twice (a double click without JavaScript)", () => {
  it("makes one copy; the second post opens it and says so (ADR 090)", async () => {
    const [owner, visitor] = await Promise.all([signedInUser("twice-owner"), signedInUser("twice-visitor")]);
    const token = await share(owner, await sharedCandidate(owner));
    const key = /name="formKey" value="([0-9a-f]{32})"/.exec(await (await get(`/loadouts/shared/${token}`, visitor.cookie)).text())?.[1];
    expect(key, "the form carries a key").toBeDefined();
    const first = await post(`/loadouts/shared/${token}`, { intent: "copy", formKey: key! }, { cookie: visitor.cookie });
    const id = /^\/loadouts\/user\/(\d+)\?notice=copied$/.exec(locationOf(first))?.[1];
    expect(id).toBeDefined();
    const second = await post(`/loadouts/shared/${token}`, { intent: "copy", formKey: key! }, { cookie: visitor.cookie });
    expect(locationOf(second)).toBe(`/loadouts/user/${id}?notice=already-copied`);
    const copies = await env.DB.prepare("SELECT count(*) AS n FROM user_loadouts l JOIN users u ON u.id = l.user_id WHERE u.email = ?")
      .bind(visitor.email)
      .first<{ n: number }>();
    expect(copies!.n).toBe(1);
  });
});

describe("a copy of a long title", () => {
  it("is cut to fit the limit and saves again as it is", async () => {
    const title = `${"Long ".repeat(19)}title`;
    expect(title).toHaveLength(100);
    const token = await share(owner, await sharedCandidate(owner, title));
    const copied = await post(`/loadouts/shared/${token}`, { intent: "copy" }, { cookie: other.cookie });
    const copyId = Number(/(\d+)\?notice=copied$/.exec(locationOf(copied))![1]);
    const copy = await env.DB.prepare("SELECT title, version FROM user_loadouts WHERE id = ?").bind(copyId).first<{ title: string; version: number }>();
    expect(copy!.title).toBe(`${title.slice(0, 93)} (Copy)`);
    expect(copy!.title.length).toBeLessThanOrEqual(100);
    const saved = await post(`/loadouts/edit/${copyId}`, { intent: "save", title: copy!.title, version: String(copy!.version) }, { cookie: other.cookie });
    expect(saved.status).toBe(302);
  });

  it("a loadout saved with a longer title is offered cut in the editor, so it saves", async () => {
    const id = await sharedCandidate(owner, "Soon too long");
    const longTitle = `${"x".repeat(100)} (Copy)`;
    await env.DB.prepare("UPDATE user_loadouts SET title = ? WHERE id = ?").bind(longTitle, id).run();
    const editor = await (await get(`/loadouts/edit/${id}`, owner.cookie)).text();
    expect(editor).toContain(`value="${"x".repeat(93)} (Copy)"`);
  });
});

describe("a link stops working", () => {
  it("revoked: the link answers 404 (page and Save Loadout), and the owner's page offers a new one", async () => {
    const id = await sharedCandidate(owner);
    const token = await share(owner, id);
    const response = await post(`/loadouts/user/${id}`, { intent: "share-revoke" }, { cookie: owner.cookie });
    expect(response.status).toBe(302);
    expect(locationOf(response)).toBe(`/loadouts/user/${id}?notice=unshared`);
    expect(await shareRow(id)).toBeNull();

    const page = await get(`/loadouts/shared/${token}`);
    expect(page.status).toBe(404);
    expect(await page.text()).toContain("Loadout not found.");
    const before = await env.DB.prepare("SELECT count(*) AS n FROM user_loadouts").first<{ n: number }>();
    expect((await post(`/loadouts/shared/${token}`, { intent: "copy" }, { cookie: other.cookie })).status).toBe(404);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM user_loadouts").first<{ n: number }>()).toEqual(before);
    expect(await (await get(`/loadouts/user/${id}?notice=unshared`, owner.cookie)).text()).toContain("Create share link");
  });

  it("each share form comes back to the side it was posted from", async () => {
    const id = await sharedCandidate(owner);
    const back = (intent: string, fields: Record<string, string> = {}) =>
      post(`/loadouts/user/${id}?side=ct`, { intent, side: "ct", ...fields }, { cookie: owner.cookie }).then(locationOf);
    expect(await back("share-create")).toBe(`/loadouts/user/${id}?notice=shared&side=ct`);
    expect(await back("share-settings", showAll)).toBe(`/loadouts/user/${id}?notice=share-updated&side=ct`);
    expect(await back("share-create", showAll)).toBe(`/loadouts/user/${id}?notice=reshared&side=ct`);
    expect(await back("share-revoke")).toBe(`/loadouts/user/${id}?notice=unshared&side=ct`);
    // The T side (the default) stays out of the URL; an unknown side is the T side.
    expect(await back("share-create", { side: "t" })).toBe(`/loadouts/user/${id}?notice=shared`);
    expect(await back("share-revoke", { side: "<script>" })).toBe(`/loadouts/user/${id}?notice=unshared`);
  });

  it("re-created: the old link answers 404, the new one works", async () => {
    const id = await sharedCandidate(owner);
    const first = await share(owner, id);
    const response = await post(`/loadouts/user/${id}`, { intent: "share-create" }, { cookie: owner.cookie });
    expect(locationOf(response)).toBe(`/loadouts/user/${id}?notice=reshared`);
    const second = (await shareRow(id))!.token;
    expect(second).not.toBe(first);
    expect((await get(`/loadouts/shared/${first}`)).status).toBe(404);
    expect((await get(`/loadouts/shared/${second}`)).status).toBe(200);
  });

  it("the loadout deleted: the link answers 404 and its row is gone", async () => {
    const id = await sharedCandidate(owner);
    const token = await share(owner, id);
    expect((await post(`/loadouts/user/${id}`, { intent: "delete" }, { cookie: owner.cookie })).status).toBe(302);
    expect((await get(`/loadouts/shared/${token}`)).status).toBe(404);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM loadout_shares WHERE token = ?").bind(token).first<{ n: number }>()).toEqual({ n: 0 });
  });

  it("the account deleted: the link answers 404", async () => {
    const leaving = await signedInUser("share-leaving");
    const id = await sharedCandidate(leaving);
    const token = await share(leaving, id);
    expect((await get(`/loadouts/shared/${token}`)).status).toBe(200);
    expect((await post("/profile", { intent: "delete-account", confirm: "DELETE" }, { cookie: leaving.cookie })).status).toBe(302);
    expect((await get(`/loadouts/shared/${token}`)).status).toBe(404);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM loadout_shares WHERE token = ?").bind(token).first<{ n: number }>()).toEqual({ n: 0 });
  });

  it("anything that is not a token answers 404 without asking the database for the loadout", async () => {
    for (const path of ["/loadouts/shared/short", "/loadouts/shared/%00%00", `/loadouts/shared/${"a".repeat(33)}`, `/loadouts/shared/${"a".repeat(32)}`]) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      expect(Number(response.headers.get("X-D1-Round-Trips")), path).toBeLessThanOrEqual(1);
    }
  });
});

describe("nobody but the owner changes a shared loadout", () => {
  it("another user can neither create, replace nor revoke its link: 404, the link unchanged", async () => {
    const id = await sharedCandidate(owner);
    const token = await share(owner, id);
    for (const intent of ["share-create", "share-revoke"]) {
      const response = await post(`/loadouts/user/${id}`, { intent }, { cookie: other.cookie });
      expect(response.status, intent).toBe(404);
      expect((await shareRow(id))!.token).toBe(token);
    }
    const unshared = await sharedCandidate(owner);
    expect((await post(`/loadouts/user/${unshared}`, { intent: "share-create" }, { cookie: other.cookie })).status).toBe(404);
    expect(await shareRow(unshared)).toBeNull();
    // A visitor is sent to log in.
    const visitor = await post(`/loadouts/user/${id}`, { intent: "share-revoke" });
    expect(visitor.status).toBe(302);
    expect(locationOf(visitor)).toMatch(/^\/login\?/);
    expect((await shareRow(id))!.token).toBe(token);
  });

  it("another user holding the link can change nothing: editor, delete, fill and the shared page all refuse, nothing written", async () => {
    const id = await sharedCandidate(owner);
    const token = await share(owner, id);
    const state = async () => ({
      loadout: await env.DB.prepare("SELECT title, description, budget_cents, version FROM user_loadouts WHERE id = ?").bind(id).first(),
      slots: (await env.DB.prepare("SELECT slot, skin_id, wear FROM user_loadout_slots WHERE loadout_id = ? ORDER BY slot").bind(id).all()).results,
      share: await shareRow(id),
    });
    const before = await state();
    const version = String((before.loadout as { version: number }).version);

    const refusals: [string, Record<string, string>, number][] = [
      [`/loadouts/edit/${id}`, { intent: "pick-skin", slot: "glock_tside", skinId: "glock-18-water-elemental", version }, 404],
      [`/loadouts/edit/${id}`, { intent: "set-wear", slot: "ak47_tside", skinId: "ak-47-redline", wear: "BS", version }, 404],
      [`/loadouts/edit/${id}`, { intent: "clear-slot", slot: "ak47_tside", version }, 404],
      [`/loadouts/edit/${id}`, { intent: "save", title: "Mine now", version }, 404],
      [`/loadouts/user/${id}`, { intent: "delete" }, 404],
      [`/loadouts/user/${id}/fill?side=t`, { side: "t", version, proposal: "" }, 404],
      [`/loadouts/shared/${token}`, { intent: "save", title: "Mine now" }, 400],
      [`/loadouts/shared/${token}`, { intent: "delete" }, 400],
      [`/loadouts/shared/${token}`, { intent: "share-revoke" }, 400],
      [`/loadouts/shared/${token}`, { intent: "pick-skin", slot: "glock_tside", skinId: "glock-18-water-elemental", version }, 400],
    ];
    for (const [path, fields, status] of refusals) {
      const response = await post(path, fields, { cookie: other.cookie });
      expect(response.status, `${path} ${fields.intent ?? "apply"}`).toBe(status);
    }
    // The owner's own edit page and fill page are not the other user's either.
    expect((await get(`/loadouts/edit/${id}`, other.cookie)).status).toBe(404);
    expect((await get(`/loadouts/user/${id}/fill?side=t`, other.cookie)).status).toBe(404);
    expect(await state()).toEqual(before);
  });
});

describe("edge cache: a link that stops working stops answering at once in this location, in every spelling of its URL", () => {
  const cachedEnv = { ...env, EDGE_CACHE_SECONDS: "60" };
  const visit = (path: string) => fetchWorker(`https://example.com${path}`, undefined, cachedEnv);
  const userPost = (user: User, path: string, fields: Record<string, string>) =>
    fetchWorker(
      `https://example.com${path}`,
      { method: "POST", body: new URLSearchParams(fields), headers: { Host: "example.com", Cookie: user.cookie, "CF-Connecting-IP": uniqueIp() } },
      cachedEnv,
    );

  /** The URL as visitors may spell it: odd, differently cased and repeated sides, as HTML and as data. */
  const variants = (token: string) =>
    [`/loadouts/shared/${token}`, `/loadouts/shared/${token}.data`].flatMap((page) => [
      page,
      `${page}?side=ct`,
      `${page}?side=t`,
      `${page}?side=xyz`,
      `${page}?side=CT`,
      `${page}?side=t&side=ct`,
      `${page}?side=ct&side=t`,
      `${page}?side=ct&utm_source=chat`,
    ]);

  /** Every variant is kept after a first visit (an odd one shares the key of the page it shows). */
  async function keepAll(token: string) {
    for (const path of variants(token)) {
      await (await visit(path)).text();
      const kept = await visit(path);
      expect(kept.headers.get("X-Cache"), path).toBe("HIT");
      expect(kept.status, path).toBe(200);
      await kept.text();
    }
  }

  /**
   * No variant answers the kept page any more: each is a 404 (an odd variant of each key first, so its
   * first visit is a miss; the 404 it gets is then kept for the variants that share its key).
   */
  async function noneAnswersFromCache(token: string) {
    const first = variants(token).filter((path) => /side=(xyz|ct&side=t)$/.test(path));
    for (const path of first) expect((await visit(path)).headers.get("X-Cache"), path).toBe("MISS");
    for (const path of variants(token)) {
      const after = await visit(path);
      expect(after.status, path).toBe(404);
      expect(await after.text(), path).not.toContain("Budget rush");
    }
  }

  it("an odd or repeated side is kept under the key of the side the page shows", async () => {
    const token = await share(owner, await sharedCandidate(owner));
    await (await visit(`/loadouts/shared/${token}?side=ct`)).text();
    const repeated = await visit(`/loadouts/shared/${token}?side=ct&side=t`);
    expect(repeated.headers.get("X-Cache")).toBe("HIT");
    expect(await repeated.text()).toContain("CT-Side</h2>");
    await (await visit(`/loadouts/shared/${token}`)).text();
    for (const odd of ["side=xyz", "side=CT", "side=t&side=ct"]) {
      const response = await visit(`/loadouts/shared/${token}?${odd}`);
      expect(response.headers.get("X-Cache"), odd).toBe("HIT");
      expect(await response.text(), odd).toContain("T-Side</h2>");
    }
  });

  it("revoking drops every kept variant (both sides, odd and repeated sides, page and data) and the link answers 404", async () => {
    const id = await sharedCandidate(owner);
    const token = await share(owner, id);
    await keepAll(token);
    expect((await userPost(owner, `/loadouts/user/${id}`, { intent: "share-revoke" })).status).toBe(302);
    await noneAnswersFromCache(token);
  });

  it("replacing the link drops every kept variant of the old one", async () => {
    const id = await sharedCandidate(owner);
    const token = await share(owner, id);
    await keepAll(token);
    expect((await userPost(owner, `/loadouts/user/${id}`, { intent: "share-create" })).status).toBe(302);
    await noneAnswersFromCache(token);
  });

  it("deleting the loadout drops every kept variant too", async () => {
    const id = await sharedCandidate(owner);
    const token = await share(owner, id);
    await keepAll(token);
    expect((await userPost(owner, `/loadouts/user/${id}`, { intent: "delete" })).status).toBe(302);
    await noneAnswersFromCache(token);
  });

  it("deleting the account drops every kept variant of each of its links", async () => {
    const leaving = await signedInUser("share-leaving-cached");
    const tokens = [await share(leaving, await sharedCandidate(leaving)), await share(leaving, await sharedCandidate(leaving))];
    for (const token of tokens) await keepAll(token);
    expect((await userPost(leaving, "/profile", { intent: "delete-account", confirm: "DELETE" })).status).toBe(302);
    for (const token of tokens) await noneAnswersFromCache(token);
  });

  it("changing what the link shows drops the kept pages, so the budget is not served from the cache after it is hidden", async () => {
    const id = await sharedCandidate(owner);
    const token = await share(owner, id, showAll);
    await (await visit(`/loadouts/shared/${token}?side=xyz`)).text();
    expect(await (await visit(`/loadouts/shared/${token}`)).text()).toContain('data-testid="budget"');
    expect((await userPost(owner, `/loadouts/user/${id}`, { intent: "share-settings" })).status).toBe(302);
    const after = await visit(`/loadouts/shared/${token}`);
    expect(after.headers.get("X-Cache")).toBe("MISS");
    const html = await after.text();
    expect(html).not.toContain('data-testid="budget"');
    expect(html).not.toContain("Cheap but loud");
  });

  it("a signed-in visitor's shared page is never kept (it carries 'Save Loadout')", async () => {
    const id = await sharedCandidate(owner);
    const token = await share(owner, id);
    const response = await fetchWorker(`https://example.com/loadouts/shared/${token}`, { headers: { Cookie: other.cookie } }, cachedEnv);
    expect(response.headers.get("X-Cache")).toBe("BYPASS");
    expect(await response.text()).toContain("Save Loadout");
  });
});
