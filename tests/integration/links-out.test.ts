import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { LINK_REFUSED, LINK_RULE } from "~/domain/external-links";
import { PIXEL_PNG } from "../fixtures/images";
import { get, postMultipart, signedInAdmin } from "./helpers";

const PAGE = "/admin/sticker-crafts";
const CRAFT_LINK = "https://steamcommunity.com/sharedfiles/filedetails/?id=42";
const STICKER_LINK = "https://steamcommunity.com/market/listings/730/Sticker%20%7C%20Crown";

let admin: { cookie: string };
beforeAll(async () => {
  admin = await signedInAdmin();
});

const leavingHref = (link: string) => `/leaving?to=${encodeURIComponent(link)}`.replace(/&/g, "&amp;");

async function saveCraft(name: string, craftLink: string, stickerLink: string): Promise<Response> {
  return postMultipart(
    PAGE,
    [
      ["intent", "save"],
      ["name", name],
      ["skinId", "ak-47-redline"],
      ["externalCraftLink", craftLink],
      ["ingameFile", { bytes: PIXEL_PNG, name: "a.png", type: "image/png" }],
      ["stickers[0].name", "Crown (Foil)"],
      ["stickers[0].link", stickerLink],
    ],
    admin.cookie,
  );
}

describe("links out go through the leaving page", () => {
  it("a craft's link and its stickers' links point to the leaving page, which names the host and only links onward", async () => {
    const name = `Linked ${crypto.randomUUID().slice(0, 8)}`;
    expect((await saveCraft(name, CRAFT_LINK, STICKER_LINK)).status).toBe(302);
    const craft = await env.DB.prepare("SELECT id FROM sticker_crafts WHERE name = ?").bind(name).first<{ id: number }>();
    const html = await (await get(`/sticker-crafts/${craft!.id}`)).text();
    expect(html).toContain(`href="${leavingHref(CRAFT_LINK)}"`);
    expect(html).toContain(`href="${leavingHref(STICKER_LINK)}"`);
    expect(html).toContain("The craft on <!-- -->steamcommunity.com");
    // No link of the page leaves the site directly.
    expect(html).not.toContain(`href="${CRAFT_LINK.replace(/&/g, "&amp;")}"`);
    expect(html).not.toContain('href="https://steamcommunity.com');

    const leaving = await get(`/leaving?to=${encodeURIComponent(CRAFT_LINK)}`);
    expect(leaving.status).toBe(200);
    expect(leaving.headers.get("Location")).toBeNull();
    const page = await leaving.text();
    expect(page).not.toMatch(/http-equiv="refresh"/i);
    expect(page).toContain("<strong");
    expect(page).toMatch(/goes to <strong[^>]*>steamcommunity\.com<\/strong>/);
    const onward = /<a href="([^"]+)" rel="([^"]+)" referrerPolicy="no-referrer"[^>]*>Continue to/i.exec(page);
    expect(onward?.[1]).toBe(CRAFT_LINK.replace(/&/g, "&amp;"));
    expect(onward?.[2]?.split(" ")).toEqual(expect.arrayContaining(["nofollow", "ugc", "noopener"]));
  });

  it("the admin's form refuses a link with credentials or without https, and the leaving page refuses such a link too", async () => {
    const name = `Phishing ${crypto.randomUUID().slice(0, 8)}`;
    const refused = await saveCraft(name, "https://steamcommunity.com@evil.example/", "http://steamcommunity.com/market/");
    expect(refused.status).toBe(400);
    const html = await refused.text();
    // Both fields say why (each error is shown by its field).
    expect(html.split(LINK_RULE).length - 1).toBeGreaterThanOrEqual(2);
    expect(await env.DB.prepare("SELECT id FROM sticker_crafts WHERE name = ?").bind(name).first()).toBeNull();

    for (const to of ["https://steamcommunity.com@evil.example/", "http://example.com/", "javascript:alert(1)", "/profile", ""]) {
      const leaving = await get(`/leaving?to=${encodeURIComponent(to)}`);
      expect(leaving.status, to).toBe(400);
      const page = await leaving.text();
      expect(page).toContain(LINK_REFUSED);
      expect(page).not.toMatch(/<a [^>]*href="[a-z]+:[^"]*evil\.example/);
    }
    const twice = await get(`/leaving?to=${encodeURIComponent(CRAFT_LINK)}&to=${encodeURIComponent("https://evil.example/")}`);
    expect(twice.status).toBe(400);
    await twice.arrayBuffer();
  });

  it("a stored link that is no longer accepted shows no link, and the leaving page refuses it", async () => {
    const name = `Old link ${crypto.randomUUID().slice(0, 8)}`;
    expect((await saveCraft(name, CRAFT_LINK, STICKER_LINK)).status).toBe(302);
    const craft = await env.DB.prepare("SELECT id FROM sticker_crafts WHERE name = ?").bind(name).first<{ id: number }>();
    const old = "https://steamcommunity.com@evil.example/login";
    await env.DB.batch([
      env.DB.prepare("UPDATE sticker_crafts SET external_craft_link = ? WHERE id = ?").bind(old, craft!.id),
      env.DB.prepare("UPDATE sticker_craft_stickers SET external_link = 'http://example.com/' WHERE craft_id = ?").bind(craft!.id),
    ]);
    const html = await (await get(`/sticker-crafts/${craft!.id}`)).text();
    expect(html).not.toContain("/leaving?");
    expect(html).not.toMatch(/<a [^>]*href="[^"]*(evil\.example|http:\/\/example\.com)/);
    expect(html).not.toContain("The craft on");
    const leaving = await get(`/leaving?to=${encodeURIComponent(old)}`);
    expect(leaving.status).toBe(400);
    await leaving.arrayBuffer();
  });
});
