import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { COMMUNITY_IMAGE_MAX_AGE, MAX_PENDING_CRAFTS, MAX_SUBMISSIONS_PER_DAY } from "~/domain/community-crafts";
import { LINK_RULE } from "~/domain/external-links";
import { bytesOf, concat, jpeg, PIXEL_PNG, png, webp } from "../fixtures/images";
import { INJECTED_R2_FAULT, withFailingImages } from "./faults";
import { collectingWarnings, fetchWorker, get, post, postMultipart, signedInAdmin, signedInUser, uniqueIp, type FormPart } from "./helpers";

const SUBMIT = "/sticker-crafts/submit";
const QUEUE = "/admin/sticker-crafts/queue";

let admin: { cookie: string };
let author: { email: string; cookie: string };
let other: { email: string; cookie: string };
let stickerIds: number[];
beforeAll(async () => {
  [admin, author, other] = await Promise.all([signedInAdmin(), signedInUser("author"), signedInUser("other")]);
  const { results } = await env.DB.prepare("SELECT id FROM stickers ORDER BY id LIMIT 2").all<{ id: number }>();
  stickerIds = results.map((row) => row.id);
});

const craftFields = (name: string, extra: [string, FormPart][] = []): [string, FormPart][] => [
  ["intent", "submit"],
  ["name", name],
  ["description", "Made by a player in a test."],
  ["skinId", "ak-47-redline"],
  ["externalCraftLink", "https://example.com/my-craft"],
  ["stickers[0].stickerId", String(stickerIds[0])],
  ["stickers[2].stickerId", String(stickerIds[1])],
  ...extra,
];
const ingame = (bytes: Uint8Array = PIXEL_PNG): [string, FormPart] => ["ingameFile", { bytes, name: "shot.png", type: "image/png" }];
const uniqueName = (label: string) => `${label} ${crypto.randomUUID().slice(0, 8)}`;

interface CraftRow {
  id: number;
  version: number;
  status: string;
  author_id: string | null;
  rejection_reason: string | null;
  ingame_image: string | null;
  name: string;
}
/** The R2 key of a craft's in-game image. */
const keyOf = (craft: CraftRow) => craft.ingame_image!.slice("/images/".length).split("?")[0]!;
const craftNamed = (name: string) => env.DB.prepare("SELECT * FROM sticker_crafts WHERE name = ?").bind(name).first<CraftRow>();

/** Submits a new craft as `cookie` and answers its row. */
async function submitted(cookie: string, name = uniqueName("Community craft")): Promise<CraftRow> {
  const response = await postMultipart(SUBMIT, craftFields(name, [ingame()]), cookie);
  expect(response.status, await response.clone().text()).toBe(302);
  expect(response.headers.get("Location")).toBe("/profile?tab=crafts&notice=craft-submitted");
  return (await craftNamed(name))!;
}

async function stored() {
  const count = async (table: string) => (await env.DB.prepare(`SELECT count(*) AS n FROM ${table}`).first<{ n: number }>())!.n;
  const objects = await env.IMAGES.list();
  return {
    crafts: await count("sticker_crafts"),
    stickers: await count("sticker_craft_stickers"),
    submissions: await count("craft_submissions"),
    objects: objects.objects.map((o) => o.key).sort(),
  };
}

async function status(path: string, cookie?: string): Promise<number> {
  const response = await get(path, cookie);
  await response.arrayBuffer();
  return response.status;
}

function decide(intent: "publish" | "reject" | "unpublish", craft: { id: number; version: number }, reason?: string, cookie = admin.cookie, workerEnv = env) {
  const fields: Record<string, string> = { intent, id: String(craft.id), version: String(craft.version) };
  if (reason !== undefined) fields.reason = reason;
  return fetchWorker(
    `https://example.com${QUEUE}`,
    {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { Cookie: cookie, Host: "example.com", "CF-Connecting-IP": uniqueIp() },
      redirect: "manual",
    },
    workerEnv,
  );
}

const mailTo = (to: string) =>
  env.DB.prepare('SELECT subject, text FROM mail_outbox WHERE "to" = ? ORDER BY created_at')
    .bind(to)
    .all<{ subject: string; text: string }>()
    .then((r) => r.results);

