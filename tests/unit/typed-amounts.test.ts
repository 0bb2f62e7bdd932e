import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fillBudgetCents } from "~/domain/loadout-budget";
import {
  CURRENCY_CODES,
  rateFromEuroRates,
  retyped,
  shownMinorUnits,
  storedAmount,
  storeTyped,
  toMinorUnits,
  USD_RATE,
  type Rate,
  type StoredAmount,
} from "~/domain/currency";
import { budgetFigures, storedBudgetFigures } from "~/domain/loadout-budget";
import { feeRule, realisedProfit, saleFeeCents } from "~/domain/market-fees";
import { moneyFor, US_DOLLARS } from "~/domain/money";
import { itemProfit, shownAmounts, trackerFigures, type TypedTracker } from "~/domain/resell";

// Amounts a player types are read in the page's currency and stored in US cents with what was typed
// and the rate (docs/features/currency.md). One dollar buys €0.80 when they are typed here, €0.90 later.
const EUR_THEN: Rate = { currency: "EUR", perUsd: 0.8, date: "2026-11-02" };
const EUR_NOW: Rate = { currency: "EUR", perUsd: 0.9, date: "2026-11-30" };
const GBP: Rate = { currency: "GBP", perUsd: 0.68, date: "2026-11-30" };

const rates: fc.Arbitrary<Rate> = fc
  .tuple(fc.constantFrom(...CURRENCY_CODES), fc.double({ min: 0.05, max: 50, noNaN: true }), fc.double({ min: 0.5, max: 2, noNaN: true }))
  .map(([currency, perEuro, usdPerEuro]) => rateFromEuroRates(currency, perEuro, usdPerEuro, "2026-11-30"));
const minor = fc.integer({ min: 0, max: 10_000_000_00 });
/** A stored amount: typed in some currency at some rate, or (before currencies) plain US cents. */
const stored: fc.Arbitrary<StoredAmount> = fc.oneof(
  fc.tuple(minor, rates).map(([typed, rate]) => storeTyped(typed, rate)),
  minor.map((cents) => storedAmount(cents, null, null, null)),
);

describe("an amount posted back by a form that showed it", () => {
  it("keeps the stored amount when the figure is the one the form showed, whatever the rate did since", () => {
    const bought = storeTyped(1250, EUR_THEN);
    expect(bought).toEqual({ usdCents: 1563, typed: { currency: "EUR", minorUnits: 1250, perUsd: 0.8 } });
    expect(retyped(1250, bought, EUR_NOW)).toBe(bought);
    // Typed in US dollars and shown in euros: $10.01 is €9.01 now, and 9.01 posted back keeps $10.01.
    const dollars = storedAmount(1001, null, null, null);
    expect(retyped(901, dollars, EUR_NOW)).toBe(dollars);
    // Changed, it is read at today's rate: €18.00 at $1 = €0.90 is $20.00.
    expect(retyped(1800, bought, EUR_NOW)).toEqual({ usdCents: 2000, typed: { currency: "EUR", minorUnits: 1800, perUsd: 0.9 } });
  });

  it("never changes a stored amount saved unchanged, and reads a changed one as typed at the rate", () => {
    fc.assert(
      fc.property(stored, rates, (amount, rate) => {
        expect(retyped(shownMinorUnits(amount.usdCents, amount.typed, rate), amount, rate)).toBe(amount);
      }),
    );
    fc.assert(
      fc.property(stored, rates, minor, (amount, rate, typed) => {
        fc.pre(typed !== shownMinorUnits(amount.usdCents, amount.typed, rate));
        expect(retyped(typed, amount, rate)).toEqual(storeTyped(typed, rate));
      }),
    );
    // Nothing stored yet (a new budget or alert): what was typed.
    fc.assert(
      fc.property(rates, minor, (rate, typed) => {
        expect(retyped(typed, null, rate)).toEqual(storeTyped(typed, rate));
      }),
    );
  });
});

