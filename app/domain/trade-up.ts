import { RARITY_ORDER, type Rarity } from "./rarity.ts";
import { wearForFloat, type Wear } from "./wear.ts";

/*
 * The trade-up contract, as the game runs it since its update of 22 October 2025
 * (docs/features/trade-ups.md has the sources):
 * - ten inputs of one rarity, Consumer Grade to Classified, give one skin of the next rarity from
 *   the inputs' collections; five Covert inputs give a rare special item (knife or gloves) of the
 *   inputs' cases;
 * - each input adds 1/10 (1/5 for Covert) to its collection's chance, shared equally among the
 *   collection's possible outcomes; a collection without any cannot be used;
 * - all inputs StatTrak or none; a StatTrak contract gives StatTrak outcomes, so gloves (which have
 *   no StatTrak version) drop out of a StatTrak Covert contract; Souvenir skins cannot be used;
 * - the output float is the outcome's min plus the average of each input's float normalised by its
 *   own range, times the outcome's range.
 */

export const TRADE_UP_GAME_VERSION = "Counter-Strike 2, update of 22 October 2025";

/** The rarities a contract takes, each with the rarity it gives. */
const NEXT_RARITY: Partial<Record<Rarity, Rarity>> = {
  "Consumer Grade": "Industrial Grade",
  "Industrial Grade": "Mil-Spec",
  "Mil-Spec": "Restricted",
  Restricted: "Classified",
  Classified: "Covert",
  Covert: "Extraordinary",
};

export function isRarity(value: string): value is Rarity {
  return (RARITY_ORDER as readonly string[]).includes(value);
}

/** The rarity a contract of `rarity` inputs gives; null when such skins cannot be traded up. */
export function nextRarity(rarity: string): Rarity | null {
  return isRarity(rarity) ? (NEXT_RARITY[rarity] ?? null) : null;
}

/** How many inputs a contract of this rarity takes: five Covert skins, ten of any other rarity. */
export function inputsNeeded(rarity: string): number {
  return rarity === "Covert" ? 5 : 10;
}

export const MAX_ROWS = 10;
export const MAX_COUNT = 10;

export const VARIANTS = ["normal", "stattrak", "souvenir"] as const;
export type Variant = (typeof VARIANTS)[number];
export const VARIANT_NAMES: Record<Variant, string> = { normal: "Normal", stattrak: "StatTrak™", souvenir: "Souvenir" };

/** One row of a contract: a skin, its float (null while not given), its variant and how many. */
export interface ContractRow {
  skinId: string;
  float: number | null;
  variant: Variant;
  count: number;
}

/** What the rules need to know of an input's skin. */
export interface InputSkin {
  id: string;
  name: string;
  rarity: string;
  minFloat: number;
  maxFloat: number;
  stattrak: boolean;
  collectionId: number | null;
  collectionName: string | null;
}

/** A skin a contract may give, with what the rules need to know of it. */
export interface OutcomeSkin {
  id: string;
  name: string;
  minFloat: number;
  maxFloat: number;
  /** Whether it exists as StatTrak (gloves do not). */
  stattrak: boolean;
}

export interface TradeUpOutcome<T extends OutcomeSkin> {
  skin: T;
  probability: number;
  float: number;
  wear: Wear;
}

export type TradeUpResult<T extends OutcomeSkin> =
  | { status: "empty" }
  /** Rows that are fine so far, but fewer inputs than the contract takes, or floats still to give. */
  | { status: "incomplete"; messages: string[] }
  | { status: "refused"; messages: string[] }
  | { status: "valid"; rarity: string; next: Rarity; stattrak: boolean; outcomes: TradeUpOutcome<T>[] };

/** Where a float sits in a skin's range, 0 at its min and 1 at its max. */
export function normalisedFloat(float: number, minFloat: number, maxFloat: number): number {
  const span = maxFloat - minFloat;
  if (span <= 0) return 0;
  return Math.min(1, Math.max(0, (float - minFloat) / span));
}

/**
 * The output float of an outcome: its min plus the inputs' average normalised float times its
 * range (each input counted as often as it is put in).
 */
export function outputFloat(
  inputs: readonly { float: number; minFloat: number; maxFloat: number; count: number }[],
  outcome: { minFloat: number; maxFloat: number },
): number {
  const total = inputs.reduce((sum, input) => sum + input.count, 0);
  if (total === 0) return outcome.minFloat;
  const average = inputs.reduce((sum, input) => sum + input.count * normalisedFloat(input.float, input.minFloat, input.maxFloat), 0) / total;
  return Math.min(outcome.maxFloat, Math.max(outcome.minFloat, outcome.minFloat + average * (outcome.maxFloat - outcome.minFloat)));
}

