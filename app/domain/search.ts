import { searchKey } from "./catalogue";

/**
 * Skin search (spec section 9): from 2 characters, up to 10 results. Direct name matches come
 * first; when there are fewer than 5, fuzzy variants of the query (adjacent-key typos, the query
 * without its last character, weapon aliases) add up to 20 matches each. Everything is
 * deduplicated and ranked exact, prefix, contains, then alphabetical.
 *
 * Names are compared by their search key (lower-case letters and digits only), so "ak47 redlin"
 * finds "AK-47 | Redline". The database runs both the direct and the fuzzy query in one batch
 * (the plan below says what to ask); this module decides what the answers mean.
 */

export const SEARCH_MIN_LENGTH = 2;
export const SEARCH_LIMIT = 10;
export const FUZZY_THRESHOLD = 5;
export const FUZZY_PER_VARIANT = 20;
/** Longer queries are cut: no skin name is longer, and it bounds the work per request. */
const MAX_KEY_LENGTH = 40;
const MAX_TOKENS = 6;

export interface SearchCandidate {
  id: string;
  name: string;
  searchKey: string;
}

/** Common short names players type for a weapon, mapped to the catalogue's search keys. */
export const WEAPON_ALIASES: Readonly<Record<string, readonly string[]>> = {
  ak: ["ak47"],
  deagle: ["deserteagle"],
  deag: ["deserteagle"],
  m4: ["m4a4", "m4a1s"],
  m4a1: ["m4a1s"],
  usp: ["usps"],
  cz: ["cz75auto"],
  cz75: ["cz75auto"],
  glock: ["glock18"],
  tec: ["tec9"],
  fiveseven: ["fiveseven"],
  five7: ["fiveseven"],
  duals: ["dualberettas"],
  berettas: ["dualberettas"],
  r8: ["r8revolver"],
  revolver: ["r8revolver"],
  mac: ["mac10"],
  ump: ["ump45"],
  mp5: ["mp5sd"],
  bizon: ["ppbizon"],
  galil: ["galilar"],
  sg: ["sg553"],
  krieg: ["sg553"],
  scout: ["ssg08"],
  ssg: ["ssg08"],
  auto: ["g3sg1", "scar20"],
  scar: ["scar20"],
  sawed: ["sawedoff"],
  mag: ["mag7"],
  zeus: ["zeusx27"],
};

/** A typed word's aliases: its own entry only, as "constructor" is a key of every object. */
const aliasesOf = (word: string): readonly string[] => (Object.hasOwn(WEAPON_ALIASES, word) ? WEAPON_ALIASES[word]! : []);

const KEYBOARD_ROWS = ["1234567890", "qwertyuiop", "asdfghjkl", "zxcvbnm"];

/** Keys next to a key on a QWERTY keyboard: left and right, and the touching keys above and below. */
export function adjacentKeys(char: string): string[] {
  const row = KEYBOARD_ROWS.findIndex((r) => r.includes(char));
  if (row === -1) return [];
  const col = KEYBOARD_ROWS[row]!.indexOf(char);
  const near = new Set<string>();
  const add = (r: number, c: number) => {
    const ch = KEYBOARD_ROWS[r]?.[c];
    if (ch && ch !== char) near.add(ch);
  };
  add(row, col - 1);
  add(row, col + 1);
  for (const other of [row - 1, row + 1]) {
    // Each row sits half a key to the right of the one above it.
    const shift = other < row ? 0 : -1;
    add(other, col + shift);
    add(other, col + shift + 1);
  }
  return [...near];
}

export interface SearchTerms {
  /** The whole query as one search key. */
  key: string;
  /** The query's words as search keys; a direct match contains every one of them. */
  tokens: string[];
}

export function searchTerms(query: string): SearchTerms {
  const tokens = query
    .split(/\s+/)
    .map(searchKey)
    .filter((t) => t.length > 0)
    .slice(0, MAX_TOKENS)
    .map((t) => t.slice(0, MAX_KEY_LENGTH));
  return { key: tokens.join("").slice(0, MAX_KEY_LENGTH), tokens };
}

/** The `q` parameter of a search request, bounded so no query can be made expensive. */
export function searchQueryParam(params: URLSearchParams): string {
  return (params.get("q") ?? "").slice(0, 100);
}

export function isSearchable(query: string): boolean {
  return searchTerms(query).key.length >= SEARCH_MIN_LENGTH;
}

export type VariantKind = "typo" | "drop-last" | "alias";
/** A fuzzy spelling of the query: its words as search keys; a name matches when it contains them all. */
export interface FuzzyVariant {
  kind: VariantKind;
  tokens: string[];
}

const replaceAt = <T>(list: readonly T[], index: number, value: T): T[] => list.map((item, i) => (i === index ? value : item));

function dropLast(tokens: readonly string[]): string[] | null {
  const last = tokens[tokens.length - 1];
  if (!last || last.length < 3) return null;
  return replaceAt(tokens, tokens.length - 1, last.slice(0, -1));
}

/**
 * Every fuzzy spelling of the query. Aliases replace whole words ("deagle blaze" ->
 * "deserteagle blaze") and may also lose the last character; a typo swaps one character for a
 * neighbouring key; the last word may lose its last character. Words under 3 characters get no
 * typo variants: a neighbouring key there matches half the catalogue.
 */
