import { env } from "cloudflare:test";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { COMMUNITY_IMAGE_MAX_AGE } from "~/domain/community-crafts";
import { IMAGE_ERRORS } from "~/domain/images";
import { SAVE_FAILED } from "~/forms/sticker-craft-texts";
import { takeConsoleErrors } from "../fixtures/fail-on-console-error";
import { GPS_JPEG, GPS_MARKER, GPS_PNG, GPS_WEBP } from "../fixtures/gps-images";
import { bytesOf, concat, imageData, jpeg, PIXEL_PNG } from "../fixtures/images";
import { withFailingImages } from "./faults";
import { fetchWorker, get, postMultipart, signedInAdmin, signedInUser, uniqueIp, type FormPart } from "./helpers";

// Uploaded images: their metadata is removed before R2, and a community craft's images are never
// public before it is published, nor cached for long after.

const SUBMIT = "/sticker-crafts/submit";
const ADMIN = "/admin/sticker-crafts";
const QUEUE = "/admin/sticker-crafts/queue";

let admin: { cookie: string };
/** The author of the crafts; a new one for each test, as a player has at most 3 crafts pending. */
let author: { email: string; cookie: string };
beforeAll(async () => {
  admin = await signedInAdmin();
});
beforeEach(async () => {
  author = await signedInUser("uploader");
});

interface CraftRow {
  id: number;
  version: number;
  name: string;
  status: string;
  description: string | null;
  skin_id: string;
  ingame_image: string | null;
  placement_image: string | null;
  submitted_at: number;
  updated_at: number;
}
const craftNamed = (name: string) => env.DB.prepare("SELECT * FROM sticker_crafts WHERE name = ?").bind(name).first<CraftRow>();
const craftById = (id: number) => env.DB.prepare("SELECT * FROM sticker_crafts WHERE id = ?").bind(id).first<CraftRow>();
const uniqueName = (label: string) => `${label} ${crypto.randomUUID().slice(0, 8)}`;
const file = (bytes: Uint8Array, name: string): FormPart => ({ bytes, name, type: "application/octet-stream" });
const keyOf = (url: string) => url.slice("/images/".length).split("?")[0]!;
const objectsOf = async (id: number) => (await env.IMAGES.list({ prefix: `${id}/` })).objects.map((o) => o.key).sort();

function contains(haystack: Uint8Array, needle: Uint8Array): boolean {
  outer: for (let i = 0; i + needle.length <= haystack.length; i++) {
    for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return true;
  }
  return false;
}

async function submit(name: string, ingame: FormPart, placement?: FormPart, cookie = author.cookie): Promise<CraftRow> {
  const response = await postMultipart(
    SUBMIT,
    [
      ["intent", "submit"],
      ["name", name],
      ["skinId", "ak-47-redline"],
      ["ingameFile", ingame],
      ...(placement ? ([["placementFile", placement]] as [string, FormPart][]) : []),
    ],
    cookie,
  );
  expect(response.status).toBe(302);
  await response.arrayBuffer();
  return (await craftNamed(name))!;
}

function publish(craft: { id: number; version: number }) {
  return fetchWorker(`https://example.com${QUEUE}`, {
    method: "POST",
    body: new URLSearchParams({ intent: "publish", id: String(craft.id), version: String(craft.version) }),
    headers: { Cookie: admin.cookie, Host: "example.com", "CF-Connecting-IP": uniqueIp() },
    redirect: "manual",
  });
}

async function bytesAt(url: string, cookie?: string): Promise<{ status: number; cacheControl: string | null; bytes: Uint8Array }> {
  const response = await get(url, cookie);
  return { status: response.status, cacheControl: response.headers.get("Cache-Control"), bytes: new Uint8Array(await response.arrayBuffer()) };
}

