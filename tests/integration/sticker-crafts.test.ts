import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { MAX_IMAGE_BYTES } from "~/domain/images";
import { avif, bytesOf, concat, jpeg, PIXEL_PNG, png, webp } from "../fixtures/images";
import { fetchWorker, get, post, postMultipart as postForm, signedInAdmin, signedInUser, type FormPart as Part } from "./helpers";

const PAGE = "/admin/sticker-crafts";

let admin: { cookie: string };
let user: { cookie: string };
beforeAll(async () => {
  admin = await signedInAdmin();
  user = await signedInUser("crafts");
});

const baseCraft = (name = `Test craft ${crypto.randomUUID().slice(0, 8)}`): [string, Part][] => [
  ["intent", "save"],
  ["name", name],
  ["description", "A craft made by a test."],
  ["skinId", "ak-47-redline"],
  ["externalCraftLink", "https://example.com/craft"],
];

async function state() {
  const crafts = await env.DB.prepare("SELECT count(*) AS n FROM sticker_crafts").first<{ n: number }>();
  const stickers = await env.DB.prepare("SELECT count(*) AS n FROM sticker_craft_stickers").first<{ n: number }>();
  const objects = await env.IMAGES.list();
  return { crafts: crafts!.n, stickers: stickers!.n, objects: objects.objects.map((o) => o.key).sort() };
}

async function craftByName(name: string) {
  return env.DB.prepare("SELECT * FROM sticker_crafts WHERE name = ?").bind(name).first<{
    id: number;
    version: number;
    ingame_image: string | null;
    placement_image: string | null;
    created_by: string | null;
    updated_at: number;
  }>();
}

async function stickersOf(craftId: number) {
  const { results } = await env.DB.prepare("SELECT position, name, image, price_cents FROM sticker_craft_stickers WHERE craft_id = ? ORDER BY position")
    .bind(craftId)
    .all<{ position: number; name: string; image: string | null; price_cents: number | null }>();
  return results;
}

