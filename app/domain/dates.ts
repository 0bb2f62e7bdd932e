// Formatters are built once: `toLocaleDateString` with options builds a new one on every call,
// which cost a skin page 5 % of its render.
const longDate = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
const shortDate = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });
const minuteTime = new Intl.DateTimeFormat("en-US", { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: "UTC" });

/** A fixed, time-zone-free date so the server and the browser render the same text. */
export function formatDate(ms: number): string {
  return longDate.format(ms);
}

/** The same, with the month abbreviated ("Nov 23, 2026"). */
export function formatShortDate(ms: number): string {
  return shortDate.format(ms);
}

/**
 * A moment to the minute, in UTC ("November 23, 2026, 18:40 UTC"): prices change several times a
 * day, so the skin page's 'last price update' says when.
 */
export function formatDateTime(ms: number): string {
  return `${formatDate(ms)}, ${minuteTime.format(ms)} UTC`;
}
