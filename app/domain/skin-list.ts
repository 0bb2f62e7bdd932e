import { compareNames } from "./search";
import { rarityRank } from "./rarity";
import type { Variant } from "./variants";

/**
 * Sorting and filtering a weapon's skins (spec sections 2 and 9). The state lives in the URL
 * (`?sort=price-desc&type=stattrak&rarity=Covert&crate=...&collection=...`) so a filtered view
 * works without JavaScript and can be shared. Unknown or malformed values are ignored.
 */

export const SORT_OPTIONS = [
  { value: "rarity", label: "Rarity" },
  { value: "rarity-asc", label: "Lowest rarity" },
  { value: "rarity-desc", label: "Highest rarity" },
  { value: "price-asc", label: "Lowest price" },
  { value: "price-desc", label: "Highest price" },
] as const;
export type SortOption = (typeof SORT_OPTIONS)[number]["value"];
export const DEFAULT_SORT: SortOption = "rarity";

export const TYPE_OPTIONS = [
  { value: "stattrak", label: "StatTrak" },
  { value: "souvenir", label: "Souvenir" },
  { value: "none", label: "None" },
] as const;
export type TypeFilter = (typeof TYPE_OPTIONS)[number]["value"];

export interface SkinListState {
  sort: SortOption;
  types: TypeFilter[];
  rarities: string[];
  crates: string[];
  collections: string[];
}

export interface ListedSkin {
  id: string;
  name: string;
  rarity: string;
  stattrak: boolean;
  souvenir: boolean;
  /** Lowest known price of an enabled wear in cents; null when no wear has a price. */
  minPriceCents: number | null;
  /** Highest known price of an enabled wear in cents; null when no wear has a price. */
  maxPriceCents: number | null;
  crates: string[];
  collections: string[];
}

const MAX_VALUES = 50;
const MAX_VALUE_LENGTH = 120;

/** The values of a multi-valued filter as the page reads them: trimmed, non-empty, distinct, the first 50. */
export function skinListValues(given: readonly string[]): string[] {
  const list = given.map((v) => v.trim()).filter((v) => v.length > 0 && v.length <= MAX_VALUE_LENGTH);
  return [...new Set(list)].slice(0, MAX_VALUES);
}

const values = (params: URLSearchParams, name: string) => skinListValues(params.getAll(name));

function isOneOf<T extends string>(options: readonly { value: T }[], value: string): value is T {
  return options.some((option) => option.value === value);
}

export function parseSkinListState(params: URLSearchParams): SkinListState {
  const sort = params.get("sort") ?? "";
  return {
    sort: isOneOf(SORT_OPTIONS, sort) ? sort : DEFAULT_SORT,
    types: values(params, "type").filter((v): v is TypeFilter => isOneOf(TYPE_OPTIONS, v)),
    rarities: values(params, "rarity"),
    crates: values(params, "crate"),
    collections: values(params, "collection"),
  };
}

export function isFiltered(state: SkinListState): boolean {
  return state.types.length + state.rarities.length + state.crates.length + state.collections.length > 0;
}

/**
 * Which of the skins' prices the grid shows and sorts by: StatTrak or Souvenir when that is the one
 * type chosen (every card shown then comes in it), the normal price otherwise.
 */
export function priceVariantOf(state: SkinListState): Variant {
  const [only, ...others] = state.types;
  return only !== undefined && only !== "none" && others.length === 0 ? only : "normal";
}

function matchesType(skin: ListedSkin, type: TypeFilter): boolean {
  if (type === "stattrak") return skin.stattrak;
  if (type === "souvenir") return skin.souvenir;
  return !skin.stattrak && !skin.souvenir;
}

/** Within one filter any chosen value matches; across filters all must match. */
export function matchesFilters(skin: ListedSkin, state: SkinListState): boolean {
  const anyOf = <T>(chosen: T[], test: (value: T) => boolean) => chosen.length === 0 || chosen.some(test);
  return (
    anyOf(state.types, (type) => matchesType(skin, type)) &&
    anyOf(state.rarities, (rarity) => skin.rarity === rarity) &&
    anyOf(state.crates, (crate) => skin.crates.includes(crate)) &&
    anyOf(state.collections, (collection) => skin.collections.includes(collection))
  );
}

/**
 * Lowest price first compares what each skin costs at the least (its cheapest wear), highest price
 * first what it costs at the most (its dearest wear), so the most expensive skin leads. Skins
 * without any price go last whichever way prices are sorted.
 */
function comparePrice(a: ListedSkin, b: ListedSkin, direction: 1 | -1): number {
  const price = (skin: ListedSkin) => (direction === 1 ? skin.minPriceCents : skin.maxPriceCents);
  const [pa, pb] = [price(a), price(b)];
  if (pa === null || pb === null) return (pa === null ? 1 : 0) - (pb === null ? 1 : 0);
  return (pa - pb) * direction;
}

const COMPARATORS: Record<SortOption, (a: ListedSkin, b: ListedSkin) => number> = {
  // The default groups by rarity from the rarest down, names A to Z within a rarity.
  rarity: (a, b) => rarityRank(b.rarity) - rarityRank(a.rarity) || compareNames(a.name, b.name),
  "rarity-asc": (a, b) => rarityRank(a.rarity) - rarityRank(b.rarity) || comparePrice(a, b, 1) || compareNames(a.name, b.name),
  "rarity-desc": (a, b) => rarityRank(b.rarity) - rarityRank(a.rarity) || comparePrice(a, b, -1) || compareNames(a.name, b.name),
  "price-asc": (a, b) => comparePrice(a, b, 1) || compareNames(a.name, b.name),
  "price-desc": (a, b) => comparePrice(a, b, -1) || compareNames(a.name, b.name),
};

export function applySkinList<T extends ListedSkin>(skins: readonly T[], state: SkinListState): T[] {
  return skins.filter((skin) => matchesFilters(skin, state)).sort(COMPARATORS[state.sort]);
}

/** The choices each filter offers: the values present among the weapon's skins, in a stable order. */
export function filterOptions(skins: readonly ListedSkin[]) {
  const distinct = (pick: (skin: ListedSkin) => string[]) => [...new Set(skins.flatMap(pick))];
  return {
    rarities: distinct((s) => [s.rarity]).sort((a, b) => rarityRank(a) - rarityRank(b)),
    crates: distinct((s) => s.crates).sort(compareNames),
    collections: distinct((s) => s.collections).sort(compareNames),
  };
}
