import { shownMinorUnits, toMinorUnits, toUsdCents, type Rate, type TypedFigure } from "./currency";
import { moneyFor, type Money } from "./money";

// A module of its own: the editor writes the figures again as the budget is typed, and only its page
// should load that code (the other loadout pages get the figures from their loaders).

/** A loadout's budget as its pages write it, and how far the total is over it (null: within it). */
export interface BudgetFigures {
  budget: string;
  over: string | null;
}

/**
 * A budget and a total, both in minor units of the page's currency as the page shows them, written
 * by `money`: how far the total is over the budget is worked out from the two figures as shown, so a
 * page adds up (a total of €56.00 against a budget typed as €50.00 is €6.00 over).
 */
export function budgetFigures(budget: number, total: number, money: Money): BudgetFigures {
  // Minor units of the page's currency are written as an amount typed in it is.
  const write = (minorUnits: number) => money.typed(0, { currency: money.rate.currency, minorUnits });
  return { budget: write(budget), over: total > budget ? write(total - budget) : null };
}

/**
 * A stored budget against a stored total (US cents) in the rate's currency (docs/features/currency.md):
 * the budget as typed when it was typed in it, else converted, and the total converted; whatever the
 * rate did since, a budget typed as €50.00 is €50.00. Null without a budget.
 */
export function storedBudgetFigures(budgetCents: number | null, typed: TypedFigure | null, totalCents: number, rate: Rate): BudgetFigures | null {
  if (budgetCents === null) return null;
  return budgetFigures(shownMinorUnits(budgetCents, typed, rate), toMinorUnits(totalCents, rate), moneyFor(rate));
}

/**
 * The budget 'Fill empty slots within budget' fills up to, in US cents at the rate: the most a total
 * can be and still be within the budget as the page shows it (as typed when typed in the page's
 * currency). A budget typed as €50.00 fills to today's €50.00, not to the dollars €50.00 were worth
 * when it was typed; in US dollars, or typed in another currency, it is the stored budget.
 */
export function fillBudgetCents(budgetCents: number, typed: TypedFigure | null, rate: Rate): number {
  if (typed === null || typed.currency !== rate.currency) return budgetCents;
  const shown = typed.minorUnits;
  let cents = Math.max(0, toUsdCents(shown, rate));
  while (cents > 0 && toMinorUnits(cents, rate) > shown) cents--;
  while (toMinorUnits(cents + 1, rate) <= shown) cents++;
  return cents;
}
