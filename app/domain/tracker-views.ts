// The tracker list's views and sorts (URL state, `?view=` and `?sort=`), apart from the rest of
// ./resell so the Resell Tracker's page carries only these for its sort form and view links: the
// list's code, which needs the rest, loads apart, once the page has hydrated (ADR 097).

/** The list's two views (`?view=sold`); open by default. */
export const TRACKER_VIEWS = [
  { value: "open", label: "Open" },
  { value: "sold", label: "Sold" },
] as const;
export type TrackerView = (typeof TRACKER_VIEWS)[number]["value"];

export function parseTrackerView(value: string | null): TrackerView {
  return value === "sold" ? "sold" : "open";
}

export const TRACKER_SORTS = [
  { value: "newest", label: "Newest first" },
  { value: "bought-desc", label: "Bought date, newest" },
  { value: "bought-asc", label: "Bought date, oldest" },
  { value: "profit-desc", label: "Profit, highest" },
  { value: "profit-asc", label: "Profit, lowest" },
] as const;
export type TrackerSort = (typeof TRACKER_SORTS)[number]["value"];

export function parseTrackerSort(value: string | null): TrackerSort {
  return TRACKER_SORTS.find((s) => s.value === value)?.value ?? "newest";
}
