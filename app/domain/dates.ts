/** A fixed, time-zone-free date so the server and the browser render the same text. */
export function formatDate(ms: number): string {
  return new Date(ms).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
}