describe("uploaded images lose their metadata, not their pixels", () => {
  it.each([
    ["JPEG", GPS_JPEG, "jpeg"],
    ["PNG", GPS_PNG, "png"],
    ["WebP", GPS_WEBP, "webp"],
  ] as const)("a player's %s with a GPS position comes back without it, its pixel data byte for byte", async (_label, bytes, format) => {
    expect(contains(bytes, bytesOf(GPS_MARKER))).toBe(true);
    const craft = await submit(uniqueName(`GPS ${format}`), file(bytes, "phone-photo"), file(bytes, "guide"));
    for (const url of [craft.ingame_image!, craft.placement_image!]) {
      const served = await bytesAt(url, author.cookie);
      expect(served.status).toBe(200);
      expect(contains(served.bytes, bytesOf(GPS_MARKER))).toBe(false);
      expect(contains(served.bytes, bytesOf("Exif\0\0"))).toBe(false);
      expect(imageData(served.bytes, format)).toEqual(imageData(bytes, format));
    }
  });

  it("an admin's upload loses it too", async () => {
    const name = uniqueName("Official GPS");
    const response = await postMultipart(
      ADMIN,
      [
        ["intent", "save"],
        ["name", name],
        ["skinId", "ak-47-redline"],
        ["ingameFile", file(GPS_JPEG, "shot.jpg")],
        ["stickers[0].name", "Typed sticker"],
        ["stickers[0].file", file(GPS_PNG, "sticker.png")],
      ],
      admin.cookie,
    );
    expect(response.status).toBe(302);
    await response.arrayBuffer();
    const craft = (await craftNamed(name))!;
    const sticker = await env.DB.prepare("SELECT image FROM sticker_craft_stickers WHERE craft_id = ?").bind(craft.id).first<{ image: string }>();
    for (const url of [craft.ingame_image!, sticker!.image]) {
      const served = await bytesAt(url);
      expect(served.status).toBe(200);
      expect(contains(served.bytes, bytesOf(GPS_MARKER))).toBe(false);
    }
  });

  it("a damaged container is refused with a 400 and nothing is stored", async () => {
    const name = uniqueName("Damaged");
    // A JPEG whose header checks pass, with an EXIF segment after the frame header that claims more
    // bytes than the file has: the metadata parser refuses it.
    const whole = jpeg(4, 4);
    const broken = concat(whole.subarray(0, 39), [0xff, 0xe1, 0x7f, 0xff], whole.subarray(39));
    const response = await postMultipart(
      SUBMIT,
      [
        ["intent", "submit"],
        ["name", name],
        ["skinId", "ak-47-redline"],
        ["ingameFile", file(broken, "broken.jpg")],
      ],
      author.cookie,
    );
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(IMAGE_ERRORS.damaged);
    expect(await craftNamed(name)).toBeNull();
  });
});

describe("a community craft's images are private until published, and cached briefly after", () => {
  it("an admin's edit of a pending craft keeps its new image private; published, it is cached for minutes only; unpublished, it stops answering", async () => {
    const craft = await submit(uniqueName("Under review"), file(PIXEL_PNG, "shot.png"));
    const saved = await postMultipart(
      ADMIN,
      [
        ["intent", "save"],
        ["id", String(craft.id)],
        ["version", String(craft.version)],
        ["name", `${craft.name} (edited by a moderator)`],
        ["skinId", "ak-47-redline"],
        ["ingameFile", file(GPS_PNG, "replacement.png")],
      ],
      admin.cookie,
    );
    expect(saved.status).toBe(302);
    await saved.arrayBuffer();
    const edited = (await craftById(craft.id))!;
    expect(edited.status).toBe("pending");
    expect(edited.ingame_image).not.toBe(craft.ingame_image);
    expect((await env.IMAGES.head(keyOf(edited.ingame_image!)))?.customMetadata).toEqual({ community: "1" });

    // Still under review: a visitor gets nothing, the author and admins get it uncached.
    expect((await bytesAt(edited.ingame_image!)).status).toBe(404);
    expect(await bytesAt(edited.ingame_image!, author.cookie)).toMatchObject({ status: 200, cacheControl: "private, no-store" });
    expect(await bytesAt(edited.ingame_image!, admin.cookie)).toMatchObject({ status: 200, cacheControl: "private, no-store" });
    // The image it replaced is gone.
    expect((await bytesAt(craft.ingame_image!, author.cookie)).status).toBe(404);

    const published = await publish(edited);
    expect(published.status).toBe(302);
    await published.arrayBuffer();
    expect(await bytesAt(edited.ingame_image!)).toMatchObject({ status: 200, cacheControl: `public, max-age=${COMMUNITY_IMAGE_MAX_AGE}` });

    const current = (await craftById(craft.id))!;
    const unpublished = await fetchWorker(`https://example.com${QUEUE}`, {
      method: "POST",
      body: new URLSearchParams({ intent: "unpublish", id: String(current.id), version: String(current.version), reason: "Taken down in a test." }),
      headers: { Cookie: admin.cookie, Host: "example.com", "CF-Connecting-IP": uniqueIp() },
      redirect: "manual",
    });
    expect(unpublished.status).toBe(302);
    await unpublished.arrayBuffer();
    const gone = await bytesAt(edited.ingame_image!);
    expect(gone).toMatchObject({ status: 404, cacheControl: "no-store" });
  });
});

