import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addToContract,
  contractQuery,
  contractsByRarity,
  contractValue,
  evaluateTradeUp,
  inputsNeeded,
  nextRarity,
  outputFloat,
  parseContract,
  TRADE_UP_MESSAGES,
  type ContractRow,
  type InputSkin,
  type OutcomeSkin,
} from "~/domain/trade-up";

const input = (id: string, collectionId: number, overrides: Partial<InputSkin> = {}): InputSkin => ({
  id,
  name: id,
  rarity: "Mil-Spec",
  minFloat: 0,
  maxFloat: 1,
  stattrak: true,
  collectionId,
  collectionName: `Collection ${collectionId}`,
  ...overrides,
});
const outcome = (id: string, minFloat = 0, maxFloat = 1, stattrak = true): OutcomeSkin => ({ id, name: id, minFloat, maxFloat, stattrak });
const row = (skinId: string, count: number, float: number | null = 0.2, variant: ContractRow["variant"] = "normal"): ContractRow => ({
  skinId,
  float,
  variant,
  count,
});
const skinMap = (...skins: InputSkin[]) => new Map(skins.map((skin) => [skin.id, skin]));
const pools = (byCollection: Record<number, OutcomeSkin[]>) => (collectionId: number) => byCollection[collectionId] ?? [];

