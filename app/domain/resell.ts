import { realisedProfit, type Market, type Sale } from "./market-fees";
import { formatPercent, type Money } from "./money";
import { pageOf, requestedPage } from "./pages";
import { isTradeable } from "./trade-lock";
import type { Variant } from "./variants";
import type { TrackerSort, TrackerView } from "./tracker-views";
import type { Wear } from "./wear";
import type { TrackerMarket, TrackerMarketFigures } from "./tracker-markets";
import { formatMinorUnits, shownMinorUnits, toMinorUnits, typedFigure, type CurrencyCode, type Rate, type TypedFigure } from "./currency";

// The list's views and sorts, a module of their own for the Resell Tracker's page (./tracker-views).
export { parseTrackerSort, parseTrackerView, TRACKER_SORTS, TRACKER_VIEWS, type TrackerSort, type TrackerView } from "./tracker-views";

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
  stattrak: boolean;
  souvenir: boolean;
  lastPriceUpdate: number | null;
  buyPriceCents: number;
  /** The buy price as typed, in the currency it was typed in (docs/features/currency.md); null: in US dollars. */
  buyCurrency: CurrencyCode | null;
  buyTypedMinor: number | null;
  wear: Wear;
  wearValue: number | null;
  notes: string | null;
  boughtAt: string;
  variant: Variant;
  /** The sale: all null while the item is open. */
  salePriceCents: number | null;
  soldAt: string | null;
  saleMarket: Market | null;
  saleFeeBasisPoints: number | null;
  saleFeeCents: number | null;
  /** The sale price as typed, and the fee taken from it, like the buy price's; null: in US dollars. */
  saleCurrency: CurrencyCode | null;
  saleTypedMinor: number | null;
  saleFeeTypedMinor: number | null;
  /** The random key the CSV export carries, and the Steam asset id of an imported item (ADR 079). */
  exportKey: string;
  steamAssetId: string | null;
  /** The sale's price and fee (from the fields above); null while open. */
  sale: Sale | null;
  /** The sale's market and fee rule as the card names them ("Skinport", "8 %"); null while open. */
  saleMarketName: string | null;
  saleFeeLabel: string | null;
  /** While open: the break-even sale price on each market after its default fee. */
  breakEven: { market: string; cents: number | null }[];
  /** While open, on the tracker list: its price on each market, what a sale leaves after the fee, the best (tracker-markets.ts). */
  markets: TrackerMarket[];
  createdAt: number;
  updatedAt: number;
  currentCents: number;
}