export const TRADE_UP_MESSAGES = {
  unknownSkin: (id: string) => `No skin "${id}" in the catalogue.`,
  missingFloat: (name: string) => `Enter the float of ${name}.`,
  floatOutOfRange: (name: string, float: number, min: number, max: number) => `${name}: a float of ${float} is outside its range ${min} to ${max}.`,
  souvenir: (name: string) => `Souvenir skins cannot be used in a trade-up contract (${name}).`,
  noStatTrak: (name: string) => `${name} has no StatTrak™ version.`,
  notTradable: (rarity: string) => `${rarity} skins cannot be traded up.`,
  mixedRarity: (rarities: readonly string[]) => `All inputs must be of one rarity; this contract mixes ${rarities.join(" and ")}.`,
  mixedStatTrak: "All inputs must be StatTrak™, or none of them.",
  tooMany: (total: number, needed: number, rarity: string) => `A contract of ${rarity} skins takes ${needed} inputs; this one has ${total}.`,
  tooFew: (total: number, needed: number, rarity: string) => `A contract of ${rarity} skins takes ${needed} inputs; add ${needed - total} more.`,
  nothingAbove: (collection: string, next: string, stattrak: boolean) =>
    next === "Extraordinary"
      ? `${collection} has no ${stattrak ? "StatTrak™ knife" : "knife or gloves"} to trade up into, so its skins cannot be used.`
      : `${collection} has no ${next} skin to trade up into, so its skins cannot be used.`,
  noCollection: (name: string) => `${name} belongs to no collection, so it cannot be used.`,
} as const;

/**
 * The outcomes of a contract. `skins` holds the inputs' skins by id; `outcomesOf(collectionId,
 * next)` the skins of the next rarity a collection gives (for Covert inputs, the knives and gloves
 * of its cases). Refusals name every problem found, in the order of the rows.
 */
export function evaluateTradeUp<T extends OutcomeSkin>(
  rows: readonly ContractRow[],
  skins: ReadonlyMap<string, InputSkin>,
  outcomesOf: (collectionId: number, next: Rarity) => readonly T[],
): TradeUpResult<T> {
  if (rows.length === 0) return { status: "empty" };
  const refusals: string[] = [];
  const missing: string[] = [];
  const inputs: { row: ContractRow; skin: InputSkin }[] = [];
  for (const row of rows) {
    const skin = skins.get(row.skinId);
    if (!skin) {
      refusals.push(TRADE_UP_MESSAGES.unknownSkin(row.skinId));
      continue;
    }
    inputs.push({ row, skin });
    if (row.variant === "souvenir") refusals.push(TRADE_UP_MESSAGES.souvenir(skin.name));
    if (row.variant === "stattrak" && !skin.stattrak) refusals.push(TRADE_UP_MESSAGES.noStatTrak(skin.name));
    if (row.float === null) missing.push(TRADE_UP_MESSAGES.missingFloat(skin.name));
    else if (row.float < skin.minFloat || row.float > skin.maxFloat) {
      refusals.push(TRADE_UP_MESSAGES.floatOutOfRange(skin.name, row.float, skin.minFloat, skin.maxFloat));
    }
  }
  const rarities = [...new Set(inputs.map(({ skin }) => skin.rarity))];
  if (rarities.length > 1) refusals.push(TRADE_UP_MESSAGES.mixedRarity(rarities));
  for (const rarity of rarities) if (nextRarity(rarity) === null) refusals.push(TRADE_UP_MESSAGES.notTradable(rarity));
  const stattrak = inputs.some(({ row }) => row.variant === "stattrak");
  if (stattrak && inputs.some(({ row }) => row.variant !== "stattrak")) refusals.push(TRADE_UP_MESSAGES.mixedStatTrak);

  const rarity = rarities.length === 1 ? rarities[0]! : null;
  const next = rarity ? nextRarity(rarity) : null;
  const total = rows.reduce((sum, row) => sum + row.count, 0);
  const needed = rarity ? inputsNeeded(rarity) : MAX_COUNT;
  if (rarity && total > needed) refusals.push(TRADE_UP_MESSAGES.tooMany(total, needed, rarity));

  // Each collection's outcomes (gloves left out of a StatTrak contract).
  const pools = new Map<number, readonly T[]>();
  if (next) {
    for (const { skin } of inputs) {
      if (skin.collectionId === null) {
        refusals.push(TRADE_UP_MESSAGES.noCollection(skin.name));
        continue;
      }
      if (pools.has(skin.collectionId)) continue;
      const pool = outcomesOf(skin.collectionId, next).filter((outcome) => !stattrak || outcome.stattrak);
      pools.set(skin.collectionId, pool);
      if (pool.length === 0) refusals.push(TRADE_UP_MESSAGES.nothingAbove(skin.collectionName ?? skin.name, next, stattrak));
    }
  }
  if (refusals.length > 0) return { status: "refused", messages: [...new Set(refusals)] };
  if (total < needed || missing.length > 0) {
    return { status: "incomplete", messages: [...(rarity && total < needed ? [TRADE_UP_MESSAGES.tooFew(total, needed, rarity)] : []), ...missing] };
  }

  const floats = inputs.map(({ row, skin }) => ({ float: row.float!, minFloat: skin.minFloat, maxFloat: skin.maxFloat, count: row.count }));
  const byOutcome = new Map<string, TradeUpOutcome<T>>();
  for (const { row, skin } of inputs) {
    const pool = pools.get(skin.collectionId!)!;
    for (const outcome of pool) {
      const share = row.count / total / pool.length;
      const known = byOutcome.get(outcome.id);
      if (known) known.probability += share;
      else {
        const float = outputFloat(floats, outcome);
        byOutcome.set(outcome.id, { skin: outcome, probability: share, float, wear: wearForFloat(float) ?? "BS" });
      }
    }
  }
  const outcomes = [...byOutcome.values()].sort((a, b) => b.probability - a.probability || a.skin.name.localeCompare(b.skin.name));
  return { status: "valid", rarity: rarity!, next: next!, stattrak, outcomes };
}

