/** Money is stored as integer cents; the view shows dollars with two decimals. */
export function formatDollars(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  return `${sign}$${(Math.abs(cents) / 100).toFixed(2)}`;
}

export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

/** "$1.00 – $9.50" (or one price); 'No Data' without prices; null when no range was asked for. */
export function priceRange(min: number | null | undefined, max: number | null | undefined): string | null {
  if (min === undefined) return null;
  if (min === null || max === null || max === undefined) return "No Data";
  return min === max ? formatDollars(min) : `${formatDollars(min)} – ${formatDollars(max)}`;
}

/** Dollars with a sign in front of gains too ("+$1.50", "-$0.25", "$0.00"). */
export function formatSignedDollars(cents: number): string {
  return cents > 0 ? `+${formatDollars(cents)}` : formatDollars(cents);
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

/** A market price: dollars, or 'No Data' for 0 cents (the spec's wording for a missing price). */
export function marketPriceLabel(cents: number): string {
  return cents > 0 ? formatDollars(cents) : "No Data";
}
