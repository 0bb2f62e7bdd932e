import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { fetchWorker, signedInAdmin, signedInUser, uniqueIp } from "./helpers";

/** The Worker as deployed: anonymous pages kept for 60 seconds (the other test files switch the cache off). */
const cachedEnv = { ...env, EDGE_CACHE_SECONDS: "60" };

function visit(path: string, headers: Record<string, string> = {}, method = "GET"): Promise<Response> {
  return fetchWorker(`https://example.com${path}`, { method, headers }, cachedEnv);
}

async function read(response: Response) {
  const html = await response.text();
  const headerNonce = /'nonce-([^']+)'/.exec(response.headers.get("Content-Security-Policy") ?? "")?.[1];
  const bodyNonces = new Set([...html.matchAll(/ nonce="([^"]+)"/g)].map((match) => match[1]));
  return {
    status: response.status,
    cache: response.headers.get("X-Cache"),
    trips: response.headers.get("X-D1-Round-Trips"),
    cacheControl: response.headers.get("Cache-Control"),
    vary: response.headers.get("Vary"),
    html,
    headerNonce,
    bodyNonces,
  };
}

/**
 * A URL no other test has asked for, so its first visit is a miss: a random value of a parameter
 * the page reads (part of the key), which the page ignores or searches for.
 */
const fresh = (path: "/search" | "/weapons/AK-47") => `${path}?${path === "/search" ? "q" : "crate"}=${crypto.randomUUID().slice(0, 8)}`;

let user: { cookie: string };
let admin: { cookie: string };
beforeAll(async () => {
  user = await signedInUser("edge-cache");
  admin = await signedInAdmin();
});

