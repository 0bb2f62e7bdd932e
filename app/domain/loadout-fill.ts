import { LOADOUT_SLOTS, type LoadoutSlot } from "./loadout-slots";
import { skinFitsSlot } from "./loadouts";
import { rarityRank } from "./rarity";
import { WEARS, type Wear } from "./wear";

/** 'Fill empty slots within budget' works on one side or on both (`?side=both`). */
export const FILL_SIDES = ["t", "ct", "both"] as const;
export type FillSide = (typeof FILL_SIDES)[number];

export function parseFillSide(value: string | null | undefined): FillSide {
  return value === "ct" || value === "both" ? value : "t";
}

export const FILL_SIDE_LABELS: Record<FillSide, string> = { t: "T-Side", ct: "CT-Side", both: "Both sides" };

/** Fill proposes normal skins, or on request (`?variant=stattrak`) StatTrak™ ones at their StatTrak™ prices. */
export const FILL_VARIANTS = ["normal", "stattrak"] as const;
export type FillVariant = (typeof FILL_VARIANTS)[number];

export function parseFillVariant(value: string | null | undefined): FillVariant {
  return value === "stattrak" ? value : "normal";
}

/** As `VARIANT_NAMES` spells them (app/domain/variants.ts), written out so the fill page's script does not take that module. */
export const FILL_VARIANT_LABELS: Record<FillVariant, string> = { normal: "Normal", stattrak: "StatTrak™" };

/**
 * What the page says when StatTrak™ is asked for: skins without a StatTrak™ version are skipped,
 * and a loadout records skins and wears, not the variant.
 */
export const FILL_STATTRAK_NOTE =
  "StatTrak™: only skins that come in StatTrak™ are proposed, at their StatTrak™ prices; the others are skipped, so a slot with no StatTrak™ skin within the budget stays empty. Your loadout keeps skins and wears, not StatTrak™: once applied, it shows them at their normal prices.";

/** The rule as the page states it; `proposeFill` is its definition. */
export const FILL_RULE =
  "Fills as many empty slots as the budget left allows, then prefers higher rarity, then spends more of the budget; on a tie, the lower price wins. Each skin is offered at its cheapest possible wear with a known price. Slots you have filled are never changed.";

/** What the preview and Apply say when there is nothing to write. */
export const FILL_MESSAGES = {
  noBudget: "Set a budget for this loadout first: filling keeps within it.",
  nothingToApply: "There is nothing to fill within the budget.",
  overBudget: (overCents: string) =>
    `This loadout is already ${overCents} over its budget, so nothing can be added and nothing is proposed. Remove a skin or raise the budget first.`,
  pricesChanged: "Prices changed since this proposal was made, so nothing was written. Here is the proposal at today's prices.",
} as const;

/** A skin at one wear, as the catalogue offers it for an empty slot. */
export interface FillOption {
  skinId: string;
  /** The skin's weapon (a knife or glove type for those slots). */
  weapon: string;
  /** The weapon's catalogue category (Knives and Gloves decide the type slots). */
  category: string;
  rarity: string;
  /** Whether the skin comes in StatTrak™ (a StatTrak™ fill proposes no other). */
  stattrak: boolean;
  wear: Wear;
  enabled: boolean;
  /** The price in the request's variant; 0 means it is unknown ('No Data'): never proposed. */
  priceCents: number;
}

export interface FillRequest<O extends FillOption> {
  side: FillSide;
  /** The variant proposed; the options carry their prices in it. */
  variant: FillVariant;
  /** Keys of the loadout's filled slots (both sides); they are never proposed. */
  filledSlots: readonly string[];
  /** The loadout's current total (both sides), in cents. */
  totalCents: number;
  budgetCents: number;
  /** Any options; those that do not fit a slot, are not enabled or have no price are ignored. */
  options: readonly O[];
}

export interface FillPick<O extends FillOption> {
  slot: string;
  option: O;
}

export interface FillProposal<O extends FillOption> {
  /** One pick per slot that gets filled, in the slot table's order. */
  picks: FillPick<O>[];
  addedCents: number;
  newTotalCents: number;
  /** Empty slots of the chosen side that stay empty: nothing fits them, or the budget is spent. */
  unfilled: string[];
}

/**
 * Whether an option may go into a slot: the slot's weapon (any knife, any gloves), an enabled wear,
 * a known price, and for a StatTrak™ fill a skin that comes in StatTrak™.
 */
export function isFillableOption(slot: LoadoutSlot, option: FillOption, variant: FillVariant): boolean {
  return (
    skinFitsSlot(slot, option) &&
    (variant === "normal" || option.stattrak) &&
    option.enabled &&
    Number.isSafeInteger(option.priceCents) &&
    option.priceCents > 0
  );
}

const wearIndex = (wear: Wear) => WEARS.indexOf(wear);
const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Cheapest first; at the same price the higher rarity, then by skin id and wear, so the order never depends on the input's. */
function compareCheapest(a: FillOption, b: FillOption): number {
  return a.priceCents - b.priceCents || rarityRank(b.rarity) - rarityRank(a.rarity) || compareText(a.skinId, b.skinId) || wearIndex(a.wear) - wearIndex(b.wear);
}

interface SlotState<O extends FillOption> {
  slot: LoadoutSlot;
  /** Position in the slot table: the last tie-break between slots. */
  index: number;
  /** The slot's options by rarity rank, each list cheapest first. */
  byRank: Map<number, O[]>;
  cheapest: O;
  current: O;
}

/** One chosen slot moving to another option, for `extra` cents more (less when negative). */
interface Move<O extends FillOption> {
  state: SlotState<O>;
  option: O;
  extra: number;
}

