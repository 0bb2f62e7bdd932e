import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { editorHref, editorStage, parseEditorStep, stepWeapon } from "~/domain/loadout-editor";
import { findSlot, LOADOUT_SLOTS } from "~/domain/loadout-slots";
import {
  buildLoadoutView,
  copyTitle,
  fitLoadoutTitle,
  LOADOUT_TITLE_MAX,
  loadoutKindOf,
  loadoutTotals,
  parseLoadoutId,
  skinFitsSlot,
  slotPriceCents,
  wearChoice,
  type WearPrice,
} from "~/domain/loadouts";
import { US_DOLLARS } from "~/domain/money";
import { noticeText } from "~/domain/notices";
import { WEARS } from "~/domain/wear";
import { createLoadoutSchema, loadoutDetailsSchema } from "~/forms/loadouts";
import { parseWithZod } from "@conform-to/zod/v4";

const wears = (rows: [string, boolean, number][]): WearPrice[] =>
  rows.map(([wear, enabled, priceCents]) => ({ wear: wear as WearPrice["wear"], enabled, priceCents }));

const redline = wears([
  ["FN", false, 0],
  ["MW", true, 4512],
  ["FT", true, 1999],
  ["WW", true, 1750],
  ["BS", true, 1501],
]);

describe("slot price", () => {
  it("is the chosen wear's price", () => {
    expect(slotPriceCents({ slot: "ak47_tside", skinId: "ak-47-redline", wear: "FT", wears: redline })).toBe(1999);
  });
  it("is the first enabled wear's price when no wear is chosen", () => {
    expect(slotPriceCents({ slot: "ak47_tside", skinId: "ak-47-redline", wear: null, wears: redline })).toBe(4512);
  });
  it("does not count a disabled wear, a missing skin, an unknown slot, or a skin without enabled wears", () => {
    expect(slotPriceCents({ slot: "ak47_tside", skinId: "ak-47-redline", wear: "FN", wears: redline })).toBeNull();
    expect(slotPriceCents({ slot: "ak47_tside", skinId: null, wear: "FT", wears: redline })).toBeNull();
    expect(slotPriceCents({ slot: "nope_tside", skinId: "ak-47-redline", wear: "FT", wears: redline })).toBeNull();
    expect(slotPriceCents({ slot: "ak47_tside", skinId: "x", wear: null, wears: wears([["FN", false, 100]]) })).toBeNull();
  });
  it("a missing price ('No Data', 0) adds nothing", () => {
    expect(slotPriceCents({ slot: "ak47_tside", skinId: "x", wear: "MW", wears: wears([["MW", true, 0]]) })).toBe(0);
  });
});

describe("totals and over-budget", () => {
  const slots = [
    { slot: "ak47_tside", skinId: "a", wear: "FT" as const, wears: redline },
    { slot: "m4a4_ctside", skinId: "b", wear: null, wears: wears([["MW", true, 1001]]) },
    { slot: "awp_ctside", skinId: "c", wear: "FN" as const, wears: redline },
  ];
  it("sums each side and the whole loadout in cents", () => {
    expect(loadoutTotals(slots, null)).toEqual({ sideCents: { t: 1999, ct: 1001 }, totalCents: 3000, overBudgetCents: null });
  });
  it("shows the over-budget amount only when the total exceeds the budget", () => {
    expect(loadoutTotals(slots, 3000).overBudgetCents).toBeNull();
    expect(loadoutTotals(slots, 2999).overBudgetCents).toBe(1);
    expect(loadoutTotals(slots, 0).overBudgetCents).toBe(3000);
  });
  it("is exact to 2 decimals however many slots (cents never drift)", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 10_000_00 }), { maxLength: LOADOUT_SLOTS.length }), (prices) => {
        const priced = prices.map((price, i) => ({ slot: LOADOUT_SLOTS[i]!.key, skinId: "s", wear: null, wears: wears([["FT", true, price]]) }));
        const { totalCents, sideCents } = loadoutTotals(priced, null);
        expect(totalCents).toBe(prices.reduce((a, b) => a + b, 0));
        expect(sideCents.t + sideCents.ct).toBe(totalCents);
        expect(US_DOLLARS.format(totalCents)).toMatch(/^\$[\d,]+\.\d{2}$/);
      }),
    );
  });
  it("the view lists all 54 slots, empty ones without a price", () => {
    const view = buildLoadoutView(
      [{ slot: "ak47_tside", skinId: "a", wear: "FT", name: "AK-47 | Redline", image: "x.png", rarityColor: "#fff" }],
      [...redline.map((w) => ({ ...w, skinId: "a" }))],
      1000,
    );
    expect(view.slots).toHaveLength(54);
    expect(view.slots.find((s) => s.key === "ak47_tside")).toMatchObject({ priceCents: 1999, wear: "FT", skin: { name: "AK-47 | Redline" } });
    expect(view.slots.find((s) => s.key === "awp_tside")).toMatchObject({ skin: null, priceCents: null });
    expect(view.totals.overBudgetCents).toBe(999);
  });
});

