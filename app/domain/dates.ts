/** A fixed, time-zone-free date so the server and the browser render the same text. */
export function formatDate(ms: number): string {
  return new Date(ms).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
}

/**
 * A moment to the minute, in UTC ("November 23, 2026, 18:40 UTC"): prices change several times a
 * day, so the skin page's 'last price update' says when.
 */
export function formatDateTime(ms: number): string {
  const time = new Date(ms).toLocaleTimeString("en-US", { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: "UTC" });
  return `${formatDate(ms)}, ${time} UTC`;
}