/** Rarity step: the least extra first, then the higher rarity, the lower price, the earlier slot. */
function compareRarityMoves<O extends FillOption>(a: Move<O>, b: Move<O>): number {
  return (
    a.extra - b.extra || rarityRank(b.option.rarity) - rarityRank(a.option.rarity) || a.option.priceCents - b.option.priceCents || a.state.index - b.state.index
  );
}

/** Spend step: the most extra first, then the lower price, the earlier slot. */
function compareSpendMoves<O extends FillOption>(a: Move<O>, b: Move<O>): number {
  return b.extra - a.extra || a.option.priceCents - b.option.priceCents || a.state.index - b.state.index;
}

/** The option of `list` (sorted cheapest first) with the highest price that is at most `limit`; the first such in order. */
function priciestWithin<O extends FillOption>(list: readonly O[], limit: number): O | null {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (list[middle]!.priceCents <= limit) low = middle + 1;
    else high = middle;
  }
  if (low === 0) return null;
  const price = list[low - 1]!.priceCents;
  let first = low - 1;
  while (first > 0 && list[first - 1]!.priceCents === price) first--;
  return list[first]!;
}

/**
 * 'Fill empty slots within budget': a skin and wear for empty slots of the chosen side so that
 * the loadout's new total never exceeds its budget. Three greedy steps, each keeping what the
 * one before achieved:
 *
 * 1. **Count.** Each empty slot's cheapest option; slots are taken cheapest first while they fit.
 *    Taking the k cheapest slots is what makes k fillable at all, so no choice fills more.
 * 2. **Rarity.** With what is left, one chosen slot at a time moves to the cheapest option of a
 *    higher rarity: always the move that costs the least extra (a tie goes to the higher rarity,
 *    then the lower price, then the earlier slot), until no move fits. Cheapest moves first raise
 *    as many rarity grades as the money allows, rather than spending it all on one slot.
 * 3. **Spend.** With what is still left, one chosen slot at a time moves to a pricier option of
 *    the same rarity: always the move that spends the most (a tie goes to the lower price, then
 *    the earlier slot), until no move fits.
 *
 * Ties between options of one slot go to the lower price, then the higher rarity, then skin id and
 * wear, so the same loadout and catalogue always give the same proposal, whatever the input order.
 */
export function proposeFill<O extends FillOption>(request: FillRequest<O>): FillProposal<O> {
  const filled = new Set(request.filledSlots);
  const empty = LOADOUT_SLOTS.map((slot, index) => ({ slot, index })).filter(
    ({ slot }) => (request.side === "both" || slot.side === request.side) && !filled.has(slot.key),
  );

  const states: SlotState<O>[] = [];
  for (const { slot, index } of empty) {
    const options = request.options.filter((option) => isFillableOption(slot, option, request.variant)).sort(compareCheapest);
    const cheapest = options[0];
    if (!cheapest) continue;
    const byRank = new Map<number, O[]>();
    for (const option of options) {
      const rank = rarityRank(option.rarity);
      const list = byRank.get(rank);
      if (list) list.push(option);
      else byRank.set(rank, [option]);
    }
    states.push({ slot, index, byRank, cheapest, current: cheapest });
  }

  // 1. Count: the cheapest slots first, while they fit.
  let spare = request.budgetCents - request.totalCents;
  const chosen: SlotState<O>[] = [];
  for (const state of [...states].sort((a, b) => compareCheapest(a.cheapest, b.cheapest) || a.index - b.index)) {
    if (state.cheapest.priceCents > spare) break;
    chosen.push(state);
    spare -= state.cheapest.priceCents;
  }

  // 2. Rarity: the cheapest move up a grade, until none fits.
  for (;;) {
    let best: Move<O> | null = null;
    for (const state of chosen) {
      const rank = rarityRank(state.current.rarity);
      for (const [higher, list] of state.byRank) {
        const move = { state, option: list[0]!, extra: list[0]!.priceCents - state.current.priceCents };
        if (higher > rank && move.extra <= spare && (!best || compareRarityMoves(move, best) < 0)) best = move;
      }
    }
    if (!best) break;
    best.state.current = best.option;
    spare -= best.extra;
  }

  // 3. Spend: the move within the same grade that spends the most, until none fits.
  for (;;) {
    let best: Move<O> | null = null;
    for (const state of chosen) {
      const option = priciestWithin(state.byRank.get(rarityRank(state.current.rarity))!, state.current.priceCents + spare);
      if (!option || option.priceCents <= state.current.priceCents) continue;
      const move = { state, option, extra: option.priceCents - state.current.priceCents };
      if (!best || compareSpendMoves(move, best) < 0) best = move;
    }
    if (!best) break;
    best.state.current = best.option;
    spare -= best.extra;
  }

  const picks = chosen.sort((a, b) => a.index - b.index).map((state) => ({ slot: state.slot.key, option: state.current }));
  const addedCents = picks.reduce((sum, pick) => sum + pick.option.priceCents, 0);
  const picked = new Set(picks.map((pick) => pick.slot));
  return {
    picks,
    addedCents,
    newTotalCents: request.totalCents + addedCents,
    unfilled: empty.map(({ slot }) => slot.key).filter((key) => !picked.has(key)),
  };
}

/**
 * What a proposal writes, as text: the preview's Apply form carries it, and the server writes only
 * when its own proposal still reads the same (prices can move between preview and Apply).
 */
export function fillProposalKey(picks: readonly FillPick<FillOption>[]): string {
  return picks.map((pick) => `${pick.slot}=${pick.option.skinId}@${pick.option.wear}`).join(",");
}
