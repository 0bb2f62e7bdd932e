import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  edgeCacheKeysFor,
  edgeCacheKey,
  edgeCacheSeconds,
  isStorable,
  normalisedSearch,
  officialLoadoutPages,
  planEdgeCache,
  sharedLoadoutPages,
  stickerCraftPages,
  type EdgeCacheRequest,
} from "~/server/http/edge-cache-plan.server";

const request = (url: string, overrides: Partial<EdgeCacheRequest> = {}): EdgeCacheRequest => ({
  method: "GET",
  url: new URL(url),
  signedIn: false,
  consent: null,
  currency: "USD",
  buildVersion: "abc123",
  seconds: 60,
  ...overrides,
});

describe("which requests the edge keeps", () => {
  it("keeps anonymous GETs of the listed pages under a key of build, banner state and normalised URL", () => {
    expect(planEdgeCache(request("https://skinvault.example/weapons/AK-47?utm_source=x&sort=price-desc&rarity=Covert"))).toEqual({
      cache: true,
      url: "https://skinvault.example/weapons/AK-47?rarity=Covert&sort=price-desc",
      key: "https://skinvault.example/__edge-cache/abc123/none/USD/weapons/AK-47?rarity=Covert&sort=price-desc",
    });
    const accepted = planEdgeCache(request("https://skinvault.example/", { consent: { accepted: true, enabled: false } }));
    expect(accepted).toMatchObject({ cache: true, key: "https://skinvault.example/__edge-cache/abc123/1.0/USD/" });
    // Each currency's page is kept under its own key: one visitor's euros are never served for another's dollars.
    expect(planEdgeCache(request("https://skinvault.example/skins/ak-47-redline", { currency: "EUR" }))).toMatchObject({
      cache: true,
      key: "https://skinvault.example/__edge-cache/abc123/none/EUR/skins/ak-47-redline",
    });
  });

  it("never keeps a signed-in request, a non-GET, an unlisted page, an overlong URL, or anything when switched off", () => {
    for (const plan of [
      planEdgeCache(request("https://s.example/search?q=ak", { signedIn: true })),
      planEdgeCache(request("https://s.example/search?q=ak", { method: "HEAD" })),
      planEdgeCache(request("https://s.example/search?q=ak", { method: "POST" })),
      planEdgeCache(request("https://s.example/profile")),
      planEdgeCache(request("https://s.example/loadouts/user/abc")),
      planEdgeCache(request("https://s.example/admin/loadouts")),
    ]) {
      expect(plan).toEqual({ cache: false });
    }
    // Not kept, but still rendered for what the page reads: nothing else of the URL reaches it.
    expect(planEdgeCache(request(`https://s.example/search?q=${"a".repeat(3000)}&x=${"y".repeat(3000)}`))).toEqual({
      cache: false,
      url: `https://s.example/search?q=${"a".repeat(100)}`,
    });
    expect(planEdgeCache(request("https://s.example/search?q=ak&utm=1", { seconds: 0 }))).toEqual({ cache: false, url: "https://s.example/search?q=ak" });
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
    // The market table's variant is part of the key; normal (or anything else) is the default.
    expect(normalisedSearch("/skins/ak-47-redline", new URLSearchParams("variant=stattrak&wear=FT"))).toBe("?variant=stattrak&wear=FT");
    expect(normalisedSearch("/skins/ak-47-redline", new URLSearchParams("variant=normal&wear=FT"))).toBe("?wear=FT");
    // The grid's market is part of the key (the default, the cheapest listing, is no parameter).
    expect(normalisedSearch("/weapons/AK-47", new URLSearchParams("market=steam"))).toBe("?market=steam");
    expect(normalisedSearch("/weapons/AK-47", new URLSearchParams("market=cheapest"))).toBe("");
    expect(normalisedSearch("/weapons/AK-47", new URLSearchParams("market=nowhere"))).toBe("");
    expect(normalisedSearch("/cases", new URLSearchParams("market=buff163"))).toBe("?market=buff163");
    expect(normalisedSearch("/search", new URLSearchParams("q=redline&market=steam"))).toBe("?market=steam&q=redline");
    expect(normalisedSearch("/search", new URLSearchParams("q=redline&market=nowhere"))).toBe("?q=redline");
    expect(normalisedSearch("/trade-up", new URLSearchParams("s1=mag-7-insomnia&f1=0.2&n1=10&market=csfloat"))).toBe(
      "?f1=0.2&market=csfloat&n1=10&s1=mag-7-insomnia",
    );
    expect(normalisedSearch("/trade-up", new URLSearchParams("s1=mag-7-insomnia&f1=0.2&n1=10&market=cheapest"))).toBe("?f1=0.2&n1=10&s1=mag-7-insomnia");
    expect(normalisedSearch("/login", new URLSearchParams())).toBeNull();
    // The trade-up page's note of a skin it could not add, in its known spellings only.
    expect(normalisedSearch("/trade-up", new URLSearchParams("s1=mag-7-insomnia&n1=10&notice=row-full&utm=1"))).toBe(
      "?n1=10&notice=row-full&s1=mag-7-insomnia",
    );
    expect(normalisedSearch("/trade-up", new URLSearchParams("s1=mag-7-insomnia&n1=10&notice=toString"))).toBe("?n1=10&s1=mag-7-insomnia");
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
    expect(keys).toHaveLength(8 * 5 * 6);
    expect(keys).toContain("https://s.example/__edge-cache/v1/none/USD/loadouts/official/3?side=ct");
    // A client-side navigation's data is kept too, so a change drops it as well.
    expect(keys).toContain("https://s.example/__edge-cache/v1/none/EUR/loadouts/official/3.data?side=t");
    expect(keys).toContain("https://s.example/__edge-cache/v1/0.0/GBP/");
    // A loadout or a craft on another market than the default is not kept, so its purge needs no more keys.
    expect(normalisedSearch("/loadouts/official/3", new URLSearchParams("market=steam&side=ct"))).toBeNull();
    expect(normalisedSearch("/loadouts/official/3", new URLSearchParams("market=cheapest&side=ct"))).toBe("?side=ct");
    expect(normalisedSearch("/sticker-crafts/7", new URLSearchParams("market=buff163"))).toBeNull();
    expect(normalisedSearch("/sticker-crafts", new URLSearchParams("market=csfloat&kind=community"))).toBeNull();
    expect(normalisedSearch("/search", new URLSearchParams("q=redline&market=steam"))).toBe("?market=steam&q=redline");
    expect(normalisedSearch(`/loadouts/shared/${"A".repeat(32)}`, new URLSearchParams("market=steam"))).toBeNull();
    // A sticker's price history on one market likewise (a craft's change purges its stickers' pages).
    expect(normalisedSearch("/stickers/1947", new URLSearchParams("range=7&market=steam"))).toBeNull();
    expect(normalisedSearch("/stickers/1947", new URLSearchParams("range=7&market=cheapest"))).toBe("?range=7");
    // A skin's price history and a case's page, which no change purges, keep a page per market.
    expect(normalisedSearch("/skins/ak-47-redline", new URLSearchParams("market=csfloat&wear=FT&range=90"))).toBe("?market=csfloat&range=90&wear=FT");
    expect(normalisedSearch("/cases/revolution-case", new URLSearchParams("market=buff163&utm_source=x"))).toBe("?market=buff163");
    expect(normalisedSearch("/collections/the-revolution-collection", new URLSearchParams("market=steam"))).toBe("");
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

describe("one key for every spelling of a page", () => {
  const token = "B".repeat(32);
  const search = (path: string, query: string) => normalisedSearch(path, new URLSearchParams(query));

  it("keeps of each parameter only what the page reads, in one spelling", () => {
    for (const query of ["", "side=t", "side=xyz", "side=CT", "side=", "side=t&side=ct", "side=xyz&side=ct", "utm_source=x"]) {
      expect(search(`/loadouts/shared/${token}`, query), query).toBe("");
      expect(search("/loadouts/official/3", query), query).toBe("");
    }
    for (const query of ["side=ct", "side=ct&side=t", "side=ct&side=ct", "side=ct&utm=1"])
      expect(search("/loadouts/official/3", query), query).toBe("?side=ct");
    expect(search("/sticker-crafts", "kind=Community")).toBe("");
    expect(search("/sticker-crafts", "kind=all")).toBe("");
    expect(search("/sticker-crafts", "kind=community&kind=official")).toBe("?kind=community");
    expect(search("/privacy-policy", "lang=en")).toBe("");
    expect(search("/privacy-policy", "lang=de&lang=de")).toBe("?lang=de");
    expect(search("/skins/ak-47-redline", "range=30&wear=ft")).toBe("");
    expect(search("/skins/ak-47-redline", "range=7&range=90&wear=FT&wear=MW")).toBe("?range=7&wear=FT");
    expect(search("/weapons/AK-47", "sort=rarity&type=bogus&type=stattrak&type=stattrak&rarity=%20Covert%20&rarity=Covert")).toBe(
      "?rarity=Covert&type=stattrak",
    );
    expect(search("/weapons/AK-47", "sort=nonsense")).toBe("");
    expect(search("/search", "q=ak%2047&q=awp")).toBe("?q=ak+47");
    expect(search("/search", `q=${"a".repeat(150)}`)).toBe(`?q=${"a".repeat(100)}`);
  });

  it("answers without the cache what the page shows as its own, and paths not spelt as the product links them", () => {
    // A legal page says it has no text in that language.
    expect(search("/privacy-policy", "lang=fr")).toBeNull();
    // `%31` is craft 1 to the router, but a purge of /sticker-crafts/1 would not reach it.
    expect(search("/sticker-crafts/%31", "")).toBeNull();
    expect(search("/loadouts/official/%33", "")).toBeNull();
    expect(search("/weapons/AK%2D47", "")).toBeNull();
    expect(search("/weapons/%E0%A4%A", "")).toBeNull();
    expect(search("/weapons/Desert%20Eagle", "")).toBe("");
  });

  it("reaches every kept variant of a share link, a loadout and a craft with the purge of its pages", () => {
    const side = fc.oneof(fc.constantFrom("t", "ct", "T", "CT", "", "xyz", "ct "), fc.string());
    const query = fc.array(
      fc.tuple(
        fc.constantFrom("side", "kind", "utm_source", "_routes", "lang", "range", "market"),
        fc.oneof(side, fc.constantFrom("7", "30", "90", "steam", "buff163", "cheapest")),
      ),
      {
        maxLength: 6,
      },
    );
    fc.assert(
      fc.property(query, fc.constantFrom("", ".data"), (pairs, suffix) => {
        const params = new URLSearchParams(pairs);
        const purged = (paths: string[]) => new Set([...edgeCacheKeysFor("https://s.example", "v1", paths), "not kept"]);
        const key = (path: string) => {
          const normalised = normalisedSearch(path, params);
          // A page on a market other than the default is not kept: nothing to purge.
          if (normalised === null && ["steam", "buff163"].includes(params.get("market") ?? "")) return "not kept";
          expect(normalised).not.toBeNull();
          return edgeCacheKey("https://s.example", "v1", null, "PLN", `${path}${normalised ?? ""}`);
        };
        expect(purged(sharedLoadoutPages(token)).has(key(`/loadouts/shared/${token}${suffix}`))).toBe(true);
        expect(purged(officialLoadoutPages(3)).has(key(`/loadouts/official/3${suffix}`))).toBe(true);
        expect(purged(stickerCraftPages(7, [])).has(key(`/sticker-crafts/7${suffix}`))).toBe(true);
        if (suffix === "") expect(purged(stickerCraftPages(7, [])).has(key("/sticker-crafts"))).toBe(true);
        expect(purged(stickerCraftPages(7, [1947])).has(key(`/stickers/1947${suffix}`))).toBe(true);
      }),
    );
  });

  it("is canonical: a normalised URL normalises to itself", () => {
    const names = fc.constantFrom("sort", "type", "rarity", "crate", "collection", "range", "wear", "q", "utm");
    const values = fc.oneof(fc.constantFrom("price-asc", "rarity", "stattrak", "souvenir", "Covert", "7", "30", "FT", "ak"), fc.string({ maxLength: 8 }));
    fc.assert(
      fc.property(fc.constantFrom("/weapons/AK-47", "/skins/ak-47-redline", "/search"), fc.array(fc.tuple(names, values), { maxLength: 8 }), (path, pairs) => {
        const once = normalisedSearch(path, new URLSearchParams(pairs));
        expect(once).not.toBeNull();
        expect(normalisedSearch(path, new URLSearchParams(once ?? ""))).toBe(once);
      }),
    );
  });
});
