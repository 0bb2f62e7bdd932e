import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { RATE_LIMITS, CRAFT_REPORT_RATE_LIMIT_MESSAGE } from "~/domain/rate-limits";
import { REPORT_REQUIRED } from "~/forms/community-craft";
import { PIXEL_PNG } from "../fixtures/images";
import { INJECTED_R2_FAULT, withFailingImages } from "./faults";
import { collectingWarnings, fetchWorker, get, postMultipart, signedInAdmin, signedInUser, uniqueIp } from "./helpers";

// Moderation has one path: however an admin deletes a community craft, the decision is logged and
// its author mailed; visitors report published crafts into the queue.

const QUEUE = "/admin/sticker-crafts/queue";

let admin: { cookie: string };
beforeAll(async () => {
  admin = await signedInAdmin();
});

interface CraftRow {
  id: number;
  version: number;
  name: string;
  status: string;
  ingame_image: string;
}
const craftById = (id: number) => env.DB.prepare("SELECT * FROM sticker_crafts WHERE id = ?").bind(id).first<CraftRow>();

/** A new player's craft, published when asked. */
async function communityCraft(publish: boolean): Promise<{ craft: CraftRow; author: { email: string; cookie: string } }> {
  const author = await signedInUser("moderated");
  const name = `Moderated ${crypto.randomUUID().slice(0, 8)}`;
  const response = await postMultipart(
    "/sticker-crafts/submit",
    [
      ["intent", "submit"],
      ["name", name],
      ["skinId", "ak-47-redline"],
      ["ingameFile", { bytes: PIXEL_PNG, name: "shot.png", type: "image/png" }],
    ],
    author.cookie,
  );
  expect(response.status).toBe(302);
  await response.arrayBuffer();
  let craft = (await env.DB.prepare("SELECT * FROM sticker_crafts WHERE name = ?").bind(name).first<CraftRow>())!;
  if (publish) {
    expect((await postAs(QUEUE, { intent: "publish", id: String(craft.id), version: String(craft.version) })).status).toBe(302);
    craft = (await craftById(craft.id))!;
  }
  return { craft, author };
}

async function postAs(path: string, fields: Record<string, string>, cookie: string | null = admin.cookie, ip = uniqueIp(), workerEnv = env) {
  const response = await fetchWorker(
    `https://example.com${path}`,
    {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { ...(cookie ? { Cookie: cookie } : {}), Host: "example.com", "CF-Connecting-IP": ip },
      redirect: "manual",
    },
    workerEnv,
  );
  return {
    status: response.status,
    location: response.headers.get("Location"),
    retryAfter: response.headers.get("Retry-After"),
    cacheControl: response.headers.get("Cache-Control"),
    text: await response.text(),
  };
}

const logOf = (craftId: number) =>
  env.DB.prepare(
    "SELECT action, reason, craft_name FROM craft_moderation_log WHERE craft_name = (SELECT name FROM sticker_crafts WHERE id = ?) OR craft_id = ? ORDER BY created_at",
  )
    .bind(craftId, craftId)
    .all<{ action: string; reason: string | null; craft_name: string }>()
    .then((r) => r.results);
const logNamed = (name: string) =>
  env.DB.prepare("SELECT action, reason FROM craft_moderation_log WHERE craft_name = ? ORDER BY created_at")
    .bind(name)
    .all<{ action: string; reason: string | null }>()
    .then((r) => r.results);
const mailTo = (to: string) =>
  env.DB.prepare('SELECT subject, text FROM mail_outbox WHERE "to" = ? ORDER BY created_at')
    .bind(to)
    .all<{ subject: string; text: string }>()
    .then((r) => r.results);