describe("wear auto-choice", () => {
  it("exactly one enabled wear is chosen by itself", () => {
    expect(
      wearChoice(
        wears([
          ["FN", true, 5],
          ["MW", false, 0],
        ]),
      ),
    ).toEqual({ kind: "auto", wear: "FN" });
  });
  it("several open the chooser, in the spec's order", () => {
    expect(
      wearChoice(
        wears([
          ["BS", true, 1],
          ["MW", true, 2],
        ]),
      ),
    ).toEqual({ kind: "choose", wears: ["MW", "BS"] });
  });
  it("none sets the slot without a wear", () => {
    expect(wearChoice([])).toEqual({ kind: "none" });
    expect(wearChoice(wears(WEARS.map((w) => [w, false, 0])))).toEqual({ kind: "none" });
  });
});

describe("slot validity", () => {
  const ak = findSlot("ak47_tside")!;
  it("a gun slot takes only its weapon's skins", () => {
    expect(skinFitsSlot(ak, { weapon: "AK-47", category: "Rifles" })).toBe(true);
    expect(skinFitsSlot(ak, { weapon: "M4A4", category: "Rifles" })).toBe(false);
  });
  it("knife and glove slots take any knife or any gloves", () => {
    expect(skinFitsSlot(findSlot("knives_ctside")!, { weapon: "Karambit", category: "Knives" })).toBe(true);
    expect(skinFitsSlot(findSlot("knives_ctside")!, { weapon: "Sport Gloves", category: "Gloves" })).toBe(false);
    expect(skinFitsSlot(findSlot("gloves_tside")!, { weapon: "Sport Gloves", category: "Gloves" })).toBe(true);
    expect(skinFitsSlot(findSlot("gloves_tside")!, { weapon: "AK-47", category: "Rifles" })).toBe(false);
  });
});

describe("copy, kinds, ids, notices", () => {
  it("the copy's title", () => {
    expect(copyTitle("Crimson Collector")).toBe("Crimson Collector (Copy)");
  });
  it("a copy of a long title is cut so the whole fits the limit", () => {
    expect(copyTitle("a".repeat(93))).toBe(`${"a".repeat(93)} (Copy)`);
    expect(copyTitle("a".repeat(94))).toBe(`${"a".repeat(93)} (Copy)`);
    expect(copyTitle("b".repeat(100))).toHaveLength(LOADOUT_TITLE_MAX);
    // No space before ' (Copy)' where the cut falls after a word, and never half an emoji.
    expect(copyTitle(`${"c".repeat(92)} rest`)).toBe(`${"c".repeat(92)} (Copy)`);
    expect(copyTitle(`${"d".repeat(92)}😀 rest`)).toBe(`${"d".repeat(92)} (Copy)`);
  });
  it("a copy's title always saves again as it is (property)", () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom("a", " ", "é", "😀", "\u0301"), minLength: 1, maxLength: 130 }), (raw) => {
        const title = raw.trim() || "x";
        const copy = copyTitle(title);
        expect(copy.length).toBeLessThanOrEqual(LOADOUT_TITLE_MAX);
        expect(copy.endsWith(" (Copy)")).toBe(true);
        const base = copy.slice(0, -" (Copy)".length);
        expect(title.startsWith(base)).toBe(true);
        if (title.length <= LOADOUT_TITLE_MAX - " (Copy)".length) expect(copy).toBe(`${title} (Copy)`);
        // No lone half of a surrogate pair is left at the cut.
        expect(/[\uD800-\uDBFF]$/.test(base)).toBe(false);
        const saved = loadoutDetailsSchema.safeParse({ title: copy, version: 1 });
        expect(saved.success && saved.data.title).toBe(copy);
        // A copy of a copy fits too.
        expect(copyTitle(copy).length).toBeLessThanOrEqual(LOADOUT_TITLE_MAX);
      }),
    );
  });
  it("a title saved before the limit held is offered cut to fit, keeping its ' (Copy)'", () => {
    expect(fitLoadoutTitle("Short")).toBe("Short");
    expect(fitLoadoutTitle(`${"e".repeat(100)} (Copy)`)).toBe(`${"e".repeat(93)} (Copy)`);
    expect(fitLoadoutTitle("f".repeat(120))).toBe("f".repeat(100));
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 200 }), (raw) => {
        const title = raw.trim() || "x";
        expect(fitLoadoutTitle(title).length).toBeLessThanOrEqual(LOADOUT_TITLE_MAX);
        if (title.length <= LOADOUT_TITLE_MAX) expect(fitLoadoutTitle(title)).toBe(title);
      }),
    );
  });
  it("loadout types in the URL", () => {
    expect(loadoutKindOf("official")).toBe("official");
    expect(loadoutKindOf("user")).toBe("user");
    expect(loadoutKindOf("loadout")).toBe("user");
    expect(loadoutKindOf("admin")).toBeNull();
  });
  it.each([
    ["1", 1],
    ["42", 42],
    ["0", null],
    ["-1", null],
    ["1.5", null],
    ["abc", null],
    ["99999999999999999999", null],
    [undefined, null],
  ])("id %s is %s", (value, id) => expect(parseLoadoutId(value)).toBe(id));
  it("an unknown notice key shows nothing", () => {
    expect(noticeText("loadouts", "copied")).toBe("Loadout saved to your loadouts.");
    expect(noticeText("loadouts", "<script>")).toBeNull();
    expect(noticeText("loadouts", "toString")).toBeNull();
  });
});