/** Money a valid contract is expected to give, from each outcome's price (null: no price known). */
export interface ContractValue {
  /** Sum of probability x price over the outcomes with a price. */
  expectedCents: number;
  /** The share of the odds the expected value covers (outcomes with a price). */
  coverage: number;
  /** The inputs' cost, or null when an input has no price. */
  costCents: number | null;
  /** Expected value minus cost, when the cost is known. */
  expectedProfitCents: number | null;
  /** The chance that the outcome is worth more than the cost (outcomes with a price), when the cost is known. */
  profitChance: number | null;
}

export function contractValue(outcomes: readonly { probability: number; priceCents: number | null }[], inputCosts: readonly (number | null)[]): ContractValue {
  const priced = outcomes.filter((outcome): outcome is { probability: number; priceCents: number } => outcome.priceCents !== null);
  const expectedCents = priced.reduce((sum, outcome) => sum + outcome.probability * outcome.priceCents, 0);
  const coverage = priced.reduce((sum, outcome) => sum + outcome.probability, 0);
  const costCents = inputCosts.some((cost) => cost === null) ? null : inputCosts.reduce<number>((sum, cost) => sum + (cost ?? 0), 0);
  return {
    expectedCents,
    coverage,
    costCents,
    expectedProfitCents: costCents === null ? null : expectedCents - costCents,
    profitChance: costCents === null ? null : priced.filter((outcome) => outcome.priceCents > costCents).reduce((sum, outcome) => sum + outcome.probability, 0),
  };
}

// ---------------------------------------------------------------- the contract in the URL

/**
 * A contract lives in the URL as numbered fields, one set per row (what a plain GET form sends):
 * `s1` the skin's id, `f1` its float, `n1` the count, `v1` "stattrak" or "souvenir" (absent: normal).
 */
export const rowField = (field: "s" | "f" | "n" | "v", index: number) => `${field}${index + 1}`;

export const CONTRACT_PARAMS: readonly string[] = Array.from({ length: MAX_ROWS }, (_, index) =>
  (["s", "f", "n", "v"] as const).map((field) => rowField(field, index)),
).flat();

const SKIN_ID = /^[a-z0-9-]{1,200}$/;

/** Whether a text can be a skin id (the catalogue's readable slugs). */
export const isSkinIdText = (value: string) => SKIN_ID.test(value);

export const CONTRACT_PARSE_MESSAGES = {
  skin: (row: number) => `Row ${row}: choose a skin from the catalogue.`,
  float: (row: number) => `Row ${row}: the float must be a number from 0 to 1.`,
  count: (row: number) => `Row ${row}: the count must be a whole number from 1 to ${MAX_COUNT}.`,
  variant: (row: number) => `Row ${row}: choose Normal, StatTrak™ or Souvenir.`,
} as const;

