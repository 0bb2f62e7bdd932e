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
