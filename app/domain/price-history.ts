// Price history: one row per skin, variant, wear and UTC day (the day's latest price), and the
// retention rule that bounds how many days are kept.

/**
 * Days of history kept, today included: the longest chart range (90 days) plus a month's margin.
 * Counts from the local catalogue (README, "Price feed"): at most 15,660 rows a day (9,115 enabled
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