describe("a player submits a craft", () => {
  it("stores it pending with its stickers and its image, and lists it in My Crafts", async () => {
    const name = uniqueName("Pending craft");
    const craft = await submitted(author.cookie, name);
    expect(craft).toMatchObject({ status: "pending", rejection_reason: null });
    const stickers = await env.DB.prepare("SELECT position, price_cents FROM sticker_craft_stickers WHERE craft_id = ? ORDER BY position").bind(craft.id).all();
    expect(stickers.results).toEqual([
      { position: 1, price_cents: null },
      { position: 3, price_cents: null },
    ]);
    expect(craft.ingame_image).toMatch(new RegExp(`^/images/${craft.id}/ingame-[a-z0-9]+\\.png\\?v=`));
    const object = await env.IMAGES.head(keyOf(craft));
    expect(object?.customMetadata).toEqual({ community: "1" });

    const mine = await (await get("/profile?tab=crafts", author.cookie)).text();
    expect(mine).toContain(name);
    expect(mine).toContain("Pending review");
  });

  it("Enter (`apply`) with no search text submits, as 'Submit for review' does; with a sticker's search text it searches that position and stores nothing", async () => {
    const name = uniqueName("Submitted with Enter");
    const response = await postMultipart(SUBMIT, [["intent", "apply"], ...craftFields(name, [ingame()]).slice(1), ["skinQuery", " "]], author.cookie);
    expect(response.status, await response.clone().text()).toBe(302);
    expect(response.headers.get("Location")).toBe("/profile?tab=crafts&notice=craft-submitted");
    expect((await craftNamed(name))?.status).toBe("pending");

    const before = await stored();
    const typed = uniqueName("Searched with Enter");
    const search = await postMultipart(
      SUBMIT,
      [["intent", "apply"], ...craftFields(typed, [ingame(), ["stickers[3].query", "crown foil"]]).slice(1)],
      author.cookie,
    );
    const html = await search.text();
    expect(search.status).toBe(200);
    expect(html).toMatch(/value="pick-sticker:4:\d+"/);
    expect(html).toContain('value="crown foil"');
    expect(html).toContain(`value="${typed}"`);
    expect(html).not.toContain('value="pick-skin:');
    expect(await stored()).toEqual(before);
    expect(await craftNamed(typed)).toBeNull();
  });

  it("answers the spec's messages for a missing name and skin, and refuses a missing in-game image and an http: link", async () => {
    const before = await stored();
    const missing = await postMultipart(SUBMIT, [["intent", "submit"], ingame()], author.cookie);
    expect(missing.status).toBe(400);
    const html = await missing.text();
    expect(html).toContain("Name is required");
    expect(html).toContain("Skin is required");

    const noImage = await postMultipart(SUBMIT, craftFields(uniqueName("No image")), author.cookie);
    expect(noImage.status).toBe(400);
    expect(await noImage.text()).toContain("An in-game image is required.");

    for (const link of ["http://example.com/craft", "javascript:alert(1)", "data:text/html,hi", "https://steamcommunity.com@evil.example/"]) {
      const response = await postMultipart(
        SUBMIT,
        [...craftFields(uniqueName("Bad link"), [ingame()]).filter(([field]) => field !== "externalCraftLink"), ["externalCraftLink", link]],
        author.cookie,
      );
      expect(response.status).toBe(400);
      expect(await response.text()).toContain(LINK_RULE);
    }
    const long = await postMultipart(SUBMIT, [...craftFields("x".repeat(121), [ingame()])], author.cookie);
    expect(long.status).toBe(400);
    await long.arrayBuffer();
    expect(await stored()).toEqual(before);
  });

  it("a visitor is asked to log in and cannot submit", async () => {
    const page = await (await get(SUBMIT)).text();
    expect(page).toContain("Go to Login");
    const before = await stored();
    const response = await postMultipart(SUBMIT, craftFields(uniqueName("Visitor craft"), [ingame()]));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/login/);
    expect(await stored()).toEqual(before);
  });
});

describe("a form posted twice (a double click without JavaScript) submits once (ADR 090)", () => {
  const keyOf = async (path: string, cookie: string) => /name="formKey" value="([0-9a-f]{32})"/.exec(await (await get(path, cookie)).text())?.[1];

  it("a new craft: the second post writes nothing and says the craft was submitted once; an edit likewise", async () => {
    const player = await signedInUser("craft-twice");
    const key = await keyOf(SUBMIT, player.cookie);
    expect(key, "the form carries a key").toBeDefined();
    expect(await keyOf(SUBMIT, player.cookie), "each load has its own").not.toBe(key);
    const name = uniqueName("Twice");
    const first = await postMultipart(SUBMIT, craftFields(name, [ingame(), ["formKey", key!]]), player.cookie);
    expect(first.headers.get("Location")).toBe("/profile?tab=crafts&notice=craft-submitted");
    const before = await stored();
    const second = await postMultipart(SUBMIT, craftFields(name, [ingame(), ["formKey", key!]]), player.cookie);
    expect(second.status).toBe(302);
    expect(second.headers.get("Location")).toBe("/profile?tab=crafts&notice=craft-already-submitted");
    expect(await stored(), "no craft, ticket or image more").toEqual(before);
    expect(await (await get("/profile?tab=crafts&notice=craft-already-submitted", player.cookie)).text()).toContain(
      "This form was sent twice: the craft was submitted once. It is waiting for review.",
    );

    // An edit of it, posted twice: one new version, and the same answer.
    const craft = (await craftNamed(name))!;
    const editKey = await keyOf(`${SUBMIT}?edit=${craft.id}`, player.cookie);
    const edit = () =>
      postMultipart(
        SUBMIT,
        [...craftFields(`${name} edited`), ["id", String(craft.id)], ["version", String(craft.version)], ["formKey", editKey!]],
        player.cookie,
      );
    expect((await edit()).headers.get("Location")).toBe("/profile?tab=crafts&notice=craft-submitted");
    const edited = await stored();
    expect((await edit()).headers.get("Location")).toBe("/profile?tab=crafts&notice=craft-already-submitted");
    expect(await stored()).toEqual(edited);
    expect((await craftNamed(`${name} edited`))!.version).toBe(craft.version + 1);

    // Keys are per author: another player's form with the same key submits their own craft.
    const strangerName = uniqueName("Stranger");
    const stranger = await postMultipart(SUBMIT, craftFields(strangerName, [ingame(), ["formKey", key!]]), (await signedInUser("craft-twice-other")).cookie);
    expect(stranger.headers.get("Location")).toBe("/profile?tab=crafts&notice=craft-submitted");
    expect(await craftNamed(strangerName)).not.toBeNull();
  });
});

