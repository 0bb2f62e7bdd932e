import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatDateTime } from "~/domain/dates";
import { chunk, itemPriceCents, MAX_MALFORMED_SHARE, planPriceUpdate, skinportFeedPrice, validateFeed, type StoredPrices } from "~/domain/price-feed";

const item = (name: string, min: number | null, suggested: number | null = null) => ({
  market_hash_name: name,
  currency: "USD" as const,
  min_price: min,
  suggested_price: suggested,
  quantity: 1,
  item_page: "x",
});
/** A Skinport item as the plan reads it. */
const priced = (name: string, min: number | null, suggested: number | null = null) => skinportFeedPrice(item(name, min, suggested));

describe("the feed's shape", () => {
  it("accepts Skinport's /v1/items and drops the fields it does not use", () => {
    const result = validateFeed([item("AK-47 | Redline (Field-Tested)", 25.5)]);
    expect(result).toEqual({
      ok: true,
      shape: "skinport",
      items: [{ name: "AK-47 | Redline (Field-Tested)", prices: { skinport: 2550 } }],
      malformed: 0,
      firstMalformed: null,
    });
    expect(validateFeed([])).toEqual({ ok: true, shape: "skinport", items: [], malformed: 0, firstMalformed: null });
  });
  it.each([
    ["[]", "body: Invalid input: expected array (Skinport's /v1/items) or object (a price per market)"],
    [null, "body: Invalid input: expected array"],
    [[{ ...item("A | B (Field-Tested)", 1), currency: "EUR" }], "0.currency: expected currency USD"],
    [[item("A | B (Field-Tested)", 1), { ...item("A | B (Field-Tested)", 1), min_price: -1 }], "1.min_price"],
    [[{ ...item("A | B (Field-Tested)", 1), suggested_price: "2.00" }], "0.suggested_price"],
    [[{ currency: "USD", min_price: 1, suggested_price: 1, quantity: 1 }], "0.market_hash_name"],
    [[{ ...item("A | B (Field-Tested)", 1), quantity: 1.5 }], "0.quantity"],
  ])("refuses %j", (body, message) => {
    const result = validateFeed(body);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toContain(`Feed has the wrong shape: ${message}`);
  });

  const goodItems = (count: number) => Array.from({ length: count }, (_, n) => item(`Sticker | Test ${n}`, 1 + n / 100));

  it("skips and counts one listing's odd data among a hundred items, so the others are still priced", () => {
    const absurd = { ...item("AWP | Dragon Lore (Factory New)", 20_000_000) };
    const result = validateFeed([...goodItems(50), absurd, ...goodItems(50)]);
    expect(result.ok && { count: result.items.length, malformed: result.malformed, first: result.firstMalformed }).toEqual({
      count: 100,
      malformed: 1,
      first: expect.stringMatching(/^50\.min_price: /) as unknown,
    });
    expect(result.ok && result.items.some((kept) => kept.name.startsWith("AWP"))).toBe(false);
  });

  it("refuses a feed with more malformed items than a hundredth, naming the first and the count", () => {
    const result = validateFeed([...goodItems(100), { ...item("A | B (Field-Tested)", 1), quantity: -1 }, null]);
    expect(!result.ok && result.error).toBe("Feed has the wrong shape: 100.quantity: Too small: expected number to be >=0 (2 of 102 items malformed)");
  });

  it("refuses a feed with any item in another currency, however many are good", () => {
    const result = validateFeed([...goodItems(500), { ...item("A | B (Field-Tested)", 1), market_hash_name: "", currency: "EUR" }]);
    expect(!result.ok && result.error).toBe("Feed has the wrong shape: 500.currency: expected currency USD");
  });

  it("keeps every good item in order and counts the malformed ones, up to a hundredth of the feed", () => {
    const malformedItem = fc.constantFrom<unknown>(
      null,
      "item",
      { ...item("A | B (Field-Tested)", 1), min_price: -1 },
      { ...item("A | B (Field-Tested)", 1), suggested_price: "2.00" },
      { ...item("A | B (Field-Tested)", 1), quantity: 0.5 },
      { ...item("", 1) },
    );
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 300 }), fc.array(fc.tuple(fc.nat(), malformedItem), { maxLength: 6 }), (goodCount, bad) => {
        const good = goodItems(goodCount);
        const body: unknown[] = [...good];
        for (const [at, broken] of bad) body.splice(at % (body.length + 1), 0, broken);
        const result = validateFeed(body);
        if (bad.length > Math.floor(body.length * MAX_MALFORMED_SHARE)) {
          expect(!result.ok && result.error).toMatch(new RegExp(`\\(${bad.length} of ${body.length} items malformed\\)$`));
        } else {
          expect(result.ok && result.items.map((kept) => kept.name)).toEqual(good.map((kept) => kept.market_hash_name));
          expect(result.ok && result.malformed).toBe(bad.length);
        }
      }),
    );
  });
});

