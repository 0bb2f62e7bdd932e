// The price feed: its two shapes (Skinport's /v1/items, one market; a multi-market document, see
// market-feed.ts), and the plan of what one run writes. Pure: the job in app/server/jobs/ reads
// the feed and the stored prices, and writes the plan.
import { z } from "zod";
import { checkMarketFeed, dollarAmount, type FeedPrice } from "./market-feed.ts";
import {
  buildMarketItemIndex,
  buildSkinIndex,
  marketItemFor,
  parseMarketName,
  skinIdsFor,
  vanillaKnifeFor,
  type MarketItemKind,
  type PriceVariant,
} from "./market-names.ts";
import type { PriceMarket } from "./markets.ts";
import { dollarsToCents } from "./money.ts";
import type { Wear } from "./wear.ts";

export type { FeedPrice } from "./market-feed.ts";
const price = dollarAmount;

/**
 * One item of Skinport's /v1/items (other fields, such as `item_page`, `max_price` or
 * `updated_at`, are allowed and ignored). Prices are dollars with cents, or null; USD only.
 */
export const feedItemSchema = z.object({
  market_hash_name: z.string().min(1).max(300),
  currency: z.literal("USD", { error: "expected currency USD" }),
  min_price: price,
  suggested_price: price,
  quantity: z.number().int().nonnegative(),
});
export type FeedItem = z.infer<typeof feedItemSchema>;

/**
 * The most items of a feed that may be malformed, as a share of its items (rounded down): a few are
 * one listing's odd data, skipped and counted, so they do not hold back every other price; more mean
 * the feed's shape has changed, and the whole feed is refused.
 */
export const MAX_MALFORMED_SHARE = 0.01;

export type FeedParseResult =
  | {
      ok: true;
      /** Which shape the body had: an array is Skinport's /v1/items, an object the multi-market document. */
      shape: "skinport" | "markets";
      items: FeedPrice[];
      /** Items skipped as malformed, and the first one's index, field and fault. */
      malformed: number;
      firstMalformed: string | null;
    }
  | { ok: false; error: string };

const wrongShape = (where: string) => ({ ok: false as const, error: `Feed has the wrong shape: ${where}` });

/**
 * Checks a parsed JSON body against the feed's shapes: an array is Skinport's /v1/items (one
 * market, Skinport), an object keyed by market hash name the multi-market document; anything else
 * refuses the feed. An item in another currency (the feed's setting, not one item's fault) or more
 * malformed items than `MAX_MALFORMED_SHARE` allows refuse the whole feed; the error names the
 * first wrong field.
 */
export function validateFeed(body: unknown): FeedParseResult {
  if (body !== null && typeof body === "object" && !Array.isArray(body)) {
    const checked = checkMarketFeed(body as Record<string, unknown>);
    if (checked.malformed > Math.floor(checked.total * MAX_MALFORMED_SHARE)) {
      return wrongShape(`${checked.firstMalformed} (${checked.malformed} of ${checked.total} items malformed)`);
    }
    return { ok: true, shape: "markets", items: checked.items, malformed: checked.malformed, firstMalformed: checked.firstMalformed };
  }
  if (!Array.isArray(body)) return wrongShape("body: Invalid input: expected array (Skinport's /v1/items) or object (a price per market)");
  const items: FeedPrice[] = [];
  let malformed = 0;
  let firstMalformed: string | null = null;
  for (const [index, raw] of body.entries()) {
    const result = feedItemSchema.safeParse(raw);
    if (result.success) {
      items.push(skinportFeedPrice(result.data));
      continue;
    }
    const currency = result.error.issues.find((issue) => issue.path[0] === "currency");
    const issue = currency ?? result.error.issues[0];
    const where = `${[index, ...(issue?.path ?? [])].map(String).join(".")}: ${issue?.message ?? "invalid"}`;
    if (currency) return wrongShape(where);
    malformed += 1;
    firstMalformed ??= where;
  }
  if (malformed > Math.floor(body.length * MAX_MALFORMED_SHARE)) return wrongShape(`${firstMalformed} (${malformed} of ${body.length} items malformed)`);
  return { ok: true, shape: "skinport", items, malformed, firstMalformed };
}

/** A Skinport item as the plan reads it: one market, Skinport, priced by `itemPriceCents`. */
export function skinportFeedPrice(item: FeedItem): FeedPrice {
  const cents = itemPriceCents(item);
  return { name: item.market_hash_name, prices: cents === null ? {} : { skinport: cents } };
}

/** An item's default price: the cheapest listing across the markets the feed priced it on; null without one. */
export function cheapestFeedCents(item: FeedPrice): number | null {
  let lowest: number | null = null;
  for (const cents of Object.values(item.prices)) if (lowest === null || cents < lowest) lowest = cents;
  return lowest;
}

