// Steam/Skinport market names ("market_hash_name") to the catalogue's skins and wears, stickers,
// containers, keys and vanilla knives. Plain functions: the price job parses every name of the feed with them, the
// unit tests read a table. The rules, the game version and the sources: docs/features/market-names.md.
import { WEAR_NAMES, type Wear } from "./wear.ts";

export type PriceVariant = "normal" | "stattrak" | "souvenir";

export interface SkinMarketName {
  kind: "skin";
  /** The weapon, knife or glove type as the catalogue names it ("AK-47", "Karambit", "Sport Gloves"). */
  weapon: string;
  /** The finish ("Redline", "Doppler"); null for a vanilla knife ("★ Karambit"). */
  finish: string | null;
  /** null when the name carries no wear (vanilla knives). */
  wear: Wear | null;
  variant: PriceVariant;
}

/** 'Sticker | Harp of War (Holo)' -> the catalogue sticker named "Harp of War (Holo)", exactly. */
export interface StickerMarketName {
  kind: "sticker";
  /** The name after "Sticker | ", variant and event included, as the catalogue writes it. */
  name: string;
}

/**
 * A plain name (no " | ", no star, no StatTrak): a container ("Operation Bravo Case", "Paris 2023
 * Legends Sticker Capsule", "ESL One Cologne 2014 Dust II Souvenir Package") or a key ("CS:GO Case
 * Key") when the catalogue has exactly that name; anything else of this form (a pass, a name tag) is
 * unmatched.
 */
export interface ContainerOrKeyMarketName {
  kind: "container-or-key";
  name: string;
}

export type MarketName = SkinMarketName | StickerMarketName | ContainerOrKeyMarketName;

const WEAR_BY_NAME = new Map<string, Wear>(Object.entries(WEAR_NAMES).map(([wear, name]) => [name, wear as Wear]));
const STAR = "★";
const STICKER = "Sticker | ";
const STATTRAK = "StatTrak™";
const SOUVENIR = "Souvenir";
/** Market names of things that are not weapon finishes: stickers, cases, agents, graffiti, pins... */
const NOT_A_SKIN =
  /^(Sticker|Sealed Graffiti|Graffiti|Patch|Music Kit|Pin|Charm|Souvenir Charm|Name Tag|Storage Unit)\b|\b(Case|Capsule|Package|Key|Pass|Pin|Patch Pack|Souvenir Package)$/;
/** Knives and gloves: their market names start with the star. */
const GLOVES = /(Gloves|Hand Wraps)$/;

/**
 * Parses a market name, or null for anything that is neither a weapon, knife or glove finish, a
 * sticker, nor a plain name (a container or key):
 *   'AK-47 | Redline (Field-Tested)'              -> skin AK-47, Redline, FT, normal
 *   'StatTrak™ AK-47 | Redline (Minimal Wear)'    -> ..., stattrak
 *   'Souvenir AWP | Dragon Lore (Factory New)'    -> ..., souvenir
 *   '★ StatTrak™ Karambit | Doppler (Factory New)' -> Karambit, Doppler, FN, stattrak
 *   '★ Karambit'                                  -> Karambit, no finish, no wear (a vanilla knife)
 *   '★ Sport Gloves | Vice (Field-Tested)'        -> Sport Gloves, Vice, FT, normal
 *   'Sticker | Titan (Holo) | Katowice 2014'      -> sticker "Titan (Holo) | Katowice 2014"
 *   'Operation Bravo Case', 'CS:GO Case Key'      -> container or key by that name
 * A finish with brackets of its own keeps them ('M4A4 | 龍王 (Dragon King) (Field-Tested)').
 * The name is read exactly as written, spaces included, never trimmed: a space the market does not
 * write ('AK-47 | Redline  (Field-Tested)', a space at either end, two after the star) makes a name
 * no catalogue item has (the finish "Redline ") or none at all (null); either way it is unmatched.
 */
export function parseMarketName(name: string): MarketName | null {
  if (name.length === 0 || name.length > 200 || name !== name.trim()) return null;
  if (name.startsWith(STICKER)) {
    const sticker = name.slice(STICKER.length);
    return /^[\p{L}\p{N}]/u.test(sticker) ? { kind: "sticker", name: sticker } : null;
  }
  if (!name.includes("|") && !name.includes(STAR) && !name.includes(STATTRAK) && /^[\p{L}\p{N}]/u.test(name)) {
    return { kind: "container-or-key", name };
  }
  return parseSkinName(name);
}

