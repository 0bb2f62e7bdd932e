/**
 * The resell tracker on several markets (docs/features/collector-tools.md, "The tracker on markets"):
 * what an open item would fetch on each market after that market's fee, which is best, and what the
 * list and its portfolio value the items at (one market, the cheapest listing, or the best net).
 */
import { breakEvenPriceCents, DEFAULT_FEES } from "./market-fees.ts";
import { MARKET_CHOICES, marketChoiceLabel, marketTable, PRICE_MARKETS, type MarketRow, type PriceMarket } from "./markets.ts";
import { formatMinorUnits, toMinorUnits, type Rate } from "./currency.ts";
import { currentPriceCents, type WearPrice } from "./resell.ts";
import type { Wear } from "./wear.ts";

/** What the tracker list values open items at: a market choice, or the most a sale would leave after its fee. */
export const TRACKER_VALUATIONS = [...MARKET_CHOICES, "best-net"] as const;
export type TrackerValuation = (typeof TRACKER_VALUATIONS)[number];
export const DEFAULT_TRACKER_VALUATION: TrackerValuation = "cheapest";

/** A query value as a valuation; anything else is the default. */
export function parseTrackerValuation(value: string | null | undefined): TrackerValuation {
  return value && (TRACKER_VALUATIONS as readonly string[]).includes(value) ? (value as TrackerValuation) : DEFAULT_TRACKER_VALUATION;
}

export function trackerValuationLabel(valuation: TrackerValuation): string {
  return valuation === "best-net" ? "Best market after fees" : marketChoiceLabel(valuation);
}

/** One market's row on an open tracker's card: its price for the item, what a sale leaves, the break-even price. */
export interface TrackerMarket extends MarketRow {
  /** The lowest sale price on this market that leaves the buy price after its fee (null: none does). */
  breakEvenCents: number | null;
}

/** A wear's price on one market, as skin_market_prices holds it for the tracker's variant. */
export interface WearMarketPrice {
  wear: Wear;
  market: PriceMarket;
  priceCents: number;
  updatedAt: number;
}

/**
 * An open tracker's price on each market by the spec's rule for its current price (section 9: the
 * chosen wear's price, else the average of the enabled wears that have one), with what a seller
 * receives after each market's default fee and the break-even price; the cheapest and the most
 * received are marked. A market without a price for the item has none ("No price").
 */
export function trackerMarkets(
  wear: Wear,
  enabled: ReadonlyMap<Wear, boolean>,
  prices: readonly WearMarketPrice[],
  buyPriceCents: number,
  now: number,
): TrackerMarket[] {
  const perMarket = PRICE_MARKETS.flatMap((market) => {
    const rows = prices.filter((row) => row.market === market && row.priceCents > 0);
    const wears = [...enabled].map(([w, on]): WearPrice => ({ wear: w, enabled: on, priceCents: rows.find((row) => row.wear === w)?.priceCents ?? 0 }));
    const priceCents = currentPriceCents(wear, wears);
    if (priceCents === 0) return [];
    // Updated when the rows the price was taken from were (the latest of them, for an average).
    const own = rows.find((row) => row.wear === wear && enabled.get(wear) === true);
    const used = own ? [own] : rows.filter((row) => enabled.get(row.wear) === true);
    return [{ market, priceCents, updatedAt: Math.max(...used.map((row) => row.updatedAt)) }];
  });
  return marketTable(perMarket, now).map((row) => ({ ...row, breakEvenCents: breakEvenPriceCents(buyPriceCents, DEFAULT_FEES[row.market]) }));
}

/**
 * What an open item is valued at: its stored current price for the cheapest listing, one market's
 * price, or the most a sale on any market would leave after the fee; 0 without one (no price data).
 */
export function valuedCents(valuation: TrackerValuation, storedCents: number, markets: readonly TrackerMarket[]): number {
  if (valuation === "cheapest") return storedCents;
  if (valuation === "best-net") return Math.max(0, ...markets.map((row) => row.netCents ?? 0));
  return markets.find((row) => row.market === valuation)?.priceCents ?? 0;
}

/** A market's row as a tracker's card writes it, in the page's currency. */
export interface TrackerMarketFigures {
  market: PriceMarket;
  name: string;
  /** "No price" when the market has none for the item. */
  price: string;
  /** What a sale at that price leaves after the fee, and that minus the buy price; null without a price. */
  net: string | null;
  profit: string | null;
  /** Above 0 a gain, below a loss. */
  gain: number;
  bestToSell: boolean;
  stale: boolean;
}

export const NO_MARKET_PRICE = "No price";

/**
 * An open tracker's markets in the rate's currency: each net after the fee against the buy price as
 * the card shows it (`buyMinorUnits`, typed amounts as typed), so the rows add up with the card.
 */
export function trackerMarketFigures(markets: readonly TrackerMarket[], buyMinorUnits: number, rate: Rate): TrackerMarketFigures[] {
  const write = (minorUnits: number) => formatMinorUnits(minorUnits, rate.currency);
  return markets.map((row) => {
    const net = row.netCents === null ? null : toMinorUnits(row.netCents, rate);
    const profit = net === null ? null : net - buyMinorUnits;
    return {
      market: row.market,
      name: row.name,
      price: row.priceCents === null ? NO_MARKET_PRICE : write(toMinorUnits(row.priceCents, rate)),
      net: net === null ? null : write(net),
      profit: profit === null ? null : profit > 0 ? `+${write(profit)}` : write(profit),
      gain: Math.sign(profit ?? 0),
      bestToSell: row.bestToSell,
      stale: row.stale,
    };
  });
}