describe("a pending craft is seen only by its author and admins", () => {
  let craft: CraftRow;
  beforeAll(async () => {
    craft = await submitted(author.cookie);
  });

  it("its page and its image answer 404 to a visitor and another player, 200 to the author and an admin", async () => {
    const page = `/sticker-crafts/${craft.id}`;
    const image = craft.ingame_image!;
    expect(await status(page)).toBe(404);
    expect(await status(page, other.cookie)).toBe(404);
    expect(await status(image)).toBe(404);
    expect(await status(image, other.cookie)).toBe(404);

    const own = await get(page, author.cookie);
    expect(own.status).toBe(200);
    expect(own.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await own.text()).toContain("Pending review: only you and the moderators can see this craft.");
    const ownImage = await get(image, author.cookie);
    expect(ownImage.status).toBe(200);
    expect(ownImage.headers.get("Cache-Control")).toBe("private, no-store");
    await ownImage.arrayBuffer();
    expect(await status(page, admin.cookie)).toBe(200);
    expect(await status(image, admin.cookie)).toBe(200);
  });

  it("the gallery and the home page leave it out", async () => {
    for (const path of ["/sticker-crafts", "/sticker-crafts?kind=community", "/"]) {
      const html = await (await get(path)).text();
      expect(html, path).not.toContain(craft.name);
      expect(html, path).not.toContain(`/sticker-crafts/${craft.id}"`);
    }
  });

  it("another player and a visitor cannot edit or delete it", async () => {
    expect(await status(`${SUBMIT}?edit=${craft.id}`, other.cookie)).toBe(404);
    const before = await stored();
    const edit = await postMultipart(SUBMIT, [...craftFields("Taken over"), ["id", String(craft.id)], ["version", String(craft.version)]], other.cookie);
    expect(edit.status).toBe(404);
    await edit.arrayBuffer();
    const deleted = await post(SUBMIT, { intent: "delete", id: String(craft.id) }, { cookie: other.cookie });
    expect(deleted.status).toBe(404);
    await deleted.arrayBuffer();
    const visitorDelete = await post(SUBMIT, { intent: "delete", id: String(craft.id) });
    expect(visitorDelete.status).toBe(302);
    await visitorDelete.arrayBuffer();
    // Nor through the admin editor's moderation: a player is sent away.
    const published = await decide("publish", craft, undefined, other.cookie);
    expect(published.status).toBe(302);
    expect(published.headers.get("Location")).toBe("/");
    await published.arrayBuffer();
    expect(await stored()).toEqual(before);
    expect(await craftNamed(craft.name)).toEqual(craft);
  });
});

describe("hostile files are refused and nothing is stored", () => {
  const svg = bytesOf('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>');
  const html = bytesOf("<!doctype html><script>alert(1)</script>");
  const big = concat(png(100, 100).subarray(0, 40), new Uint8Array(6 * 1024 * 1024));
  const cases: [string, string, Uint8Array, string, string][] = [
    ["SVG with a script", "ingameFile", svg, "x.svg", "image/svg+xml"],
    ["SVG named .png", "ingameFile", svg, "x.png", "image/png"],
    ["HTML named .png as a placement guide", "placementFile", html, "x.png", "image/png"],
    ["a PNG header on HTML", "ingameFile", concat(PIXEL_PNG.subarray(0, 8), html), "x.png", "image/png"],
    ["a 6 MB file", "ingameFile", big, "big.png", "image/png"],
    ["a truncated JPEG", "ingameFile", jpeg(100, 100).subarray(0, 20), "cut.jpg", "image/jpeg"],
    ["huge declared WebP dimensions", "placementFile", webp(16000, 16000), "huge.webp", "image/webp"],
    ["a PNG 4097 pixels high", "ingameFile", png(10, 4097), "tall.png", "image/png"],
    ["a GIF", "ingameFile", bytesOf("GIF89a\x01\x00\x01\x00\x00\x00\x00;"), "x.gif", "image/gif"],
    ["zero bytes", "ingameFile", new Uint8Array(0), "empty.png", "image/png"],
  ];

  it.each(cases)("%s", async (_label, field, bytes, filename, type) => {
    const before = await stored();
    const parts = craftFields(uniqueName("Hostile"), field === "ingameFile" ? [] : [ingame()]);
    const response = await postMultipart(SUBMIT, [...parts, [field, { bytes, name: filename, type }]], author.cookie);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(field === "ingameFile" ? "Ingame image upload failed: " : "Placement image upload failed: ");
    expect(await stored()).toEqual(before);
  });

  it("two files in one field are refused", async () => {
    const before = await stored();
    const response = await postMultipart(SUBMIT, craftFields(uniqueName("Two files"), [ingame(), ingame()]), author.cookie);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Ingame image upload failed: choose one file.");
    expect(await stored()).toEqual(before);
  });
});

