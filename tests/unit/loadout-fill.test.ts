import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  FILL_VARIANT_LABELS,
  FILL_VARIANTS,
  fillProposalKey,
  isFillableOption,
  parseFillSide,
  parseFillVariant,
  proposeFill,
  type FillOption,
  type FillRequest,
  type FillSide,
  type FillVariant,
} from "~/domain/loadout-fill";
import { findSlot, LOADOUT_SLOTS } from "~/domain/loadout-slots";
import { RARITY_ORDER, rarityRank } from "~/domain/rarity";
import { VARIANT_NAMES } from "~/domain/variants";
import { WEARS } from "~/domain/wear";

/** Weapons with slots on one side, on both, knife and glove types, and one with no slot at all. */
const WEAPONS = [
  { weapon: "AK-47", category: "Rifles" },
  { weapon: "M4A4", category: "Rifles" },
  { weapon: "AWP", category: "Rifles" },
  { weapon: "Glock-18", category: "Pistols" },
  { weapon: "Karambit", category: "Knives" },
  { weapon: "Sport Gloves", category: "Gloves" },
  { weapon: "Zeus x27", category: "Equipment" },
] as const;

const option = (fields: Partial<FillOption> & Pick<FillOption, "skinId" | "priceCents">): FillOption => ({
  weapon: "AK-47",
  category: "Rifles",
  rarity: "Mil-Spec",
  stattrak: false,
  wear: "FT",
  enabled: true,
  ...fields,
});

const request = (fields: Partial<FillRequest<FillOption>> & Pick<FillRequest<FillOption>, "options">): FillRequest<FillOption> => ({
  side: "t",
  variant: "normal",
  filledSlots: [],
  totalCents: 0,
  budgetCents: 10_000,
  ...fields,
});

const picksOf = (proposal: ReturnType<typeof proposeFill>) => proposal.picks.map((pick) => `${pick.slot}=${pick.option.skinId}@${pick.option.wear}`);

// ------------------------------------------------------------------ generators

/**
 * Options as the catalogue has them: skins with one weapon and rarity each, at several wears; some
 * are not fillable (a disabled wear, no price, a weapon without a slot).
 */