/**
 * The price an item stands for: its lowest listing (`min_price`), which is what a buyer pays now;
 * without listings, the provider's suggested price; null when it has neither.
 */
export function itemPriceCents(item: Pick<FeedItem, "min_price" | "suggested_price">): number | null {
  const dollars = item.min_price ?? item.suggested_price;
  if (dollars === null) return null;
  const cents = dollarsToCents(dollars);
  return cents > 0 ? cents : null;
}

/**
 * A sticker, container, key or vanilla knife price (a knife's normal and StatTrak™ prices are two
 * of these) with its stored price (0 = no data) and where that price came from.
 */
export interface StoredItemPrice {
  kind: MarketItemKind;
  id: number;
  name: string;
  priceCents: number;
  priceSource: string;
}

/** What the job knows before a run: the catalogue's skins, stickers, containers, keys and their stored prices. */
export interface StoredPrices {
  skins: readonly { id: string; name: string }[];
  /** Every wear row of skin_wears (normal prices; 0 = no data). */
  wears: readonly { skinId: string; wear: Wear; enabled: boolean; priceCents: number }[];
  /** Every row of skin_variant_prices. */
  variants: readonly { skinId: string; variant: Exclude<PriceVariant, "normal">; wear: Wear; priceCents: number }[];
  /** Every sticker, container, key and vanilla knife price (the demo drift reads the demo-priced ones only). */
  items: readonly StoredItemPrice[];
}

/** A sticker's, container's, key's or vanilla knife's (normal or StatTrak™) price. */
export interface ItemPriceRow {
  kind: MarketItemKind;
  id: number;
  priceCents: number;
  /** The stored price changed: its `last_price_update` moves. */
  changed: boolean;
}

export interface PriceRow {
  skinId: string;
  variant: PriceVariant;
  wear: Wear;
  priceCents: number;
}

/** A skin's price on one market (per variant and wear). */
export interface SkinMarketRow extends PriceRow {
  market: PriceMarket;
}

/** A sticker's, container's, key's or vanilla knife's price on one market. */
export interface ItemMarketRow {
  kind: MarketItemKind;
  id: number;
  market: PriceMarket;
  priceCents: number;
}

/** The demo drift moves an item's market prices by the factor its default price moved (after / before). */
export interface MarketScale {
  skins: { skinId: string; variant: PriceVariant; wear: Wear; before: number; after: number }[];
  items: { kind: MarketItemKind; id: number; before: number; after: number }[];
}

export interface PricePlan {
  /** Every market price the feed gave for a known skin and wear (written when it changed or is due a refresh). */
  skinMarketPrices: SkinMarketRow[];
  /** Every market price the feed gave for a known sticker, container, key or vanilla knife. */
  itemMarketPrices: ItemMarketRow[];
  /** The demo drift's moves of the stored market prices (empty for a feed). */
  marketScale: MarketScale;
  /** Normal prices that change (skin_wears, enabled wears only). */
  wearPrices: PriceRow[];
  /** StatTrak and Souvenir prices that change or are new (skin_variant_prices). */
  variantPrices: PriceRow[];
  /** Every price the feed gave for a known skin and wear: today's history rows. */
  history: PriceRow[];
  /**
   * Stickers, containers, keys and vanilla knives to write: a changed price, or a price the feed
   * confirms for an item whose source is not yet the feed (its `price_source` becomes the feed's).
   */
  itemPrices: ItemPriceRow[];
  /** Every sticker, container, key and vanilla knife price the feed gave: today's item history rows. */
  itemHistory: ItemPriceRow[];
  /** Skins with at least one changed price: their `last_price_update` moves. */
  changedSkinIds: string[];
  /** Skins the feed priced: their `price_source` becomes the feed's. */
  pricedSkinIds: string[];
  /** Feed items that priced a known skin and possible wear, or exactly one sticker, container, key or vanilla knife. */
  matched: number;
  /** Feed items that did not: unknown names, an impossible wear, a name two stickers share. */
  unmatched: number;
  /** Matched items whose prices were already stored, or that came without a price. */
  unchanged: number;
}

const key = (skinId: string, variant: PriceVariant, wear: Wear) => `${skinId}|${variant}|${wear}`;

/**
 * Maps every feed item to its skins and wear, or to its one sticker, container, key or vanilla
 * knife price, and compares with the stored prices. An item seen twice counts twice; its last price
 * wins. What the feed does not name keeps its prices, and so does a market the feed gives no price
 * for. The default price (skin_wears, ...) is the cheapest of the item's market prices in the feed.
 * `feedSource` is the feed's name (what `price_source` becomes).
 */