describe("limits hold under 20 parallel submissions", () => {
  const burst = (cookie: string) =>
    Promise.all(Array.from({ length: 20 }, (_, n) => postMultipart(SUBMIT, craftFields(uniqueName(`Burst ${n}`), [ingame()]), cookie)));
  const authorCounts = async (email: string) =>
    env.DB.prepare(
      `SELECT (SELECT count(*) FROM sticker_crafts c JOIN users u ON u.id = c.author_id WHERE u.email = ?1 AND c.status = 'pending') AS pending,
              (SELECT count(*) FROM craft_submissions s JOIN users u ON u.id = s.author_id WHERE u.email = ?1) AS submissions`,
    )
      .bind(email)
      .first<{ pending: number; submissions: number }>();

  it(`at most ${MAX_PENDING_CRAFTS} wait for review at once`, async () => {
    const player = await signedInUser("burst");
    const objectsBefore = (await env.IMAGES.list()).objects.length;
    const responses = await burst(player.cookie);
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 302)).toHaveLength(MAX_PENDING_CRAFTS);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20 - MAX_PENDING_CRAFTS);
    const refused = await responses.find((r) => r.status === 429)!.text();
    expect(refused).toContain("crafts waiting for review, the most at once.");
    await Promise.all(
      responses
        .filter((r) => !r.bodyUsed)
        .map(async (r) => {
          await r.body?.cancel();
        }),
    );
    expect(await authorCounts(player.email)).toEqual({ pending: MAX_PENDING_CRAFTS, submissions: MAX_PENDING_CRAFTS });
    expect((await env.IMAGES.list()).objects.length).toBe(objectsBefore + MAX_PENDING_CRAFTS);
    // The form says so before the player fills it in.
    expect(await (await get(SUBMIT, player.cookie)).text()).toContain("crafts waiting for review, the most at once");
  });

  it(`at most ${MAX_SUBMISSIONS_PER_DAY} a day, deleted crafts counted`, async () => {
    const player = await signedInUser("daily");
    const { id } = (await env.DB.prepare("SELECT id FROM users WHERE email = ?").bind(player.email).first<{ id: string }>())!;
    // Nine submissions earlier today whose crafts the player has deleted since.
    const now = Date.now();
    await env.DB.batch(
      Array.from({ length: MAX_SUBMISSIONS_PER_DAY - 1 }, (_, n) =>
        env.DB.prepare("INSERT INTO craft_submissions (id, author_id, craft_id, submitted_at) VALUES (?, ?, NULL, ?)").bind(
          crypto.randomUUID(),
          id,
          now - (n + 1) * 60_000,
        ),
      ),
    );
    const responses = await burst(player.cookie);
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 302)).toHaveLength(1);
    expect(statuses.filter((s) => s === 429)).toHaveLength(19);
    expect(await responses.find((r) => r.status === 429)!.text()).toContain("the most in a day. Please try again tomorrow.");
    await Promise.all(
      responses
        .filter((r) => !r.bodyUsed)
        .map(async (r) => {
          await r.body?.cancel();
        }),
    );
    expect(await authorCounts(player.email)).toEqual({ pending: 1, submissions: MAX_SUBMISSIONS_PER_DAY });
  });
});