describe("the rules of the contract", () => {
  it("knows the next rarity and how many inputs each takes", () => {
    expect(nextRarity("Mil-Spec")).toBe("Restricted");
    expect(nextRarity("Covert")).toBe("Extraordinary");
    expect(nextRarity("Extraordinary")).toBeNull();
    expect(inputsNeeded("Classified")).toBe(10);
    expect(inputsNeeded("Covert")).toBe(5);
  });

  it("worked example: 7 inputs of collection A (2 outcomes) and 3 of B (1 outcome)", () => {
    const skins = skinMap(input("a", 1), input("b", 2));
    const result = evaluateTradeUp([row("a", 7), row("b", 3)], skins, pools({ 1: [outcome("a1"), outcome("a2")], 2: [outcome("b1")] }));
    expect(result.status).toBe("valid");
    if (result.status !== "valid") return;
    const odds = Object.fromEntries(result.outcomes.map((o) => [o.skin.id, o.probability]));
    expect(odds.a1).toBeCloseTo(0.35);
    expect(odds.a2).toBeCloseTo(0.35);
    expect(odds.b1).toBeCloseTo(0.3);
  });

  it("worked example: the output float normalises each input by its own range (update of October 2025)", () => {
    // 5 inputs at 0.40 in 0.00-0.40 (normalised 1.0) and 5 at 0.06 in 0.06-0.80 (normalised 0.0): average 0.5.
    const skins = skinMap(input("narrow", 1, { maxFloat: 0.4 }), input("wide", 1, { minFloat: 0.06, maxFloat: 0.8 }));
    const result = evaluateTradeUp([row("narrow", 5, 0.4), row("wide", 5, 0.06)], skins, pools({ 1: [outcome("out", 0.1, 0.7)] }));
    expect(result.status === "valid" && result.outcomes[0]!.float).toBeCloseTo(0.1 + 0.5 * 0.6);
    expect(result.status === "valid" && result.outcomes[0]!.wear).toBe("WW");
  });

  it("worked example: ten inputs at the bottom of their ranges give each outcome its minimum float", () => {
    const skins = skinMap(input("x", 1, { minFloat: 0.06, maxFloat: 0.8 }), input("y", 1, { minFloat: 0.1, maxFloat: 0.45 }));
    const result = evaluateTradeUp([row("x", 4, 0.06), row("y", 6, 0.1)], skins, pools({ 1: [outcome("o1", 0.02, 0.8), outcome("o2", 0.15, 0.5)] }));
    expect(result.status).toBe("valid");
    if (result.status !== "valid") return;
    expect(result.outcomes.map((o) => [o.skin.id, o.float])).toEqual([
      ["o1", 0.02],
      ["o2", 0.15],
    ]);
  });

  it("five Covert inputs give the knives and gloves of their cases; a StatTrak contract only the knives", () => {
    const skins = skinMap(input("covert", 1, { rarity: "Covert" }));
    const specials = pools({ 1: [outcome("knife"), outcome("gloves", 0.06, 0.8, false)] });
    const normal = evaluateTradeUp([row("covert", 5)], skins, specials);
    expect(normal.status === "valid" && normal.outcomes.map((o) => o.skin.id).sort()).toEqual(["gloves", "knife"]);
    const stattrak = evaluateTradeUp([row("covert", 5, 0.2, "stattrak")], skins, specials);
    expect(stattrak.status === "valid" && stattrak.outcomes.map((o) => [o.skin.id, o.probability])).toEqual([["knife", 1]]);
    expect(evaluateTradeUp([row("covert", 10)], skins, specials)).toEqual({ status: "refused", messages: [TRADE_UP_MESSAGES.tooMany(10, 5, "Covert")] });
  });

  it("refuses each broken rule with its message", () => {
    const skins = skinMap(
      input("mil", 1),
      input("res", 1, { rarity: "Restricted" }),
      input("nost", 1, { stattrak: false }),
      input("capped", 1, { minFloat: 0.1, maxFloat: 0.5 }),
      input("lonely", 3),
    );
    const above = pools({ 1: [outcome("o")] });
    const refused = (rows: ContractRow[]) => {
      const result = evaluateTradeUp(rows, skins, above);
      return result.status === "refused" ? result.messages : result.status;
    };
    expect(refused([row("mil", 5), row("res", 5)])).toEqual([TRADE_UP_MESSAGES.mixedRarity(["Mil-Spec", "Restricted"])]);
    expect(refused([row("mil", 5, 0.2, "stattrak"), row("capped", 5)])).toEqual([TRADE_UP_MESSAGES.mixedStatTrak]);
    expect(refused([row("mil", 10, 0.2, "souvenir")])).toEqual([TRADE_UP_MESSAGES.souvenir("mil")]);
    expect(refused([row("nost", 10, 0.2, "stattrak")])).toEqual([TRADE_UP_MESSAGES.noStatTrak("nost")]);
    expect(refused([row("capped", 10, 0.6)])).toEqual([TRADE_UP_MESSAGES.floatOutOfRange("capped", 0.6, 0.1, 0.5)]);
    expect(refused([row("mil", 9), row("lonely", 1)])).toEqual([TRADE_UP_MESSAGES.nothingAbove("Collection 3", "Restricted", false)]);
    expect(refused([row("mil", 8), row("mil", 4)])).toEqual([TRADE_UP_MESSAGES.tooMany(12, 10, "Mil-Spec")]);
    expect(refused([row("ghost", 10)])).toEqual([TRADE_UP_MESSAGES.unknownSkin("ghost")]);
    expect(evaluateTradeUp([row("mil", 3), row("capped", 2, null)], skins, above)).toEqual({
      status: "incomplete",
      messages: [TRADE_UP_MESSAGES.tooFew(5, 10, "Mil-Spec"), TRADE_UP_MESSAGES.missingFloat("capped")],
    });
    expect(evaluateTradeUp([], skins, above)).toEqual({ status: "empty" });
  });
});