describe("an item's price", () => {
  it("is the lowest listing in cents, else the suggested price, else none", () => {
    expect(itemPriceCents({ min_price: 25.5, suggested_price: 27 })).toBe(2550);
    expect(itemPriceCents({ min_price: 0.29, suggested_price: null })).toBe(29);
    expect(itemPriceCents({ min_price: null, suggested_price: 900.12 })).toBe(90012);
    expect(itemPriceCents({ min_price: null, suggested_price: null })).toBeNull();
    expect(itemPriceCents({ min_price: 0, suggested_price: null })).toBeNull();
  });
});

describe("the plan of a run", () => {
  const stored: StoredPrices = {
    skins: [
      { id: "ak-47-redline", name: "AK-47 | Redline" },
      { id: "karambit-doppler-phase-1", name: "Karambit | Doppler (Phase 1)" },
      { id: "karambit-doppler-phase-2", name: "Karambit | Doppler (Phase 2)" },
      { id: "karambit-doppler-ruby", name: "Karambit | Doppler (Ruby)" },
    ],
    wears: [
      { skinId: "ak-47-redline", wear: "FN", enabled: false, priceCents: 0 },
      { skinId: "ak-47-redline", wear: "FT", enabled: true, priceCents: 2693 },
      { skinId: "ak-47-redline", wear: "MW", enabled: true, priceCents: 3878 },
      { skinId: "karambit-doppler-phase-1", wear: "FN", enabled: true, priceCents: 90000 },
      { skinId: "karambit-doppler-phase-2", wear: "FN", enabled: true, priceCents: 110000 },
      { skinId: "karambit-doppler-ruby", wear: "FN", enabled: true, priceCents: 500000 },
    ],
    variants: [{ skinId: "ak-47-redline", variant: "stattrak", wear: "FT", priceCents: 7000 }],
    items: [],
  };

  it("counts matched, unmatched and unchanged items and lists only changed prices", () => {
    const plan = planPriceUpdate(
      [
        priced("AK-47 | Redline (Field-Tested)", 25.5),
        priced("AK-47 | Redline (Minimal Wear)", 38.78), // unchanged
        priced("AK-47 | Redline (Factory New)", 99), // not a possible wear
        priced("StatTrak™ AK-47 | Redline (Field-Tested)", 70), // unchanged
        priced("Souvenir AK-47 | Redline (Field-Tested)", 30), // new row
        priced("★ Karambit | Doppler (Factory New)", 1100), // phase 2 has it already, phase 1 changes
        priced("Sticker | Titan (Holo) | Katowice 2014", 65000),
        priced("AK-47 | Redline (Well-Worn)", null, null), // not in the stored wears: unmatched
      ],
      stored,
      "api.example",
    );
    expect(plan).toMatchObject({ matched: 5, unmatched: 3, unchanged: 2, itemPrices: [], itemHistory: [] });
    expect(plan.wearPrices).toEqual([
      { skinId: "ak-47-redline", variant: "normal", wear: "FT", priceCents: 2550 },
      { skinId: "karambit-doppler-phase-1", variant: "normal", wear: "FN", priceCents: 110000 },
    ]);
    expect(plan.variantPrices).toEqual([{ skinId: "ak-47-redline", variant: "souvenir", wear: "FT", priceCents: 3000 }]);
    expect(plan.history).toHaveLength(6);
    expect(plan.changedSkinIds.sort()).toEqual(["ak-47-redline", "karambit-doppler-phase-1"]);
    expect(plan.pricedSkinIds.sort()).toEqual(["ak-47-redline", "karambit-doppler-phase-1", "karambit-doppler-phase-2"]);
  });
});

