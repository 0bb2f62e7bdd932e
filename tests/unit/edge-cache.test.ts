import { describe, expect, it } from "vitest";
import {
  edgeCacheKeysFor,
  edgeCacheSeconds,
  isStorable,
  normalisedSearch,
  officialLoadoutPages,
  planEdgeCache,
  sharedLoadoutPages,
  type EdgeCacheRequest,
} from "~/server/http/edge-cache-plan.server";

const request = (url: string, overrides: Partial<EdgeCacheRequest> = {}): EdgeCacheRequest => ({
  method: "GET",
  url: new URL(url),
  signedIn: false,
  consent: null,
  buildVersion: "abc123",
  seconds: 60,
  ...overrides,
});

describe("which requests the edge keeps", () => {
  it("keeps anonymous GETs of the listed pages under a key of build, banner state and normalised URL", () => {
    expect(planEdgeCache(request("https://skinvault.example/weapons/AK-47?utm_source=x&sort=price-desc&rarity=Covert"))).toEqual({
      cache: true,
      url: "https://skinvault.example/weapons/AK-47?rarity=Covert&sort=price-desc",
      key: "https://skinvault.example/__edge-cache/abc123/none/weapons/AK-47?rarity=Covert&sort=price-desc",
    });
    const accepted = planEdgeCache(request("https://skinvault.example/", { consent: { accepted: true, enabled: false } }));
    expect(accepted).toMatchObject({ cache: true, key: "https://skinvault.example/__edge-cache/abc123/1.0/" });
  });

  it("never keeps a signed-in request, a non-GET, an unlisted page, an overlong URL, or anything when switched off", () => {
    for (const plan of [
      planEdgeCache(request("https://s.example/search?q=ak", { signedIn: true })),
      planEdgeCache(request("https://s.example/search?q=ak", { method: "HEAD" })),
      planEdgeCache(request("https://s.example/search?q=ak", { method: "POST" })),
      planEdgeCache(request("https://s.example/profile")),
      planEdgeCache(request("https://s.example/loadouts/user/abc")),
      planEdgeCache(request("https://s.example/admin/loadouts")),
      planEdgeCache(request(`https://s.example/search?q=${"a".repeat(3000)}`)),
      planEdgeCache(request("https://s.example/search?q=ak", { seconds: 0 })),
    ]) {
      expect(plan).toEqual({ cache: false });
    }
  });

  it("normalises parameters: known ones only, each pair once, empty ones dropped, sorted, encoded", () => {
    const params = new URLSearchParams("type=stattrak&rarity=Mil-Spec Grade&type=stattrak&crate=&fbclid=1&rarity=Covert");
    expect(normalisedSearch("/weapons/M4A4", params)).toBe("?rarity=Covert&rarity=Mil-Spec+Grade&type=stattrak");
    // The weapon grid shows every skin: an old `?page=` link is the same page as without it.
    expect(normalisedSearch("/weapons/M4A4", new URLSearchParams("page=2&sort=price-asc"))).toBe("?sort=price-asc");
    expect(normalisedSearch("/", new URLSearchParams("q=ak"))).toBe("");
    expect(normalisedSearch("/privacy-policy", new URLSearchParams("lang=de&x=1"))).toBe("?lang=de");
    // The skin page's price history reads its range and wear from the URL.
    expect(normalisedSearch("/skins/ak-47-redline", new URLSearchParams("wear=FT&utm_source=x&range=90"))).toBe("?range=90&wear=FT");
    expect(normalisedSearch("/login", new URLSearchParams())).toBeNull();
  });

  it("stores only 200s and 404s that set no cookie and were not marked personal", () => {
    expect(isStorable({ status: 200, cacheControl: "public, max-age=0, s-maxage=60", setsCookie: false })).toBe(true);
    expect(isStorable({ status: 404, cacheControl: null, setsCookie: false })).toBe(true);
    expect(isStorable({ status: 500, cacheControl: null, setsCookie: false })).toBe(false);
    expect(isStorable({ status: 302, cacheControl: null, setsCookie: false })).toBe(false);
    expect(isStorable({ status: 200, cacheControl: null, setsCookie: true })).toBe(false);
    expect(isStorable({ status: 200, cacheControl: "private, no-cache", setsCookie: false })).toBe(false);
    expect(isStorable({ status: 200, cacheControl: "no-store", setsCookie: false })).toBe(false);
  });

  it("reads EDGE_CACHE_SECONDS: 60 by default, 0 switches off, at most an hour", () => {
    expect(edgeCacheSeconds(undefined)).toBe(60);
    expect(edgeCacheSeconds("")).toBe(60);
    expect(edgeCacheSeconds("0")).toBe(0);
    expect(edgeCacheSeconds("15")).toBe(15);
    expect(edgeCacheSeconds("86400")).toBe(3600);
    expect(edgeCacheSeconds("-5")).toBe(60);
    expect(edgeCacheSeconds("1.5")).toBe(60);
  });

  it("purges every banner state of a changed page", () => {
    const keys = edgeCacheKeysFor("https://s.example", "v1", officialLoadoutPages(3));
    expect(keys).toHaveLength(8 * 5);
    expect(keys).toContain("https://s.example/__edge-cache/v1/none/loadouts/official/3?side=ct");
    // A client-side navigation's data is kept too, so a change drops it as well.
    expect(keys).toContain("https://s.example/__edge-cache/v1/none/loadouts/official/3.data?side=t");
    expect(keys).toContain("https://s.example/__edge-cache/v1/0.0/");
  });

  it("keeps a shared loadout's page by its side, and a revoke purges both sides as page and as data", () => {
    const token = "A".repeat(32);
    expect(normalisedSearch(`/loadouts/shared/${token}`, new URLSearchParams("side=ct&utm_source=chat"))).toBe("?side=ct");
    // One spelling per side, as the page reads it (the first `side`; anything but `ct` is T), so
    // purging the canonical URLs reaches every variant.
    const variants: [string, string][] = [
      ["", ""],
      ["side=t", ""],
      ["side=xyz", ""],
      ["side=CT", ""],
      ["side=", ""],
      ["side=t&side=ct", ""],
      ["side=ct&side=t", "?side=ct"],
      ["side=ct&side=ct", "?side=ct"],
      ["utm_source=chat&side=ct", "?side=ct"],
    ];
    for (const [search, canonical] of variants) {
      expect(normalisedSearch(`/loadouts/shared/${token}`, new URLSearchParams(search)), search).toBe(canonical);
      expect(normalisedSearch(`/loadouts/shared/${token}.data`, new URLSearchParams(search)), search).toBe(canonical);
    }
    expect(sharedLoadoutPages(token)).toEqual([
      `/loadouts/shared/${token}`,
      `/loadouts/shared/${token}?side=ct`,
      `/loadouts/shared/${token}?side=t`,
      `/loadouts/shared/${token}.data`,
      `/loadouts/shared/${token}.data?side=ct`,
      `/loadouts/shared/${token}.data?side=t`,
    ]);
  });
});
