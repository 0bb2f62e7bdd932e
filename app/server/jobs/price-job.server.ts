// The scheduled price job: reads the provider feed (Skinport's /v1/items shape, or a document with a
// price per market) or, locally without one, drifts the demo prices; writes every market's prices, the
// default prices (the cheapest listing), `last_price_update` and today's history rows in one atomic
// batch, then each weapon case's expected value from them; keeps the counts and the last error in
// price_feed_runs. One file a step: lease (price-lease), fetch (price-feed-fetch), plan
// (price-plan, with app/domain/price-feed.ts) and write (price-write).
import { driftBucket } from "~/domain/price-drift";
import { planPriceUpdate } from "~/domain/price-feed";
import { createDatabase } from "../db/client.server";
import { fetchFeed } from "./price-feed-fetch.server";
import { acquireLease, recordFailure, releaseLease } from "./price-lease.server";
import { DEMO_FEED, planDemoDrift, readStoredPrices } from "./price-plan.server";
import { writePlan, type PriceJobResult } from "./price-write.server";

export type { PriceJobResult } from "./price-write.server";

export interface PriceFeedEnv {
  ENVIRONMENT: string;
  /**
   * The provider's feed, asking for USD: Skinport's /v1/items (an array) or a document keyed by
   * market hash name with a price per market (an object); the shape is told by the body. Unset
   * locally: demo drift.
   */
  PRICE_FEED_URL?: string;
  /** How long the feed may take to answer and arrive, in ms (default 15 000). */
  PRICE_FEED_TIMEOUT_MS?: string;
}

/** A feed's name: the host of its URL (also what `skins.price_source` says), or 'demo'. */
export function feedName(env: PriceFeedEnv): string | null {
  if (!env.PRICE_FEED_URL) return env.ENVIRONMENT === "production" ? null : DEMO_FEED;
  return new URL(env.PRICE_FEED_URL).host;
}

/**
 * One run of the price job. Returns what it did; never throws for a feed fault (the error is
 * kept in price_feed_runs.last_error and logged as a warning).
 */
export async function runPriceJob(d1: D1Database, env: PriceFeedEnv, now = Date.now()): Promise<PriceJobResult> {
  const db = createDatabase(d1);
  let feed: string | null;
  try {
    feed = feedName(env);
  } catch {
    console.warn(`[prices] PRICE_FEED_URL is not a URL`);
    return { status: "skipped", feed: "invalid", reason: "PRICE_FEED_URL is not a URL" };
  }
  if (feed === null) {
    console.warn("[prices] PRICE_FEED_URL is not set; prices stay as they are");
    return { status: "skipped", feed: "none", reason: "PRICE_FEED_URL is not set" };
  }

  const lease = await acquireLease(db, feed, now);
  if (!lease) return { status: "skipped", feed, reason: "another run holds the lease" };

  if (feed === DEMO_FEED) {
    if (lease.lastSuccessAt !== null && driftBucket(lease.lastSuccessAt) === driftBucket(now)) {
      await releaseLease(db, feed, lease.until);
      return { status: "skipped", feed, reason: "the demo prices already moved in this minute" };
    }
    const plan = planDemoDrift(await readStoredPrices(db, "demo"), driftBucket(now));
    return writePlan(db, feed, plan, lease.until, now, null);
  }

  const items = await fetchFeed(env);
  if (!items.ok) {
    console.warn(`[prices] ${feed}: ${items.error}; prices stay as they are`);
    await recordFailure(db, feed, items.error, lease.until, now);
    return { status: "failed", feed, error: items.error };
  }
  if (items.malformed > 0) {
    console.warn(
      `[prices] ${feed}: ${items.malformed} malformed ${items.malformed === 1 ? "item" : "items"} skipped (${items.firstMalformed}); the others are priced`,
    );
  }
  const plan = planPriceUpdate(items.items, await readStoredPrices(db, "all"), feed);
  return writePlan(db, feed, plan, lease.until, now, feed);
}
