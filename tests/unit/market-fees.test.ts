import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  breakEvenPriceCents,
  DEFAULT_FEES,
  describeFee,
  feeRule,
  MARKETS,
  MAX_FEE_BASIS_POINTS,
  realisedProfit,
  saleFeeCents,
  steamFees,
  type FeeRule,
} from "~/domain/market-fees";
import { floatWithinRange, floatWithinRangeText } from "~/domain/float-range";

const rules: fc.Arbitrary<FeeRule> = fc.oneof(
  fc.constant<FeeRule>({ kind: "steam" }),
  fc.integer({ min: 0, max: MAX_FEE_BASIS_POINTS }).map((basisPoints): FeeRule => ({ kind: "percent", basisPoints })),
);
const cents = fc.integer({ min: 0, max: 100_000_000 });

describe("Steam's fee, split from what the buyer paid", () => {
  it("matches the market's own worked examples", () => {
    // The listing dialog: the buyer pays $1.15 when the seller receives $1.00 (5 % + 10 %).
    expect(steamFees(115)).toEqual({ receivedCents: 100, steamCents: 5, gameCents: 10 });
    // The lowest listing: $0.03, one cent each.
    expect(steamFees(3)).toEqual({ receivedCents: 1, steamCents: 1, gameCents: 1 });
    // $10.00: the seller receives $8.70 (Steam $0.43, CS2 $0.87).
    expect(steamFees(1000)).toEqual({ receivedCents: 870, steamCents: 43, gameCents: 87 });
    // $20.00 has no exact split: $17.39 received, the left-over cents go to Steam's fee.
    expect(steamFees(2000)).toEqual({ receivedCents: 1739, steamCents: 88, gameCents: 173 });
    expect(saleFeeCents(11500, { kind: "steam" })).toBe(1500);
  });
  it("below the minimum listing the fees keep everything", () => {
    expect(saleFeeCents(2, { kind: "steam" })).toBe(2);
    expect(saleFeeCents(1, { kind: "steam" })).toBe(1);
    expect(saleFeeCents(0, { kind: "steam" })).toBe(0);
  });
  it("adds up to the price paid, with each fee at least a cent from $0.03 on", () => {
    fc.assert(
      fc.property(fc.integer({ min: 3, max: 10_000_000 }), (paid) => {
        const { receivedCents, steamCents, gameCents } = steamFees(paid);
        expect(receivedCents + steamCents + gameCents).toBe(paid);
        expect(steamCents).toBeGreaterThanOrEqual(1);
        expect(gameCents).toBeGreaterThanOrEqual(1);
        // What Steam asks the buyer for the received amount fits the price, one cent more would not.
        expect(gameCents).toBe(Math.max(Math.floor(receivedCents / 10), 1));
      }),
    );
  });
});

describe("market fees", () => {
  it("has a default for every market, Skinport 8 %, CSFloat 2 %, Buff163 2.5 %, Other none", () => {
    expect(MARKETS.map((market) => describeFee(DEFAULT_FEES[market]))).toEqual(["5 % Steam + 10 % CS2 fee", "8 %", "2 %", "2.5 %", "0 %"]);
    expect(saleFeeCents(3000, DEFAULT_FEES.skinport)).toBe(240);
    expect(saleFeeCents(10000, DEFAULT_FEES.csfloat)).toBe(200);
    expect(saleFeeCents(1000, DEFAULT_FEES.buff163)).toBe(25);
    expect(saleFeeCents(1000, DEFAULT_FEES.other)).toBe(0);
    // A sale's own percentage replaces the market's.
    expect(saleFeeCents(10000, feeRule("steam", 500))).toBe(500);
  });
  it("realised profit is the price after the fee minus the cost, percent of the cost", () => {
    // Bought for $20.00, sold on Skinport for $30.00: $27.60 after $2.40, +$7.60 (+38 %).
    expect(realisedProfit(2000, { priceCents: 3000, feeCents: 240 })).toEqual({ cents: 760, percent: 38 });
    expect(realisedProfit(0, { priceCents: 100, feeCents: 8 })).toEqual({ cents: 92, percent: null });
  });
  it("break-even prices: Steam's buyer price for the cost, and the percent markets' lowest covering price", () => {
    expect(breakEvenPriceCents(100, DEFAULT_FEES.steam)).toBe(115);
    expect(breakEvenPriceCents(2000, DEFAULT_FEES.skinport)).toBe(2174);
    expect(breakEvenPriceCents(2000, DEFAULT_FEES.other)).toBe(2000);
    expect(breakEvenPriceCents(0, DEFAULT_FEES.steam)).toBe(0);
    expect(breakEvenPriceCents(100, { kind: "percent", basisPoints: 10_000 })).toBeNull();
  });
  it("a fee is never negative nor above the price", () => {
    fc.assert(
      fc.property(cents, rules, (price, rule) => {
        const fee = saleFeeCents(price, rule);
        expect(fee).toBeGreaterThanOrEqual(0);
        expect(fee).toBeLessThanOrEqual(price);
      }),
    );
  });
  it("the break-even price after its fee returns at least the cost, and a cent less does not", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), rules, (cost, rule) => {
        const price = breakEvenPriceCents(cost, rule)!;
        expect(price - saleFeeCents(price, rule)).toBeGreaterThanOrEqual(cost);
        expect(price - 1 - saleFeeCents(price - 1, rule)).toBeLessThan(cost);
      }),
    );
  });
});

describe("the float within its range", () => {
  it("is (float - min) / (max - min), none outside the range", () => {
    expect(floatWithinRange(0.25, 0.1, 0.7)).toBeCloseTo(0.25);
    expect(floatWithinRangeText(0.4, 0.1, 0.7)).toBe("Float in its range: 0.5000 (50.0 %)");
    expect(floatWithinRange(0.05, 0.1, 0.7)).toBeNull();
    expect(floatWithinRange(0.5, 0.5, 0.5)).toBeNull();
  });
  it("stays between 0 and 1", () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (a, b, c) => {
          const position = floatWithinRange(a, b, c);
          if (position !== null) {
            expect(position).toBeGreaterThanOrEqual(0);
            expect(position).toBeLessThanOrEqual(1);
          }
        },
      ),
    );
  });
});