describe("public sticker craft pages", () => {
  it("/sticker-crafts lists every craft newest first with stats, in one round trip", async () => {
    const response = await get("/sticker-crafts");
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(response.headers.get("X-D1-Round-Trips")).toBe("1");
    const { results } = await env.DB.prepare("SELECT id, name FROM sticker_crafts ORDER BY created_at DESC, id DESC").all<{ id: number; name: string }>();
    const ids = [...html.matchAll(/href="\/sticker-crafts\/(\d+)"/g)].map((m) => Number(m[1]));
    expect(ids).toEqual(results.map((r) => r.id));
    expect(html).toContain("Total crafts");
    expect(html).toContain("With in-game images");
    expect(html).toContain("With placement guides");
    expect(html).toContain("Redline Katowice Classic");
    expect(html).toContain("AK-47 | Redline");
  });

  it("a craft shows its skin with price range, stickers in order, totals, in one round trip", async () => {
    const craft = await env.DB.prepare("SELECT id FROM sticker_crafts WHERE name = 'Redline Katowice Classic'").first<{ id: number }>();
    const response = await get(`/sticker-crafts/${craft!.id}`);
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(response.headers.get("X-D1-Round-Trips")).toBe("1");
    expect(html).toContain('href="/skins/ak-47-redline"');
    expect(html).toMatch(/Price range: (<!-- -->)?\$\d+\.\d\d/);
    const stickers = await stickersOf(craft!.id);
    const positions = stickers.map((s) => html.indexOf(`>${s.name.replace(/&/g, "&amp;").replace(/'/g, "&#x27;")}<`));
    expect(positions.every((p) => p > 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    // A catalogue sticker counts at its market price (the seed's demo price), else at the typed one.
    const market = await env.DB.prepare(
      `SELECT c.position, (SELECT CASE WHEN count(*) = 1 THEN max(price_cents) END FROM stickers WHERE name = c.name) AS cents
       FROM sticker_craft_stickers c WHERE c.craft_id = ? ORDER BY c.position`,
    )
      .bind(craft!.id)
      .all<{ position: number; cents: number | null }>();
    const total = stickers.reduce((sum, s, index) => {
      const cents = market.results[index]?.cents;
      return sum + (cents !== null && cents !== undefined && cents > 0 ? cents : (s.price_cents ?? 0));
    }, 0);
    expect(html).toContain(`$${(total / 100).toFixed(2)}`);
    expect(html.replace(/<!-- -->/g, "")).toContain("(market price)");
    expect(html).toContain("% of the stickers");
    expect(html).toContain("Craft cost");
  });

  it.each(["/sticker-crafts/999999", "/sticker-crafts/abc", "/sticker-crafts/0", "/sticker-crafts/1e3"])(
    "%s answers 404 'Sticker craft not found.'",
    async (path) => {
      const response = await get(path);
      expect(response.status).toBe(404);
      expect(await response.text()).toContain("Sticker craft not found.");
    },
  );

  it("home cards show each craft's name and skin, not an image URL", async () => {
    const html = await (await get("/")).text();
    const cards = [...html.matchAll(/data-testid="craft-card"[^>]*>([\s\S]*?)<\/a>/g)].map((m) => m[1]!);
    expect(cards).toHaveLength(3);
    for (const card of cards) {
      expect(card).toMatch(/<h3[^>]*>[^<]+<\/h3><p[^>]*>[^<]*\|[^<]*<\/p>/);
      expect(card).not.toMatch(/<p[^>]*>https?:/);
    }
  });
});

describe("admin pages: server-side checks on every loader and action", () => {
  const pages = ["/admin", PAGE, `${PAGE}?new`, `${PAGE}?edit=1`, `${PAGE}?delete=1`];
  /** The way back the login carries: the page and the craft edited; not a form or a question to open again. */
  const wayBack: Record<string, string> = { [`${PAGE}?new`]: PAGE, [`${PAGE}?delete=1`]: PAGE };

  it.each(pages)("GET %s: visitor to /login (and back after it), user to /, admin gets it in one round trip", async (path) => {
    const visitor = await get(path);
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent(wayBack[path] ?? path)}`);
    const signedIn = await get(path, user.cookie);
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("Location")).toBe("/");
    const ok = await get(path, admin.cookie);
    expect(ok.status).toBe(200);
    expect(ok.headers.get("X-D1-Round-Trips")).toBe("1");
    await ok.body?.cancel();
  });

  it("the dashboard links to both admin pages", async () => {
    const html = await (await get("/admin", admin.cookie)).text();
    expect(html).toContain('href="/admin/loadouts"');
    expect(html).toContain('href="/admin/sticker-crafts"');
  });

  it("an edit of a craft that does not exist answers 404", async () => {
    const response = await get(`${PAGE}?edit=999999`, admin.cookie);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("Sticker craft not found.");
  });

  it.each([
    ["visitor", () => undefined, `/login?redirectTo=${encodeURIComponent(PAGE)}`],
    ["user", () => user.cookie, "/"],
  ])("a %s can neither save nor delete", async (_who, cookie, location) => {
    const before = await state();
    const save = await postForm(PAGE, [...baseCraft(), ["ingameFile", { bytes: PIXEL_PNG, name: "a.png", type: "image/png" }]], cookie());
    expect(save.status).toBe(302);
    expect(save.headers.get("Location")).toBe(location);
    const remove = await post(PAGE, { intent: "delete", id: "1" }, { cookie: cookie() });
    expect(remove.status).toBe(302);
    expect(remove.headers.get("Location")).toBe(location);
    for (const intent of ["search-skin", "apply", "pick-sticker:1:1847"]) {
      const other = await post(PAGE, { intent, skinQuery: "redline" }, { cookie: cookie() });
      expect(other.status).toBe(302);
    }
    expect(await state()).toEqual(before);
  });
});

describe("admin: create, edit, delete a craft with images in R2", () => {
  it("a new craft's form posted twice (a double click without JavaScript) creates one, with one set of images (ADR 090)", async () => {
    const keyOf = async (path: string) => /name="formKey" value="([0-9a-f]{32})"/.exec(await (await get(path, admin.cookie)).text())?.[1];
    const key = await keyOf(`${PAGE}?new`);
    expect(key, "the new craft's form carries a key").toBeDefined();
    expect(await keyOf(`${PAGE}?new`)).not.toBe(key);
    const name = `Twice ${crypto.randomUUID().slice(0, 8)}`;
    const fields = (formKey?: string): [string, Part][] => [
      ...baseCraft(name),
      ["ingameFile", { bytes: PIXEL_PNG, name: "shot.png", type: "image/png" }],
      ...(formKey ? [["formKey", formKey] as [string, Part]] : []),
    ];
    expect((await postForm(PAGE, fields(key), admin.cookie)).headers.get("Location")).toBe(`${PAGE}?notice=saved`);
    const before = await state();
    const second = await postForm(PAGE, fields(key), admin.cookie);
    expect(second.status).toBe(302);
    expect(second.headers.get("Location")).toBe(`${PAGE}?notice=already-created`);
    expect(await state(), "no craft, sticker or image more").toEqual(before);
    expect(await (await get(`${PAGE}?notice=already-created`, admin.cookie)).text()).toContain("This form was sent twice: the sticker craft was created once.");
    const craft = (await craftByName(name))!;
    expect(await keyOf(`${PAGE}?edit=${craft.id}`), "an edit's form has none").toBeUndefined();
    // Without a key: a craft more.
    expect((await postForm(PAGE, fields(), admin.cookie)).headers.get("Location")).toBe(`${PAGE}?notice=saved`);
    expect((await state()).crafts).toBe(before.crafts + 1);
  });

  it("creates a craft with an in-game image, serves the image back, re-saves stickers, deletes it all", async () => {
    const name = `Uploaded ${crypto.randomUUID().slice(0, 8)}`;
    const created = await postForm(
      PAGE,
      [
        ...baseCraft(name),
        ["ingameFile", { bytes: PIXEL_PNG, name: "shot.png", type: "image/png" }],
        ["placementFile", { bytes: webp(800, 600), name: "guide.webp", type: "image/webp" }],
        ["stickers[0].name", "Crown (Foil)"],
        ["stickers[0].price", "12.50"],
        ["stickers[0].link", "https://steamcommunity.com/market/"],
        ["stickers[0].image", "https://cdn.cstrike.app/images/crown.webp"],
        ["stickers[2].name", "Typed sticker"],
        ["stickers[2].file", { bytes: jpeg(64, 64), name: "s.jpg", type: "image/jpeg" }],
        ["stickers[3].name", ""],
        ["stickers[3].price", "3"],
      ],
      admin.cookie,
    );
    expect(created.status).toBe(302);
    expect(created.headers.get("Location")).toBe(`${PAGE}?notice=saved`);
    expect(await (await get(`${PAGE}?notice=saved`, admin.cookie)).text()).toContain("Sticker craft saved successfully!");

    const craft = (await craftByName(name))!;
    const adminRow = await env.DB.prepare("SELECT id FROM users WHERE email = 'admin@integration.test'").first<{ id: string }>();
    expect(craft.created_by).toBe(adminRow!.id);
    expect(craft.ingame_image).toMatch(new RegExp(`^/images/${craft.id}/ingame-([a-z0-9]+)\\.png\\?v=\\1$`));
    expect(craft.placement_image).toMatch(new RegExp(`^/images/${craft.id}/placement-[a-z0-9]+\\.webp\\?v=`));
    const stickers = await stickersOf(craft.id);
    expect(stickers.map((s) => [s.position, s.name, s.price_cents])).toEqual([
      [1, "Crown (Foil)", 1250],
      [3, "Typed sticker", null],
    ]);
    expect(stickers[1]!.image).toMatch(new RegExp(`^/images/${craft.id}/stickers/3-[a-z0-9]+\\.jpg\\?v=`));
    expect((await env.IMAGES.list({ prefix: `${craft.id}/` })).objects.map((o) => o.key).sort()).toEqual(
      [craft.ingame_image!, craft.placement_image!, stickers[1]!.image!].map((url) => url.slice("/images/".length).split("?")[0]).sort(),
    );

    // Served back with the stored type, nosniff and a long cache lifetime.
    const image = await get(craft.ingame_image!);
    expect(image.status).toBe(200);
    expect(image.headers.get("Content-Type")).toBe("image/png");
    expect(image.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(image.headers.get("Cache-Control")).toMatch(/max-age=31536000/);
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(PIXEL_PNG);

    // Public pages show it.
    expect(await (await get("/sticker-crafts")).text()).toContain(craft.ingame_image!.replace(/&/g, "&amp;"));
    expect(await (await get(`/sticker-crafts/${craft.id}`)).text()).toContain(name);

    // Re-save: new stickers replace the old ones; a new in-game image replaces the old object.
    const resaved = await postForm(
      PAGE,
      [
        ["intent", "save"],
        ["id", String(craft.id)],
        ["version", String(craft.version)],
        ["name", `${name} v2`],
        ["skinId", "awp-asiimov"],
        ["ingameFile", { bytes: jpeg(100, 50), name: "new.jpg", type: "image/jpeg" }],
        ["removePlacement", "on"],
        ["stickers[1].name", "Only sticker"],
        ["stickers[1].price", "0.99"],
      ],
      admin.cookie,
    );
    expect(resaved.status).toBe(302);
    const edited = (await craftByName(`${name} v2`))!;
    expect(edited.id).toBe(craft.id);
    expect(edited.version).toBe(craft.version + 1);
    expect(edited.updated_at).toBeGreaterThanOrEqual(craft.updated_at);
    expect(edited.ingame_image).toMatch(/ingame-[a-z0-9]+\.jpg\?v=/);
    expect(edited.placement_image).toBeNull();
    expect((await stickersOf(craft.id)).map((s) => [s.position, s.name, s.price_cents])).toEqual([[2, "Only sticker", 99]]);
    expect((await env.IMAGES.list({ prefix: `${craft.id}/` })).objects.map((o) => o.key)).toEqual([
      edited.ingame_image!.slice("/images/".length).split("?")[0],
    ]);
    expect((await get(craft.ingame_image!)).status).toBe(404);

    // A save from a stale form changes nothing.
    const stale = await postForm(
      PAGE,
      [
        ["intent", "save"],
        ["id", String(craft.id)],
        ["version", String(craft.version)],
        ["name", "Stale"],
        ["skinId", "awp-asiimov"],
        ["stickers[0].name", "Stale sticker"],
      ],
      admin.cookie,
    );
    expect(stale.status).toBe(409);
    expect(await stale.text()).toContain("Error saving sticker craft");
    expect((await craftByName(`${name} v2`))!.version).toBe(edited.version);
    expect((await stickersOf(craft.id)).map((s) => s.name)).toEqual(["Only sticker"]);

    // Delete: the craft, its stickers and its images go.
    const deleted = await post(PAGE, { intent: "delete", id: String(craft.id) }, { cookie: admin.cookie });
    expect(deleted.status).toBe(302);
    expect(deleted.headers.get("Location")).toBe(`${PAGE}?notice=deleted`);
    expect(await (await get(`${PAGE}?notice=deleted`, admin.cookie)).text()).toContain("Sticker craft deleted successfully!");
    expect(await craftByName(`${name} v2`)).toBeNull();
    expect(await stickersOf(craft.id)).toEqual([]);
    expect((await env.IMAGES.list({ prefix: `${craft.id}/` })).objects).toEqual([]);
    expect((await get(`/sticker-crafts/${craft.id}`)).status).toBe(404);

    const again = await post(PAGE, { intent: "delete", id: String(craft.id) }, { cookie: admin.cookie });
    expect(again.status).toBe(404);
    expect(await again.text()).toContain("Error deleting sticker craft");
  });

  it.each([
    [[["name", ""]], "Name is required"],
    [[["skinId", ""]], "Skin is required"],
    [[["skinId", "no-such-skin"]], "Skin is required"],
    [[["externalCraftLink", "javascript:alert(1)"]], "Links must be web addresses"],
    [
      [
        ["stickers[0].name", "X"],
        ["stickers[0].price", "-1"],
      ],
      "Price cannot be negative.",
    ],
    [
      [
        ["stickers[0].name", "X"],
        ["stickers[0].price", "1.234"],
      ],
      "Price takes at most two decimals.",
    ],
    [
      [
        ["stickers[0].name", "X"],
        ["stickers[0].link", "ftp://example.com"],
      ],
      "Links must be web addresses",
    ],
    [
      [
        ["stickers[0].name", "X"],
        ["stickers[0].image", "https://evil.example/x.png"],
      ],
      "Sticker images come from the catalogue or an upload.",
    ],
    [
      [
        ["stickers[0].name", "X"],
        ["stickers[0].image", "/images/1/stickers/1.png?v=a"],
      ],
      "Sticker images come from the catalogue or an upload.",
    ],
  ] as [[string, string][], string][])("refuses %j with %j and saves nothing", async (overrides, message) => {
    const before = await state();
    const fields = new Map(baseCraft());
    for (const [key, value] of overrides) fields.set(key, value);
    const response = await postForm(PAGE, [...fields], admin.cookie);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(message);
    expect(await state()).toEqual(before);
  });

  it("the no-JavaScript pickers return the typed values with results, and a pick fills the slot", async () => {
    const search = await postForm(
      PAGE,
      [
        ["intent", "search-skin"],
        ["name", "Kept name"],
        ["skinQuery", "asiimov awp"],
      ],
      admin.cookie,
    );
    const searchHtml = await search.text();
    expect(search.status).toBe(200);
    expect(searchHtml).toContain('value="Kept name"');
    expect(searchHtml).toContain('value="pick-skin:awp-asiimov"');

    const picked = await postForm(
      PAGE,
      [
        ["intent", "pick-skin:awp-asiimov"],
        ["name", "Kept name"],
      ],
      admin.cookie,
    );
    const pickedHtml = await picked.text();
    expect(pickedHtml).toContain('name="skinId" value="awp-asiimov"');

    const stickerSearch = await postForm(
      PAGE,
      [
        ["intent", "search-sticker:2"],
        ["stickers[1].query", "crown foil"],
      ],
      admin.cookie,
    );
    const stickerHtml = await stickerSearch.text();
    const pick = /value="(pick-sticker:2:\d+)"/.exec(stickerHtml);
    expect(pick).not.toBeNull();
    const filled = await postForm(
      PAGE,
      [
        ["intent", pick![1]!],
        ["name", "Kept name"],
      ],
      admin.cookie,
    );
    const filledHtml = await filled.text();
    expect(filledHtml).toMatch(/name="stickers\[1\]\.name"[^>]*value="Crown[^"]*Foil/);
    expect(filledHtml).toContain('name="stickers[1].image" value="https://cdn.cstrike.app/');
  });

  it("Enter (`apply`, the form's unseen first button) runs the searches whose boxes hold text, keeping what was typed; with none it saves", async () => {
    const before = await state();
    const both = await postForm(
      PAGE,
      [
        ["intent", "apply"],
        ["name", "Kept name"],
        ["skinQuery", "asiimov awp"],
        ["stickers[0].query", ""],
        ["stickers[2].query", "crown foil"],
      ],
      admin.cookie,
    );
    const bothHtml = await both.text();
    expect(both.status).toBe(200);
    // Both searches go to D1 in the batch of one search's.
    const oneSearch = await postForm(
      PAGE,
      [
        ["intent", "search-skin"],
        ["skinQuery", "asiimov awp"],
      ],
      admin.cookie,
    );
    await oneSearch.arrayBuffer();
    expect(both.headers.get("X-D1-Round-Trips")).toBe(oneSearch.headers.get("X-D1-Round-Trips"));
    expect(bothHtml).toContain('value="Kept name"');
    expect(bothHtml).toContain('value="asiimov awp"');
    expect(bothHtml).toContain('value="pick-skin:awp-asiimov"');
    expect(bothHtml).toContain('value="crown foil"');
    expect(bothHtml).toMatch(/value="pick-sticker:3:\d+"/);

    const stickerOnly = await postForm(
      PAGE,
      [
        ["intent", "apply"],
        ["name", "Kept name"],
        ["skinId", "ak-47-redline"],
        ["stickers[1].query", "crown foil"],
      ],
      admin.cookie,
    );
    const stickerHtml = await stickerOnly.text();
    expect(stickerHtml).toMatch(/value="pick-sticker:2:\d+"/);
    expect(stickerHtml).not.toContain('value="pick-skin:');
    expect(stickerHtml).toContain('name="skinId" value="ak-47-redline"');
    expect(await state()).toEqual(before);

    const name = `Saved with Enter ${crypto.randomUUID().slice(0, 8)}`;
    const saved = await postForm(PAGE, [["intent", "apply"], ...baseCraft(name).slice(1), ["skinQuery", ""]], admin.cookie);
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe(`${PAGE}?notice=saved`);
    expect(await craftByName(name)).not.toBeNull();
  });
});

describe("hostile uploads are refused and nothing is stored", () => {
  const svgScript = bytesOf('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(document.cookie)</script></svg>');
  const html = bytesOf("<!doctype html><html><body><script>alert(1)</script></body></html>");
  const big = (bytes: Uint8Array) => concat(bytes.subarray(0, bytes.length - 12), new Uint8Array(6 * 1024 * 1024), bytes.subarray(bytes.length - 12));
  const mp4 = Uint8Array.from([0, 0, 0, 24, ...bytesOf("ftypisom"), 0, 0, 2, 0, ...bytesOf("isomiso2"), 0, 0, 0, 8, ...bytesOf("mdat")]);
  const heic = Uint8Array.from([0, 0, 0, 24, ...bytesOf("ftypheic"), 0, 0, 0, 0, ...bytesOf("mif1heic"), 0, 0, 0, 8, ...bytesOf("mdat")]);

  const ingame = { field: "ingameFile", failure: "Ingame image upload failed: " };
  const placement = { field: "placementFile", failure: "Placement image upload failed: " };
  const sticker = { field: "stickers[0].file", failure: "Sticker 1 image upload failed: " };

  const cases: [string, typeof ingame, Uint8Array, string, string][] = [
    ["SVG with a script", ingame, svgScript, "x.svg", "image/svg+xml"],
    ["SVG named .png", ingame, svgScript, "x.png", "image/png"],
    ["SVG as a placement guide", placement, svgScript, "x.svg", "image/svg+xml"],
    ["SVG as a sticker", sticker, svgScript, "x.svg", "image/svg+xml"],
    ["HTML named .png", ingame, html, "x.png", "image/png"],
    ["HTML named .jpg as a sticker", sticker, html, "x.jpg", "image/jpeg"],
    ["a PNG header on HTML", ingame, concat(PIXEL_PNG.subarray(0, 8), html), "x.png", "image/png"],
    ["a PNG IHDR on HTML", ingame, concat(png(10, 10).subarray(0, 33), html), "x.png", "image/png"],
    ["a JPEG header on HTML", placement, concat([0xff, 0xd8, 0xff, 0xe0], html), "x.jpg", "image/jpeg"],
    ["a RIFF/WEBP header on HTML", ingame, concat(bytesOf("RIFF\x10\x00\x00\x00WEBP"), html), "x.webp", "image/webp"],
    ["zero bytes", ingame, new Uint8Array(0), "empty.png", "image/png"],
    ["zero bytes as a sticker", sticker, new Uint8Array(0), "empty.png", "image/png"],
    ["6 MB PNG", ingame, big(png(100, 100)), "big.png", "image/png"],
    ["6 MB JPEG as a placement guide", placement, big(jpeg(100, 100)), "big.jpg", "image/jpeg"],
    ["a truncated PNG", ingame, PIXEL_PNG.subarray(0, PIXEL_PNG.length - 10), "cut.png", "image/png"],
    ["a PNG cut after its header", ingame, png(10, 10).subarray(0, 33), "cut.png", "image/png"],
    ["a truncated JPEG", ingame, jpeg(100, 100).subarray(0, 20), "cut.jpg", "image/jpeg"],
    ["a truncated WebP", ingame, webp(100, 100).subarray(0, 26), "cut.webp", "image/webp"],
    ["an AVIF without image data", ingame, avif(100, 100).subarray(0, 80), "cut.avif", "image/avif"],
    ["huge declared PNG dimensions", ingame, png(100000, 100000), "huge.png", "image/png"],
    ["a PNG 4097 pixels high", ingame, png(10, 4097), "tall.png", "image/png"],
    ["huge declared JPEG dimensions", placement, jpeg(65000, 65000), "huge.jpg", "image/jpeg"],
    ["huge declared WebP dimensions", sticker, webp(16000, 16000), "huge.webp", "image/webp"],
    ["huge declared AVIF dimensions", ingame, avif(50000, 50000), "huge.avif", "image/avif"],
    ["a PNG of 0 x 0", ingame, png(0, 0), "zero.png", "image/png"],
    ["a GIF named .png", ingame, bytesOf("GIF89a\x01\x00\x01\x00\x00\x00\x00;"), "x.png", "image/png"],
    ["a GIF named .gif", ingame, bytesOf("GIF89a\x01\x00\x01\x00\x00\x00\x00;"), "x.gif", "image/gif"],
    ["a BMP", ingame, concat(bytesOf("BM"), new Uint8Array(60)), "x.bmp", "image/bmp"],
    ["a TIFF", ingame, concat([0x49, 0x49, 0x2a, 0], new Uint8Array(60)), "x.tiff", "image/tiff"],
    ["an ICO named .png", ingame, concat([0, 0, 1, 0, 1, 0], new Uint8Array(60)), "x.png", "image/png"],
    ["a PDF named .jpg", ingame, bytesOf("%PDF-1.7\n1 0 obj<<>>endobj\n%%EOF"), "x.jpg", "image/jpeg"],
    ["a ZIP named .webp", ingame, concat(bytesOf("PK\x03\x04"), new Uint8Array(40)), "x.webp", "image/webp"],
    ["JavaScript named .avif", ingame, bytesOf("alert(document.cookie)"), "x.avif", "image/avif"],
    ["an MP4 named .avif", ingame, mp4, "x.avif", "image/avif"],
    ["a HEIC named .avif", ingame, heic, "x.avif", "image/avif"],
    ["a RIFF WAVE named .webp", ingame, concat(bytesOf("RIFF\x24\x00\x00\x00WAVEfmt "), new Uint8Array(28)), "x.webp", "image/webp"],
    ["an XML file named .png", placement, bytesOf('<?xml version="1.0"?><svg/>'), "x.png", "image/png"],
  ];

  it("has at least 30 cases", () => expect(cases.length).toBeGreaterThanOrEqual(30));

  it.each(cases)("%s", async (_label, target, bytes, filename, type) => {
    const before = await state();
    const parts: [string, Part][] = [...baseCraft(), ["stickers[0].name", "A sticker"], [target.field, { bytes, name: filename, type }]];
    const response = await postForm(PAGE, parts, admin.cookie);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(target.failure);
    expect(await state()).toEqual(before);
  });

  it("a refused upload while editing leaves the craft as it was", async () => {
    const craft = await env.DB.prepare("SELECT id, name, version FROM sticker_crafts WHERE name = 'Asiimov Sci-Fi Set'").first<{
      id: number;
      name: string;
      version: number;
    }>();
    const before = await state();
    const stickersBefore = await stickersOf(craft!.id);
    const response = await postForm(
      PAGE,
      [
        ["intent", "save"],
        ["id", String(craft!.id)],
        ["version", String(craft!.version)],
        ["name", "Renamed"],
        ["skinId", "awp-asiimov"],
        ["ingameFile", { bytes: svgScript, name: "x.png", type: "image/png" }],
      ],
      admin.cookie,
    );
    expect(response.status).toBe(400);
    expect(await state()).toEqual(before);
    expect(await stickersOf(craft!.id)).toEqual(stickersBefore);
    expect((await craftByName("Asiimov Sci-Fi Set"))?.version).toBe(craft!.version);
  });

  it("two files in one field are refused", async () => {
    const before = await state();
    const response = await postForm(
      PAGE,
      [...baseCraft(), ["ingameFile", { bytes: PIXEL_PNG, name: "a.png" }], ["ingameFile", { bytes: PIXEL_PNG, name: "b.png" }]],
      admin.cookie,
    );
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Ingame image upload failed: choose one file.");
    expect(await state()).toEqual(before);
  });

  it("a body over the cap is refused before it is read", async () => {
    const before = await state();
    const huge = new Uint8Array(8 * MAX_IMAGE_BYTES);
    const response = await postForm(PAGE, [...baseCraft(), ["ingameFile", { bytes: huge, name: "a.png", type: "image/png" }]], admin.cookie);
    expect(response.status).toBe(413);
    await response.body?.cancel();
    expect(await state()).toEqual(before);
  });

  it("a body that is not a form answers 415 (refused before Remix)", async () => {
    const response = await fetchWorker(`https://example.com${PAGE}`, {
      method: "POST",
      body: '{"intent":"save"}',
      headers: { Host: "example.com", Cookie: admin.cookie, "Content-Type": "application/json" },
      redirect: "manual",
    });
    expect(response.status).toBe(415);
    await response.body?.cancel();
  });
});

describe("the image route", () => {
  it.each(["/images/1/ingame.svg", "/images/1/ingame.png", "/images/../secret", "/images/1/stickers/9.png", "/images/x"])("%s answers 404", async (path) => {
    const response = await get(path);
    expect(response.status).toBe(404);
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    await response.body?.cancel();
  });

  it("an object at a key outside the layout is never served", async () => {
    await env.IMAGES.put("1/evil.html", "<script>alert(1)</script>", { httpMetadata: { contentType: "text/html" } });
    const response = await get("/images/1/evil.html");
    expect(response.status).toBe(404);
    await response.body?.cancel();
    await env.IMAGES.delete("1/evil.html");
  });
});

describe("a refused field does not come back whole", () => {
  it("a 9 MB name is refused with its message, and the page echoes it cut to its limit", async () => {
    const before = await state();
    const fields = new Map(baseCraft());
    fields.set("name", "n".repeat(9 * 1024 * 1024));
    const response = await postForm(PAGE, [...fields], admin.cookie);
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Names are at most 120 characters.");
    expect(html).toContain(`value="${"n".repeat(120)}"`);
    expect(html).not.toContain("n".repeat(121));
    expect(await state()).toEqual(before);
  });
});
