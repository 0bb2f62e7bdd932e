import { describe, expect, it } from "vitest";
import { applySkinList, filterOptions, parseSkinListState, priceVariantOf, type ListedSkin } from "~/domain/skin-list";

const skin = (name: string, rarity: string, price: number | null, extra: Partial<ListedSkin> = {}): ListedSkin => ({
  id: name.toLowerCase(),
  name,
  rarity,
  stattrak: false,
  souvenir: false,
  minPriceCents: price,
  maxPriceCents: price === null ? null : price * 3,
  crates: [],
  collections: [],
  ...extra,
});

const SKINS = [
  skin("Redline", "Classified", 1500, { stattrak: true, crates: ["Phoenix Case"], collections: ["The Phoenix Collection"] }),
  skin("Safari Mesh", "Industrial Grade", 5, { souvenir: true, collections: ["The Dust 2 Collection"] }),
  skin("Asiimov", "Covert", 9000, { stattrak: true, crates: ["Operation Phoenix Weapon Case"] }),
  skin("Wild Lotus", "Covert", null, { collections: ["The St. Marc Collection"] }),
  skin("Elite Build", "Mil-Spec", 120, { stattrak: true, crates: ["Phoenix Case", "Wildfire Case"] }),
];
const names = (query: string) => applySkinList(SKINS, parseSkinListState(new URLSearchParams(query))).map((s) => s.name);

describe("sorting a weapon's skins", () => {
  it.each([
    ["", ["Asiimov", "Wild Lotus", "Redline", "Elite Build", "Safari Mesh"]],
    ["sort=rarity", ["Asiimov", "Wild Lotus", "Redline", "Elite Build", "Safari Mesh"]],
    ["sort=rarity-asc", ["Safari Mesh", "Elite Build", "Redline", "Asiimov", "Wild Lotus"]],
    ["sort=rarity-desc", ["Asiimov", "Wild Lotus", "Redline", "Elite Build", "Safari Mesh"]],
    ["sort=price-asc", ["Safari Mesh", "Elite Build", "Redline", "Asiimov", "Wild Lotus"]],
    ["sort=price-desc", ["Asiimov", "Redline", "Elite Build", "Safari Mesh", "Wild Lotus"]],
    ["sort=nonsense", ["Asiimov", "Wild Lotus", "Redline", "Elite Build", "Safari Mesh"]],
  ])("%j", (query, expected) => {
    expect(names(query)).toEqual(expected);
  });
});

describe("the price a grid shows", () => {
  it.each([
    ["", "normal"],
    ["type=stattrak", "stattrak"],
    ["type=souvenir&sort=price-desc", "souvenir"],
    ["type=none", "normal"],
    ["type=stattrak&type=souvenir", "normal"],
    ["type=stattrak&type=none", "normal"],
    ["type=stattrak&type=stattrak", "stattrak"],
    ["type=golden", "normal"],
  ])("%j shows the %s price", (query, variant) => {
    expect(priceVariantOf(parseSkinListState(new URLSearchParams(query)))).toBe(variant);
  });
});

describe("sorting by price", () => {
  // The seed's AK-47 prices: Bloodsport costs the most at its cheapest, Neon Revolution at its dearest.
  const neon = skin("Neon Revolution", "Covert", 20700, { maxPriceCents: 57500 });
  const bloodsport = skin("Bloodsport", "Covert", 23757, { maxPriceCents: 56565 });
  const fuel = skin("Fuel Injector", "Covert", 747, { maxPriceCents: 2075 });
  const unpriced = skin("Wild Lotus", "Covert", null);
  const sorted = (query: string) => applySkinList([bloodsport, unpriced, fuel, neon], parseSkinListState(new URLSearchParams(query))).map((s) => s.name);

  it("highest price compares each skin's dearest wear, so the most expensive skin comes first", () => {
    expect(sorted("sort=price-desc")).toEqual(["Neon Revolution", "Bloodsport", "Fuel Injector", "Wild Lotus"]);
  });

  it("lowest price compares each skin's cheapest wear", () => {
    expect(sorted("sort=price-asc")).toEqual(["Fuel Injector", "Neon Revolution", "Bloodsport", "Wild Lotus"]);
  });

  it("within a rarity, rarest-first puts the dearest first and least-rare-first the cheapest", () => {
    expect(sorted("sort=rarity-desc")).toEqual(["Neon Revolution", "Bloodsport", "Fuel Injector", "Wild Lotus"]);
    expect(sorted("sort=rarity-asc")).toEqual(["Fuel Injector", "Neon Revolution", "Bloodsport", "Wild Lotus"]);
  });
});

describe("filtering a weapon's skins", () => {
  it.each([
    ["type=stattrak", ["Asiimov", "Redline", "Elite Build"]],
    ["type=souvenir", ["Safari Mesh"]],
    ["type=none", ["Wild Lotus"]],
    ["type=stattrak&type=souvenir", ["Asiimov", "Redline", "Elite Build", "Safari Mesh"]],
    ["rarity=Covert", ["Asiimov", "Wild Lotus"]],
    ["rarity=Covert&type=stattrak", ["Asiimov"]],
    ["crate=Phoenix+Case", ["Redline", "Elite Build"]],
    ["collection=The+Dust+2+Collection", ["Safari Mesh"]],
    ["type=bogus&rarity=&crate=" + "x".repeat(500), ["Asiimov", "Wild Lotus", "Redline", "Elite Build", "Safari Mesh"]],
    ["rarity=Nope", []],
  ])("%j", (query, expected) => {
    expect(names(query)).toEqual(expected);
  });

  it("offers the values present, rarities in rarity order", () => {
    expect(filterOptions(SKINS)).toEqual({
      rarities: ["Industrial Grade", "Mil-Spec", "Classified", "Covert"],
      crates: ["Operation Phoenix Weapon Case", "Phoenix Case", "Wildfire Case"],
      collections: ["The Dust 2 Collection", "The Phoenix Collection", "The St. Marc Collection"],
    });
  });
});