describe("properties", () => {
  const range = fc
    .tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }))
    .filter(([a, b]) => Math.abs(a - b) > 1e-6)
    .map(([a, b]) => ({ minFloat: Math.min(a, b), maxFloat: Math.max(a, b) }));
  /** A contract of 1 to 10 rows over up to 4 collections (1 to 3 outcomes each), counts summing to 10. */
  const contract = fc
    .record({
      counts: fc.array(fc.integer({ min: 1, max: 10 }), { minLength: 1, maxLength: 10 }),
      ranges: fc.array(range, { minLength: 10, maxLength: 10 }),
      positions: fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 10, maxLength: 10 }),
      collections: fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 10, maxLength: 10 }),
      outcomeRanges: fc.array(fc.array(range, { minLength: 1, maxLength: 3 }), { minLength: 4, maxLength: 4 }),
    })
    .map(({ counts, ranges, positions, collections, outcomeRanges }) => {
      // Scale the counts so they total exactly 10.
      const rows: ContractRow[] = [];
      let left = 10;
      counts.forEach((count, index) => {
        const take = index === counts.length - 1 ? left : Math.min(count, left - (counts.length - 1 - index));
        if (take < 1) return;
        const { minFloat, maxFloat } = ranges[index]!;
        rows.push({ skinId: `s${index}`, float: minFloat + positions[index]! * (maxFloat - minFloat), variant: "normal", count: take });
        left -= take;
      });
      const skins = new Map(rows.map((r, index) => [r.skinId, input(r.skinId, collections[index]!, ranges[index])]));
      const byCollection = Object.fromEntries(outcomeRanges.map((list, c) => [c + 1, list.map((r, i) => outcome(`c${c + 1}-${i}`, r.minFloat, r.maxFloat))]));
      return { rows, skins, outcomesOf: pools(byCollection) };
    })
    .filter(({ rows }) => rows.reduce((sum, r) => sum + r.count, 0) === 10);

  it("probabilities sum to 1 and every output float lies in its skin's range", () => {
    fc.assert(
      fc.property(contract, ({ rows, skins, outcomesOf }) => {
        const result = evaluateTradeUp(rows, skins, outcomesOf);
        expect(result.status).toBe("valid");
        if (result.status !== "valid") return;
        expect(result.outcomes.reduce((sum, o) => sum + o.probability, 0)).toBeCloseTo(1, 9);
        for (const o of result.outcomes) {
          expect(o.float).toBeGreaterThanOrEqual(o.skin.minFloat);
          expect(o.float).toBeLessThanOrEqual(o.skin.maxFloat);
        }
      }),
    );
  });

  it("raising an input's float never lowers the output's", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ range, position: fc.double({ min: 0, max: 1, noNaN: true }), count: fc.integer({ min: 1, max: 10 }) }), {
          minLength: 1,
          maxLength: 10,
        }),
        fc.nat(9),
        fc.double({ min: 0, max: 1, noNaN: true }),
        range,
        (inputs, which, raise, out) => {
          const floats = inputs.map(({ range: r, position, count }) => ({ ...r, count, float: r.minFloat + position * (r.maxFloat - r.minFloat) }));
          const index = which % floats.length;
          const chosen = floats[index]!;
          const raised = floats.map((f, i) => (i === index ? { ...f, float: f.float + raise * (chosen.maxFloat - f.float) } : f));
          expect(outputFloat(raised, out)).toBeGreaterThanOrEqual(outputFloat(floats, out) - 1e-12);
        },
      ),
    );
  });

  it("inputs at the bottom of their ranges give every outcome its minimum float", () => {
    fc.assert(
      fc.property(fc.array(fc.record({ range, count: fc.integer({ min: 1, max: 10 }) }), { minLength: 1, maxLength: 10 }), range, (inputs, out) => {
        expect(
          outputFloat(
            inputs.map(({ range: r, count }) => ({ ...r, count, float: r.minFloat })),
            out,
          ),
        ).toBe(out.minFloat);
      }),
    );
  });
});

describe("the contract's value", () => {
  it("leaves outcomes without a price out of the expected value and says how much of the odds it covers", () => {
    const value = contractValue(
      [
        { probability: 0.5, priceCents: 1000 },
        { probability: 0.25, priceCents: 200 },
        { probability: 0.25, priceCents: null },
      ],
      [300, 100],
    );
    expect(value).toEqual({ expectedCents: 550, coverage: 0.75, costCents: 400, expectedProfitCents: 150, profitChance: 0.5 });
    expect(contractValue([{ probability: 1, priceCents: 10 }], [5, null])).toMatchObject({ costCents: null, expectedProfitCents: null, profitChance: null });
  });
});

