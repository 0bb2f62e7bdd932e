// The multi-market feed: one JSON object keyed by market hash name, each item a price per market
// (the shape csgo-trader publishes as prices_v6.json). Which field of a market's entry is its price,
// and why: docs/features/price-feed.md ("Markets").
import { z } from "zod";
import { PRICE_MARKETS, type PriceMarket } from "./markets.ts";
import { dollarsToCents } from "./money.ts";

/** Prices above this (in dollars) are not believed: the feed is wrong, not the market. */
export const MAX_PRICE_DOLLARS = 10_000_000;
export const dollarAmount = z.number().nonnegative().max(MAX_PRICE_DOLLARS).nullable();

/** One feed item as the job plans with it: its name and its price in cents on each market that gave one. */
export interface FeedPrice {
  name: string;
  prices: Partial<Record<PriceMarket, number>>;
}

/**
 * The fields of a market's entry that may hold its price, the first present one wins: the lowest
 * listing ("starting at", what a buyer pays now) where the market has one; Steam's entry has sales
 * averages only, the latest window first. `price` last, the generic field.
 */
export const MARKET_PRICE_FIELDS: Record<PriceMarket, readonly string[]> = {
  steam: ["last_24h", "last_7d", "last_30d", "last_90d"],
  skinport: ["starting_at", "suggested_price"],
  csfloat: ["starting_at"],
  buff163: ["starting_at"],
};

/** A field's value: dollars, an object with a `price` in dollars, or null. */
const fieldValue = z.union([dollarAmount, z.looseObject({ price: dollarAmount.optional() })]).optional();

const marketEntry = (fields: readonly string[]) =>
  z.union([dollarAmount, z.looseObject(Object.fromEntries([...fields, "price"].map((field) => [field, fieldValue])))]).optional();

/** One item: each known market a number, an object of price fields, or null; other markets are ignored. */
export const marketFeedItemSchema = z.looseObject(Object.fromEntries(PRICE_MARKETS.map((market) => [market, marketEntry(MARKET_PRICE_FIELDS[market])])));

const dollarsOf = (value: unknown): number | null => {
  if (typeof value === "number") return value;
  if (value && typeof value === "object" && "price" in value && typeof value.price === "number") return value.price;
  return null;
};

/** A market's price in cents from its checked entry; null when it gives none (or only 0). */
export function marketEntryCents(market: PriceMarket, entry: unknown): number | null {
  let dollars: number | null = null;
  if (typeof entry === "number") dollars = entry;
  else if (entry && typeof entry === "object") {
    const fields = entry as Record<string, unknown>;
    for (const field of [...MARKET_PRICE_FIELDS[market], "price"]) {
      dollars = dollarsOf(fields[field]);
      if (dollars !== null) break;
    }
  }
  if (dollars === null) return null;
  const cents = dollarsToCents(dollars);
  return cents > 0 ? cents : null;
}

export interface MarketFeedCheck {
  items: FeedPrice[];
  malformed: number;
  firstMalformed: string | null;
  total: number;
}

/** Checks every item of a multi-market document on its own; a malformed one is skipped and counted. */
export function checkMarketFeed(body: Record<string, unknown>): MarketFeedCheck {
  const items: FeedPrice[] = [];
  let malformed = 0;
  let firstMalformed: string | null = null;
  let total = 0;
  for (const [name, raw] of Object.entries(body)) {
    total++;
    const result = name.length > 0 && name.length <= 300 ? marketFeedItemSchema.safeParse(raw) : null;
    if (result?.success) {
      const prices: FeedPrice["prices"] = {};
      for (const market of PRICE_MARKETS) {
        const cents = marketEntryCents(market, result.data[market]);
        if (cents !== null) prices[market] = cents;
      }
      items.push({ name, prices });
      continue;
    }
    const issue = result?.error.issues[0];
    const where = issue
      ? `${[name, ...issue.path].map(String).join(".")}: ${issue.message}`
      : `${JSON.stringify(name.slice(0, 40))}: a name of 1 to 300 characters`;
    malformed += 1;
    firstMalformed ??= where;
  }
  return { items, malformed, firstMalformed, total };
}
