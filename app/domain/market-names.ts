// Steam/Skinport market names ("market_hash_name") to the catalogue's skins and wears. Plain
// functions: the price job parses every name of the feed with them, the unit tests read a table.
import { WEAR_NAMES, type Wear } from "./wear.ts";

export type PriceVariant = "normal" | "stattrak" | "souvenir";

export interface MarketName {
  /** The weapon, knife or glove type as the catalogue names it ("AK-47", "Karambit", "Sport Gloves"). */
  weapon: string;
  /** The finish ("Redline", "Doppler"); null for a vanilla knife ("★ Karambit"). */
  finish: string | null;
  /** null when the name carries no wear (vanilla knives). */
  wear: Wear | null;
  variant: PriceVariant;
}

const WEAR_BY_NAME = new Map<string, Wear>(Object.entries(WEAR_NAMES).map(([wear, name]) => [name, wear as Wear]));
const STAR = "★";
const STATTRAK = "StatTrak™";
const SOUVENIR = "Souvenir";
/** Market names of things that are not weapon finishes: stickers, cases, agents, graffiti, pins... */
const NOT_A_SKIN =
  /^(Sticker|Sealed Graffiti|Graffiti|Patch|Music Kit|Pin|Charm|Souvenir Charm|Name Tag|Storage Unit)\b|\b(Case|Capsule|Package|Key|Pass|Pin|Patch Pack|Souvenir Package)$/;
/** Knives and gloves: their market names start with the star. */
const GLOVES = /(Gloves|Hand Wraps)$/;

/**
 * Parses a market name, or null for anything that is not a weapon, knife or glove finish.
 *   'AK-47 | Redline (Field-Tested)'              -> AK-47, Redline, FT, normal
 *   'StatTrak™ AK-47 | Redline (Minimal Wear)'    -> ..., stattrak
 *   'Souvenir AWP | Dragon Lore (Factory New)'    -> ..., souvenir
 *   '★ StatTrak™ Karambit | Doppler (Factory New)' -> Karambit, Doppler, FN, stattrak
 *   '★ Karambit'                                  -> Karambit, no finish, no wear (a vanilla knife)
 *   '★ Sport Gloves | Vice (Field-Tested)'        -> Sport Gloves, Vice, FT, normal
 * A finish with brackets of its own keeps them ('M4A4 | 龍王 (Dragon King) (Field-Tested)').
 */
export function parseMarketName(raw: string): MarketName | null {
  let rest = raw.trim();
  if (rest.length === 0 || rest.length > 200) return null;
  const starred = rest.startsWith(STAR);
  if (starred) rest = rest.slice(STAR.length).trimStart();
  let variant: PriceVariant = "normal";
  if (rest.startsWith(`${STATTRAK} `)) {
    variant = "stattrak";
    rest = rest.slice(STATTRAK.length + 1);
  } else if (rest.startsWith(`${SOUVENIR} `)) {
    variant = "souvenir";
    rest = rest.slice(SOUVENIR.length + 1);
  }
  if (NOT_A_SKIN.test(rest)) return null;

  let wear: Wear | null = null;
  const wearMatch = / \(([^()]+)\)$/.exec(rest);
  if (wearMatch && WEAR_BY_NAME.has(wearMatch[1]!)) {
    wear = WEAR_BY_NAME.get(wearMatch[1]!)!;
    rest = rest.slice(0, wearMatch.index);
  }

  const parts = rest.split(" | ");
  if (parts.length > 2) return null;
  const weapon = parts[0]!.trim();
  const finish = parts.length === 2 ? parts[1]!.trim() : null;
  const word = /^[\p{L}\p{N}]/u;
  if (!word.test(weapon) || (finish !== null && !word.test(finish))) return null;

  if (finish === null) {
    // Only knives come without a finish (vanilla): starred, no wear, never Souvenir.
    if (!starred || wear !== null || variant === "souvenir" || GLOVES.test(weapon)) return null;
    return { weapon, finish: null, wear: null, variant };
  }
  // A finish always has a wear; knives and gloves carry the star, nothing else does.
  if (wear === null) return null;
  if (GLOVES.test(weapon) && (!starred || variant !== "normal")) return null;
  return { weapon, finish, wear, variant };
}

/** Doppler and Gamma Doppler phases the catalogue lists as skins of their own ("Karambit | Doppler (Phase 2)"). */
const REGULAR_PHASE = / \((Phase [1-4])\)$/;

/**
 * Which catalogue skins a market name's price belongs to, keyed by "Weapon | Finish".
 *
 * Doppler and Gamma Doppler: the market sells every phase under one name ('★ Karambit | Doppler
 * (Factory New)'), while the catalogue has a skin per phase ("Karambit | Doppler (Phase 2)",
 * "(Ruby)", "(Sapphire)", "(Black Pearl)", "(Emerald)"). The feed's price for the shared name is its
 * cheapest listing, which is a regular phase: it goes to Phase 1 to 4 alike. The gem phases are worth
 * many times that, so the shared price never goes to them; they keep the price they have.
 */
export function buildSkinIndex(skins: readonly { id: string; name: string }[]): Map<string, string[]> {
  const index = new Map<string, string[]>();
  const add = (key: string, id: string) => {
    const ids = index.get(key);
    if (ids) ids.push(id);
    else index.set(key, [id]);
  };
  for (const skin of skins) {
    add(skin.name, skin.id);
    const phase = REGULAR_PHASE.exec(skin.name);
    if (phase && / \| (Gamma )?Doppler \(/.test(skin.name)) add(skin.name.slice(0, phase.index), skin.id);
  }
  return index;
}

/** The skins a parsed name prices: its own skin, every regular phase of a Doppler, or none. */
export function skinIdsFor(index: ReadonlyMap<string, readonly string[]>, name: MarketName): readonly string[] {
  if (name.finish === null) return []; // the catalogue lists finishes only, no vanilla knives
  return index.get(`${name.weapon} | ${name.finish}`) ?? [];
}