describe("moderation", () => {
  it("an admin previews the queue oldest first, publishes a craft; the author is mailed and visitors see it as a community craft", async () => {
    const writer = await signedInUser("writer");
    const craft = await submitted(writer.cookie, uniqueName("To publish"));
    const queue = await (await get(QUEUE, admin.cookie)).text();
    const oldest = await env.DB.prepare("SELECT name FROM sticker_crafts WHERE status = 'pending' ORDER BY submitted_at, id LIMIT 1").first<{ name: string }>();
    expect(oldest!.name).not.toBe(craft.name);
    expect(queue.indexOf(oldest!.name)).toBeGreaterThan(-1);
    expect(queue.indexOf(oldest!.name)).toBeLessThan(queue.indexOf(craft.name));
    const preview = await get(`${QUEUE}?craft=${craft.id}`, admin.cookie);
    expect(preview.status).toBe(200);
    const previewHtml = await preview.text();
    expect(previewHtml).toContain("Publish craft");
    expect(previewHtml).toContain(craft.ingame_image!.replaceAll("&", "&amp;"));

    const stale = await decide("publish", { id: craft.id, version: craft.version + 1 });
    expect(stale.status).toBe(409);
    await stale.arrayBuffer();
    const response = await decide("publish", craft);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`${QUEUE}?notice=published`);
    expect(await craftNamed(craft.name)).toMatchObject({ status: "published" });
    // Twice is once: the second answers a conflict, writes no second entry and sends no second mail.
    const again = await decide("publish", craft);
    expect(again.status).toBe(409);
    await again.arrayBuffer();

    const mails = (await mailTo(writer.email)).filter((m) => m.text.includes(craft.name));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("Your sticker craft is published");
    const log = await env.DB.prepare("SELECT l.action, u.email AS admin FROM craft_moderation_log l JOIN users u ON u.id = l.admin_id WHERE l.craft_id = ?")
      .bind(craft.id)
      .all();
    expect(log.results).toEqual([{ action: "published", admin: "admin@integration.test" }]);

    const community = await (await get("/sticker-crafts?kind=community")).text();
    expect(community).toContain(craft.name);
    expect(community).toContain("Community craft");
    expect(await (await get("/sticker-crafts?kind=official")).text()).not.toContain(craft.name);
    expect(await (await get("/sticker-crafts")).text()).toContain(craft.name);
    const detail = await get(`/sticker-crafts/${craft.id}`);
    expect(detail.status).toBe(200);
    expect(await detail.text()).toContain("Community craft");
    const image = await get(craft.ingame_image!);
    expect(image.status).toBe(200);
    // Short, so a takedown reaches every cache within five minutes.
    expect(image.headers.get("Cache-Control")).toBe(`public, max-age=${COMMUNITY_IMAGE_MAX_AGE}`);
    await image.arrayBuffer();
  });

  it("a rejection needs a reason, which the author reads in My Crafts and the mail; the author edits and resubmits", async () => {
    const writer = await signedInUser("writer");
    const craft = await submitted(writer.cookie, uniqueName("To reject"));
    const noReason = await decide("reject", craft, " ");
    expect(noReason.status).toBe(400);
    expect(await noReason.text()).toContain("Give the author a reason.");
    const response = await decide("reject", craft, "The stickers hide the skin's pattern.");
    expect(response.status).toBe(302);
    await response.arrayBuffer();
    const rejected = (await craftNamed(craft.name))!;
    expect(rejected).toMatchObject({ status: "rejected", rejection_reason: "The stickers hide the skin's pattern." });

    const mine = await (await get("/profile?tab=crafts", writer.cookie)).text();
    expect(mine).toContain("Rejected");
    expect(mine).toContain("Reason: The stickers hide the skin&#x27;s pattern.");
    const mail = (await mailTo(writer.email)).find((m) => m.text.includes(craft.name));
    expect(mail).toMatchObject({ subject: "Your sticker craft was not published" });
    expect(mail!.text).toContain("Reason: The stickers hide the skin's pattern.");
    expect(await status(`/sticker-crafts/${craft.id}`)).toBe(404);

    // The author edits it (keeping the first sticker, dropping the other) and it goes back to the queue.
    expect(await status(`${SUBMIT}?edit=${craft.id}`, writer.cookie)).toBe(200);
    const edit = (version: number) =>
      postMultipart(
        SUBMIT,
        [
          ["intent", "submit"],
          ["id", String(craft.id)],
          ["version", String(version)],
          ["name", `${craft.name} v2`],
          ["skinId", "awp-asiimov"],
          ["stickers[0].keep", "on"],
        ],
        writer.cookie,
      );
    const resubmitted = await edit(rejected.version);
    expect(resubmitted.status).toBe(302);
    await resubmitted.arrayBuffer();
    const after = (await craftNamed(`${craft.name} v2`))!;
    expect(after).toMatchObject({ id: craft.id, status: "pending", rejection_reason: null, version: rejected.version + 1, ingame_image: craft.ingame_image });
    const stickers = await env.DB.prepare("SELECT position FROM sticker_craft_stickers WHERE craft_id = ?").bind(craft.id).all();
    expect(stickers.results).toEqual([{ position: 1 }]);
    const stale = await edit(rejected.version);
    expect(stale.status).toBe(409);
    await stale.arrayBuffer();
  });

  it("an admin unpublishes a published community craft with a reason; it leaves the public pages", async () => {
    const writer = await signedInUser("writer");
    const craft = await submitted(writer.cookie, uniqueName("To unpublish"));
    await (await decide("publish", craft)).arrayBuffer();
    const published = (await craftNamed(craft.name))!;
    expect(await status(`/sticker-crafts/${craft.id}`)).toBe(200);
    const response = await decide("unpublish", published, "Reported as a copy of another player's craft.");
    expect(response.status).toBe(302);
    await response.arrayBuffer();
    expect(await craftNamed(craft.name)).toMatchObject({ status: "rejected", rejection_reason: "Reported as a copy of another player's craft." });
    expect(await status(`/sticker-crafts/${craft.id}`)).toBe(404);
    expect(await status(published.ingame_image!)).toBe(404);
    const mail = (await mailTo(writer.email)).find((m) => m.subject === "Your sticker craft was taken down");
    expect(mail?.text).toContain(craft.name);
    const actions = await env.DB.prepare("SELECT action FROM craft_moderation_log WHERE craft_id = ? ORDER BY created_at").bind(craft.id).all();
    expect(actions.results.map((row) => row.action)).toEqual(["published", "unpublished"]);
  });

  it("an official craft cannot be unpublished from the queue", async () => {
    const official = (await env.DB.prepare("SELECT id, version FROM sticker_crafts WHERE author_id IS NULL LIMIT 1").first<{ id: number; version: number }>())!;
    const response = await decide("unpublish", official, "No.");
    expect(response.status).toBe(404);
    await response.arrayBuffer();
    expect(await env.DB.prepare("SELECT status FROM sticker_crafts WHERE id = ?").bind(official.id).first("status")).toBe("published");
  });
});

