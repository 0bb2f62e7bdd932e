import { findSlot, type LoadoutSlot, type Side } from "./loadout-slots";
import type { LoadoutSideData } from "./loadout-side-view";
import { parseSide, typeCategoryOf } from "./loadouts";
import type { Wear } from "./wear";
import type { BudgetFigures } from "./loadout-budget";

/**
 * The slot editor's steps live in the URL, so every step is a page the server can render without
 * JavaScript: `?side=ct` (which side's slots), `&slot=ak47_tside` (the open slot), `&type=Karambit`
 * (knife or glove type), `&q=red` (name filter), `&skin=…` (the wear chooser for that skin).
 * Any caller (the user editor, the admin editor) passes its own base path.
 */
export interface EditorStep {
  side: Side;
  slot: LoadoutSlot | null;
  /** Knife or glove type (a catalogue weapon name); only with a knife or glove slot. */
  type: string | null;
  /** Name filter for the skin list, trimmed, at most QUERY_MAX characters. */
  q: string;
  /** The skin whose wears are being chosen. */
  skin: string | null;
}

export const QUERY_MAX = 50;
const TEXT_MAX = 100;

function text(value: string | null, max: number): string | null {
  const trimmed = value?.trim() ?? "";
  return trimmed ? trimmed.slice(0, max) : null;
}

export function parseEditorStep(params: URLSearchParams): EditorStep {
  const slot = findSlot(params.get("slot") ?? "") ?? null;
  // An open slot decides the side, so a link can never show one side's slot under the other.
  const side = slot?.side ?? parseSide(params.get("side"));
  const type = slot && typeCategoryOf(slot) ? text(params.get("type"), TEXT_MAX) : null;
  return {
    side,
    slot,
    type,
    q: slot ? (text(params.get("q"), QUERY_MAX) ?? "") : "",
    skin: slot ? text(params.get("skin"), TEXT_MAX) : null,
  };
}

/** What the picker shows for a step. */
export type EditorStage = "slots" | "types" | "skins" | "wears";

/** What the editor page renders (the server's loadEditor builds it; <LoadoutEditor data={…}> shows it). */
export interface EditorData {
  loadout: {
    id: number;
    title: string;
    description: string | null;
    /** The budget and how far over it the loadout is, in the page's currency; null without a budget. */
    budget: BudgetFigures | null;
    /** The budget field's value in the page's currency ("12.50", as typed when typed in it); empty without a budget. */
    budgetInput: string;
    /** The total cost in minor units of the page's currency, which a budget typed in it is set against. */
    totalMinor: number;
    /** The page's currency as amounts are written ("$", "€"), which the budget is typed in. */
    currencySign: string;
    version: number;
  };
  /** The totals, and the slots of `step.side` as text (unpackSideSlots). */
  view: LoadoutSideData;
  step: { side: Side; slot: string | null; type: string | null; q: string; skin: string | null };
  stage: EditorStage;
  /** The knife or glove types to choose from (stage "types"). */
  types: { name: string; image: string | null }[] | null;
  /** The slot's skins, filtered by `step.q` (stage "skins"), as packed cards (unpackSkinCards). */
  skins: string | null;
  /** The skin whose wear is being chosen, with its wears (stage "wears"). */
  wearSkin: { id: string; name: string; image: string; weapon: string; category: string; wears: { wear: Wear; enabled: boolean; priceCents: number }[] } | null;
}

export function editorStage(step: EditorStep): EditorStage {
  if (!step.slot) return "slots";
  if (step.skin) return "wears";
  if (typeCategoryOf(step.slot) && !step.type) return "types";
  return "skins";
}

/** The weapon whose skins a step lists: the slot's weapon, or the chosen knife or glove type. */
export function stepWeapon(step: EditorStep): string | null {
  if (!step.slot) return null;
  return step.slot.weapon ?? step.type;
}

export interface StepLink {
  side?: Side;
  slot?: string | null;
  type?: string | null;
  q?: string | null;
  skin?: string | null;
}

/** The URL of a step under `basePath`; empty parts are left out and T is the default side. */
export function editorHref(basePath: string, link: StepLink): string {
  const params = new URLSearchParams();
  if (link.side === "ct") params.set("side", "ct");
  if (link.slot) params.set("slot", link.slot);
  if (link.type) params.set("type", link.type);
  if (link.q) params.set("q", link.q);
  if (link.skin) params.set("skin", link.skin);
  const query = params.toString();
  return query ? `${basePath}?${query}` : basePath;
}
