import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { get, post, signedInAdmin, signedInUser } from "./helpers";
import { manifest, urlPath, type ManifestRoute } from "./manifest";

/**
 * One D1 round trip a page, for every GET route of the built manifest (pages and resource routes
 * alike), for a visitor, a signed-in user and an admin. Dynamic segments get real values from the
 * seed (or the user's own objects), so the full page is rendered, not just its 404.
 */
const getRoutes = Object.values(manifest).filter((route) => typeof route.module.loader === "function");

interface Samples {
  officialLoadoutId: number;
  craftId: number;
  userLoadoutId: string;
  trackerId: number;
  shareToken: string;
}

/** A real value for each dynamic segment; a route with a segment not named here fails loudly. */
function sampleFor(route: ManifestRoute, param: string, samples: Samples): string {
  switch (param) {
    case "categoryName":
      return "Rifles";
    case "weaponName":
      return "AK-47";
    case "skinId":
      return "ak-47-redline";
    case "caseSlug":
      return "revolution-case";
    case "collectionSlug":
      return "the-revolution-collection";
    case "stickerId":
      return "1947";
    case "loadoutType":
      return "official";
    case "loadoutId":
      return String(samples.officialLoadoutId);
    case "craftId":
      return String(samples.craftId);
    case "trackerId":
      return String(samples.trackerId);
    case "token":
      return samples.shareToken;
    case "id":
      return route.id.startsWith("routes/admin.") ? String(samples.officialLoadoutId) : samples.userLoadoutId;
    case "*":
      return route.id === "routes/images.$" ? "crafts/no-such-image.webp" : "no-such-page";
    default:
      throw new Error(`${route.id}: no sample value for the segment "${param}"; add one to round-trips.test.ts`);
  }
}

describe("every GET route costs at most one D1 round trip", () => {
  const audiences: Record<string, string | undefined> = { visitor: undefined };
  let samples: Samples;

  beforeAll(async () => {
    const [user, admin] = await Promise.all([signedInUser("round-trips"), signedInAdmin()]);
    audiences.user = user.cookie;
    audiences.admin = admin.cookie;
    // With a budget, so the fill preview makes a whole proposal; shared, so its link has a page.
    const created = await post("/loadouts/new", { title: "Round trips", budget: "100" }, { cookie: user.cookie });
    const userLoadoutId = /\/loadouts\/edit\/([^/?]+)/.exec(created.headers.get("Location") ?? "")?.[1];
    expect((await post(`/loadouts/user/${userLoadoutId}`, { intent: "share-create" }, { cookie: user.cookie })).status).toBe(302);
    expect(
      (await post("/resell-tracker/new", { skinId: "ak-47-redline", wear: "FT", boughtAt: "2026-01-02", buyPrice: "12.34" }, { cookie: user.cookie })).status,
    ).toBe(303);
    const contract = "s1=mag-7-insomnia&f1=0.2&n1=10";
    expect((await post(`/trade-up?${contract}`, { intent: "save", name: "Round trips", contract }, { cookie: user.cookie })).status).toBe(303);
    const [official, craft, tracker, share] = await Promise.all([
      env.DB.prepare("SELECT min(id) AS id FROM official_loadouts").first<{ id: number }>(),
      env.DB.prepare("SELECT min(id) AS id FROM sticker_crafts").first<{ id: number }>(),
      env.DB.prepare("SELECT max(t.id) AS id FROM resell_trackers t JOIN users u ON u.id = t.user_id WHERE u.email = ?")
        .bind(user.email)
        .first<{ id: number }>(),
      env.DB.prepare("SELECT token FROM loadout_shares WHERE loadout_id = ?").bind(Number(userLoadoutId)).first<{ token: string }>(),
    ]);
    if (!userLoadoutId || !official?.id || !craft?.id || !tracker?.id || !share?.token) throw new Error("the samples could not be made");
    samples = { officialLoadoutId: official.id, craftId: craft.id, userLoadoutId, trackerId: tracker.id, shareToken: share.token };
  });

  it("finds the routes with a loader in the build", () => {
    expect(getRoutes.length).toBeGreaterThan(20);
  });

  it.each(["favorites", "loadouts", "resell", "crafts", "trade-ups"])("the profile's %s tab, signed in", async (tab) => {
    const response = await get(`/profile?tab=${tab}`, audiences.user);
    await response.arrayBuffer();
    expect(response.status).toBe(200);
    expect(response.headers.get("X-D1-Round-Trips")).toBe("1");
  });

  it.each(getRoutes.map((route) => [route.id, route] as const))("%s", async (_id, route) => {
    const path = urlPath(route, (param) => sampleFor(route, param, samples)).replace(/\?index$/, "");
    for (const [audience, cookie] of Object.entries(audiences)) {
      const response = await get(path, cookie);
      await response.arrayBuffer();
      // /500 is the server-error page itself, answered with its own status; nothing else may fail.
      if (path === "/500") expect(response.status).toBe(500);
      else expect(response.status, `${audience} ${path}`).toBeLessThan(500);
      expect(response.headers.get("X-D1-Round-Trips"), `${audience} ${path} (${response.status})`).toMatch(/^[01]$/);
    }
  });

  // Walked here for the samples: a page's Cache-Control is the Worker's when its route says none (docs/features/edge-cache.md).
  describe("a signed-in answer, as a page and as its data, is the visitor's own: private, never public", () => {
    const pageRoutes = Object.values(manifest).filter((route) => typeof route.module.default === "function");
    /** The data a client-side navigation fetches for the page (every loader of it). */
    const dataPath = (path: string) => {
      const [pathname, search] = path.split("?");
      return `${pathname === "/" ? "/_root" : pathname}.data${search === undefined ? "" : `?${search}`}`;
    };

    it.each(pageRoutes.map((route) => [route.id, route] as const))("%s", async (_id, route) => {
      const path = urlPath(route, (param) => sampleFor(route, param, samples)).replace(/\?index$/, "");
      for (const audience of ["user", "admin"]) {
        for (const asked of [path, dataPath(path)]) {
          const response = await get(asked, audiences[audience]);
          await response.arrayBuffer();
          const cacheControl = response.headers.get("Cache-Control") ?? "";
          expect(cacheControl, `${audience} ${asked} (${response.status})`).toMatch(/\bprivate\b/);
          expect(cacheControl, `${audience} ${asked} (${response.status})`).not.toMatch(/\bpublic\b/);
        }
      }
    });

    it.each(["favorites", "loadouts", "resell", "crafts", "trade-ups"])("the profile's %s tab", async (tab) => {
      for (const asked of [`/profile?tab=${tab}`, `/profile.data?tab=${tab}`]) {
        const response = await get(asked, audiences.user);
        await response.arrayBuffer();
        expect(response.headers.get("Cache-Control"), asked).toBe("private, no-cache");
      }
    });
  });
});