describe("deleting", () => {
  it("the author deletes their craft; its images leave R2", async () => {
    const writer = await signedInUser("writer");
    const craft = await submitted(writer.cookie);
    expect((await env.IMAGES.list({ prefix: `${craft.id}/` })).objects).toHaveLength(1);
    const response = await post(SUBMIT, { intent: "delete", id: String(craft.id) }, { cookie: writer.cookie });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/profile?tab=crafts&notice=craft-deleted");
    await response.arrayBuffer();
    expect(await craftNamed(craft.name)).toBeNull();
    expect((await env.IMAGES.list({ prefix: `${craft.id}/` })).objects).toHaveLength(0);
  });

  it("the author's delete whose images R2 fails to delete: the craft is deleted all the same, its images served to no one", async () => {
    const writer = await signedInUser("writer-r2-down");
    const craft = await submitted(writer.cookie);
    await (await decide("publish", craft)).arrayBuffer();
    expect(await status(craft.ingame_image!)).toBe(200);
    const { result: response, warnings } = await collectingWarnings(() =>
      fetchWorker(
        `https://example.com${SUBMIT}`,
        {
          method: "POST",
          body: new URLSearchParams({ intent: "delete", id: String(craft.id) }),
          headers: { Cookie: writer.cookie, Host: "example.com", "CF-Connecting-IP": uniqueIp() },
        },
        withFailingImages(),
      ),
    );
    expect(warnings).toEqual([`[my crafts] deleting the images of deleted crafts failed, left in R2 under ${craft.id}/: Error: ${INJECTED_R2_FAULT}`]);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/profile?tab=crafts&notice=craft-deleted");
    await response.arrayBuffer();
    expect(await craftNamed(craft.name)).toBeNull();
    expect((await env.IMAGES.list({ prefix: `${craft.id}/` })).objects).toHaveLength(1);
    expect(await status(craft.ingame_image!)).toBe(404);
    expect(await status(craft.ingame_image!, writer.cookie)).toBe(404);
    expect(await status(craft.ingame_image!, admin.cookie)).toBe(404);
  });

  it("a deleted account takes its crafts and their images with it; the moderation log keeps the decision", async () => {
    const player = await signedInUser("leaving");
    const craft = await submitted(player.cookie);
    await (await decide("reject", craft, "Blurry.")).arrayBuffer();
    const response = await post("/profile", { intent: "delete-account", confirm: "DELETE" }, { cookie: player.cookie });
    expect(response.status).toBe(302);
    await response.arrayBuffer();
    expect(await craftNamed(craft.name)).toBeNull();
    expect(await env.DB.prepare("SELECT count(*) AS n FROM sticker_craft_stickers WHERE craft_id = ?").bind(craft.id).first("n")).toBe(0);
    expect(
      await env.DB.prepare("SELECT count(*) AS n FROM craft_submissions s JOIN users u ON u.id = s.author_id WHERE u.email = ?").bind(player.email).first("n"),
    ).toBe(0);
    expect((await env.IMAGES.list({ prefix: `${craft.id}/` })).objects).toHaveLength(0);
    expect(await env.DB.prepare("SELECT craft_id, craft_name, action FROM craft_moderation_log WHERE craft_name = ?").bind(craft.name).first()).toEqual({
      craft_id: null,
      craft_name: craft.name,
      action: "rejected",
    });
  });
  it("a deleted account whose images R2 fails to delete is gone all the same; the images left behind are served to no one", async () => {
    const player = await signedInUser("leaving-r2-down");
    const craft = await submitted(player.cookie);
    await (await decide("publish", craft)).arrayBuffer();
    expect(await status(craft.ingame_image!)).toBe(200);
    // R2 unreachable: every list and delete fails, after the account's batch committed.
    const { result: response, warnings } = await collectingWarnings(() =>
      fetchWorker(
        "https://example.com/profile",
        {
          method: "POST",
          body: new URLSearchParams({ intent: "delete-account", confirm: "DELETE" }),
          headers: { Cookie: player.cookie, Host: "example.com", "CF-Connecting-IP": uniqueIp() },
        },
        withFailingImages(),
      ),
    );
    expect(warnings).toEqual([`[account] deleting the images of deleted crafts failed, left in R2 under ${craft.id}/: Error: ${INJECTED_R2_FAULT}`]);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login?mode=login&notice=account-deleted");
    expect(response.headers.getSetCookie().join("\n")).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
    await response.arrayBuffer();
    expect(await env.DB.prepare("SELECT count(*) AS n FROM users WHERE email = ?").bind(player.email).first("n")).toBe(0);
    expect(await craftNamed(craft.name)).toBeNull();
    // The images stay in R2, and the image route serves them to no one: their craft is gone.
    expect((await env.IMAGES.list({ prefix: `${craft.id}/` })).objects.length).toBeGreaterThan(0);
    expect(await status(craft.ingame_image!)).toBe(404);
    expect(await status(craft.ingame_image!, admin.cookie)).toBe(404);
  });
});