describe("the edge cache keeps anonymous pages", () => {
  it("answers the second visit from the cache: no database round trip, the same page, a nonce of its own", async () => {
    const path = fresh("/search");
    const first = await read(await visit(path));
    expect(first).toMatchObject({ status: 200, cache: "MISS", trips: "1", cacheControl: "public, max-age=0, s-maxage=60" });
    const second = await read(await visit(path));
    expect(second).toMatchObject({ status: 200, cache: "HIT", trips: "0", cacheControl: "public, max-age=0, s-maxage=60" });
    // A cache in front keeps a visitor's and a signed-in page apart on the kept copy too.
    expect(first.vary).toBe("Cookie");
    expect(second.vary).toBe("Cookie");
    // Scripts run only with the response's own nonce: the kept page gets a fresh one everywhere.
    expect(second.headerNonce).toBeTruthy();
    expect(second.headerNonce).not.toBe(first.headerNonce);
    expect([...second.bodyNonces]).toEqual([second.headerNonce]);
    expect(second.html.replaceAll(second.headerNonce!, "N")).toBe(first.html.replaceAll(first.headerNonce!, "N"));
  });

  it("keys on the page's own parameters, sorted; others are dropped and do not reach the page", async () => {
    const tag = crypto.randomUUID().slice(0, 8);
    const first = await read(await visit(`/weapons/AK-47?rarity=Covert&sort=price-desc&crate=${tag}`));
    expect(first.cache).toBe("MISS");
    const reordered = await read(await visit(`/weapons/AK-47?utm_source=${tag}&crate=${tag}&sort=price-desc&rarity=Covert`));
    expect(reordered.cache).toBe("HIT");
    expect(reordered.html).not.toContain("utm_source");
    const otherFilter = await read(await visit(`/weapons/AK-47?rarity=Classified&sort=price-desc&crate=${tag}`));
    expect(otherFilter.cache).toBe("MISS");
    // The grid has no pages any more: an old `?page=` link is the page without it.
    const oldPageLink = await read(await visit(`/weapons/AK-47?page=3&rarity=Covert&sort=price-desc&crate=${tag}`));
    expect(oldPageLink.cache).toBe("HIT");
  });

  it("keys every spelling of a page alike: unknown, repeated or default values are the page without them", async () => {
    const tag = crypto.randomUUID().slice(0, 8);
    const first = await read(await visit(`/weapons/AK-47?crate=${tag}&type=stattrak`));
    expect(first.cache).toBe("MISS");
    for (const variant of [
      `/weapons/AK-47?type=stattrak&crate=${tag}&crate=${tag}`,
      `/weapons/AK-47?type=stattrak&type=nonsense&crate=${tag}&sort=rarity`,
      `/weapons/AK-47?crate=%20${tag}&type=stattrak&sort=no-such-sort`,
    ]) {
      expect((await read(await visit(variant))).cache, variant).toBe("HIT");
    }
    const craft = await env.DB.prepare("SELECT min(id) AS id FROM sticker_crafts WHERE status = 'published'").first<{ id: number }>();
    // Another spelling of the same path is answered, but never kept: a purge of the craft would miss it.
    const spelt = await visit(`/sticker-crafts/${[...String(craft!.id)].map((digit) => `%3${digit}`).join("")}`);
    expect(spelt.status).toBe(200);
    expect(spelt.headers.get("X-Cache")).toBe("BYPASS");
    await spelt.arrayBuffer();
  });

  it("keeps one copy per cookie-banner state", async () => {
    const path = fresh("/search");
    const undecided = await read(await visit(path));
    expect(undecided.html).toContain("Accept");
    const accepted = await read(await visit(path, { Cookie: "cookie_consent=1.1" }));
    expect(accepted.cache).toBe("MISS");
    expect((await read(await visit(path, { Cookie: "cookie_consent=1.1" }))).cache).toBe("HIT");
    expect((await read(await visit(path))).cache).toBe("HIT");
  });

  it("keeps a 404 page, but neither other errors nor pages outside the list", async () => {
    const missing = `/skins/no-such-skin-${crypto.randomUUID().slice(0, 8)}`;
    expect((await read(await visit(missing))).cache).toBe("MISS");
    const again = await read(await visit(missing));
    expect(again).toMatchObject({ status: 404, cache: "HIT" });
    for (const path of ["/login", "/contact", "/cookie-settings", "/resell-tracker", "/no/such/page"]) {
      await visit(path);
      expect((await visit(path)).headers.get("X-Cache")).toBe("BYPASS");
    }
  });

  it("never answers a HEAD or a POST from the cache", async () => {
    const path = fresh("/search");
    await (await visit(path)).text();
    expect((await visit(path, {}, "HEAD")).headers.get("X-Cache")).toBe("BYPASS");
    const posted = await visit(path, { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": uniqueIp() }, "POST");
    expect(posted.headers.get("X-Cache")).toBe("BYPASS");
    expect(posted.status).toBeLessThan(500);
  });

  it("says no cache may keep an answer to a post or an error page the edge did not keep (issue 59)", async () => {
    const post = async (path: string, body: string) => {
      const headers = { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": uniqueIp() };
      const response = await fetchWorker(`https://example.com${path}`, { method: "POST", headers, body }, cachedEnv);
      await response.text();
      return { status: response.status, cacheControl: response.headers.get("Cache-Control") };
    };
    // A refused report on a catalogue page, whose loader says `public, s-maxage`.
    expect(await post("/sticker-crafts/1", "intent=report&reason=")).toMatchObject({ cacheControl: "private, no-store" });
    expect(await post("/trade-up", "intent=save")).toMatchObject({ cacheControl: "private, no-store" });
    // A 400 page of the calculator, and a 404 for a URL that is no page's spelling.
    for (const path of ["/trade-up?s1=%ZZ", "/skins/%E0%A4%A", "/trade-up?f1=9"]) {
      const response = await visit(path);
      await response.text();
      if (response.status >= 400) expect(response.headers.get("Cache-Control"), path).toBe("private, no-store");
    }
  });

  it("is off when EDGE_CACHE_SECONDS is 0, and says nothing in production", async () => {
    const path = fresh("/search");
    for (let i = 0; i < 2; i++) {
      const response = await fetchWorker(`https://example.com${path}`, undefined, { ...env, EDGE_CACHE_SECONDS: "0" });
      expect(response.headers.get("X-Cache")).toBe("BYPASS");
      expect(response.headers.get("X-D1-Round-Trips")).toBe("1");
    }
    const production = { ...cachedEnv, ENVIRONMENT: "production" };
    await fetchWorker(`https://example.com${path}`, undefined, production);
    const kept = await fetchWorker(`https://example.com${path}`, undefined, production);
    expect(kept.headers.get("X-Cache")).toBeNull();
    expect(kept.headers.get("X-D1-Round-Trips")).toBeNull();
    expect(kept.headers.get("Cache-Control")).toBe("public, max-age=0, s-maxage=60");
  });
});

describe("signed-in pages never meet the cache", () => {
  it("a signed-in user never gets a kept page, and a visitor never gets a signed-in one", async () => {
    const path = fresh("/weapons/AK-47");
    const visitor = await read(await visit(path));
    expect(visitor.cache).toBe("MISS");
    expect((await read(await visit(path))).cache).toBe("HIT");

    for (const cookie of [user.cookie, admin.cookie]) {
      const signedIn = await read(await visit(path, { Cookie: cookie }));
      expect(signedIn.cache).toBe("BYPASS");
      expect(signedIn.trips).toBe("1");
      expect(signedIn.cacheControl).toBe("private, no-cache");
      expect(signedIn.html).toContain('href="/profile"');
    }

    // A page first asked for by a signed-in user is not kept for the next visitor.
    const other = fresh("/weapons/AK-47");
    const signedInFirst = await read(await visit(other, { Cookie: admin.cookie }));
    expect(signedInFirst.html).toContain('href="/admin"');
    const visitorAfter = await read(await visit(other));
    expect(visitorAfter.cache).toBe("MISS");
    expect(visitorAfter.html).not.toContain('href="/profile"');
    expect(visitorAfter.html).not.toContain('href="/admin"');
  });

  it("a session cookie that is no longer valid still bypasses the cache", async () => {
    const path = fresh("/search");
    await (await visit(path)).text();
    const response = await visit(path, { Cookie: "skinvault_session=forged.value" });
    expect(response.headers.get("X-Cache")).toBe("BYPASS");
    expect(response.status).toBe(200);
  });
});

describe("an admin's change shows at once in this location", () => {
  /** The admin's new official loadout, saved through the Worker with the edge cache on. */
  const saveOfficialLoadout = (title: string) =>
    fetchWorker(
      "https://example.com/admin/loadouts",
      {
        method: "POST",
        body: new URLSearchParams({ intent: "save", title }),
        headers: { Cookie: admin.cookie, Host: "example.com", "CF-Connecting-IP": uniqueIp() },
      },
      cachedEnv,
    );

  it("saving an official loadout drops the kept lists", async () => {
    expect((await visit("/loadouts")).headers.get("X-Cache")).toMatch(/MISS|HIT/);
    expect((await visit("/loadouts")).headers.get("X-Cache")).toBe("HIT");
    const title = `Edge ${crypto.randomUUID().slice(0, 8)}`;
    const saved = await saveOfficialLoadout(title);
    expect(saved.status).toBe(302);
    const after = await read(await visit("/loadouts"));
    expect(after.cache).toBe("MISS");
    expect(after.html).toContain(title);
    const home = await read(await visit("/"));
    expect(home.cache).toBe("MISS");
    expect(home.html).toContain(title);
  });

  it("creating an official loadout drops the kept 404 of its page, whichever side and as data", async () => {
    const next = (await env.DB.prepare("SELECT coalesce(max(id), 0) + 1 AS id FROM official_loadouts").first<{ id: number }>())!.id;
    const pages = [`/loadouts/official/${next}`, `/loadouts/official/${next}?side=ct`, `/loadouts/official/${next}.data`];
    for (const page of pages) {
      await (await visit(page)).text();
      const kept = await read(await visit(page));
      expect(kept.status, page).toBe(404);
      expect(kept.cache, page).toBe("HIT");
    }
    const title = `Edge new ${crypto.randomUUID().slice(0, 8)}`;
    const saved = await saveOfficialLoadout(title);
    expect(saved.status).toBe(302);
    expect((await env.DB.prepare("SELECT title FROM official_loadouts WHERE id = ?").bind(next).first<{ title: string }>())?.title).toBe(title);
    for (const page of pages) {
      const after = await read(await visit(page));
      expect(after.status, page).toBe(200);
      expect(after.cache, page).toBe("MISS");
      expect(after.html, page).toContain(title);
    }
  });
});
