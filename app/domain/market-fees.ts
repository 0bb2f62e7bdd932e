/**
 * Seller fees of the markets a tracked item can be sold on, and what a sale leaves the seller.
 * Money in integer cents; a sale price is what the buyer paid. Sources and dates of every rate:
 * docs/features/collector-tools.md ("Market fees").
 */

export const MARKETS = ["steam", "skinport", "csfloat", "buff163", "other"] as const;
export type Market = (typeof MARKETS)[number];

export const MARKET_NAMES: Record<Market, string> = {
  steam: "Steam Community Market",
  skinport: "Skinport",
  csfloat: "CSFloat",
  buff163: "Buff163",
  other: "Other",
};

/** How a fee is worked out: Steam's own rule, or a share of the sale price in basis points (1/100 %). */
export type FeeRule = { kind: "steam" } | { kind: "percent"; basisPoints: number };

/**
 * Each market's default seller fee, as checked on 26 November 2026 (sources and how sure each is:
 * docs/features/collector-tools.md, "Market fees"):
 * - Steam Community Market: 5 % Steam transaction fee + 10 % Counter-Strike 2 fee, each a share of
 *   what the seller receives with a minimum of $0.01 (Steam Support, "Steam Community Market FAQ";
 *   the rule of Steam's economy_common.js, `CalculateFeeAmount`), see `steamFees`.
 * - Skinport: 8 % of the sale price.
 * - CSFloat: 2 % of the sale price.
 * - Buff163: 2.5 % of the sale price.
 * - Other: no fee (the sale may give one).
 */
export const DEFAULT_FEES: Record<Market, FeeRule> = {
  steam: { kind: "steam" },
  skinport: { kind: "percent", basisPoints: 800 },
  csfloat: { kind: "percent", basisPoints: 200 },
  buff163: { kind: "percent", basisPoints: 250 },
  other: { kind: "percent", basisPoints: 0 },
};

/** The fee rules' date, shown beside the defaults. */
export const FEES_CHECKED_ON = "2026-11-26";

/** A fee the player gives: at most 99.99 %, so a sale always leaves something to break even with. */
export const MAX_FEE_BASIS_POINTS = 9999;

/** The rule a sale uses: the player's own percentage when given, else the market's default. */
export function feeRule(market: Market, overrideBasisPoints: number | null): FeeRule {
  return overrideBasisPoints === null ? DEFAULT_FEES[market] : { kind: "percent", basisPoints: overrideBasisPoints };
}

/** "5 % + 10 % (Steam)", "8 %", "2.5 %": a rule as the form and the card name it. */
export function describeFee(rule: FeeRule): string {
  if (rule.kind === "steam") return "5 % Steam + 10 % CS2 fee";
  return `${formatBasisPoints(rule.basisPoints)} %`;
}

/** Basis points as a percentage without trailing zeros: 250 -> "2.5", 800 -> "8". */
export function formatBasisPoints(basisPoints: number): string {
  return String(Number((basisPoints / 100).toFixed(2)));
}

/** What Steam charges on top of `receivedCents` (the seller's share): each fee at least one cent. */
function steamFeesOnReceived(receivedCents: number) {
  const steam = Math.max(Math.floor((receivedCents * 5) / 100), 1);
  const game = Math.max(Math.floor((receivedCents * 10) / 100), 1);
  return { steam, game, buyerPays: receivedCents + steam + game };
}

export interface SteamFees {
  /** What the seller receives. */
  receivedCents: number;
  /** Steam's transaction fee (with whatever cent the split leaves over, as Steam does). */
  steamCents: number;
  /** The Counter-Strike 2 (publisher) fee. */
  gameCents: number;
}

/**
 * Steam's split of a buyer-paid price, as Steam's `CalculateFeeAmount` does it: the seller receives
 * the largest amount whose price with both fees (5 % and 10 % of that amount, rounded down, at least
 * one cent each) does not exceed what the buyer paid; a cent left over goes to Steam's fee. Below
 * the three-cent minimum the fees take everything.
 */
export function steamFees(buyerPaidCents: number): SteamFees {
  const paid = Math.max(0, Math.floor(buyerPaidCents));
  // The buyer price rises strictly with the received amount: start near paid / 1.15 and step.
  let received = Math.floor((paid * 100) / 115);
  while (received > 0 && steamFeesOnReceived(received).buyerPays > paid) received--;
  while (steamFeesOnReceived(received + 1).buyerPays <= paid) received++;
  if (steamFeesOnReceived(received).buyerPays > paid) {
    // Below $0.03 nothing can be received: the fees keep what was paid (Steam refuses such a listing).
    const game = Math.min(1, Math.floor(paid / 2));
    return { receivedCents: 0, steamCents: paid - game, gameCents: game };
  }
  const { game } = steamFeesOnReceived(received);
  return { receivedCents: received, steamCents: paid - received - game, gameCents: game };
}

/** The seller's fee on a sale of `priceCents` under `rule`; never negative, never above the price. */
export function saleFeeCents(priceCents: number, rule: FeeRule): number {
  if (priceCents <= 0) return 0;
  if (rule.kind === "steam") {
    const fees = steamFees(priceCents);
    return fees.steamCents + fees.gameCents;
  }
  return Math.min(priceCents, Math.round((priceCents * rule.basisPoints) / 10_000));
}

/**
 * The lowest sale price that leaves at least `costCents` after the fee (the break-even price of an
 * open item); null when no price does (a fee of 100 %).
 */
export function breakEvenPriceCents(costCents: number, rule: FeeRule): number | null {
  const cost = Math.max(0, Math.ceil(costCents));
  if (cost === 0) return 0;
  if (rule.kind === "steam") return steamFeesOnReceived(cost).buyerPays;
  if (rule.basisPoints >= 10_000) return null;
  const net = (price: number) => price - saleFeeCents(price, rule);
  // The net rises with the price (by 0 or 1 cent a cent): start below the answer and step up.
  let price = Math.max(cost, Math.floor((cost * 10_000) / (10_000 - rule.basisPoints)) - 2);
  while (price > cost && net(price - 1) >= cost) price--;
  while (net(price) < cost) price++;
  return price;
}

export interface Sale {
  priceCents: number;
  feeCents: number;
}

/** What a sale made: the price after the fee minus what the item cost, with percent of the cost. */
export function realisedProfit(buyPriceCents: number, sale: Sale): { cents: number; percent: number | null } {
  const cents = sale.priceCents - sale.feeCents - buyPriceCents;
  return { cents, percent: buyPriceCents > 0 ? (cents / buyPriceCents) * 100 : null };
}

/** An open item's break-even price on each market with a fee (by name; null: none breaks even). */
export function breakEvenPrices(costCents: number): { market: string; cents: number | null }[] {
  return MARKETS.filter((market) => market !== "other").map((market) => ({
    market: MARKET_NAMES[market],
    cents: breakEvenPriceCents(costCents, DEFAULT_FEES[market]),
  }));
}