describe("the edge cache", () => {
  const cachedEnv = { ...env, EDGE_CACHE_SECONDS: "60" };
  const visit = (path: string) => fetchWorker(`https://example.com${path}`, {}, cachedEnv);

  it("never keeps a pending craft for visitors, and shows it at once when it is published", async () => {
    const writer = await signedInUser("writer");
    const craft = await submitted(writer.cookie);
    const first = await visit(`/sticker-crafts/${craft.id}`);
    expect(first.status).toBe(404);
    await first.arrayBuffer();
    const gallery = await visit("/sticker-crafts?kind=community");
    expect(await gallery.text()).not.toContain(craft.name);
    // The author's own view is never kept.
    const own = await fetchWorker(`https://example.com/sticker-crafts/${craft.id}`, { headers: { Cookie: writer.cookie } }, cachedEnv);
    expect(own.headers.get("X-Cache")).toBe("BYPASS");
    await own.arrayBuffer();
    expect(await (await visit(`/sticker-crafts/${craft.id}`)).text()).not.toContain(craft.name);

    await (await decide("publish", craft, undefined, admin.cookie, cachedEnv)).arrayBuffer();
    const after = await visit(`/sticker-crafts/${craft.id}`);
    expect(after.status).toBe(200);
    expect(after.headers.get("X-Cache")).toBe("MISS");
    await after.arrayBuffer();
    expect(await (await visit("/sticker-crafts?kind=community")).text()).toContain(craft.name);
  });

  it("the kept pages of a craft's stickers, which list their newest crafts, follow its publication, takedown, deletion and account", async () => {
    const postCached = (path: string, fields: Record<string, string>, cookie: string) =>
      fetchWorker(
        `https://example.com${path}`,
        { method: "POST", body: new URLSearchParams(fields), headers: { Cookie: cookie, Host: "example.com", "CF-Connecting-IP": uniqueIp() } },
        cachedEnv,
      );
    const stickerPages = [`/stickers/${stickerIds[0]}`, `/stickers/${stickerIds[1]}?range=7`];
    /** Each sticker page twice, so the second visit is the kept copy; whether both show the craft. */
    const listed = async (name: string) => {
      const shown: boolean[] = [];
      for (const page of stickerPages) {
        await (await visit(page)).arrayBuffer();
        const kept = await visit(page);
        expect(kept.headers.get("X-Cache")).toBe("HIT");
        shown.push((await kept.text()).includes(name));
      }
      return shown;
    };

    const writer = await signedInUser("sticker-pages");
    const craft = await submitted(writer.cookie);
    expect(await listed(craft.name)).toEqual([false, false]);
    await (await decide("publish", craft, undefined, admin.cookie, cachedEnv)).arrayBuffer();
    expect(await listed(craft.name)).toEqual([true, true]);
    await (await decide("unpublish", { id: craft.id, version: craft.version + 1 }, "Taken down.", admin.cookie, cachedEnv)).arrayBuffer();
    expect(await listed(craft.name)).toEqual([false, false]);

    const deleted = await submitted(writer.cookie);
    await (await decide("publish", deleted, undefined, admin.cookie, cachedEnv)).arrayBuffer();
    expect(await listed(deleted.name)).toEqual([true, true]);
    expect((await postCached(SUBMIT, { intent: "delete", id: String(deleted.id) }, writer.cookie)).status).toBe(302);
    expect(await listed(deleted.name)).toEqual([false, false]);

    const left = await submitted(writer.cookie);
    await (await decide("publish", left, undefined, admin.cookie, cachedEnv)).arrayBuffer();
    expect(await listed(left.name)).toEqual([true, true]);
    expect((await postCached("/profile", { intent: "delete-account", confirm: "DELETE" }, writer.cookie)).status).toBe(302);
    expect(await listed(left.name)).toEqual([false, false]);
  });

  it("an admin's official craft shows on its stickers' kept pages when saved, leaves the pages of stickers an edit took off, and goes with its deletion", async () => {
    const stickerPage = (id: number) => `/stickers/${id}`;
    const shownOn = async (page: string, name: string) => {
      await (await visit(page)).arrayBuffer();
      const kept = await visit(page);
      expect(kept.headers.get("X-Cache")).toBe("HIT");
      return (await kept.text()).includes(name);
    };
    const names = await Promise.all(
      stickerIds.map(async (id) => (await env.DB.prepare("SELECT name FROM stickers WHERE id = ?").bind(id).first<{ name: string }>())!.name),
    );
    const name = uniqueName("Official craft");
    const save = (sticker: string, id?: number, version?: number): [string, FormPart][] => [
      ["intent", "save"],
      ...(id === undefined ? [] : ([["id", String(id)]] as [string, FormPart][])),
      ...(version === undefined ? [] : ([["version", String(version)]] as [string, FormPart][])),
      ["name", name],
      ["skinId", "ak-47-redline"],
      ["stickers[0].name", sticker],
      ingame(),
    ];
    expect(await shownOn(stickerPage(stickerIds[0]!), name)).toBe(false);
    expect((await postMultipart("/admin/sticker-crafts", save(names[0]!), admin.cookie, cachedEnv)).status).toBe(302);
    expect(await shownOn(stickerPage(stickerIds[0]!), name)).toBe(true);
    expect(await shownOn(stickerPage(stickerIds[1]!), name)).toBe(false);

    const craft = (await craftNamed(name))!;
    expect((await postMultipart("/admin/sticker-crafts", save(names[1]!, craft.id, craft.version), admin.cookie, cachedEnv)).status).toBe(302);
    expect(await shownOn(stickerPage(stickerIds[0]!), name)).toBe(false);
    expect(await shownOn(stickerPage(stickerIds[1]!), name)).toBe(true);

    const removed = await postMultipart(
      "/admin/sticker-crafts",
      [
        ["intent", "delete"],
        ["id", String(craft.id)],
      ],
      admin.cookie,
      cachedEnv,
    );
    expect(removed.status).toBe(302);
    expect(await shownOn(stickerPage(stickerIds[1]!), name)).toBe(false);
  });
});