describe("an admin deletes a community craft", () => {
  it("from the admin list: the craft and its images go, the moderation log has it, the author is mailed", async () => {
    const { craft, author } = await communityCraft(true);
    const deleted = await postAs("/admin/sticker-crafts", { intent: "delete", id: String(craft.id) });
    expect(deleted).toMatchObject({ status: 302, location: "/admin/sticker-crafts?notice=deleted" });
    expect(await craftById(craft.id)).toBeNull();
    expect((await env.IMAGES.list({ prefix: `${craft.id}/` })).objects).toEqual([]);
    expect(await logNamed(craft.name)).toEqual([
      { action: "published", reason: null },
      { action: "deleted", reason: null },
    ]);
    const mail = (await mailTo(author.email)).find((m) => m.subject === "Your sticker craft was deleted");
    expect(mail?.text).toContain(craft.name);
    const queue = await (await get(QUEUE, admin.cookie)).text();
    expect(queue).toMatch(new RegExp(`Deleted(<!-- -->)? “(<!-- -->)?${craft.name}`));
  });

  it("from the queue only after a confirmation step (`&dialog=delete`), as the admin list and My Crafts ask first", async () => {
    const { craft } = await communityCraft(false);
    const QUESTION = "Are you sure you want to delete this sticker craft? This action cannot be undone.";
    const review = await (await get(`${QUEUE}?craft=${craft.id}`, admin.cookie)).text();
    // The review offers Delete craft as a link to the question, not as a form that deletes.
    expect(review).not.toContain(QUESTION);
    expect(review).not.toMatch(/name="intent" value="delete"/);
    expect(review).toContain(`href="${QUEUE}?craft=${craft.id}&amp;dialog=delete"`);
    const asked = await (await get(`${QUEUE}?craft=${craft.id}&dialog=delete`, admin.cookie)).text();
    expect(asked).toContain(QUESTION);
    expect(asked).toMatch(/name="intent" value="delete"/);
    expect(asked).toContain(`href="${QUEUE}?craft=${craft.id}"`);
    expect(await craftById(craft.id)).not.toBeNull();
    // An official craft is not deleted from the queue: no question for it.
    const official = await env.DB.prepare("SELECT id FROM sticker_crafts WHERE author_id IS NULL LIMIT 1").first<{ id: number }>();
    expect(await (await get(`${QUEUE}?craft=${official!.id}&dialog=delete`, admin.cookie)).text()).not.toContain(QUESTION);
  });

  it("from the queue, with a reason the author reads; a pending craft too", async () => {
    const { craft, author } = await communityCraft(false);
    const deleted = await postAs(QUEUE, { intent: "delete", id: String(craft.id), reason: "Spam." });
    expect(deleted).toMatchObject({ status: 302, location: `${QUEUE}?notice=deleted` });
    expect(await craftById(craft.id)).toBeNull();
    expect(await logNamed(craft.name)).toEqual([{ action: "deleted", reason: "Spam." }]);
    expect((await mailTo(author.email)).find((m) => m.subject === "Your sticker craft was deleted")?.text).toContain("Reason: Spam.");
    expect((await postAs(QUEUE, { intent: "delete", id: String(craft.id) })).status).toBe(404);
  });

  it("R2 failing after the batch: the admin gets the usual answer, the craft is gone, its images are served to no one and logged", async () => {
    for (const path of ["/admin/sticker-crafts", QUEUE]) {
      const { craft } = await communityCraft(true);
      const { result: deleted, warnings } = await collectingWarnings(() =>
        postAs(path, { intent: "delete", id: String(craft.id) }, admin.cookie, uniqueIp(), withFailingImages()),
      );
      expect(deleted).toMatchObject({ status: 302, location: `${path}?notice=deleted` });
      expect(warnings).toEqual([`[admin] deleting the images of deleted crafts failed, left in R2 under ${craft.id}/: Error: ${INJECTED_R2_FAULT}`]);
      expect(await craftById(craft.id)).toBeNull();
      expect(await logNamed(craft.name)).toEqual([
        { action: "published", reason: null },
        { action: "deleted", reason: null },
      ]);
      expect((await env.IMAGES.list({ prefix: `${craft.id}/` })).objects).toHaveLength(1);
      expect((await get(craft.ingame_image)).status).toBe(404);
      expect((await get(craft.ingame_image, admin.cookie)).status).toBe(404);
    }
  });

  it("an official craft's delete with R2 failing: deleted all the same, its images logged", async () => {
    const name = `Official ${crypto.randomUUID().slice(0, 8)}`;
    const saved = await postMultipart(
      "/admin/sticker-crafts",
      [
        ["intent", "save"],
        ["name", name],
        ["skinId", "ak-47-redline"],
        ["ingameFile", { bytes: PIXEL_PNG, name: "shot.png", type: "image/png" }],
      ],
      admin.cookie,
    );
    expect(saved.status).toBe(302);
    await saved.arrayBuffer();
    const craft = (await env.DB.prepare("SELECT * FROM sticker_crafts WHERE name = ?").bind(name).first<CraftRow>())!;
    const { result: deleted, warnings } = await collectingWarnings(() =>
      postAs("/admin/sticker-crafts", { intent: "delete", id: String(craft.id) }, admin.cookie, uniqueIp(), withFailingImages()),
    );
    expect(deleted).toMatchObject({ status: 302, location: "/admin/sticker-crafts?notice=deleted" });
    expect(warnings).toEqual([`[admin] deleting the images of deleted crafts failed, left in R2 under ${craft.id}/: Error: ${INJECTED_R2_FAULT}`]);
    expect(await craftById(craft.id)).toBeNull();
    expect((await env.IMAGES.list({ prefix: `${craft.id}/` })).objects).toHaveLength(1);
  });

  it("a player cannot delete through the admin's forms", async () => {
    const { craft, author } = await communityCraft(true);
    for (const path of [QUEUE, "/admin/sticker-crafts"]) {
      const response = await postAs(path, { intent: "delete", id: String(craft.id) }, author.cookie);
      expect(response.status).toBe(302);
      expect(response.location).toBe("/");
    }
    expect(await craftById(craft.id)).not.toBeNull();
    expect(await logOf(craft.id)).toHaveLength(1);
  });
});