/** A tracker as stored from what a player typed: the buy and (optionally) sale price in `rate`'s currency. */
function typedTracker(buy: number, sale: { price: number; basisPoints: number } | null, rate: Rate, currentCents = 0): TypedTracker {
  const bought = storeTyped(buy, rate);
  const sold = sale && storeTyped(sale.price, rate);
  const rule = feeRule("other", sale?.basisPoints ?? null);
  return {
    buyPriceCents: bought.usdCents,
    buyCurrency: rate.currency,
    buyTypedMinor: buy,
    currentCents,
    sale: sold && { priceCents: sold.usdCents, feeCents: saleFeeCents(sold.usdCents, rule) },
    saleCurrency: sold && rate.currency,
    saleTypedMinor: sold && sale.price,
    saleFeeTypedMinor: sold && saleFeeCents(sale.price, rule),
  };
}

describe("a tracker's amounts in the page's currency", () => {
  it("bought for €12.50 and sold for €20.00 with an 8 % fee: +€5.90, as typed, whatever the rate now", () => {
    const tracker = typedTracker(1250, { price: 2000, basisPoints: 800 }, EUR_THEN);
    expect(tracker).toMatchObject({ buyPriceCents: 1563, sale: { priceCents: 2500, feeCents: 200 }, saleFeeTypedMinor: 160 });
    const shown = shownAmounts(tracker, EUR_NOW);
    expect(shown).toMatchObject({ buy: 1250, current: 0, sale: { price: 2000, fee: 160 }, profit: { cents: 590 } });
    expect(shown.profit?.percent).toBeCloseTo(47.2, 10);
    expect(trackerFigures(tracker, EUR_NOW)).toEqual({
      buy: "€12.50",
      current: "No Data",
      sale: { price: "€20.00", fee: "€1.60" },
      profit: "+€5.90 (+47.2%)",
      gain: 1,
    });
    // Without a fee it is the player's €7.50.
    expect(trackerFigures(typedTracker(1250, { price: 2000, basisPoints: 0 }, EUR_THEN), EUR_NOW).profit).toBe("+€7.50 (+60.0%)");
    // In pounds each figure is converted from the stored cents: $15.63 is £10.63, $25.00 £17.00, $2.00 £1.36.
    expect(trackerFigures(tracker, GBP)).toMatchObject({ buy: "£10.63", sale: { price: "£17.00", fee: "£1.36" }, profit: "+£5.01 (+47.1%)" });
    // In US dollars, the stored amounts.
    expect(trackerFigures(tracker, USD_RATE)).toMatchObject({ buy: "$15.63", sale: { price: "$25.00", fee: "$2.00" }, profit: "+$7.37 (+47.2%)" });
  });

  it("an open item's profit is its current price, converted, less the buy price as shown", () => {
    const open = typedTracker(1250, null, EUR_THEN, 2000);
    // $20.00 is €18.00 now; bought for €12.50: +€5.50 (+44.0 %).
    expect(trackerFigures(open, EUR_NOW)).toMatchObject({ buy: "€12.50", current: "€18.00", sale: null, profit: "+€5.50 (+44.0%)", gain: 1 });
    expect(trackerFigures({ ...open, currentCents: 0 }, EUR_NOW)).toMatchObject({ current: "No Data", profit: "No Data", gain: 0 });
  });

  it("typed in the page's currency, the profit is worked out from the typed figures at any rate", () => {
    const sale = fc.record({ price: minor, basisPoints: fc.integer({ min: 0, max: 9999 }) });
    fc.assert(
      fc.property(minor, sale, rates, rates, (buy, sold, then, now) => {
        const rate = { ...now, currency: then.currency };
        const shown = shownAmounts(typedTracker(buy, sold, then), rate);
        const fee = saleFeeCents(sold.price, feeRule("other", sold.basisPoints));
        expect(shown.buy).toBe(buy);
        expect(shown.sale).toEqual({ price: sold.price, fee });
        expect(shown.profit).toEqual(realisedProfit(buy, { priceCents: sold.price, feeCents: fee }));
      }),
    );
  });

  it("in US dollars the profit is the stored amounts' (the list sorts by it, the CSV exports it)", () => {
    const item = fc.record({
      buyPriceCents: minor,
      currentCents: minor,
      sale: fc.option(fc.record({ priceCents: minor, feeCents: minor })),
      // What was typed, in a currency other than the dollar (or nothing: typed in dollars).
      typedIn: fc.option(fc.constantFrom(...CURRENCY_CODES.filter((code) => code !== "USD"))),
    });
    fc.assert(
      fc.property(item, ({ buyPriceCents, currentCents, sale, typedIn }) => {
        const tracker: TypedTracker = {
          buyPriceCents,
          buyCurrency: typedIn,
          buyTypedMinor: typedIn && 1,
          currentCents,
          sale,
          saleCurrency: sale && typedIn,
          saleTypedMinor: sale && typedIn && 1,
          saleFeeTypedMinor: sale && typedIn && 1,
        };
        expect(shownAmounts(tracker, USD_RATE).profit).toEqual(itemProfit({ ...tracker, boughtAt: "2026-01-01" }));
      }),
    );
    expect(trackerFigures(typedTracker(1000, null, USD_RATE, 1250), USD_RATE).profit).toBe("+$2.50 (+25.0%)");
  });
});

