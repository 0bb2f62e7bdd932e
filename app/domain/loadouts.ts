import { findSlot, LOADOUT_SLOTS, type LoadoutSlot, type Side } from "./loadout-slots";
import { WEARS, type Wear } from "./wear";

/** Spec section 4: user loadouts are the owner's to edit; official ones are curated, read-only, copyable. */
export const LOADOUT_KINDS = ["official", "user"] as const;
export type LoadoutKind = (typeof LOADOUT_KINDS)[number];

/** The detail route's `{loadoutType}`: `loadout` is an older spelling of `user` the spec still shows. */
export function loadoutKindOf(type: string | undefined): LoadoutKind | null {
  if (type === "official") return "official";
  if (type === "user" || type === "loadout") return "user";
  return null;
}

/** A positive integer id from a URL segment or form field; null for anything else. */
export function parseLoadoutId(value: unknown): number | null {
  if (typeof value !== "string" || !/^[1-9]\d{0,15}$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) ? id : null;
}

/** A personal loadout's title is at most this many characters (UTF-16 code units, as the form counts them). */
export const LOADOUT_TITLE_MAX = 100;
const COPY_SUFFIX = " (Copy)";

/** The first `length` code units of `text`, never half of a surrogate pair, without trailing spaces. */
function cutTo(text: string, length: number): string {
  if (text.length <= length) return text;
  const last = text.charCodeAt(length - 1);
  const end = last >= 0xd800 && last <= 0xdbff ? length - 1 : length;
  return text.slice(0, end).trimEnd();
}

/**
 * '{title} (Copy)', the title of a copy (of an official or a shared loadout), with the title cut
 * so the whole stays within the limit and the copy can be saved again as it is.
 */
export function copyTitle(title: string): string {
  return `${cutTo(title, LOADOUT_TITLE_MAX - COPY_SUFFIX.length)}${COPY_SUFFIX}`;
}

/**
 * A stored title made to fit the limit, for the editor's title field: a title saved before the
 * limit held (a copy of a long title) is offered cut, keeping its ' (Copy)', so saving works.
 */
export function fitLoadoutTitle(title: string): string {
  if (title.length <= LOADOUT_TITLE_MAX) return title;
  return title.endsWith(COPY_SUFFIX) ? copyTitle(title.slice(0, -COPY_SUFFIX.length)) : cutTo(title, LOADOUT_TITLE_MAX);
}

export function parseSide(value: string | null | undefined): Side {
  return value === "ct" ? "ct" : "t";
}

export const SIDE_LABELS: Record<Side, string> = { t: "T-Side", ct: "CT-Side" };

/** A loadout page's link to one side, keeping the market its prices are at (`cheapest`, the default, is left out). */
export function sideHref(path: string, side: Side, market: string): string {
  const params = new URLSearchParams(market === "cheapest" ? [] : [["market", market]]);
  if (side === "ct") params.set("side", "ct");
  return params.size > 0 ? `${path}?${params}` : path;
}

export interface WearPrice {
  wear: Wear;
  enabled: boolean;
  /** 0 means the price is unknown ('No Data'). */
  priceCents: number;
}

/** Enabled wears in the spec's order (FN, MW, FT, WW, BS). */
export function enabledWearsOf(wears: readonly Pick<WearPrice, "wear" | "enabled">[]): Wear[] {
  return WEARS.filter((wear) => wears.some((w) => w.wear === wear && w.enabled));
}

/**
 * What picking a skin does (spec section 4): exactly one enabled wear is chosen by itself, several
 * open the wear chooser, none sets the slot without a wear.
 */
export type WearChoice = { kind: "auto"; wear: Wear } | { kind: "choose"; wears: Wear[] } | { kind: "none" };

export function wearChoice(wears: readonly WearPrice[]): WearChoice {
  const enabled = enabledWearsOf(wears);
  if (enabled.length === 0) return { kind: "none" };
  if (enabled.length === 1) return { kind: "auto", wear: enabled[0]! };
  return { kind: "choose", wears: enabled };
}

/** The catalogue facts about a skin that decide whether it fits a slot. */
export interface SkinFit {
  weapon: string;
  category: string;
}

/** A gun slot takes only skins of its weapon; the knife slot any knife, the gloves slot any gloves. */
export function skinFitsSlot(slot: LoadoutSlot, skin: SkinFit): boolean {
  if (slot.group === "Knives") return skin.category === "Knives";
  if (slot.group === "Gloves") return skin.category === "Gloves";
  return skin.weapon === slot.weapon;
}

/** The catalogue category whose weapons are a type slot's types (knives, gloves); null for gun slots. */
export function typeCategoryOf(slot: LoadoutSlot): "Knives" | "Gloves" | null {
  return slot.group === "Knives" ? "Knives" : slot.group === "Gloves" ? "Gloves" : null;
}

export interface PricedSlot {
  slot: string;
  /** Null when the stored skin no longer exists in the catalogue. */
  skinId: string | null;
  wear: Wear | null;
  wears: readonly WearPrice[];
}