describe("editor steps in the URL", () => {
  const step = (query: string) => parseEditorStep(new URLSearchParams(query));
  it("starts on T-Side with no slot open", () => {
    expect(step("")).toEqual({ side: "t", slot: null, type: null, q: "", skin: null });
    expect(editorStage(step(""))).toBe("slots");
  });
  it("the open slot decides the side", () => {
    expect(step("side=t&slot=m4a4_ctside").side).toBe("ct");
  });
  it("a gun slot lists its weapon's skins; knives and gloves ask for the type first", () => {
    expect(editorStage(step("slot=ak47_tside"))).toBe("skins");
    expect(stepWeapon(step("slot=ak47_tside"))).toBe("AK-47");
    expect(editorStage(step("slot=knives_tside"))).toBe("types");
    expect(editorStage(step("slot=knives_tside&type=Karambit"))).toBe("skins");
    expect(stepWeapon(step("slot=gloves_ctside&type=Sport%20Gloves"))).toBe("Sport Gloves");
    expect(editorStage(step("slot=ak47_tside&skin=ak-47-redline"))).toBe("wears");
  });
  it("ignores an unknown slot, a type on a gun slot, and trims and caps the filter", () => {
    expect(step("slot=nope&q=red").slot).toBeNull();
    expect(step("slot=nope&q=red").q).toBe("");
    expect(step("slot=ak47_tside&type=Karambit").type).toBeNull();
    expect(step(`slot=ak47_tside&q=${"  a".padEnd(80, "b")}`).q).toHaveLength(50);
  });
  it("builds links under any base path and reads them back", () => {
    const href = editorHref("/admin/loadouts/3/edit", { side: "ct", slot: "knives_ctside", type: "Butterfly Knife", q: "fade" });
    expect(href).toBe("/admin/loadouts/3/edit?side=ct&slot=knives_ctside&type=Butterfly+Knife&q=fade");
    expect(step(href.split("?")[1]!)).toMatchObject({ side: "ct", type: "Butterfly Knife", q: "fade" });
    expect(editorHref("/loadouts/edit/1", { side: "t" })).toBe("/loadouts/edit/1");
  });
});

describe("create and edit forms", () => {
  const form = (fields: Record<string, string>) => {
    const data = new FormData();
    for (const [k, v] of Object.entries(fields)) data.set(k, v);
    return data;
  };
  const errorsOf = (submission: { status?: string; error?: Record<string, string[] | null> | null }) => submission.error ?? {};
  it("create: title required with the spec's text, trimmed; empty description null; budget in cents", () => {
    expect(errorsOf(parseWithZod(form({ title: "  " }), { schema: createLoadoutSchema })).title).toEqual(["Title is required."]);
    const ok = parseWithZod(form({ title: "  A  ", description: "", budget: "10.5" }), { schema: createLoadoutSchema });
    expect(ok.status === "success" && ok.value).toEqual({ title: "A", description: null, budget: 1050 });
  });
  it("edit: 'Title is required' without the full stop; budget null when empty", () => {
    expect(errorsOf(parseWithZod(form({ title: "", version: "1" }), { schema: loadoutDetailsSchema })).title).toEqual(["Title is required"]);
    const ok = parseWithZod(form({ title: "x", budget: "", version: "3" }), { schema: loadoutDetailsSchema });
    expect(ok.status === "success" && ok.value).toEqual({ title: "x", description: null, budget: null, version: 3 });
  });
});