describe("the contract in the URL", () => {
  it("round-trips rows, leaving defaults out", () => {
    const rows: ContractRow[] = [row("ak-47-redline", 4, 0.15, "stattrak"), row("awp-asiimov", 6, null)];
    const query = contractQuery(rows);
    expect(query).toBe("s1=ak-47-redline&f1=0.15&n1=4&v1=stattrak&s2=awp-asiimov&n2=6");
    expect(parseContract(new URLSearchParams(query))).toEqual({ rows, errors: [] });
  });

  it("keeps every digit of a float, so a link never moves an input into another wear band", () => {
    // 0.14999999 is Minimal Wear; rounded to 0.15 it would be priced as Field-Tested.
    const query = contractQuery([row("ak-47-redline", 10, 0.14999999)]);
    expect(query).toBe("s1=ak-47-redline&f1=0.14999999&n1=10");
    expect(parseContract(new URLSearchParams(query)).rows[0]!.float).toBe(0.14999999);
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1, noNaN: true }), (float) => {
        const parsed = parseContract(new URLSearchParams(contractQuery([row("ak-47-redline", 10, float)])));
        expect(parsed.errors).toEqual([]);
        expect(parsed.rows[0]!.float).toBe(float);
      }),
    );
  });

  it("names what is wrong with a row", () => {
    const { errors } = parseContract(new URLSearchParams("s1=Bad%20Id&s2=a&f2=x&n2=11&v2=gold&s3=b&f3=1.5"));
    expect(errors).toEqual([
      "Row 1: choose a skin from the catalogue.",
      "Row 2: the float must be a number from 0 to 1.",
      "Row 2: the count must be a whole number from 1 to 10.",
      "Row 2: choose Normal, StatTrak™ or Souvenir.",
      "Row 3: the float must be a number from 0 to 1.",
    ]);
  });

  it("adds a skin: one more of it, or a new row of one in the contract's variant", () => {
    const rows = [row("a", 2, 0.1, "stattrak")];
    expect(addToContract(rows, "a")).toEqual({ rows: [row("a", 3, 0.1, "stattrak")], refused: null });
    expect(addToContract(rows, "b")).toEqual({ rows: [...rows, row("b", 1, null, "stattrak")], refused: null });
    // No room: the contract as it was, and why (the page says so).
    const full = Array.from({ length: 10 }, (_, i) => row(`s${i}`, 1));
    expect(addToContract(full, "new")).toEqual({ rows: full, refused: "contract-full" });
    expect(addToContract(full, "s3")).toEqual({ rows: full.map((r, i) => (i === 3 ? row("s3", 2) : r)), refused: null });
    expect(addToContract([row("a", 10)], "a")).toEqual({ rows: [row("a", 10)], refused: "row-full" });
  });

  it("splits a contract that mixes rarities into one per rarity, unknown skins in none", () => {
    const rarities: Record<string, string> = { mag: "Mil-Spec", mp9: "Mil-Spec", awp: "Covert" };
    const rows = [row("mag", 6), row("awp", 1), row("nope", 2), row("mp9", 3, 0.3)];
    expect(contractsByRarity(rows, (id) => rarities[id])).toEqual([
      { rarity: "Mil-Spec", rows: [row("mag", 6), row("mp9", 3, 0.3)] },
      { rarity: "Covert", rows: [row("awp", 1)] },
    ]);
    // One rarity (and skins the catalogue does not know) is no mix: nothing to offer.
    expect(contractsByRarity([row("mag", 6), row("nope", 1), row("mp9", 4)], (id) => rarities[id])).toEqual([]);
    expect(contractsByRarity([], (id) => rarities[id])).toEqual([]);
  });

  it("each rarity's contract holds exactly its rows, in order, and together they hold every known row", () => {
    const rarity = fc.constantFrom("Consumer", "Mil-Spec", "Restricted", "Covert", undefined);
    const rowsWithRarity = fc.array(fc.tuple(fc.integer({ min: 1, max: 10 }), rarity), { maxLength: 10 });
    fc.assert(
      fc.property(rowsWithRarity, (specs) => {
        const rows = specs.map(([count], index) => row(`skin-${index}`, count));
        const rarityOf = (id: string) => specs[Number(id.slice(5))]![1];
        const groups = contractsByRarity(rows, rarityOf);
        const known = rows.filter((r) => rarityOf(r.skinId) !== undefined);
        const distinct = new Set(known.map((r) => rarityOf(r.skinId)));
        if (distinct.size < 2) return groups.length === 0;
        expect(groups.map((group) => group.rarity)).toEqual([...distinct]);
        for (const group of groups) expect(group.rows).toEqual(known.filter((r) => rarityOf(r.skinId) === group.rarity));
        return groups.reduce((sum, group) => sum + group.rows.length, 0) === known.length;
      }),
    );
  });
});