describe("malformed input from signed-in players and admins", () => {
  const ODD = ["", " ", "null", "-1", "0", "1e9", "1.5", "%%%", "../../etc/passwd", "<script>alert(1)</script>", "x".repeat(5000), "\u0000\uffff"];
  const INTENTS = [
    "submit",
    "apply",
    "search-skin",
    "pick-skin:",
    "pick-skin:../x",
    "search-sticker:0",
    "search-sticker:6",
    "pick-sticker:1:0",
    "pick-sticker:9:1",
    "clear-sticker:x",
    "delete",
    "publish",
    "reject",
    "unpublish",
    "",
  ];
  const FIELDS = [
    "id",
    "version",
    "name",
    "skinId",
    "description",
    "externalCraftLink",
    "reason",
    "skinQuery",
    "stickerQuery1",
    "stickers[0].stickerId",
    "stickers[4].keep",
    "stickers[9].stickerId",
    "removePlacement",
  ];

  it("answers every odd form with a 4xx or a page of the form, never a 5xx, and writes nothing", async () => {
    const player = await signedInUser("fuzz");
    const before = await stored();
    const log = await env.DB.prepare("SELECT count(*) AS n FROM craft_moderation_log").first("n");
    for (const [path, cookie] of [
      [SUBMIT, player.cookie],
      [QUEUE, admin.cookie],
    ] as const) {
      for (const [index, intent] of INTENTS.entries()) {
        const fields: [string, FormPart][] = [["intent", intent], ...FIELDS.map((field, n): [string, FormPart] => [field, ODD[(index + n) % ODD.length]!])];
        const response = await postMultipart(path, fields, cookie);
        const body = await response.text();
        expect(response.status, `${path} ${intent}`).toBeLessThan(500);
        expect(body).not.toMatch(/\.(?:m?js|tsx?):\d+:\d+/);
      }
    }
    expect(await stored()).toEqual(before);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM craft_moderation_log").first("n")).toBe(log);
  });
});