export function planPriceUpdate(items: readonly FeedPrice[], stored: StoredPrices, feedSource: string): PricePlan {
  const index = buildSkinIndex(stored.skins);
  const current = new Map<string, number>();
  const enabled = new Set<string>();
  for (const row of stored.wears) {
    if (!row.enabled) continue;
    enabled.add(`${row.skinId}|${row.wear}`);
    current.set(key(row.skinId, "normal", row.wear), row.priceCents);
  }
  for (const row of stored.variants) current.set(key(row.skinId, row.variant, row.wear), row.priceCents);

  const next = new Map<string, PriceRow>();
  let matched = 0;
  let unmatched = 0;
  let unchanged = 0;
  const itemIndex = buildMarketItemIndex(stored.items);
  const storedItems = new Map(stored.items.map((row) => [`${row.kind}|${row.id}`, row]));
  const nextItems = new Map<string, ItemPriceRow>();
  const skinMarkets = new Map<string, SkinMarketRow>();
  const itemMarkets = new Map<string, ItemMarketRow>();
  for (const item of items) {
    const parsed = parseMarketName(item.name);
    // Stickers, containers, keys, and vanilla knives ('★ Karambit': a knife name without a finish).
    if (parsed && (parsed.kind !== "skin" || parsed.finish === null)) {
      const ref = parsed.kind === "skin" ? vanillaKnifeFor(itemIndex, parsed) : marketItemFor(itemIndex, parsed);
      if (!ref) {
        unmatched++;
        continue;
      }
      matched++;
      const cents = cheapestFeedCents(item);
      for (const [market, priceCents] of Object.entries(item.prices) as [PriceMarket, number][]) {
        itemMarkets.set(`${ref.kind}|${ref.id}|${market}`, { kind: ref.kind, id: ref.id, market, priceCents });
      }
      const before = storedItems.get(`${ref.kind}|${ref.id}`)!.priceCents;
      if (cents === null || cents === before) unchanged++; // no price today, or the stored one
      if (cents !== null) nextItems.set(`${ref.kind}|${ref.id}`, { ...ref, priceCents: cents, changed: cents !== before });
      continue;
    }
    const name = parsed;
    const wear = name?.wear;
    const skinIds = name && wear ? skinIdsFor(index, name).filter((id) => enabled.has(`${id}|${wear}`)) : [];
    if (!name || !wear || skinIds.length === 0) {
      unmatched++;
      continue;
    }
    matched++;
    const cents = cheapestFeedCents(item);
    for (const [market, priceCents] of Object.entries(item.prices) as [PriceMarket, number][]) {
      for (const skinId of skinIds) {
        skinMarkets.set(`${key(skinId, name.variant, wear)}|${market}`, { skinId, variant: name.variant, wear, market, priceCents });
      }
    }
    if (cents === null) {
      unchanged++; // no price today: the stored one stays
      continue;
    }
    let changed = false;
    for (const skinId of skinIds) {
      const rowKey = key(skinId, name.variant, wear);
      if (current.get(rowKey) !== cents) changed = true;
      next.set(rowKey, { skinId, variant: name.variant, wear, priceCents: cents });
    }
    if (!changed) unchanged++;
  }

  const wearPrices: PriceRow[] = [];
  const variantPrices: PriceRow[] = [];
  const changedSkins = new Set<string>();
  const pricedSkins = new Set<string>();
  for (const [rowKey, row] of next) {
    pricedSkins.add(row.skinId);
    if (current.get(rowKey) === row.priceCents) continue;
    changedSkins.add(row.skinId);
    (row.variant === "normal" ? wearPrices : variantPrices).push(row);
  }
  const itemHistory = [...nextItems.values()];
  return {
    skinMarketPrices: [...skinMarkets.values()],
    itemMarketPrices: [...itemMarkets.values()],
    marketScale: { skins: [], items: [] },
    wearPrices,
    variantPrices,
    history: [...next.values()],
    itemPrices: itemHistory.filter((row) => row.changed || storedItems.get(`${row.kind}|${row.id}`)!.priceSource !== feedSource),
    itemHistory,
    changedSkinIds: [...changedSkins],
    pricedSkinIds: [...pricedSkins],
    matched,
    unmatched,
    unchanged,
  };
}

/** Splits rows into groups of at most `size` (each group is one bounded statement). */
export function chunk<T>(rows: readonly T[], size: number): T[][] {
  if (!Number.isInteger(size) || size < 1) throw new RangeError("size must be a whole number of at least 1");
  const groups: T[][] = [];
  for (let i = 0; i < rows.length; i += size) groups.push(rows.slice(i, i + size));
  return groups;
}