/** A tracker with the amounts its card writes, in the page's currency (`trackerFigures`, by the page's loader). */
export interface ShownTracker extends LoadedTracker {
  shown: TrackerFigures;
  /** Its markets' rows as the card writes them (none when sold or not loaded). */
  shownMarkets: TrackerMarketFigures[];
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
  /** In the unit of the amounts it was worked out from: US cents, or minor units of the currency they are shown in. */
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

/** A tracker's buy price as the player typed it; null when it was typed in US dollars (or before currencies). */
export function typedBuyPrice(tracker: { buyCurrency: CurrencyCode | null; buyTypedMinor: number | null }): TypedFigure | null {
  return typedFigure(tracker.buyCurrency, tracker.buyTypedMinor);
}

/** A tracker's sale price as the player typed it; null when it was typed in US dollars (or before currencies). */
export function typedSalePrice(tracker: { saleCurrency: CurrencyCode | null; saleTypedMinor: number | null }): TypedFigure | null {
  return typedFigure(tracker.saleCurrency, tracker.saleTypedMinor);
}

/** What the figures of a tracker are made from: the stored amounts (US cents) and what was typed of them. */
export interface TypedTracker {
  buyPriceCents: number;
  buyCurrency: CurrencyCode | null;
  buyTypedMinor: number | null;
  currentCents: number;
  sale: Sale | null;
  saleCurrency: CurrencyCode | null;
  saleTypedMinor: number | null;
  /** The fee the rule took from the typed sale price, in its currency's minor units. */
  saleFeeTypedMinor: number | null;
}

/** A tracker's amounts as the page shows them, in minor units of the rate's currency. */
export interface ShownAmounts {
  buy: number;
  /** 0: no price data. */
  current: number;
  sale: { price: number; fee: number } | null;
  /** Realised after the fee once sold, else current minus buy; null without price data. */
  profit: Profit | null;
}

/**
 * A tracker's amounts in the rate's currency (docs/features/currency.md): the buy and sale prices as
 * typed when they were typed in it, else converted from the stored US cents, and so the sale's fee
 * (the fee taken from the typed price, or converted); the profit is worked out from these figures,
 * so a card adds up: bought for €12.50 and sold for €20.00 without a fee is +€7.50 (+60.0 %)
 * whatever the rates did in between. In US dollars these are the stored amounts.
 */
export function shownAmounts(tracker: TypedTracker, rate: Rate): ShownAmounts {
  const buy = shownMinorUnits(tracker.buyPriceCents, typedBuyPrice(tracker), rate);
  const current = toMinorUnits(tracker.currentCents, rate);
  if (!tracker.sale) return { buy, current, sale: null, profit: profitOf(buy, current) };
  const typed = typedSalePrice(tracker);
  const typedFee = tracker.saleFeeTypedMinor;
  const asTyped = typed !== null && typed.currency === rate.currency && typedFee !== null;
  const sale = {
    price: asTyped ? typed.minorUnits : toMinorUnits(tracker.sale.priceCents, rate),
    fee: asTyped ? typedFee : toMinorUnits(tracker.sale.feeCents, rate),
  };
  return { buy, current, sale, profit: realisedProfit(buy, { priceCents: sale.price, feeCents: sale.fee }) };
}

/** What a tracker's card writes of its amounts, in the rate's currency: each figure, and the profit's sign for its colour. */
export interface TrackerFigures {
  buy: string;
  current: string;
  sale: { price: string; fee: string } | null;
  profit: string;
  /** Above 0 a gain, below a loss, 0 neither (or no price data). */
  gain: number;
}

export function trackerFigures(tracker: TypedTracker, rate: Rate): TrackerFigures {
  const shown = shownAmounts(tracker, rate);
  const write = (minorUnits: number) => formatMinorUnits(minorUnits, rate.currency);
  return {
    buy: write(shown.buy),
    current: shown.current > 0 ? write(shown.current) : NO_DATA,
    sale: shown.sale && { price: write(shown.sale.price), fee: write(shown.sale.fee) },
    profit: formatProfitIn(shown.profit, rate.currency),
    gain: Math.sign(shown.profit?.cents ?? 0),
  };
}

export function formatPrice(cents: number, money: Money): string {
  return cents > 0 ? money.format(cents) : NO_DATA;
}

/** A profit in minor units of `currency`: "+€7.50 (+60.0%)", or 'No Data'. */
export function formatProfitIn(profit: Profit | null, currency: CurrencyCode): string {
  return writeProfit(profit, (minorUnits) => (minorUnits > 0 ? `+${formatMinorUnits(minorUnits, currency)}` : formatMinorUnits(minorUnits, currency)));
}

/** "+$12.00 (+10.0%)", or 'No Data'. */
export function formatProfit(profit: Profit | null, money: Money): string {
  return writeProfit(profit, (cents) => money.signed(cents));
}

/** A profit with `signed` writing its amount: "+€7.50 (+60.0%)", or 'No Data'. */
function writeProfit(profit: Profit | null, signed: (amount: number) => string): string {
  if (!profit) return NO_DATA;
  return profit.percent === null ? signed(profit.cents) : `${signed(profit.cents)} (${formatPercent(profit.percent)})`;
}

/** A tracker's sale, or null while it is open. */
export function saleOf(tracker: { salePriceCents: number | null; saleFeeCents: number | null }): Sale | null {
  return tracker.salePriceCents === null ? null : { priceCents: tracker.salePriceCents, feeCents: tracker.saleFeeCents ?? 0 };
}

/** A tracked item's amounts: in US cents, or (the portfolio summary's, `shownItems`) in minor units of the page's currency. */
export interface TrackedItem {
  buyPriceCents: number;
  currentCents: number;
  boughtAt: string;
  /** Null while the item is held (open). */
  sale: Sale | null;
}

/** What an item made or would make: realised after the fee once sold, else current minus buy price. */
export function itemProfit(item: TrackedItem): Profit | null {
  return item.sale ? realisedProfit(item.buyPriceCents, item.sale) : profitOf(item.buyPriceCents, item.currentCents);
}

export interface PortfolioSummary {
  /** Open items (held, not sold). */
  items: number;
  investedCents: number;
  /** Current value of the open items that have price data. */
  valueCents: number;
  /** Open items without price data, left out of value and profit. */
  unpriced: number;
  /** Open profit: value minus the cost of the priced open items. */
  profit: Profit | null;
  tradeable: number;
  sold: number;
  /** Realised profit of the sold items after fees, with percent of what they cost; null before a sale. */
  realised: Profit | null;
  feesCents: number;
}

/**
 * The portfolio above the list: open items, invested, open value and profit, tradeable now; sold
 * items, realised profit after fees and the fees paid.
 */
export function portfolioSummary(items: readonly TrackedItem[], timeZone: string, now: number): PortfolioSummary {
  const open = items.filter((item) => item.sale === null);
  const sold = items.filter((item) => item.sale !== null);
  const priced = open.filter((item) => item.currentCents > 0);
  const valueCents = priced.reduce((sum, item) => sum + item.currentCents, 0);
  const pricedCost = priced.reduce((sum, item) => sum + item.buyPriceCents, 0);
  const profitCents = valueCents - pricedCost;
  const soldCost = sold.reduce((sum, item) => sum + item.buyPriceCents, 0);
  const realisedCents = sold.reduce((sum, item) => sum + (item.sale ? realisedProfit(item.buyPriceCents, item.sale).cents : 0), 0);
  return {
    items: open.length,
    investedCents: open.reduce((sum, item) => sum + item.buyPriceCents, 0),
    valueCents,
    unpriced: open.length - priced.length,
    profit: priced.length === 0 ? null : { cents: profitCents, percent: pricedCost > 0 ? (profitCents / pricedCost) * 100 : null },
    tradeable: open.filter((item) => isTradeable(item.boughtAt, timeZone, now)).length,
    sold: sold.length,
    realised: sold.length === 0 ? null : { cents: realisedCents, percent: soldCost > 0 ? (realisedCents / soldCost) * 100 : null },
    feesCents: sold.reduce((sum, item) => sum + (item.sale?.feeCents ?? 0), 0),
  };
}

/**
 * The portfolio summary's items in the rate's currency, each amount as its card shows it (typed
 * amounts as typed): a portfolio of trackers bought in euros sums what was typed, not a
 * re-conversion of the stored cents.
 */
export function shownItems(trackers: readonly (TypedTracker & { boughtAt: string })[], rate: Rate): TrackedItem[] {
  return trackers.map((tracker) => {
    const shown = shownAmounts(tracker, rate);
    return {
      buyPriceCents: shown.buy,
      currentCents: shown.current,
      boughtAt: tracker.boughtAt,
      sale: shown.sale && { priceCents: shown.sale.price, feeCents: shown.sale.fee },
    };
  });
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
  const profit = (t: T) => itemProfit(t)?.cents ?? null;
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
 * edit returns to): a page stays small however many an account keeps (the portfolio summary takes
 * all of them, `shownItems`).
 */
export function trackerListPage<T extends SortableTracker>(trackers: readonly T[], sort: TrackerSort, view: TrackerView, params: URLSearchParams) {
  const sorted = sortTrackers(
    trackers.filter((tracker) => (tracker.sale === null) === (view === "open")),
    sort,
  );
  const pointedAt = Number(params.get("tracker"));
  const shown = pageOf(
    sorted,
    requestedPage(params, sorted, (tracker) => tracker.id === pointedAt),
  );
  return {
    trackers: shown.items,
    page: shown.page,
    pageCount: shown.pageCount,
  };
}
