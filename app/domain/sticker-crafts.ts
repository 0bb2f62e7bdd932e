// Sticker craft rules (spec sections 3, 5, 7, 9): up to 5 stickers at positions 1 to 5, only
// entries with a name are kept; images live in R2 under keys the server chooses.
import { IMAGE_FORMATS } from "./images";

export const MAX_STICKERS = 5;
export const STICKER_POSITIONS = [1, 2, 3, 4, 5] as const;

export interface StickerEntry<T> {
  position: number;
  value: T;
}

/**
 * The stickers that are saved: entries with a non-empty name, each at the position of its slot in
 * the form (1 to 5), so a sticker stays on the weapon spot the admin put it on.
 */
export function stickersToSave<T extends { name?: string | null }>(slots: readonly (T | undefined)[]): StickerEntry<T & { name: string }>[] {
  return slots.slice(0, MAX_STICKERS).flatMap((slot, index) => {
    const name = slot?.name?.trim();
    return slot && name ? [{ position: index + 1, value: { ...slot, name } }] : [];
  });
}

// ---------------------------------------------------------------- image keys

export type CraftImageSlot = "ingame" | "placement" | { sticker: number };

const EXTENSIONS = Object.values(IMAGE_FORMATS).map((f) => f.ext);
/** An upload's version: the base-36 time of the save that wrote it. */
const VERSION = "[0-9a-z]{1,16}";
const KEY_PATTERN = new RegExp(`^([1-9][0-9]{0,9})/(ingame|placement|stickers/[1-${MAX_STICKERS}])(?:-${VERSION})?\\.(${EXTENSIONS.join("|")})$`);

/**
 * `{craftId}/ingame-{version}.{ext}`, `{craftId}/placement-{version}.{ext}`,
 * `{craftId}/stickers/{n}-{version}.{ext}`: every upload gets a key of its own, so a save can write
 * its images before the database and a failed save leaves the stored ones untouched (keys without
 * a version, from before, are still served).
 */
export function craftImageKey(craftId: number, slot: CraftImageSlot, ext: string, version: string): string {
  const name = typeof slot === "string" ? slot : `stickers/${slot.sticker}`;
  return `${craftId}/${name}-${version}.${ext}`;
}

/** A key the image route may serve, or null for anything else. */
export function isCraftImageKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

/** The slot of an image key: `ingame`, `placement` or `stickers/{n}` (null: not a key of ours). */
export function craftImageSlotOfKey(key: string): string | null {
  return KEY_PATTERN.exec(key)?.[2] ?? null;
}

export const IMAGE_ROUTE = "/images/";

/** The URL stored in D1 and shown in pages; `v` changes with every upload so caches never serve a replaced image. */
export function craftImageUrl(key: string, version: string): string {
  return `${IMAGE_ROUTE}${key}?v=${version}`;
}

/** The R2 key behind one of our image URLs, or null when the URL is not ours. */
export function keyOfImageUrl(url: string | null | undefined): string | null {
  if (!url?.startsWith(IMAGE_ROUTE)) return null;
  const key = url.slice(IMAGE_ROUTE.length).split("?")[0]!;
  return isCraftImageKey(key) ? key : null;
}

/** The craft id of an image key (`12/ingame.png` -> 12). */
export function craftIdOfKey(key: string): number | null {
  const match = KEY_PATTERN.exec(key);
  return match ? Number(match[1]) : null;
}

// ---------------------------------------------------------------- totals (beyond the spec)

/** Where a craft sticker's price comes from: the price feed (a catalogue sticker), or what an admin typed. */
export type StickerPriceSource = "market" | "typed";

export interface CraftStickerPrice {
  priceCents: number | null;
  source: StickerPriceSource | null;
  /** When that price was last updated (ms), or null. */
  updatedAt: number | null;
}

/**
 * A craft sticker's price: the feed's price of its catalogue sticker when the feed has one (more
 * than 0 cents), else the price an admin typed on an official craft (community crafts have none),
 * else no price.
 */
export function craftStickerPrice(sticker: {
  marketCents: number | null;
  marketUpdatedAt: number | null;
  typedCents: number | null;
  typedUpdatedAt: number | null;
}): CraftStickerPrice {
  if (sticker.marketCents !== null && sticker.marketCents > 0) return { priceCents: sticker.marketCents, source: "market", updatedAt: sticker.marketUpdatedAt };
  if (sticker.typedCents !== null) return { priceCents: sticker.typedCents, source: "typed", updatedAt: sticker.typedUpdatedAt };
  return { priceCents: null, source: null, updatedAt: null };
}

export interface CraftTotals {
  /** Sum of the stickers' known prices, in cents. */
  stickersCents: number;
  /** Each sticker's share of the stickers' total in percent (null without a price or a total). */
  shares: (number | null)[];
  /** The skin's cheapest possible wear plus the stickers; null when the skin has no price. */
  craftCents: number | null;
}

export function craftTotals(skinMinCents: number | null, stickerCents: readonly (number | null)[]): CraftTotals {
  const stickersCents = stickerCents.reduce<number>((sum, cents) => sum + (cents ?? 0), 0);
  const shares = stickerCents.map((cents) => (cents === null || stickersCents === 0 ? null : (cents / stickersCents) * 100));
  return { stickersCents, shares, craftCents: skinMinCents === null ? null : skinMinCents + stickersCents };
}

export interface CraftStats {
  total: number;
  withIngame: number;
  withPlacement: number;
}

export function craftStats(crafts: readonly { ingameImage: string | null; placementImage: string | null }[]): CraftStats {
  return {
    total: crafts.length,
    withIngame: crafts.filter((c) => c.ingameImage).length,
    withPlacement: crafts.filter((c) => c.placementImage).length,
  };
}