const optionsArbitrary = (maxSkins: number) =>
  fc
    .array(
      fc.record({
        weapon: fc.constantFrom(...WEAPONS),
        rarity: fc.constantFrom(...RARITY_ORDER, "Unknown Grade"),
        stattrak: fc.boolean(),
        wears: fc.uniqueArray(
          fc.record({
            wear: fc.constantFrom(...WEARS),
            enabled: fc.oneof({ weight: 4, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
            priceCents: fc.oneof({ weight: 1, arbitrary: fc.constant(0) }, { weight: 8, arbitrary: fc.integer({ min: 1, max: 5000 }) }),
          }),
          { minLength: 1, maxLength: 3, selector: (w) => w.wear },
        ),
      }),
      { maxLength: maxSkins },
    )
    .map((skins) =>
      skins.flatMap((skin, index) =>
        skin.wears.map((w): FillOption => ({
          skinId: `skin-${index}`,
          weapon: skin.weapon.weapon,
          category: skin.weapon.category,
          rarity: skin.rarity,
          stattrak: skin.stattrak,
          ...w,
        })),
      ),
    );

const requestArbitrary = (maxOptions: number) =>
  fc.record({
    side: fc.constantFrom<FillSide>("t", "ct", "both"),
    variant: fc.constantFrom<FillVariant>(...FILL_VARIANTS),
    filledSlots: fc.subarray(LOADOUT_SLOTS.map((slot) => slot.key)),
    totalCents: fc.integer({ min: 0, max: 8000 }),
    budgetCents: fc.integer({ min: 0, max: 15_000 }),
    options: optionsArbitrary(maxOptions),
  });

const spareOf = (input: FillRequest<FillOption>, addedCents: number) => input.budgetCents - input.totalCents - addedCents;

/** The valid options of every empty slot of the chosen side (slots with none left out). */
function emptySlotOptions(input: FillRequest<FillOption>) {
  return LOADOUT_SLOTS.filter((slot) => (input.side === "both" || slot.side === input.side) && !input.filledSlots.includes(slot.key))
    .map((slot) => ({ slot, options: input.options.filter((o) => isFillableOption(slot, o, input.variant)) }))
    .filter((entry) => entry.options.length > 0);
}

/** The most slots any choice fills within the budget, by trying every choice (slot empty or one of its options). */
function bruteForceMaxCount(input: FillRequest<FillOption>): number {
  const slots = emptySlotOptions(input);
  const spare = input.budgetCents - input.totalCents;
  let best = 0;
  const visit = (at: number, count: number, spent: number) => {
    if (spent > spare) return;
    if (at === slots.length) {
      best = Math.max(best, count);
      return;
    }
    visit(at + 1, count, spent);
    for (const o of slots[at]!.options) visit(at + 1, count + 1, spent + o.priceCents);
  };
  visit(0, 0, 0);
  return best;
}

// ------------------------------------------------------------------ properties

describe("fill empty slots within budget: properties", () => {
  it("the new total never exceeds the budget (nothing is added to a loadout already over it)", () => {
    fc.assert(
      fc.property(requestArbitrary(16), (input) => {
        const proposal = proposeFill(input);
        expect(proposal.addedCents).toBe(proposal.picks.reduce((sum, pick) => sum + pick.option.priceCents, 0));
        expect(proposal.newTotalCents).toBe(input.totalCents + proposal.addedCents);
        if (proposal.picks.length > 0) expect(proposal.newTotalCents).toBeLessThanOrEqual(input.budgetCents);
        expect(proposal.addedCents).toBeLessThanOrEqual(Math.max(0, input.budgetCents - input.totalCents));
      }),
      { numRuns: 500 },
    );
  });

  it("filled slots are never touched, and only empty slots of the chosen side are filled, each once", () => {
    fc.assert(
      fc.property(requestArbitrary(16), (input) => {
        const proposal = proposeFill(input);
        const slots = proposal.picks.map((pick) => pick.slot);
        expect(new Set(slots).size).toBe(slots.length);
        for (const key of slots) {
          expect(input.filledSlots).not.toContain(key);
          const slot = findSlot(key)!;
          if (input.side !== "both") expect(slot.side).toBe(input.side);
        }
        for (const key of proposal.unfilled) expect(input.filledSlots).not.toContain(key);
      }),
      { numRuns: 500 },
    );
  });

  it("every proposed slot is valid: the slot's weapon, an enabled wear, a known price, one of the options given", () => {
    fc.assert(
      fc.property(requestArbitrary(16), (input) => {
        for (const pick of proposeFill(input).picks) {
          expect(input.options).toContain(pick.option);
          expect(pick.option.enabled).toBe(true);
          expect(pick.option.priceCents).toBeGreaterThan(0);
          expect(isFillableOption(findSlot(pick.slot)!, pick.option, input.variant)).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });

  it("the same input gives the same proposal, whatever order the options come in", () => {
    fc.assert(
      fc.property(
        requestArbitrary(16).chain((input) =>
          fc.shuffledSubarray(input.options, { minLength: input.options.length }).map((shuffled) => [input, shuffled] as const),
        ),
        ([input, shuffled]) => {
          const proposal = proposeFill(input);
          expect(proposeFill(input)).toEqual(proposal);
          expect(proposeFill({ ...input, options: shuffled })).toEqual(proposal);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("fills as many slots as any choice could (small inputs, checked against trying every choice)", () => {
    fc.assert(
      fc.property(requestArbitrary(5), (input) => {
        expect(proposeFill(input).picks.length).toBe(bruteForceMaxCount(input));
      }),
      { numRuns: 1000 },
    );
  });

  it("leaves no move the rule would still make: no empty slot fits, no pick can rise a grade or spend more in its grade", () => {
    fc.assert(
      fc.property(requestArbitrary(16), (input) => {
        const proposal = proposeFill(input);
        const spare = spareOf(input, proposal.addedCents);
        for (const { slot, options } of emptySlotOptions(input)) {
          const pick = proposal.picks.find((p) => p.slot === slot.key);
          if (!pick) {
            expect(Math.min(...options.map((o) => o.priceCents))).toBeGreaterThan(spare);
            continue;
          }
          for (const o of options) {
            const extra = o.priceCents - pick.option.priceCents;
            if (rarityRank(o.rarity) > rarityRank(pick.option.rarity)) expect(extra).toBeGreaterThan(spare);
            if (rarityRank(o.rarity) === rarityRank(pick.option.rarity) && extra > 0) expect(extra).toBeGreaterThan(spare);
          }
        }
      }),
      { numRuns: 500 },
    );
  });
});

// ------------------------------------------------------------------ the rule, by example

describe("fill empty slots within budget: the rule", () => {
  it("fills as many slots as possible before anything else: two cheap skins over one rare one", () => {
    const proposal = proposeFill(
      request({
        budgetCents: 1000,
        options: [
          option({ skinId: "ak-covert", rarity: "Covert", priceCents: 900 }),
          option({ skinId: "ak-cheap", rarity: "Consumer Grade", priceCents: 500 }),
          option({ skinId: "glock-cheap", weapon: "Glock-18", category: "Pistols", rarity: "Consumer Grade", priceCents: 400 }),
        ],
      }),
    );
    expect(picksOf(proposal)).toEqual(["glock_tside=glock-cheap@FT", "ak47_tside=ak-cheap@FT"]);
    expect(proposal.newTotalCents).toBe(900);
  });

  it("then raises rarity with what is left, cheapest step first", () => {
    const proposal = proposeFill(
      request({
        budgetCents: 1500,
        options: [
          option({ skinId: "ak-milspec", rarity: "Mil-Spec", priceCents: 300 }),
          option({ skinId: "ak-restricted", rarity: "Restricted", priceCents: 500 }),
          option({ skinId: "ak-covert", rarity: "Covert", priceCents: 1400 }),
          option({ skinId: "glock-milspec", weapon: "Glock-18", category: "Pistols", priceCents: 200 }),
          option({ skinId: "glock-classified", weapon: "Glock-18", category: "Pistols", rarity: "Classified", priceCents: 700 }),
        ],
      }),
    );
    // AK to Restricted (+2.00), Glock to Classified (+5.00); the Covert AK no longer fits.
    expect(picksOf(proposal)).toEqual(["glock_tside=glock-classified@FT", "ak47_tside=ak-restricted@FT"]);
    expect(proposal.addedCents).toBe(1200);
  });

  it("then spends more of the budget within the same rarity, the biggest step first", () => {
    const proposal = proposeFill(
      request({
        budgetCents: 2000,
        totalCents: 500,
        filledSlots: ["glock_tside"],
        options: [
          option({ skinId: "ak-a", priceCents: 300 }),
          option({ skinId: "ak-b", priceCents: 1100 }),
          option({ skinId: "ak-c", priceCents: 1600 }),
          option({ skinId: "ak-covert", rarity: "Covert", priceCents: 2500 }),
        ],
      }),
    );
    expect(picksOf(proposal)).toEqual(["ak47_tside=ak-b@FT"]);
    expect(proposal.newTotalCents).toBe(1600);
  });

  it("a tie goes to the lower price", () => {
    const proposal = proposeFill(
      request({
        budgetCents: 900,
        options: [
          option({ skinId: "ak-a", priceCents: 300 }),
          option({ skinId: "ak-b", priceCents: 800 }),
          option({ skinId: "glock-a", weapon: "Glock-18", category: "Pistols", priceCents: 100 }),
          option({ skinId: "glock-b", weapon: "Glock-18", category: "Pistols", priceCents: 600 }),
        ],
      }),
    );
    // Either slot could spend the 5.00 left: the Glock's step ends at the lower price.
    expect(picksOf(proposal)).toEqual(["glock_tside=glock-b@FT", "ak47_tside=ak-a@FT"]);
  });

  it("never proposes a disabled wear, an unknown price or another weapon's skin, and never touches a filled slot", () => {
    const proposal = proposeFill(
      request({
        filledSlots: ["ak47_tside"],
        options: [
          option({ skinId: "ak-filled-slot", priceCents: 100 }),
          option({ skinId: "m4-wrong-side", weapon: "M4A4", priceCents: 100 }),
          option({ skinId: "glock-disabled", weapon: "Glock-18", category: "Pistols", enabled: false, priceCents: 100 }),
          option({ skinId: "glock-no-data", weapon: "Glock-18", category: "Pistols", priceCents: 0 }),
          option({ skinId: "karambit", weapon: "Karambit", category: "Knives", rarity: "Extraordinary", priceCents: 5000 }),
        ],
      }),
    );
    expect(picksOf(proposal)).toEqual(["knives_tside=karambit@FT"]);
    expect(proposal.unfilled).toContain("glock_tside");
    expect(proposal.unfilled).not.toContain("ak47_tside");
  });

  it("StatTrak™: only skins that come in StatTrak™, at the prices given; a slot without one stays empty, and a normal fill takes any skin", () => {
    const options = [
      option({ skinId: "ak-no-stattrak", priceCents: 100 }),
      option({ skinId: "ak-stattrak", stattrak: true, priceCents: 900 }),
      option({ skinId: "gloves", weapon: "Sport Gloves", category: "Gloves", rarity: "Extraordinary", priceCents: 1000 }),
    ];
    const stattrak = proposeFill(request({ variant: "stattrak", budgetCents: 5000, options }));
    expect(picksOf(stattrak)).toEqual(["ak47_tside=ak-stattrak@FT"]);
    expect(stattrak.addedCents).toBe(900);
    expect(stattrak.unfilled).toContain("gloves_tside");
    // A normal fill, at the same budget, takes the gloves and spends the rest within the AK-47's rarity.
    expect(picksOf(proposeFill(request({ budgetCents: 5000, options })))).toEqual(["ak47_tside=ak-stattrak@FT", "gloves_tside=gloves@FT"]);
  });

  it("reads the variant from the URL: StatTrak™ when asked, normal by default; names it as everywhere else", () => {
    expect(FILL_VARIANT_LABELS).toEqual({ normal: VARIANT_NAMES.normal, stattrak: VARIANT_NAMES.stattrak });
    expect(parseFillVariant("stattrak")).toBe("stattrak");
    expect(parseFillVariant("souvenir")).toBe("normal");
    expect(parseFillVariant(null)).toBe("normal");
  });

  it("both sides: a weapon with a slot on each side fills both", () => {
    const proposal = proposeFill(request({ side: "both", options: [option({ skinId: "awp", weapon: "AWP", priceCents: 100 })] }));
    expect(picksOf(proposal)).toEqual(["awp_tside=awp@FT", "awp_ctside=awp@FT"]);
  });

  it("over budget already: proposes nothing", () => {
    const proposal = proposeFill(request({ totalCents: 2000, budgetCents: 1000, options: [option({ skinId: "ak", priceCents: 1 })] }));
    expect(proposal.picks).toEqual([]);
    expect(proposal.newTotalCents).toBe(2000);
  });

  it("names what it writes as text, for the preview's Apply form", () => {
    const proposal = proposeFill(request({ options: [option({ skinId: "ak-47-redline", priceCents: 100 })] }));
    expect(fillProposalKey(proposal.picks)).toBe("ak47_tside=ak-47-redline@FT");
  });

  it("reads the side from the URL: t, ct or both, T by default", () => {
    expect(parseFillSide("ct")).toBe("ct");
    expect(parseFillSide("both")).toBe("both");
    expect(parseFillSide(null)).toBe("t");
    expect(parseFillSide("x")).toBe("t");
  });
});