/** The rows a URL carries (rows without a skin are skipped), and what is wrong with them. */
export function parseContract(params: URLSearchParams): { rows: ContractRow[]; errors: string[] } {
  const rows: ContractRow[] = [];
  const errors: string[] = [];
  for (let index = 0; index < MAX_ROWS; index += 1) {
    const skinId = (params.get(rowField("s", index)) ?? "").trim();
    if (skinId === "") continue;
    const label = index + 1;
    if (!SKIN_ID.test(skinId)) {
      errors.push(CONTRACT_PARSE_MESSAGES.skin(label));
      continue;
    }
    const floatText = (params.get(rowField("f", index)) ?? "").trim();
    const float = floatText === "" ? null : Number(floatText);
    if (float !== null && (!/^\d*\.?\d+(e-?\d+)?$/i.test(floatText) || !Number.isFinite(float) || float < 0 || float > 1))
      errors.push(CONTRACT_PARSE_MESSAGES.float(label));
    const countText = (params.get(rowField("n", index)) ?? "1").trim();
    const count = /^\d{1,2}$/.test(countText) ? Number(countText) : Number.NaN;
    if (!(count >= 1 && count <= MAX_COUNT)) errors.push(CONTRACT_PARSE_MESSAGES.count(label));
    const variantText = params.get(rowField("v", index)) ?? "normal";
    const variant = (VARIANTS as readonly string[]).includes(variantText) ? (variantText as Variant) : null;
    if (!variant) errors.push(CONTRACT_PARSE_MESSAGES.variant(label));
    rows.push({
      skinId,
      float: float !== null && Number.isFinite(float) ? float : null,
      variant: variant ?? "normal",
      count: Number.isFinite(count) ? count : 1,
    });
  }
  return { rows, errors };
}

/** The query string of a contract (without "?"): rows numbered from 1 in order, defaults left out. */
export function contractQuery(rows: readonly ContractRow[]): string {
  const params = new URLSearchParams();
  rows.slice(0, MAX_ROWS).forEach((row, index) => {
    params.set(rowField("s", index), row.skinId);
    // The float as given, every digit: a rounded one can fall in the next wear band (0.14999999 is
    // Minimal Wear, 0.15 Field-Tested), and the link must show the contract it was made from.
    if (row.float !== null) params.set(rowField("f", index), String(row.float));
    params.set(rowField("n", index), String(row.count));
    if (row.variant !== "normal") params.set(rowField("v", index), row.variant);
  });
  return params.toString();
}

/** Why 'Add to trade-up' left the contract as it was. */
export const ADD_REFUSALS = {
  "contract-full": `The skin was not added: a contract has at most ${MAX_ROWS} rows, and this one is full. Remove a row to make room.`,
  "row-full": `The skin was not added: its row already counts ${MAX_COUNT}, the most a row takes.`,
} as const;
export type AddRefusal = keyof typeof ADD_REFUSALS;
export const isAddRefusal = (value: string | null): value is AddRefusal => value !== null && Object.hasOwn(ADD_REFUSALS, value);

/**
 * The contract with a skin added: one more of it when a row holds it already, else a new row of one
 * (like the other rows' variant). When there is no room, the rows as they were and why.
 */
export function addToContract(rows: readonly ContractRow[], skinId: string): { rows: ContractRow[]; refused: AddRefusal | null } {
  const existing = rows.findIndex((row) => row.skinId === skinId);
  if (existing >= 0) {
    if (rows[existing]!.count >= MAX_COUNT) return { rows: [...rows], refused: "row-full" };
    return { rows: rows.map((row, index) => (index === existing ? { ...row, count: row.count + 1 } : row)), refused: null };
  }
  if (rows.length >= MAX_ROWS) return { rows: [...rows], refused: "contract-full" };
  const variant = rows[0]?.variant === "stattrak" ? "stattrak" : "normal";
  return { rows: [...rows, { skinId, float: null, variant, count: 1 }], refused: null };
}

/**
 * A contract that mixes rarities, split into one contract per rarity, in the order each rarity
 * first appears, each keeping its rows in order. Skins the catalogue does not know (no rarity) go
 * into none of them. Empty when the known rows are of one rarity or none.
 */
export function contractsByRarity(rows: readonly ContractRow[], rarityOf: (skinId: string) => string | undefined): { rarity: string; rows: ContractRow[] }[] {
  const groups = new Map<string, ContractRow[]>();
  for (const row of rows) {
    const rarity = rarityOf(row.skinId);
    if (rarity === undefined) continue;
    groups.set(rarity, [...(groups.get(rarity) ?? []), row]);
  }
  if (groups.size < 2) return [];
  return [...groups].map(([rarity, grouped]) => ({ rarity, rows: grouped }));
}

/**
 * A link that opens a contract (or, with an empty query, none) in the calculator as the visitor's
 * current one: the page's redirect to the canonical URL keeps it for 'Add to trade-up'.
 */
export const openTradeUpPath = (query: string) => `/trade-up?${query ? `${query}&` : ""}intent=open`;

/** 'Add to trade-up': the trade-up page adds the skin to the visitor's current contract and opens it. */
export const addToTradeUpPath = (skinId: string) => `/trade-up?intent=${encodeURIComponent(`add:${skinId}`)}`;