describe("the plan for stickers, containers and keys", () => {
  const sticker = (id: number, name: string, priceCents = 100, priceSource = "demo") => ({ kind: "sticker" as const, id, name, priceCents, priceSource });
  const stored: StoredPrices = {
    skins: [],
    wears: [],
    variants: [],
    items: [
      sticker(1, "Titan (Holo) | Katowice 2014", 65000),
      sticker(2, "Harp of War (Holo)"),
      sticker(3, "Mirage (Gold)"),
      sticker(4, "Mirage (Gold)"),
      sticker(5, "Titan | Katowice 2014", 5000, "api.example"),
      { kind: "crate", id: 10, name: "Operation Bravo Case", priceCents: 900, priceSource: "demo" },
      { kind: "crate", id: 11, name: "Paris 2023 Legends Sticker Capsule", priceCents: 30, priceSource: "demo" },
      { kind: "key", id: 20, name: "CS:GO Case Key", priceCents: 249, priceSource: "demo" },
    ],
  };

  it("matches exact names only, refuses a name two stickers share, and keeps the stored price without one", () => {
    const plan = planPriceUpdate(
      [
        priced("Sticker | Titan (Holo) | Katowice 2014", 650), // unchanged price, but the source moves to the feed
        priced("Sticker | Harp of War (Holo)", 2.5),
        priced("Sticker | Harp of War (Foil)", 9), // not in the catalogue
        priced("Sticker | harp of war (holo)", 2.5), // never by similarity
        priced("Sticker | Mirage (Gold)", 3), // two catalogue stickers: refused
        priced("Sticker | Titan | Katowice 2014", null, null), // no price: the stored one stays
        priced("Operation Bravo Case", 8.4),
        priced("Paris 2023 Legends Sticker Capsule", 0.3), // unchanged, source moves
        priced("CS:GO Case Key", 2.49), // unchanged, source moves
        priced("Operation Riptide Pass", 14), // not in the catalogue
      ],
      stored,
      "api.example",
    );
    expect(plan).toMatchObject({ matched: 6, unmatched: 4, unchanged: 4 });
    expect(plan.itemHistory).toEqual([
      { kind: "sticker", id: 1, priceCents: 65000, changed: false },
      { kind: "sticker", id: 2, priceCents: 250, changed: true },
      { kind: "crate", id: 10, priceCents: 840, changed: true },
      { kind: "crate", id: 11, priceCents: 30, changed: false },
      { kind: "key", id: 20, priceCents: 249, changed: false },
    ]);
    expect(plan.itemPrices).toEqual(plan.itemHistory); // all changed or still demo-sourced
    expect(planPriceUpdate([priced("Sticker | Titan (Holo) | Katowice 2014", 650)], stored, "demo").itemPrices).toEqual([]);
  });
});

describe("the plan for vanilla knives", () => {
  const knife = (id: number, name: string, priceCents: number, stattrakPriceCents: number, priceSource = "demo") => [
    { kind: "vanilla_knife" as const, id, name, priceCents, priceSource },
    { kind: "vanilla_knife_stattrak" as const, id, name, priceCents: stattrakPriceCents, priceSource },
  ];
  const stored: StoredPrices = {
    skins: [{ id: "karambit-fade", name: "Karambit | Fade" }],
    wears: [{ skinId: "karambit-fade", wear: "FN", enabled: true, priceCents: 150000 }],
    variants: [],
    items: [...knife(41, "Karambit", 60000, 0), ...knife(37, "Bayonet", 20000, 30000)],
  };

  it("prices '★ Karambit' and '★ StatTrak™ Karambit' by the knife's exact name; a finish stays the finish's", () => {
    const plan = planPriceUpdate(
      [
        priced("★ Karambit", 650), // normal
        priced("★ StatTrak™ Karambit", 800), // StatTrak™, none stored before
        priced("★ Bayonet", 200), // unchanged
        priced("★ StatTrak™ Bayonet", null, null), // no price: the stored one stays
        priced("★ Karambit | Fade (Factory New)", 1600), // the finish, not the vanilla knife
        priced("Karambit", 650), // no star: no knife's market name
        priced("★ Souvenir Karambit", 650), // no such thing
        priced("★ karambit", 650), // never by similarity
        priced("★ M9 Bayonet", 500), // a knife the catalogue has no vanilla row for
      ],
      stored,
      "api.example",
    );
    expect(plan).toMatchObject({ matched: 5, unmatched: 4, unchanged: 2 });
    expect(plan.itemHistory).toEqual([
      { kind: "vanilla_knife", id: 41, priceCents: 65000, changed: true },
      { kind: "vanilla_knife_stattrak", id: 41, priceCents: 80000, changed: true },
      { kind: "vanilla_knife", id: 37, priceCents: 20000, changed: false },
    ]);
    expect(plan.itemPrices).toEqual(plan.itemHistory); // changed, or the source moves to the feed
    expect(plan.wearPrices).toEqual([{ skinId: "karambit-fade", variant: "normal", wear: "FN", priceCents: 160000 }]);
  });
});

describe("chunk", () => {
  it("splits rows into bounded groups", () => {
    expect(chunk([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(chunk([], 500)).toEqual([]);
    expect(() => chunk([1], 0)).toThrow(RangeError);
  });
});

describe("formatDateTime", () => {
  it("says the day and the minute in UTC", () => {
    expect(formatDateTime(Date.UTC(2026, 10, 23, 18, 5, 59))).toBe("November 23, 2026, 18:05 UTC");
    expect(formatDateTime(Date.UTC(2026, 0, 1, 0, 0))).toBe("January 1, 2026, 00:00 UTC");
  });
});
