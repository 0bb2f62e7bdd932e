import { formatDollars, formatPercent, formatSignedDollars } from "./money";
import { pageOf, requestedPage } from "./pages";
import { isTradeable } from "./trade-lock";
import type { Wear } from "./wear";

/** Spec section 9: the tracker's price rules. Money in integer cents; 0 means no price data. */
export interface WearPrice {
  wear: Wear;
  enabled: boolean;
  priceCents: number;
}

/** A tracker as the pages show it: the item, its skin, its current price; times in ms since the epoch. */
export interface LoadedTracker {
  id: number;
  skinId: string;
  skinName: string;
  skinImage: string;
  weapon: string;
  rarityColor: string;
  minFloat: number;
  maxFloat: number;
  lastPriceUpdate: number | null;
  buyPriceCents: number;
  wear: Wear;
  wearValue: number | null;
  notes: string | null;
  boughtAt: string;
  createdAt: number;
  updatedAt: number;
  currentCents: number;
}

/**
 * The current price of a tracked item: the chosen wear's price; when that wear has no price, the
 * average of the skin's enabled wears that have one (rounded to a cent); 0 when none has.
 */
export function currentPriceCents(wear: Wear, wears: readonly WearPrice[]): number {
  const chosen = wears.find((w) => w.wear === wear && w.enabled && w.priceCents > 0);
  if (chosen) return chosen.priceCents;
  const priced = wears.filter((w) => w.enabled && w.priceCents > 0);
  if (priced.length === 0) return 0;
  return Math.round(priced.reduce((sum, w) => sum + w.priceCents, 0) / priced.length);
}

export interface Profit {
  cents: number;
  /** Null when the item cost nothing (no percentage of zero). */
  percent: number | null;
}

/** Profit = current minus buy price, with percent of the buy price; null without price data. */
export function profitOf(buyPriceCents: number, currentCents: number): Profit | null {
  if (currentCents <= 0) return null;
  const cents = currentCents - buyPriceCents;
  return { cents, percent: buyPriceCents > 0 ? (cents / buyPriceCents) * 100 : null };
}

export const NO_DATA = "No Data";

export function formatPrice(cents: number): string {
  return cents > 0 ? formatDollars(cents) : NO_DATA;
}

/** "+$12.00 (+10.0%)", or 'No Data'. */
export function formatProfit(profit: Profit | null): string {
  if (!profit) return NO_DATA;
  return profit.percent === null ? formatSignedDollars(profit.cents) : `${formatSignedDollars(profit.cents)} (${formatPercent(profit.percent)})`;
}

/** The float to 4 decimals, as the list shows it. */
export function formatFloat(value: number): string {
  return value.toFixed(4);
}

export interface TrackedItem {
  buyPriceCents: number;
  currentCents: number;
  boughtAt: string;
}

export interface PortfolioSummary {
  items: number;
  investedCents: number;
  /** Current value of the items that have price data. */
  valueCents: number;
  /** Items without price data, left out of value and profit. */
  unpriced: number;
  profit: Profit | null;
  tradeable: number;
}

/** The portfolio above the list: items, invested, current value, profit and percent, tradeable now. */
export function portfolioSummary(items: readonly TrackedItem[], timeZone: string, now: number): PortfolioSummary {
  const priced = items.filter((item) => item.currentCents > 0);
  const valueCents = priced.reduce((sum, item) => sum + item.currentCents, 0);
  const pricedCost = priced.reduce((sum, item) => sum + item.buyPriceCents, 0);
  const profitCents = valueCents - pricedCost;
  return {
    items: items.length,
    investedCents: items.reduce((sum, item) => sum + item.buyPriceCents, 0),
    valueCents,
    unpriced: items.length - priced.length,
    profit: priced.length === 0 ? null : { cents: profitCents, percent: pricedCost > 0 ? (profitCents / pricedCost) * 100 : null },
    tradeable: items.filter((item) => isTradeable(item.boughtAt, timeZone, now)).length,
  };
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

export interface SortableTracker extends TrackedItem {
  id: number;
  createdAt: number;
}

/**
 * Orders trackers; "newest" is the spec's default (newest added first). Items without price data
 * go last in profit sorts; ties keep the newest first.
 */
export function sortTrackers<T extends SortableTracker>(trackers: readonly T[], sort: TrackerSort): T[] {
  const newest = (a: T, b: T) => b.createdAt - a.createdAt || b.id - a.id;
  const profit = (t: T) => profitOf(t.buyPriceCents, t.currentCents)?.cents ?? null;
  return [...trackers].sort((a, b) => {
    switch (sort) {
      case "bought-desc":
        return b.boughtAt.localeCompare(a.boughtAt) || newest(a, b);
      case "bought-asc":
        return a.boughtAt.localeCompare(b.boughtAt) || newest(a, b);
      case "profit-desc":
      case "profit-asc": {
        const pa = profit(a);
        const pb = profit(b);
        if (pa === null || pb === null) return pa === pb ? newest(a, b) : pa === null ? 1 : -1;
        return (sort === "profit-desc" ? pb - pa : pa - pb) || newest(a, b);
      }
      default:
        return newest(a, b);
    }
  });
}

/**
 * One page of the sorted trackers (`?page=N`; without it, the page holding `?tracker=ID`, where an
 * edit returns to), and what the portfolio summary needs of all of them: a page stays small
 * however many an account keeps.
 */
export function trackerListPage<T extends SortableTracker>(trackers: readonly T[], sort: TrackerSort, params: URLSearchParams) {
  const sorted = sortTrackers(trackers, sort);
  const pointedAt = Number(params.get("tracker"));
  const shown = pageOf(
    sorted,
    requestedPage(params, sorted, (tracker) => tracker.id === pointedAt),
  );
  return {
    trackers: shown.items,
    page: shown.page,
    pageCount: shown.pageCount,
    summary: trackers.map(({ buyPriceCents, currentCents, boughtAt }): TrackedItem => ({ buyPriceCents, currentCents, boughtAt })),
  };
}
