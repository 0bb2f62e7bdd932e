// Price history: one row per skin, variant, wear and UTC day (the day's latest price); the
// retention rule that bounds how many days are kept; and, without geometry, the chart's range in
// the URL, the days a range covers, day labels and min/average/max. Safe for the browser bundle
// (no d3); the chart geometry is in price-chart.ts, which loaders run on the server.
import type { Money } from "./money";

/**
 * Days of history kept, today included: the longest chart range (90 days) plus a month's margin.
 * Counts from the local catalogue (docs/features/price-feed.md): at most 15,660 rows a day (9,115 enabled
 * wears, 5,354 StatTrak and 1,191 Souvenir wears), so at most about 1.9 million rows in all,
 * rather than 5.7 million a year without the rule.
 */
export const PRICE_HISTORY_KEEP_DAYS = 120;

const DAY_MS = 86_400_000;

/** The UTC calendar day of a moment, YYYY-MM-DD: the `day` of a history row. */
export function utcDay(now: number): string {
  return new Date(now).toISOString().slice(0, 10);
}

/**
 * The oldest day kept at `now`: rows of earlier days go. With 120 days kept, on 2026-11-23 that is
 * 2026-07-27 (today and the 119 days before it).
 */
export function historyCutoffDay(now: number, keepDays = PRICE_HISTORY_KEEP_DAYS): string {
  if (!Number.isInteger(keepDays) || keepDays < 1) throw new RangeError("keepDays must be a whole number of at least 1");
  const today = Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth(), new Date(now).getUTCDate());
  return utcDay(today - (keepDays - 1) * DAY_MS);
}

/** Whether a history row of `day` is past the retention at `now`. */
export function isExpiredDay(day: string, now: number, keepDays = PRICE_HISTORY_KEEP_DAYS): boolean {
  return day < historyCutoffDay(now, keepDays);
}

export const PRICE_RANGES = [7, 30, 90] as const;
export type PriceRange = (typeof PRICE_RANGES)[number];
export const DEFAULT_PRICE_RANGE: PriceRange = 30;

/** `?range=7|30|90`; anything else (missing, "abc", "365") is the default. */
export function parsePriceRange(value: string | null | undefined): PriceRange {
  const range = Number(value);
  return (PRICE_RANGES as readonly number[]).includes(range) && value === String(range) ? (range as PriceRange) : DEFAULT_PRICE_RANGE;
}

/** Ranges already worked out, by count and last day: every request of a day asks for the same few. */
const rangesDays = new Map<string, readonly string[]>();

/** The `count` UTC days ending with `lastDay`, oldest first (a copy of the worked-out range). */
export function rangeDays(count: number, lastDay: string): string[] {
  const key = `${count} ${lastDay}`;
  let days = rangesDays.get(key);
  if (!days) {
    const end = Date.parse(`${lastDay}T00:00:00Z`);
    days = Array.from({ length: count }, (_, i) => utcDay(end - (count - 1 - i) * DAY_MS));
    // Yesterday's ranges are never asked for again.
    if (rangesDays.size >= 16) rangesDays.clear();
    rangesDays.set(key, days);
  }
  return [...days];
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "Nov 23" (axis labels). */
export function shortDay(day: string): string {
  return `${MONTHS[Number(day.slice(5, 7)) - 1]} ${Number(day.slice(8, 10))}`;
}

/** "Nov 23, 2026" (tooltip, table). Written by hand so server and browser agree. */
export function longDay(day: string): string {
  return `${shortDay(day)}, ${day.slice(0, 4)}`;
}

/**
 * One value per day (cents, or null for a day without a price), from rows keyed by day. A price of
 * 0 is no data; a row without a day (the empty side of a left join) belongs to no day.
 */
export function valuesByDay(days: readonly string[], rows: readonly { day: string | null; priceCents: number | null }[]): (number | null)[] {
  const byDay = new Map(rows.map((row) => [row.day, row.priceCents]));
  return days.map((day) => {
    const cents = byDay.get(day);
    return cents != null && cents > 0 ? cents : null;
  });
}

/**
 * A portfolio's value today, before the day's first price run has written a snapshot: the latest
 * value carried into today, so the chart does not fall to "No data" each night at midnight (UTC).
 * Only the last day is filled, and only from the day before it.
 */
export function carriedIntoToday(values: readonly (number | null)[]): (number | null)[] {
  const today = values.length - 1;
  if (today < 1 || values[today] !== null) return [...values];
  return [...values.slice(0, today), values[today - 1] ?? null];
}

export interface PriceSummary {
  minCents: number;
  /** The mean of the days with a price, rounded to the cent. */
  avgCents: number;
  maxCents: number;
  /** How many days of the range have a price. */
  days: number;
}

/** Min, average and max of the days that have a price; null when none has. */
export function summarisePrices(values: readonly (number | null)[]): PriceSummary | null {
  const prices = values.filter((value): value is number => value !== null);
  if (prices.length === 0) return null;
  const total = prices.reduce((sum, cents) => sum + cents, 0);
  return { minCents: Math.min(...prices), avgCents: Math.round(total / prices.length), maxCents: Math.max(...prices), days: prices.length };
}

export interface HistoryWording {
  /** The chart's name before its range: "Field-Tested price", "Market price", "Field-Tested price on Skinport", "Price on Skinport". */
  title: string;
  /** What its description starts with: "Field-Tested", "Market", or the title on one market. */
  described: string;
  /** What a chart without a price names: " for Field-Tested", " for Field-Tested on Skinport", " on Skinport", "". */
  absent: string;
}

/** How a price history names what it charts: a wear (none for a sticker) on a market (null: the cheapest listing). */
export function historyWording(wearName: string | null, marketName: string | null): HistoryWording {
  const onMarket = marketName ? ` on ${marketName}` : "";
  const title = marketName ? `${wearName ? `${wearName} price` : "Price"}${onMarket}` : `${wearName ?? "Market"} price`;
  return {
    title,
    described: marketName ? title : (wearName ?? "Market"),
    absent: `${wearName ? ` for ${wearName}` : ""}${onMarket}`,
  };
}

/** "$25.00", or "No data" for a day without a price. */
export function priceOrNoData(cents: number | null, money: Money): string {
  return cents === null ? "No data" : money.format(cents);
}

/**
 * What was invested by the end of each day: the buy prices of the items held then (bought on or
 * before it, not yet sold), the portfolio summary's "Total invested" of that day. Items held that
 * cost nothing are a real $0.00; null only on a day when no item was held.
 */
export function investedByDay(
  days: readonly string[],
  items: readonly { boughtAt: string; buyPriceCents: number; soldAt?: string | null }[],
): (number | null)[] {
  const held = (item: (typeof items)[number], day: string) => item.boughtAt <= day && (!item.soldAt || day < item.soldAt);
  return days.map((day) => {
    const holdings = items.filter((item) => held(item, day));
    return holdings.length === 0 ? null : holdings.reduce((sum, item) => sum + item.buyPriceCents, 0);
  });
}

/** "lowest $24.10, average $26.52, highest $28.46 over 30 days" (the chart's description). */
export function describeSummary(summary: PriceSummary, range: number, money: Money): string {
  return `lowest ${money.format(summary.minCents)}, average ${money.format(summary.avgCents)}, highest ${money.format(summary.maxCents)} over ${range} days`;
}
