// Where a day and a price sit in a price chart, as percentages of its box. Without d3, so the
// browser can place the tooltip's marker itself: the loader sends only the prices and the price
// domain (app/domain/price-chart.ts), not a position for every day.

/** Chart coordinates keep two decimals: finer steps are invisible and only lengthen the page. */
export const round = (value: number) => Math.round(value * 100) / 100;

/** Day `index` of `dayCount`, as a percentage from the left; a single day sits in the middle. */
export function dayXPercent(index: number, dayCount: number): number {
  return dayCount <= 1 ? 50 : round((index / (dayCount - 1)) * 100);
}

/** The day nearest to a point `percent` from the left of the chart. */
export function nearestDay(percent: number, dayCount: number): number {
  if (dayCount <= 1) return 0;
  return Math.min(dayCount - 1, Math.max(0, Math.round((percent / 100) * (dayCount - 1))));
}

/** A price in cents, as a percentage from the top of a chart whose lowest and highest prices are `domain`. */
export function priceYPercent(cents: number, [low, high]: readonly [number, number]): number {
  return round(((high - cents) / (high - low)) * 100);
}
