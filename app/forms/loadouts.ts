import { z } from "zod";
import { visibleName } from "./names";
import type { FormReply } from "./reply";
import { dollarsToCents } from "~/domain/money";
import { findSlot } from "~/domain/loadout-slots";
import { LOADOUT_TITLE_MAX } from "~/domain/loadouts";
import { WEARS } from "~/domain/wear";

export const TITLE_MAX = LOADOUT_TITLE_MAX;
export const DESCRIPTION_MAX = 2000;
/** $10,000,000: far above any loadout, low enough that cents stay exact integers. */
export const BUDGET_MAX = 10_000_000;

const title = (required: string) =>
  z.string({ error: required }).trim().min(1, required).max(TITLE_MAX, `Title must be at most ${TITLE_MAX} characters.`).check(visibleName);

/** Optional; Conform turns an empty field into undefined, which becomes null. */
const description = z
  .string()
  .trim()
  .max(DESCRIPTION_MAX, `Description must be at most ${DESCRIPTION_MAX} characters.`)
  .optional()
  .transform((value) => (value ? value : null));

/** Optional dollars (min 0, step 0.01), stored as integer cents; empty becomes null. */
const budget = z
  .number({ error: "Budget must be a number." })
  .min(0, "Budget must be at least 0.")
  .max(BUDGET_MAX, "Budget is too large.")
  .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, "Budget must be in steps of 0.01.")
  .optional()
  .transform((value) => (value === undefined ? null : dollarsToCents(value)));

/** Spec section 5, create: 'Title is required.' (with the full stop). */
export const createLoadoutSchema = z.object({
  title: title("Title is required."),
  description,
  budget,
});

/** The version the editor page was rendered with; a save against another version is refused. */
export const version = z.number({ error: "Missing version." }).int().min(0);

/** Spec section 5, edit: 'Title is required' (no full stop). */
export const loadoutDetailsSchema = z.object({
  title: title("Title is required"),
  description,
  budget,
  version,
});

const slot = z.string({ error: "Choose a slot." }).refine((value) => findSlot(value) !== undefined, "Unknown slot.");

export const pickSkinSchema = z.object({
  slot,
  skinId: z.string({ error: "Choose a skin." }).max(200, "Unknown skin."),
  version,
});

export const setWearSchema = z.object({
  slot,
  skinId: z.string({ error: "Choose a skin." }).max(200, "Unknown skin."),
  wear: z.enum(WEARS, { error: "Choose a wear." }),
  version,
});

export const clearSlotSchema = z.object({ slot, version });

/** What the slot editor's actions answer when they refuse a post (a refused save echoes what was typed). */
export type EditorReply = FormReply & {
  /** A 'changed elsewhere' refusal: the page should show the latest version. */
  conflict?: boolean;
};
