// One sticker craft form serves the admin's editor and a player's submission (docs/features/sticker-crafts.md): what
// differs between them is a `CraftFormMode`, and the form's steps (`verb`, `verb:n`, `verb:n:id`
// intents) are written and read here alone.
import { MAX_IMAGE_BYTES } from "~/domain/images";
import { MAX_STICKERS, STICKER_POSITIONS } from "~/domain/sticker-crafts";

/** What differs between the admin's craft editor and a player's craft form. */
export interface CraftFormMode {
  kind: "official" | "community";
  /** Whose crafts the form may edit: any craft (the admin), or the player's own pending or rejected ones. */
  edits: "any" | "own";
  /**
   * Whether a save goes to the moderators first: a player's submission counts against the pending
   * and daily limits, goes (back) to the queue as pending, and its images stay private until it is
   * published. An admin's save is public at once (a community craft's images stay private to the
   * image route's check either way).
   */
  moderated: boolean;
  /** The intent that saves the form. */
  saveIntent: "save" | "submit";
  /**
   * Where stickers come from: typed in (name, price, link, an upload, or a catalogue pick that
   * fills name and image: the admin's), or chosen from the catalogue only (a player's).
   */
  stickers: "typed" | "catalogue";
  /** What the labels call a sticker slot: "sticker 2" (the editor) or "position 2" (the player's form). */
  slotNoun: "sticker" | "position";
  /** Whether a craft needs an in-game image (a player's); the admin may also remove a stored one. */
  ingameRequired: boolean;
  /** The body's cap: every image field full, plus room for the text fields. */
  maxBytes: number;
}

const TEXT_ROOM = 512 * 1024;

export const OFFICIAL_CRAFT_FORM = {
  kind: "official",
  edits: "any",
  moderated: false,
  saveIntent: "save",
  stickers: "typed",
  slotNoun: "sticker",
  ingameRequired: false,
  maxBytes: (2 + MAX_STICKERS) * MAX_IMAGE_BYTES + TEXT_ROOM,
} as const satisfies CraftFormMode;

export const COMMUNITY_CRAFT_FORM = {
  kind: "community",
  edits: "own",
  moderated: true,
  saveIntent: "submit",
  stickers: "catalogue",
  slotNoun: "position",
  ingameRequired: true,
  maxBytes: 2 * MAX_IMAGE_BYTES + TEXT_ROOM,
} as const satisfies CraftFormMode;

// ---------------------------------------------------------------- what the form holds

export interface CatalogueItem {
  id: string;
  name: string;
  image: string;
}

/** What the form shows beside its fields, which it does not send back as they are shown. */
export interface CraftView {
  skin: CatalogueItem | null;
  /**
   * The catalogue stickers chosen, one entry per position 1 to 5 (a form whose stickers come from
   * the catalogue; id "" for an edited craft's sticker kept as it was).
   */
  stickers: (CatalogueItem | null)[];
  /** The edited craft's stored images. */
  ingameImage: string | null;
  placementImage: string | null;
}

/** A picker's results, with the text searched for. */
export interface PickerResults {
  skinQuery?: string;
  skins?: CatalogueItem[];
  stickerPosition?: number;
  stickerQuery?: string;
  stickers?: CatalogueItem[];
}

/** Every reply of the form: Conform's result, the view beside the fields, a picker's results. */
export type CraftFormExtra = { view: CraftView; results?: PickerResults };

export interface StickerValues {
  name: string;
  image: string;
  price: string;
  link: string;
}

/** The form's fields as it opens with them. */
export interface CraftValues {
  id: string;
  version: string;
  name: string;
  description: string;
  externalCraftLink: string;
  skinId: string;
  /** Typed stickers (the editor's); a form of catalogue stickers shows them from the view. */
  stickers: StickerValues[];
}

export const emptySticker = (): StickerValues => ({ name: "", image: "", price: "", link: "" });

export const EMPTY_CRAFT_VIEW: CraftView = { skin: null, stickers: STICKER_POSITIONS.map(() => null), ingameImage: null, placementImage: null };

// ---------------------------------------------------------------- intents

/**
 * The steps the form's buttons post, besides saving and deleting. `apply` is Enter in a field (the
 * form's unseen first button): the searches whose boxes hold text, or else the save.
 */
export const CRAFT_STEPS = ["apply", "search-skin", "pick-skin", "search-sticker", "pick-sticker", "clear-sticker"] as const;

/** The posted intent, read: the verb an action switches on and the arguments it carries. */
export interface CraftIntent {
  /** "" when the verb's arguments are missing or malformed, so no `case` takes it. */
  verb: string;
  /** A sticker slot, 1 to 5 (`search-sticker`, `pick-sticker`, `clear-sticker`). */
  position: number;
  /** The catalogue id a pick names: a skin's (`pick-skin`) or a sticker's (`pick-sticker`). */
  id: string;
}

const INTENT = /^([a-z-]+)(?::([^:]*))?(?::([^:]*))?$/;
const SKIN_ID = /^[a-z0-9-]{1,200}$/;
const STICKER_ID = /^[1-9][0-9]{0,8}$/;

/** Reads `verb`, `verb:n`, `verb:n:id` or `pick-skin:id`: the one parser of the craft form's intents. */
export function parseCraftIntent(posted: string): CraftIntent {
  const [, verb = "", first, second] = INTENT.exec(posted) ?? [];
  const position = Number(first);
  const slot = Number.isInteger(position) && position >= 1 && position <= MAX_STICKERS;
  const read = (ok: boolean, id = ""): CraftIntent => (ok ? { verb, position: slot ? position : 0, id } : { verb: "", position: 0, id: "" });
  switch (verb) {
    case "pick-skin":
      return read(first !== undefined && second === undefined && SKIN_ID.test(first), first);
    case "search-sticker":
    case "clear-sticker":
      return read(slot && second === undefined);
    case "pick-sticker":
      return read(slot && second !== undefined && STICKER_ID.test(second), second);
    default:
      return read(first === undefined);
  }
}

/** The intents the form's buttons post, written as `parseCraftIntent` reads them. */
export const craftIntent = {
  pickSkin: (skinId: string) => `pick-skin:${skinId}`,
  searchSticker: (position: number) => `search-sticker:${position}`,
  pickSticker: (position: number, stickerId: string) => `pick-sticker:${position}:${stickerId}`,
  clearSticker: (position: number) => `clear-sticker:${position}`,
};
