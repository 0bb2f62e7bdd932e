import { formatInCurrency, formatMinorUnits, shownMinorUnits, USD_RATE, type Rate, type TypedAmount } from "./currency.ts";

/**
 * How a page writes amounts: money is stored as integer US cents, and shown in the player's currency
 * at one rate (docs/features/currency.md). Components take it from `useMoney()`
 * (app/components/money.tsx, the root loader's rate); mails, exports and loaders that write text
 * are handed one.
 */
export interface Money {
  rate: Rate;
  /** "$12.50", "€9.25", "-£0.25". */
  format(cents: number): string;
  /** "+$1.50", "-€0.25", "$0.00": a sign in front of gains too. */
  signed(cents: number): string;
  /** "$1.00 – $9.50" (or one price); 'No Data' without prices; null when no range was asked for. */
  range(min: number | null | undefined, max: number | null | undefined): string | null;
  /** A market price, or 'No Data' for 0 cents (the spec's wording for a missing price). */
  market(cents: number): string;
  /** An amount the player typed: as typed when it was typed in this currency, else converted. */
  typed(cents: number, typed: Pick<TypedAmount, "currency" | "minorUnits"> | null): string;
}

export function moneyFor(rate: Rate): Money {
  const format = (cents: number) => formatInCurrency(cents, rate);
  return {
    rate,
    format,
    signed: (cents) => (cents > 0 ? `+${format(cents)}` : format(cents)),
    range: (min, max) => {
      if (min === undefined) return null;
      if (min === null || max === null || max === undefined) return "No Data";
      return min === max ? format(min) : `${format(min)} – ${format(max)}`;
    },
    market: (cents) => (cents > 0 ? format(cents) : "No Data"),
    typed: (cents, typed) => formatMinorUnits(shownMinorUnits(cents, typed, rate), rate.currency),
  };
}

/** Amounts in US dollars, as stored: until a visitor chooses, and where no rate applies. */
export const US_DOLLARS = moneyFor(USD_RATE);

export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

/**
 * A percentage to one decimal, halves away from zero, judged on the number as it is written
 * (`String`, the shortest decimal that reads back as it): -99.15 -> -99.2, 99.15 -> 99.2,
 * 12.345 -> 12.3. The pages (`formatPercent`) and the CSV export both round with it, so they agree.
 */
export function roundPercent(percent: number): number {
  const size = Math.abs(percent);
  if (!Number.isFinite(size) || size >= 1e21) return percent;
  // "99.15e1" is 991.5 exactly, where 99.15 * 10 or 99.15.toFixed(1) may land either side of the half.
  const tenths = size < 1e-6 ? 0 : Math.round(Number(`${size}e1`));
  return tenths === 0 ? 0 : (Math.sign(percent) * tenths) / 10;
}

/** A percentage with one decimal and its sign ("+12.5%", "-3.0%", "0.0%"), rounded by `roundPercent`. */
export function formatPercent(percent: number): string {
  const rounded = roundPercent(percent);
  if (rounded === 0) return "0.0%";
  return `${rounded > 0 ? "+" : ""}${rounded.toFixed(1)}%`;
}

/** Whether a dollar amount has at most two decimals (the form's step 0.01). */
export function hasWholeCents(dollars: number): boolean {
  return Math.abs(dollars * 100 - Math.round(dollars * 100)) < 1e-6;
}
