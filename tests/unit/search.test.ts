import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { buildCatalogue, type Catalogue } from "../../migrations/seed/catalogue.ts";
import { adjacentKeys, fuzzyVariants, isSearchable, rankSearchResults, searchPlan, searchQueryParam, searchTerms, type SearchCandidate } from "~/domain/search";
import { simulateSearch } from "./search-db";

let catalogue: Catalogue;
beforeAll(() => {
  catalogue = buildCatalogue();
});

const search = (query: string) => {
  const { direct, fuzzy } = simulateSearch(catalogue, query);
  return rankSearchResults(query, direct, fuzzy).map((result) => result.name);
};

describe("search over the full catalogue", () => {
  // [query, the first results in order]; typos, aliases, punctuation and spacing included.
  it.each<[string, string[]]>([
    ["ak47 redlin", ["AK-47 | Redline"]],
    ["AK-47 | Redline", ["AK-47 | Redline"]],
    ["ak47redline", ["AK-47 | Redline"]],
    ["  AK47   REDLINE ", ["AK-47 | Redline"]],
    ["redline", ["AK-47 | Redline", "AWP | Redline"]],
    ["sk47 redline", ["AK-47 | Redline"]], // adjacent key: s for a
    ["ak47 rrdline", ["AK-47 | Redline"]], // adjacent key: r for e
    ["ak redline", ["AK-47 | Redline"]],
    ["awp dragon lore", ["AWP | Dragon Lore"]],
    ["awp dragon lor", ["AWP | Dragon Lore"]],
    ["deagle blaze", ["Desert Eagle | Blaze", "Desert Eagle | Oxide Blaze"]], // alias
    ["deagle", ["Desert Eagle | The Daily Deagle", "Desert Eagle | Blaze"]], // direct first, then the alias
    ["m4 howl", ["M4A4 | Howl"]],
    ["m4a1 printstream", ["M4A1-S | Printstream"]],
    ["usp kill", ["USP-S | Kill Confirmed"]],
    ["usp-s kill confirmed", ["USP-S | Kill Confirmed"]],
    ["cz tigris", ["CZ75-Auto | Tigris"]],
    ["glock fade", ["Glock-18 | Fade"]],
    ["glpck fade", ["Glock-18 | Fade"]], // adjacent key: p for o
    ["karambit fade", ["Karambit | Fade", "Karambit | Marble Fade"]],
    ["karambit doppler", ["Karambit | Doppler (Black Pearl)", "Karambit | Doppler (Phase 1)"]],
    ["asiimov", ["AK-47 | Asiimov", "AWP | Asiimov", "M4A4 | Asiimov", "P250 | Asiimov"]],
    ["asiimpv", ["AK-47 | Asiimov", "AWP | Asiimov"]], // adjacent key: p for o
    ["hyoer beast", ["AWP | Hyper Beast", "Five-SeveN | Hyper Beast"]], // adjacent key: o for p
    ["printstrean", ["AWP | Printstream", "Desert Eagle | Printstream"]], // adjacent key: n for m
    ["fire serpemt", ["AK-47 | Fire Serpent"]], // adjacent key: m for n
    ["vulcam", ["AK-47 | Vulcan"]],
    ["case hardenes", ["AK-47 | Case Hardened", "Bayonet | Case Hardened"]],
    ["scout blood", ["SSG 08 | Blood in the Water", "SSG 08 | Bloodshot"]], // alias
    ["ssg bloodd", ["SSG 08 | Blood in the Water", "SSG 08 | Bloodshot"]], // alias and the last character dropped
    ["five7", ["Five-SeveN | Angry Mob"]],
    ["tec9 fuel", ["Tec-9 | Fuel Injector"]],
    ["mp9 starlight", ["MP9 | Starlight Protector"]],
    ["neo-noir", ["AWP | Neo-Noir", "Glock-18 | Neo-Noir"]],
    ["ak", ["AK-47 | Aphrodite", "AK-47 | Aquamarine Revenge"]], // prefix before contains
    ["awo", ["Nova | Wood Fired", "AWP | Acheron"]], // the one direct hit, then typos
    ["bayonet", ["Bayonet | Autotronic"]], // prefix (Bayonet) before contains (M9 Bayonet)
  ])("%j", (query, first) => {
    expect(search(query).slice(0, first.length)).toEqual(first);
  });

  it.each(["", " ", "x", "-", "|", "zzzzzz", "qqqqqqqqqq", "%_%", "'; drop table skins; --"])("%j finds nothing", (query) => {
    expect(search(query)).toEqual([]);
  });

  it("never lists more than 10 results, and never one twice", () => {
    for (const query of ["ak", "awp", "gloves", "case hardened", "doppler", "fade"]) {
      const results = search(query);
      expect(results.length).toBe(10);
      expect(new Set(results).size).toBe(results.length);
    }
  });
});