describe("a loadout's budget in the page's currency", () => {
  const euros = moneyFor(EUR_NOW);

  it("a budget typed as €50.00 is €50.00 at any rate, and a total of €56.00 is €6.00 over it", () => {
    expect(budgetFigures(5000, 5600, euros)).toEqual({ budget: "€50.00", over: "€6.00" });
    expect(budgetFigures(5000, 5000, euros)).toEqual({ budget: "€50.00", over: null });
    // Typed at $1 = €0.80 ($62.50), shown at €0.90: as typed; the total $62.23 is €56.01 now.
    const { usdCents } = storeTyped(5000, EUR_THEN);
    expect(storedBudgetFigures(usdCents, { currency: "EUR", minorUnits: 5000 }, 6223, EUR_NOW)).toEqual({ budget: "€50.00", over: "€6.01" });
    // In another currency it is converted: $62.50 is £42.50.
    expect(storedBudgetFigures(usdCents, { currency: "EUR", minorUnits: 5000 }, 0, GBP)).toEqual({ budget: "£42.50", over: null });
    expect(storedBudgetFigures(null, null, 6223, EUR_NOW)).toBeNull();
    expect(budgetFigures(1234, 1235, US_DOLLARS)).toEqual({ budget: "$12.34", over: "$0.01" });
  });

  it("is over exactly when the total as shown is more than the budget as shown, by the difference of the two", () => {
    fc.assert(
      fc.property(stored, fc.integer({ min: 0, max: 10_000_000_00 }), rates, (budget, totalCents, rate) => {
        const money = moneyFor(rate);
        const figures = storedBudgetFigures(budget.usdCents, budget.typed, totalCents, rate)!;
        const shownBudget = shownMinorUnits(budget.usdCents, budget.typed, rate);
        const shownTotal = toMinorUnits(totalCents, rate);
        expect(figures.budget).toBe(money.typed(budget.usdCents, budget.typed));
        expect(figures.over).toBe(shownTotal > shownBudget ? money.typed(0, { currency: rate.currency, minorUnits: shownTotal - shownBudget }) : null);
      }),
    );
  });
});

describe("the budget 'Fill empty slots within budget' fills to", () => {
  it("is the budget as the page shows it: €50.00 typed fills to today's €50.00, not to the dollars it was worth", () => {
    const then = rateFromEuroRates("EUR", 1, 1.1, "2026-11-01");
    const today = rateFromEuroRates("EUR", 1, 1.25, "2026-12-01");
    const stored = storeTyped(5000, then);
    expect(stored.usdCents).toBe(5500);
    expect(fillBudgetCents(stored.usdCents, stored.typed, today)).toBe(6250);
    // Shown in another currency, or in US dollars, the stored budget is the one filled to.
    expect(fillBudgetCents(stored.usdCents, stored.typed, USD_RATE)).toBe(5500);
    expect(fillBudgetCents(5500, null, today)).toBe(5500);
  });

  it("property: the most US cents whose figure on the page is within the typed budget", () => {
    fc.assert(
      fc.property(
        rates.filter((r) => r.currency !== "USD"),
        fc.integer({ min: 0, max: 10_000_000 }),
        (pageRate, typedMinor) => {
          const cents = fillBudgetCents(123, { currency: pageRate.currency, minorUnits: typedMinor }, pageRate);
          expect(toMinorUnits(cents, pageRate)).toBeLessThanOrEqual(typedMinor);
          expect(toMinorUnits(cents + 1, pageRate)).toBeGreaterThan(typedMinor);
        },
      ),
    );
  });
});