/** The bucket with every write failing, as R2 fails when it is unreachable. */
function failingWrites(): typeof env {
  const bucket = new Proxy(env.IMAGES, {
    get(target, property) {
      if (property === "put") return () => Promise.reject(new Error("injected R2 fault: put failed"));
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { ...env, IMAGES: bucket };
}

describe("a save whose image upload fails changes nothing", () => {
  it("a resubmission: the craft, its stickers and its images stay exactly as they were", async () => {
    const craft = await submit(uniqueName("Resubmit fails"), file(PIXEL_PNG, "shot.png"));
    const stickersBefore = await env.DB.prepare("SELECT * FROM sticker_craft_stickers WHERE craft_id = ?").bind(craft.id).all();
    const objectsBefore = await objectsOf(craft.id);
    const submissions = () => env.DB.prepare("SELECT count(*) AS n FROM craft_submissions WHERE craft_id = ?").bind(craft.id).first<{ n: number }>();
    const submissionsBefore = (await submissions())!.n;

    const response = await postMultipart(
      SUBMIT,
      [
        ["intent", "submit"],
        ["id", String(craft.id)],
        ["version", String(craft.version)],
        ["name", `${craft.name} v2`],
        ["description", "Changed"],
        ["skinId", "awp-asiimov"],
        ["ingameFile", file(GPS_PNG, "new.png")],
      ],
      author.cookie,
      failingWrites(),
    );
    expect(response.status).toBe(503);
    await response.arrayBuffer();
    expect(takeConsoleErrors().join("\n")).toContain("injected R2 fault");

    expect(await craftById(craft.id)).toEqual(craft);
    expect((await env.DB.prepare("SELECT * FROM sticker_craft_stickers WHERE craft_id = ?").bind(craft.id).all()).results).toEqual(stickersBefore.results);
    expect(await objectsOf(craft.id)).toEqual(objectsBefore);
    expect((await submissions())!.n).toBe(submissionsBefore);
    expect((await bytesAt(craft.ingame_image!, author.cookie)).status).toBe(200);
  });

  it("an admin's re-save: the craft and its images stay as they were", async () => {
    const craft = await submit(uniqueName("Admin save fails"), file(PIXEL_PNG, "shot.png"));
    const objectsBefore = await objectsOf(craft.id);
    const response = await postMultipart(
      ADMIN,
      [
        ["intent", "save"],
        ["id", String(craft.id)],
        ["version", String(craft.version)],
        ["name", `${craft.name} v2`],
        ["skinId", "ak-47-redline"],
        ["ingameFile", file(GPS_PNG, "new.png")],
      ],
      admin.cookie,
      failingWrites(),
    );
    expect(response.status).toBe(503);
    await response.arrayBuffer();
    expect(takeConsoleErrors().join("\n")).toContain("injected R2 fault");
    expect(await craftById(craft.id)).toEqual(craft);
    expect(await objectsOf(craft.id)).toEqual(objectsBefore);
  });
});

describe("a new craft never shows what a deleted craft left under its id", () => {
  // sticker_crafts.id has no AUTOINCREMENT: once the newest craft is deleted, the next one gets its
  // id again. A delete whose R2 cleanup failed (logged and tolerated) leaves its images under it.
  /** A craft of another player, deleted with its images left in R2 (as a failed cleanup leaves them). */
  async function deletedLeavingImages(): Promise<CraftRow> {
    const earlier = await submit(uniqueName("Deleted, images left"), file(PIXEL_PNG, "old.png"), undefined, (await signedInUser("earlier")).cookie);
    expect((await env.DB.prepare("SELECT max(id) AS id FROM sticker_crafts").first<{ id: number }>())!.id).toBe(earlier.id);
    await env.DB.prepare("DELETE FROM sticker_crafts WHERE id = ?").bind(earlier.id).run();
    expect(await objectsOf(earlier.id)).toEqual([keyOf(earlier.ingame_image!)]);
    return earlier;
  }

  it("a player's submission given the id again: the leftovers are removed before its images go there, and served to no one", async () => {
    const earlier = await deletedLeavingImages();
    const craft = await submit(uniqueName("Same id again"), file(GPS_PNG, "new.png"));
    expect(craft.id).toBe(earlier.id);
    expect(await objectsOf(craft.id)).toEqual([keyOf(craft.ingame_image!)]);
    expect((await bytesAt(earlier.ingame_image!, author.cookie)).status).toBe(404);
    await (await publish(craft)).arrayBuffer();
    expect((await bytesAt(craft.ingame_image!)).status).toBe(200);
    expect((await bytesAt(earlier.ingame_image!)).status).toBe(404);
  });

  it("an admin's new craft given the id again: the leftovers are not served publicly", async () => {
    const earlier = await deletedLeavingImages();
    const name = uniqueName("Official, same id again");
    const response = await postMultipart(
      ADMIN,
      [
        ["intent", "save"],
        ["name", name],
        ["skinId", "ak-47-redline"],
      ],
      admin.cookie,
    );
    expect(response.status).toBe(302);
    await response.arrayBuffer();
    const craft = (await craftNamed(name))!;
    expect(craft.id).toBe(earlier.id);
    expect(await objectsOf(craft.id)).toEqual([]);
    expect((await bytesAt(earlier.ingame_image!)).status).toBe(404);
  });

  it("R2 failing to clear the id: the submission is refused with the storage failure, nothing of it is written", async () => {
    const earlier = await deletedLeavingImages();
    const name = uniqueName("Cannot clear");
    const submissions = async () => (await env.DB.prepare("SELECT count(*) AS n FROM craft_submissions").first<{ n: number }>())!.n;
    const submissionsBefore = await submissions();
    const response = await postMultipart(
      SUBMIT,
      [
        ["intent", "submit"],
        ["name", name],
        ["skinId", "ak-47-redline"],
        ["ingameFile", file(PIXEL_PNG, "shot.png")],
      ],
      author.cookie,
      withFailingImages(["list"]),
    );
    expect(response.status).toBe(503);
    expect(await response.text()).toContain(SAVE_FAILED);
    expect(takeConsoleErrors().join("\n")).toContain("injected R2 fault");
    expect(await craftNamed(name)).toBeNull();
    expect(await craftById(earlier.id)).toBeNull();
    expect((await env.DB.prepare("SELECT count(*) AS n FROM sticker_craft_stickers WHERE craft_id = ?").bind(earlier.id).first<{ n: number }>())!.n).toBe(0);
    expect(await submissions()).toBe(submissionsBefore);
    // Nothing of this craft reached R2; the leftovers stay, served to no one.
    expect(await objectsOf(earlier.id)).toEqual([keyOf(earlier.ingame_image!)]);
    expect((await bytesAt(earlier.ingame_image!, admin.cookie)).status).toBe(404);
  });
});