describe("ranking rules", () => {
  const skin = (name: string): SearchCandidate => ({ id: name, name, searchKey: name.toLowerCase().replace(/[^a-z0-9]/g, "") });

  it("ranks exact, prefix, contains, then alphabetical", () => {
    const direct = ["Zed Fade", "Fade", "Fade Out", "Amber Fade", "Fadeaway"].map(skin);
    expect(rankSearchResults("fade", direct, []).map((s) => s.name)).toEqual(["Fade", "Fade Out", "Fadeaway", "Amber Fade", "Zed Fade"]);
  });

  it("uses fuzzy variants only when there are fewer than 5 direct hits", () => {
    const typo = skin("Redlime");
    const five = ["Redline A", "Redline B", "Redline C", "Redline D", "Redline E"].map(skin);
    expect(rankSearchResults("redline", five, [typo]).map((s) => s.name)).not.toContain("Redlime");
    expect(rankSearchResults("redline", five.slice(0, 4), [typo]).map((s) => s.name)).toEqual(["Redline A", "Redline B", "Redline C", "Redline D", "Redlime"]);
  });

  it("deduplicates across direct hits and variants", () => {
    const hit = skin("Redline");
    expect(rankSearchResults("redline", [hit, hit], [hit, skin("Redlime")]).map((s) => s.name)).toEqual(["Redline", "Redlime"]);
  });

  it("takes at most 20 matches per variant", () => {
    const many = Array.from({ length: 30 }, (_, i) => skin(`Redlime ${String(i).padStart(2, "0")}`));
    const results = rankSearchResults("redline", [], many, 100);
    expect(results.length).toBe(20);
  });

  it("rechecks what the database returned", () => {
    expect(rankSearchResults("redline", [skin("Howl")], [skin("Howl")])).toEqual([]);
  });
});

describe("search terms and variants", () => {
  it("starts at 2 characters of letters or digits", () => {
    expect(isSearchable("a")).toBe(false);
    expect(isSearchable("a-")).toBe(false);
    expect(isSearchable("ak")).toBe(true);
  });

  it("reads words as search keys", () => {
    expect(searchTerms("AK-47 | Redline")).toEqual({ key: "ak47redline", tokens: ["ak47", "redline"] });
  });

  it("bounds the query", () => {
    expect(searchQueryParam(new URLSearchParams({ q: "a".repeat(500) })).length).toBe(100);
    expect(searchTerms("a ".repeat(50)).tokens.length).toBe(6);
    expect(searchTerms("b".repeat(100)).key.length).toBe(40);
  });

  it("knows the neighbouring keys", () => {
    expect(adjacentKeys("s").sort()).toEqual(["a", "d", "e", "w", "x", "z"]);
    expect(adjacentKeys("q").sort()).toEqual(["1", "2", "a", "w"]);
    expect(adjacentKeys("|")).toEqual([]);
  });

  it("offers aliases, the last character dropped and typos", () => {
    const variants = fuzzyVariants(searchTerms("usp kil"));
    expect(variants).toContainEqual({ kind: "alias", tokens: ["usps", "kil"] });
    expect(variants).toContainEqual({ kind: "drop-last", tokens: ["usp", "ki"] });
    expect(variants).toContainEqual({ kind: "typo", tokens: ["usp", "kul"] });
  });

  it("plans patterns of letters, digits, % and _ only", () => {
    const plan = searchPlan("'; DROP TABLE skins; -- ak47 redlin%_")!;
    for (const pattern of [...plan.directPatterns, ...plan.fuzzyPatterns.flat(), ...plan.typoPatterns.flat(), ...plan.typoGuard.flat()]) {
      expect(pattern).toMatch(/^[a-z0-9%_]+$/);
    }
    expect(searchPlan("a")).toBeNull();
  });

  it("reads a word named like a member of every object as any other word", () => {
    // "constructor" once answered the search page and the suggestions with a 500.
    expect(fuzzyVariants(searchTerms("constructor")).filter((variant) => variant.kind === "alias")).toEqual([]);
    expect(searchPlan("ak constructor")!.directPatterns).toEqual(["%ak%", "%constructor%"]);
    expect(search("constructor")).toEqual(["Hand Wraps | Constrictor"]); // a typo away
  });

  it("plans and ranks any query without throwing", () => {
    const objectMembers = Object.getOwnPropertyNames(Object.prototype);
    const word = fc.oneof(fc.constantFrom(...objectMembers, "ak", "deagle", "m4"), fc.string({ maxLength: 12 }));
    fc.assert(
      fc.property(fc.array(word, { maxLength: 4 }), (words) => {
        const query = words.join(" ");
        searchPlan(query);
        expect(search(query).length).toBeLessThanOrEqual(10);
      }),
      { numRuns: 300 },
    );
  });

  it("guards typo groups by the halves of each word", () => {
    const plan = searchPlan("case hardenes")!;
    expect(plan.typoGuard).toEqual([
      ["ca", "se"],
      ["hard", "enes"],
    ]);
    expect(plan.typoPatterns).toContainEqual(["%case%", "%hardene_%"]);
    expect(searchPlan("ak")!.typoGuard).toEqual([]);
  });
});
