// Deterministic demo prices: no price feed is reachable offline, so the seed invents plausible
// ones. Every skin row written with them carries price_source = 'demo'.
import type { Wear } from "../../app/domain/wear.ts";

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