export function fuzzyVariants(terms: SearchTerms): FuzzyVariant[] {
  const { tokens } = terms;
  const variants: FuzzyVariant[] = [];
  const seen = new Set<string>([tokens.join(" ")]);
  const push = (kind: VariantKind, next: string[] | null) => {
    if (!next || next.join("").length < SEARCH_MIN_LENGTH) return;
    const id = next.join(" ");
    if (seen.has(id)) return;
    seen.add(id);
    variants.push({ kind, tokens: next });
  };
  tokens.forEach((token, index) => {
    for (const expansion of aliasesOf(token)) {
      const aliased = replaceAt(tokens, index, expansion);
      push("alias", aliased);
      if (index < tokens.length - 1) push("alias", dropLast(aliased));
    }
  });
  push("drop-last", dropLast(tokens));
  tokens.forEach((token, index) => {
    if (token.length < 3) return;
    for (let i = 0; i < token.length; i++) {
      for (const near of adjacentKeys(token[i]!)) {
        push("typo", replaceAt(tokens, index, token.slice(0, i) + near + token.slice(i + 1)));
      }
    }
  });
  return variants;
}

/**
 * What to ask the database, as SQL LIKE patterns over `search_key` (letters and digits only, so
 * patterns need no escaping). The direct query requires every pattern of `directPatterns`. The
 * fuzzy query asks for any group of `fuzzyPatterns` (a group matches when all its patterns do) or
 * any group of `typoPatterns`, where `_` stands for the typo'd position so one group covers every
 * neighbouring key. Typo groups are many, so `typoGuard` first rules out most rows cheaply: a typo
 * leaves one half of each word intact, so a candidate holds, for every word, one of its halves.
 */
export interface SearchPlan {
  terms: SearchTerms;
  directPatterns: string[];
  fuzzyPatterns: string[][];
  typoPatterns: string[][];
  /** Per word, substrings of which a candidate must contain at least one. */
  typoGuard: string[][];
}

const contains = (token: string) => `%${token}%`;

function halves(token: string): string[] {
  const middle = Math.floor(token.length / 2);
  return [token.slice(0, middle), token.slice(middle)].filter((half) => half.length > 0);
}

export function searchPlan(query: string): SearchPlan | null {
  const terms = searchTerms(query);
  if (terms.key.length < SEARCH_MIN_LENGTH) return null;
  const fuzzy = new Map<string, string[]>();
  for (const variant of fuzzyVariants(terms)) {
    if (variant.kind !== "typo") fuzzy.set(variant.tokens.join(" "), variant.tokens.map(contains));
  }
  const typos: string[][] = [];
  terms.tokens.forEach((token, index) => {
    if (token.length < 3) return;
    for (let i = 0; i < token.length; i++) {
      if (adjacentKeys(token[i]!).length > 0) typos.push(replaceAt(terms.tokens, index, `${token.slice(0, i)}_${token.slice(i + 1)}`).map(contains));
    }
  });
  return {
    terms,
    directPatterns: terms.tokens.map(contains),
    fuzzyPatterns: [...fuzzy.values()],
    typoPatterns: typos,
    typoGuard: typos.length > 0 ? terms.tokens.map(halves) : [],
  };
}

/** Byte order, as SQLite sorts text, so the database and this module agree on "alphabetical". */
export function compareNames(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** 0 exact, 1 prefix, 2 contains the run, 3 contains every word but not as one run. */
export function matchTier(candidateKey: string, key: string): number {
  if (candidateKey === key) return 0;
  if (candidateKey.startsWith(key)) return 1;
  if (candidateKey.includes(key)) return 2;
  return 3;
}

export function containsAll(candidateKey: string, tokens: readonly string[]): boolean {
  return tokens.length > 0 && tokens.every((token) => candidateKey.includes(token));
}

function byTierThenName<T extends SearchCandidate>(tier: (c: T) => number) {
  return (a: T, b: T) => tier(a) - tier(b) || compareNames(a.name, b.name);
}

/**
 * The ranked results. `direct` and `fuzzy` are what the database returned for the plan's two
 * queries (each may hold more or fewer rows than match; this function checks every rule itself).
 */
export function rankSearchResults<T extends SearchCandidate>(query: string, direct: readonly T[], fuzzy: readonly T[], limit = SEARCH_LIMIT): T[] {
  const terms = searchTerms(query);
  if (terms.key.length < SEARCH_MIN_LENGTH) return [];

  const directHits = dedupe(direct.filter((c) => containsAll(c.searchKey, terms.tokens))).sort(byTierThenName((c) => matchTier(c.searchKey, terms.key)));
  if (directHits.length >= FUZZY_THRESHOLD) return directHits.slice(0, limit);

  const taken = new Set(directHits.map((c) => c.id));
  const bestTier = new Map<string, number>();
  const fuzzyHits: T[] = [];
  const pool = [...dedupe(fuzzy)].sort((a, b) => compareNames(a.name, b.name));
  for (const variant of fuzzyVariants(terms)) {
    const matches = pool.filter((c) => containsAll(c.searchKey, variant.tokens)).slice(0, FUZZY_PER_VARIANT);
    const variantKey = variant.tokens.join("");
    for (const candidate of matches) {
      const tier = matchTier(candidate.searchKey, variantKey);
      if (taken.has(candidate.id)) continue;
      const previous = bestTier.get(candidate.id);
      if (previous === undefined) fuzzyHits.push(candidate);
      if (previous === undefined || tier < previous) bestTier.set(candidate.id, tier);
    }
  }
  fuzzyHits.sort(byTierThenName((c) => bestTier.get(c.id) ?? 3));
  return [...directHits, ...fuzzyHits].slice(0, limit);
}

function dedupe<T extends SearchCandidate>(items: readonly T[]): T[] {
  const seen = new Set<string>();
  return items.filter((item) => (seen.has(item.id) ? false : (seen.add(item.id), true)));
}