function parseSkinName(name: string): SkinMarketName | null {
  let rest = name;
  // The star and one space ("★ Karambit"); the parts below keep their spaces as written.
  const starred = rest.startsWith(`${STAR} `);
  if (starred) rest = rest.slice(STAR.length + 1);
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
  const weapon = parts[0]!;
  const finish = parts.length === 2 ? parts[1]! : null;
  const word = /^[\p{L}\p{N}]/u;
  if (!word.test(weapon) || (finish !== null && !word.test(finish))) return null;

  if (finish === null) {
    // Only knives come without a finish (vanilla): starred, no wear, never Souvenir.
    if (!starred || wear !== null || variant === "souvenir" || GLOVES.test(weapon)) return null;
    return { kind: "skin", weapon, finish: null, wear: null, variant };
  }
  // A finish always has a wear; knives and gloves carry the star, nothing else does.
  if (wear === null) return null;
  if (GLOVES.test(weapon) && (!starred || variant !== "normal")) return null;
  return { kind: "skin", weapon, finish, wear, variant };
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

/**
 * The skins a parsed name prices: its own skin, every regular phase of a Doppler, or none. A vanilla
 * knife is no skin (the catalogue's skins are finishes): its price goes to its `vanilla_knives` row
 * (`vanillaKnifeFor`), and the inventory import, which tracks finishes, counts it unknown.
 */
export function skinIdsFor(index: ReadonlyMap<string, readonly string[]>, name: SkinMarketName): readonly string[] {
  if (name.finish === null) return [];
  return index.get(`${name.weapon} | ${name.finish}`) ?? [];
}

/**
 * The catalogue's other market items, one price each: stickers, containers (cases, capsules,
 * packages), keys, and vanilla knives' normal and StatTrak™ prices (two items of one row each, so
 * each has its history: `item_price_history.kind`).
 */
export const MARKET_ITEM_KINDS = ["sticker", "crate", "key", "vanilla_knife", "vanilla_knife_stattrak"] as const;
export type MarketItemKind = (typeof MARKET_ITEM_KINDS)[number];
export interface MarketItemRef {
  kind: MarketItemKind;
  id: number;
}
const VANILLA_KNIFE_KINDS: Partial<Record<PriceVariant, MarketItemKind>> = { normal: "vanilla_knife", stattrak: "vanilla_knife_stattrak" };

/**
 * Stickers by their exact catalogue name, containers and keys by theirs (one index: a name both a
 * container and a key would be ambiguous), vanilla knives by their knife's name ("Karambit", in an
 * index of their own: the plain name "Karambit", without the star, is no knife's market name). A name
 * listed twice maps to every item it names, and `marketItemFor` and `vanillaKnifeFor` refuse it.
 */
export function buildMarketItemIndex(items: readonly (MarketItemRef & { name: string })[]) {
  const stickers = new Map<string, MarketItemRef[]>();
  const others = new Map<string, MarketItemRef[]>();
  const vanillaKnives = new Map<string, MarketItemRef[]>();
  for (const item of items) {
    const index = item.kind === "sticker" ? stickers : item.kind === "vanilla_knife" || item.kind === "vanilla_knife_stattrak" ? vanillaKnives : others;
    const refs = index.get(item.name);
    const ref = { kind: item.kind, id: item.id };
    if (refs) refs.push(ref);
    else index.set(item.name, [ref]);
  }
  return { stickers, others, vanillaKnives };
}

/**
 * The vanilla knife price a parsed knife name without a finish sets, by the knife's exact name:
 * '★ Karambit' its normal price, '★ StatTrak™ Karambit' its StatTrak™ price; null for any other
 * name, or one two knives share. Never by similarity.
 */
export function vanillaKnifeFor(index: ReturnType<typeof buildMarketItemIndex>, name: SkinMarketName): MarketItemRef | null {
  const kind = VANILLA_KNIFE_KINDS[name.variant];
  if (name.finish !== null || name.wear !== null || !kind) return null;
  const refs = index.vanillaKnives.get(name.weapon)?.filter((ref) => ref.kind === kind);
  return refs?.length === 1 ? refs[0]! : null;
}

/**
 * The one sticker, container or key a parsed name prices, matched by exact name, never by
 * similarity; null when none or more than one has that name (e.g. the catalogue's two stickers
 * "Mirage (Gold)"): an ambiguous name is refused, not guessed.
 */
export function marketItemFor(index: ReturnType<typeof buildMarketItemIndex>, name: StickerMarketName | ContainerOrKeyMarketName): MarketItemRef | null {
  const refs = (name.kind === "sticker" ? index.stickers : index.others).get(name.name);
  return refs?.length === 1 ? refs[0]! : null;
}
