/**
 * The markets a price is kept for, how the multi-market feed names them, and the comparisons a page
 * makes across them (cheapest to buy, best to sell after the fee, stale). Sources of each market's
 * price: docs/features/price-feed.md ("Markets"); fees: market-fees.ts.
 */
import { DEFAULT_FEES, MARKET_NAMES, saleFeeCents, type Market } from "./market-fees.ts";

/** The markets whose prices are stored, in the order the tables list them. */
export const PRICE_MARKETS = ["steam", "skinport", "csfloat", "buff163"] as const satisfies readonly Market[];
export type PriceMarket = (typeof PRICE_MARKETS)[number];

/** What a page prices with: one market, or the cheapest listing across them (the default). */
export const MARKET_CHOICES = ["cheapest", ...PRICE_MARKETS] as const;
export type MarketChoice = (typeof MARKET_CHOICES)[number];
export const DEFAULT_MARKET_CHOICE: MarketChoice = "cheapest";

export function isPriceMarket(value: unknown): value is PriceMarket {
  return typeof value === "string" && (PRICE_MARKETS as readonly string[]).includes(value);
}

/** A query value or cookie as a market choice; anything else is the default. */
export function parseMarketChoice(value: string | null | undefined): MarketChoice {
  return value && (MARKET_CHOICES as readonly string[]).includes(value) ? (value as MarketChoice) : DEFAULT_MARKET_CHOICE;
}

export function marketName(market: PriceMarket): string {
  return MARKET_NAMES[market];
}

/** "Cheapest listing across markets", "Steam Community Market": what a page says it prices with. */
export function marketChoiceLabel(choice: MarketChoice): string {
  return choice === "cheapest" ? "Cheapest listing across markets" : MARKET_NAMES[choice];
}

/** The links of a price history's market: the cheapest listing (the default), then each market. */
export function historyMarketLinks(): { market: MarketChoice; label: string }[] {
  return MARKET_CHOICES.map((market) => ({ market, label: market === "cheapest" ? "Cheapest listing" : MARKET_NAMES[market] }));
}

/** A price older than this is labelled stale. */
export const STALE_AFTER_MS = 24 * 60 * 60 * 1000;

export function isStale(updatedAt: number, now: number): boolean {
  return now - updatedAt > STALE_AFTER_MS;
}

/** What a seller receives of `priceCents` on `market` after its default fee. */
export function netAfterFeeCents(market: PriceMarket, priceCents: number): number {
  return priceCents - saleFeeCents(priceCents, DEFAULT_FEES[market]);
}

export interface MarketPrice {
  market: PriceMarket;
  priceCents: number;
  updatedAt: number;
}

export interface MarketRow {
  market: PriceMarket;
  name: string;
  /** null: the market has no price for the item ("No price", never $0.00). */
  priceCents: number | null;
  netCents: number | null;
  updatedAt: number | null;
  stale: boolean;
  cheapest: boolean;
  bestToSell: boolean;
}

/**
 * One row per market, in PRICE_MARKETS order: its price, what a seller receives after the fee,
 * when it was updated and whether that is stale; the cheapest price and the most received are
 * marked (every market that ties).
 */
export function marketTable(prices: readonly MarketPrice[], now: number): MarketRow[] {
  const byMarket = new Map(prices.filter((row) => row.priceCents > 0).map((row) => [row.market, row]));
  const rows = PRICE_MARKETS.map((market): MarketRow => {
    const price = byMarket.get(market);
    return {
      market,
      name: MARKET_NAMES[market],
      priceCents: price?.priceCents ?? null,
      netCents: price ? netAfterFeeCents(market, price.priceCents) : null,
      updatedAt: price?.updatedAt ?? null,
      stale: price ? isStale(price.updatedAt, now) : false,
      cheapest: false,
      bestToSell: false,
    };
  });
  const priced = rows.filter((row) => row.priceCents !== null);
  if (priced.length === 0) return rows;
  const lowest = Math.min(...priced.map((row) => row.priceCents!));
  const most = Math.max(...priced.map((row) => row.netCents!));
  for (const row of priced) {
    row.cheapest = row.priceCents === lowest;
    row.bestToSell = row.netCents === most;
  }
  return rows;
}

/** The price a page shows for a choice: one market's, or the cheapest of them; null without one. */
export function chosenPriceCents(prices: readonly Pick<MarketPrice, "market" | "priceCents">[], choice: MarketChoice): number | null {
  const priced = prices.filter((row) => row.priceCents > 0 && (choice === "cheapest" || row.market === choice));
  return priced.length === 0 ? null : Math.min(...priced.map((row) => row.priceCents));
}