describe("visitors report a published community craft", () => {
  it("a report needs a reason, lands in the queue counted, and an admin dismisses the reports", async () => {
    const { craft } = await communityCraft(true);
    const page = `/sticker-crafts/${craft.id}`;
    const html = await (await get(page)).text();
    expect(html).toContain("Report this craft");

    const empty = await postAs(page, { intent: "report", reason: "  " }, null);
    expect(empty.status).toBe(400);
    expect(empty.text).toContain(REPORT_REQUIRED);

    const visitor = await postAs(page, { intent: "report", reason: "This is a copy of my craft." }, null);
    expect(visitor.status).toBe(200);
    expect(visitor.text).toContain("A moderator will look at this craft");
    const player = await signedInUser("reporter");
    expect((await postAs(page, { intent: "report", reason: "Offensive name." }, player.cookie)).status).toBe(200);
    const rows = await env.DB.prepare("SELECT reporter_id, reason FROM craft_reports WHERE craft_id = ? ORDER BY created_at").bind(craft.id).all();
    expect(rows.results).toHaveLength(2);
    expect(rows.results).toContainEqual({ reporter_id: null, reason: "This is a copy of my craft." });
    expect(rows.results.find((row) => row.reason === "Offensive name.")?.reporter_id).toEqual(expect.stringMatching(/./));

    const queue = await (await get(QUEUE, admin.cookie)).text();
    expect(queue).toContain("Reported crafts");
    expect(queue).toMatch(new RegExp(`${craft.name}</span> <span[^>]*>2 reports`));
    const review = await (await get(`${QUEUE}?craft=${craft.id}`, admin.cookie)).text();
    expect(review).toContain("Open reports (2)");
    expect(review).toContain("This is a copy of my craft.");
    const dashboard = await (await get("/admin", admin.cookie)).text();
    expect(dashboard).toMatch(/report(s are| is) open/);

    const dismissed = await postAs(QUEUE, { intent: "dismiss", id: String(craft.id) });
    expect(dismissed).toMatchObject({ status: 302, location: `${QUEUE}?notice=dismissed` });
    expect((await env.DB.prepare("SELECT count(*) AS n FROM craft_reports WHERE craft_id = ?").bind(craft.id).first<{ n: number }>())!.n).toBe(0);
    expect(await logNamed(craft.name)).toEqual([
      { action: "published", reason: null },
      { action: "dismissed", reason: "2 reports" },
    ]);
    expect((await craftById(craft.id))!.status).toBe("published");
    expect((await postAs(QUEUE, { intent: "dismiss", id: String(craft.id) })).status).toBe(404);
  });

  it("a pending craft cannot be reported; an unpublished craft's reports are closed with it", async () => {
    const pending = await communityCraft(false);
    expect((await postAs(`/sticker-crafts/${pending.craft.id}`, { intent: "report", reason: "Bad." }, null)).status).toBe(404);

    const { craft } = await communityCraft(true);
    expect((await postAs(`/sticker-crafts/${craft.id}`, { intent: "report", reason: "Bad." }, null)).status).toBe(200);
    expect((await postAs(QUEUE, { intent: "unpublish", id: String(craft.id), version: String(craft.version), reason: "Reported." })).status).toBe(302);
    expect((await env.DB.prepare("SELECT count(*) AS n FROM craft_reports WHERE craft_id = ?").bind(craft.id).first<{ n: number }>())!.n).toBe(0);
  });

  it(`one address sends at most ${RATE_LIMITS.craftReportByIp.limit} reports an hour`, async () => {
    const { craft } = await communityCraft(true);
    const ip = uniqueIp();
    const page = `/sticker-crafts/${craft.id}`;
    for (let i = 0; i < RATE_LIMITS.craftReportByIp.limit; i++) {
      expect((await postAs(page, { intent: "report", reason: `Report ${i}` }, null, ip)).status).toBe(200);
    }
    const refused = await postAs(page, { intent: "report", reason: "One too many" }, null, ip);
    expect(refused.status).toBe(429);
    // The hour's window opened with the first report a moment ago: it says so, not the Worker's default minute.
    expect(Number(refused.retryAfter)).toBeGreaterThan(RATE_LIMITS.craftReportByIp.windowSeconds - 120);
    expect(Number(refused.retryAfter)).toBeLessThanOrEqual(RATE_LIMITS.craftReportByIp.windowSeconds);
    expect(refused.cacheControl).toBe("private, no-store");
    expect(refused.text).toContain(CRAFT_REPORT_RATE_LIMIT_MESSAGE.replace("'", "&#x27;"));
    expect((await env.DB.prepare("SELECT count(*) AS n FROM craft_reports WHERE craft_id = ?").bind(craft.id).first<{ n: number }>())!.n).toBe(
      RATE_LIMITS.craftReportByIp.limit,
    );
    // Another address still may.
    expect((await postAs(page, { intent: "report", reason: "From elsewhere" }, null)).status).toBe(200);
  });
});

describe("the admin dashboard", () => {
  it("says how many crafts wait for review", async () => {
    await communityCraft(false);
    const pending = (await env.DB.prepare("SELECT count(*) AS n FROM sticker_crafts WHERE status = 'pending'").first<{ n: number }>())!.n;
    const response = await get("/admin", admin.cookie);
    expect(response.headers.get("X-D1-Round-Trips")).toBe("1");
    const html = await response.text();
    expect(html).toContain(`${pending.toLocaleString("en-US")} ${pending === 1 ? "craft waits" : "crafts wait"} for review`);
  });
});