/**
 * Spec section 9: a slot costs its chosen wear's price, or the first enabled wear's when none is
 * chosen. It counts only when its skin exists and its wear is enabled; null when it does not count.
 */
export function slotPriceCents(slot: PricedSlot): number | null {
  if (slot.skinId === null || !findSlot(slot.slot)) return null;
  if (slot.wear !== null) {
    const row = slot.wears.find((w) => w.wear === slot.wear);
    return row?.enabled ? row.priceCents : null;
  }
  const first = enabledWearsOf(slot.wears)[0];
  if (!first) return null;
  return slot.wears.find((w) => w.wear === first)!.priceCents;
}

export interface LoadoutTotals {
  sideCents: Record<Side, number>;
  totalCents: number;
  /** How far the total exceeds the budget; null without a budget or within it. */
  overBudgetCents: number | null;
}

/** Totals in integer cents, so they are exact to 2 decimals (dollars appear only in the view). */
export function loadoutTotals(slots: readonly PricedSlot[], budgetCents: number | null): LoadoutTotals {
  const sideCents: Record<Side, number> = { t: 0, ct: 0 };
  for (const slot of slots) {
    const price = slotPriceCents(slot);
    const side = findSlot(slot.slot)?.side;
    if (price !== null && side) sideCents[side] += price;
  }
  const totalCents = sideCents.t + sideCents.ct;
  const overBudgetCents = budgetCents !== null && totalCents > budgetCents ? totalCents - budgetCents : null;
  return { sideCents, totalCents, overBudgetCents };
}

/** A stored slot row joined with its skin (null fields when the skin is gone). */
export interface StoredSlot {
  slot: string;
  skinId: string | null;
  wear: Wear | null;
  name: string | null;
  image: string | null;
  rarityColor: string | null;
}

export interface SkinWearRow extends WearPrice {
  skinId: string;
}

/** One slot as a page shows it. */
export interface SlotView {
  key: string;
  label: string;
  group: LoadoutSlot["group"];
  side: Side;
  skin: { id: string; name: string; image: string; rarityColor: string } | null;
  wear: Wear | null;
  /** Null when the slot does not count (empty, skin gone, wear not enabled). */
  priceCents: number | null;
}

export interface LoadoutView {
  slots: SlotView[];
  totals: LoadoutTotals;
}

/** Joins the slot table with the stored rows and their wears, and totals them. */
export function buildLoadoutView(stored: readonly StoredSlot[], wearRows: readonly SkinWearRow[], budgetCents: number | null): LoadoutView {
  const wearsBySkin = new Map<string, WearPrice[]>();
  for (const row of wearRows) {
    const list = wearsBySkin.get(row.skinId) ?? [];
    list.push({ wear: row.wear, enabled: row.enabled, priceCents: row.priceCents });
    wearsBySkin.set(row.skinId, list);
  }
  const bySlot = new Map(stored.map((row) => [row.slot, row]));
  const priced: PricedSlot[] = stored.map((row) => ({
    slot: row.slot,
    skinId: row.skinId,
    wear: row.wear,
    wears: (row.skinId && wearsBySkin.get(row.skinId)) || [],
  }));
  const slots = LOADOUT_SLOTS.map((slot): SlotView => {
    const row = bySlot.get(slot.key);
    const skin = row?.skinId && row.name && row.image ? { id: row.skinId, name: row.name, image: row.image, rarityColor: row.rarityColor ?? "" } : null;
    const price = row ? slotPriceCents(priced.find((p) => p.slot === slot.key)!) : null;
    return { key: slot.key, label: slot.label, group: slot.group, side: slot.side, skin, wear: row?.wear ?? null, priceCents: price };
  });
  return { slots, totals: loadoutTotals(priced, budgetCents) };
}

export const LOADOUT_MESSAGES = {
  notFound: "Loadout not found.",
  loginToCreate: "You must be logged in to create a loadout.",
  copyFailed: "Failed to copy loadout. Please try again.",
  deleteFailed: "Failed to delete loadout. Please try again.",
  deleteConfirm: "Are you sure you want to delete this loadout? This action cannot be undone.",
  editNotFound: "Loadout not found or you do not have permission to edit.",
  editForbidden: "You do not have permission to edit this loadout.",
  saveFailed: "Failed to save loadout",
  officialSaveFailed: "Error saving loadout",
  officialDeleteFailed: "Error deleting loadout",
  shareFailed: "The share link could not be changed. Please try again.",
  shareGone: "This loadout has no share link any more: create a new one.",
  revokeConfirm: "Revoke the share link? Anyone who has it will get 'Loadout not found.' This cannot be undone.",
  replaceConfirm: "Create a new share link? The current link stops working at once; send the new one to whoever should still see the loadout.",
  fillFailed: "Failed to fill the loadout. Please try again.",
  changedElsewhere:
    "This loadout was changed elsewhere (another tab or window) since this page was opened. Your change was not saved; the page now shows the latest version.",
} as const;
