// Deterministic demo prices: no price feed is reachable offline, so the seed invents plausible
// ones. Every skin, sticker, container, key and vanilla knife row written with them carries
// price_source = 'demo'.
import { stickerKind, type StickerType } from "../../app/domain/stickers.ts";
import type { Wear } from "../../app/domain/wear.ts";
import type { CrateKind } from "../../app/server/db/schema.server.ts";

const RANGE_BY_RARITY: Record<string, [minCents: number, maxCents: number]> = {
  "Consumer Grade": [3, 60],
  "Industrial Grade": [5, 150],
  "Mil-Spec": [10, 800],
  Restricted: [80, 3000],
  Classified: [300, 12000],
  Covert: [1500, 60000],
  Extraordinary: [8000, 250000],
  Contraband: [200000, 600000],
};

const WEAR_FACTOR: Record<Wear, number> = { FN: 1, MW: 0.72, FT: 0.5, WW: 0.42, BS: 0.36 };

/** FNV-1a: a stable 32-bit hash, so the same skin always gets the same demo price. */
export function stableHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** About one enabled wear in forty has no price, so the 'No Data' state appears in demo data. */
export function demoPriceCents(skinId: string, wear: Wear, rarity: string): number {
  const [min, max] = RANGE_BY_RARITY[rarity] ?? [10, 1000];
  if (stableHash(`${skinId}:nodata:${wear}`) % 40 === 0) return 0;
  const spread = (stableHash(skinId) % 10_000) / 10_000;
  const base = min + (max - min) * spread * spread;
  return Math.max(3, Math.round(base * WEAR_FACTOR[wear]));
}

const STICKER_RANGE: Record<StickerType, [minCents: number, maxCents: number]> = {
  paper: [3, 120],
  glitter: [5, 150],
  embroidered: [10, 400],
  holo: [15, 2500],
  lenticular: [40, 3000],
  foil: [50, 8000],
  gold: [100, 20000],
};
const CRATE_RANGE: Record<CrateKind, [minCents: number, maxCents: number]> = {
  weapon_case: [3, 1500],
  keyless_case: [50, 3000],
  sticker_capsule: [10, 3000],
  souvenir_package: [50, 40000],
};

function inRange(seed: string, [min, max]: [number, number]): number {
  const spread = (stableHash(seed) % 10_000) / 10_000;
  return Math.max(3, Math.round(min + (max - min) * spread * spread));
}

/** Demo sticker prices by type (paper cheap, gold dear); about one in forty has no price. */
export function demoStickerPriceCents(id: number, name: string): number {
  if (stableHash(`sticker:${id}:nodata`) % 40 === 0) return 0;
  return inRange(`sticker:${id}`, STICKER_RANGE[stickerKind(name).type]);
}

/** Demo container prices by kind: cases cheap, souvenir packages dear. */
export function demoCratePriceCents(id: number, kind: CrateKind): number {
  return inRange(`crate:${id}`, CRATE_RANGE[kind]);
}

/** Demo key prices: about the store's $2.49, a little more for the old tradable keys. */
export function demoKeyPriceCents(id: number): number {
  return inRange(`key:${id}`, [249, 400]);
}

/**
 * Demo prices of a vanilla knife (a knife without a finish, `★ Karambit`): $60 to $900, and its
 * StatTrak™ price 1.1 to 1.6 times that.
 */
export function demoVanillaKnifePriceCents(id: number): { priceCents: number; stattrakPriceCents: number } {
  const priceCents = inRange(`vanilla-knife:${id}`, [6000, 90000]);
  const factor = 1.1 + ((stableHash(`vanilla-knife:${id}:stattrak`) % 1000) / 1000) * 0.5;
  return { priceCents, stattrakPriceCents: Math.round(priceCents * factor) };
}
