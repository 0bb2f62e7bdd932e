// The local stand-in for a price feed: without PRICE_FEED_URL the price job moves the demo prices by
// a small deterministic drift, so prices and their history change under `npm start`.
import type { MarketItemKind, PriceVariant } from "./market-names.ts";
import type { Wear } from "./wear.ts";

/** A run moves a price by at most this fraction, up or down. */
export const MAX_DRIFT = 0.03;
/** The lowest price a drift leaves (the cheapest skins trade for a few cents). */
export const MIN_DRIFT_PRICE_CENTS = 3;
/** Runs in the same bucket drift alike; the job runs once per bucket (see `driftBucket`). */
export const DRIFT_BUCKET_MS = 60_000;

/** FNV-1a, 32 bits: the same input gives the same drift on every machine. */
function hash32(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** The time bucket a run at `now` (ms) belongs to. */
export function driftBucket(now: number): number {
  return Math.floor(now / DRIFT_BUCKET_MS);
}

/** The drift factor of one price in one bucket: 1 - MAX_DRIFT .. 1 + MAX_DRIFT. */
export function driftFactor(skinId: string, wear: Wear, variant: PriceVariant, bucket: number): number {
  return factorOf(`${skinId}|${wear}|${variant}|${bucket}`);
}

function factorOf(seed: string): number {
  const unit = hash32(seed) / 0xffffffff; // 0..1
  return 1 + (unit * 2 - 1) * MAX_DRIFT;
}

function drifted(priceCents: number, factor: () => number): number {
  if (!Number.isSafeInteger(priceCents) || priceCents <= 0) return 0;
  return Math.max(MIN_DRIFT_PRICE_CENTS, Math.round(priceCents * factor()));
}

/**
 * The next demo price: the price times its drift factor, in whole cents, never below 3 cents and
 * never from 0 (no data) to a price.
 */
export function driftedPriceCents(priceCents: number, skinId: string, wear: Wear, variant: PriceVariant, bucket: number): number {
  return drifted(priceCents, () => driftFactor(skinId, wear, variant, bucket));
}

/** The same drift for a sticker's, container's or key's price (one price each, no wear). */
export function driftedItemPriceCents(priceCents: number, kind: MarketItemKind, id: number, bucket: number): number {
  return drifted(priceCents, () => factorOf(`${kind}:${id}|${bucket}`));
}
