// The one sticker craft form's server side (docs/features/sticker-crafts.md), for the admin's editor and a player's
// submission alike, their differences given by the form's `CraftFormMode`: what the form opens
// with, its no-JavaScript pickers (each a submit of the whole form, so typed text survives) and the
// save, whose write is `writeCraft`.
import type { SubmissionResult } from "@conform-to/react";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { COMMUNITY_LIMIT_MESSAGES, type CraftStatus } from "~/domain/community-crafts";
import { dollarsToCents } from "~/domain/money";
import { searchPlan } from "~/domain/search";
import { craftIdOfKey, craftImageSlotOfKey, keyOfImageUrl, MAX_STICKERS, STICKER_POSITIONS, stickersToSave } from "~/domain/sticker-crafts";
import { communityCraftSchema, INGAME_REQUIRED } from "~/forms/community-craft";
import {
  CRAFT_STEPS,
  EMPTY_CRAFT_VIEW,
  emptySticker,
  type CatalogueItem,
  type CraftFormExtra,
  type CraftFormMode,
  type CraftValues,
  type CraftView,
  type PickerResults,
  parseCraftIntent,
} from "~/forms/craft-form";
import { FORM_KEY_FIELD } from "~/forms/form-key";
import { CRAFT_FILE_FIELDS, stickerCraftSchema, stickerFileField, stickerUploadFailure } from "~/forms/sticker-craft";
import { DELETE_FAILED, SAVE_FAILED, SKIN_REQUIRED } from "~/forms/sticker-craft-texts";
import { getSessionUser } from "../auth/session.server";
import { isDatabaseFailure } from "../db/failures.server";
import { TRY_AGAIN, type ActionFailure } from "../http/action-failures.server";
import { formText, knownIntent } from "../http/form-body.server";
import { postedFormKey } from "../http/form-key.server";
import { formRefusal, formReply, parseForm } from "../http/form-reply.server";
import { readImageField, type CheckedImage } from "../http/uploads.server";
import { searchDirectQuery } from "./catalogue.server";
import { craftVisibilityQuery } from "./community-crafts.server";
import { writeCraft, type StickerRow } from "./craft-writes.server";
import { craftQuery, craftStickersQuery, stickerByIdQuery, stickerSearchQuery } from "./sticker-crafts.server";
import { stickerIdsNamedQuery, stickerIdsOf } from "./stickers.server";
import { craftFormSchema, lookUp, stickerField, type CraftFormPost } from "./craft-form-lookup.server";

/** The form as it opens: a stored craft, or a new one (`craft` null). */
export interface CraftFormPage {
  craft: { id: number; version: number; name: string; status: CraftStatus } | null;
  view: CraftView;
  values: CraftValues;
}

export function emptyCraftForm(): CraftFormPage {
  return {
    craft: null,
    view: EMPTY_CRAFT_VIEW,
    values: { id: "", version: "", name: "", description: "", externalCraftLink: "", skinId: "", stickers: STICKER_POSITIONS.map(emptySticker) },
  };
}

/**
 * A stored craft for the form, in one batch (with the session, for a form that edits the player's
 * own crafts only); null when there is no such craft or it is not the player's.
 */
export async function loadCraftForm(context: AppLoadContext, mode: CraftFormMode, id: number): Promise<CraftFormPage | null> {
  const [[found, stickerRows, access], user] = await Promise.all([
    context.load([craftQuery(context.db, id), craftStickersQuery(context.db, id), craftVisibilityQuery(context.db, id)]),
    mode.edits === "own" ? getSessionUser(context) : null,
  ]);
  const craft = found[0];
  const state = access[0];
  if (!craft || !state || (mode.edits === "own" && state.authorId !== user?.id)) return null;
  const byPosition = new Map(stickerRows.map((s) => [s.position, s]));
  return {
    craft: { id: craft.id, version: craft.version, name: craft.name, status: state.status },
    view: {
      skin: { id: craft.skinId, name: craft.skinName, image: craft.skinImage },
      // A catalogue sticker of a stored craft: its position, name and image identify it for the form.
      stickers: STICKER_POSITIONS.map((position) => {
        const s = byPosition.get(position);
        return s ? { id: "", name: s.name, image: s.image ?? "" } : null;
      }),
      ingameImage: craft.ingameImage,
      placementImage: craft.placementImage,
    },
    values: {
      id: String(craft.id),
      version: String(craft.version),
      name: craft.name,
      description: craft.description ?? "",
      externalCraftLink: craft.externalCraftLink ?? "",
      skinId: craft.skinId,
      stickers: STICKER_POSITIONS.map((position) => {
        const s = byPosition.get(position);
        return s
          ? { name: s.name, image: s.image ?? "", price: s.priceCents === null ? "" : (s.priceCents / 100).toFixed(2), link: s.externalLink ?? "" }
          : emptySticker();
      }),
    },
  };
}

/** A reply of the form: Conform's result and the view. */
function craftReply(intent: string, result: SubmissionResult<string[]>, view: CraftView, status: number) {
  return formReply<CraftFormExtra>(intent, result, { status, extra: { view } });
}

/**
 * A picker's step: the form comes back as typed (and picked), without the checks of a save, with
 * the picker's results; the look-ups and the search are one batch. It writes nothing, so the page's
 * loaders are not run again after it (`readOnly`).
 */
async function pickerReply(post: CraftFormPost, search?: Promise<PickerResults>) {
  const [{ view }, results] = await Promise.all([lookUp(post), search]);
  const { initialValue } = parseForm(post.form, craftFormSchema(post.mode)).reply();
  return formReply<CraftFormExtra>(post.intent, { initialValue }, { status: 200, extra: { view, results }, readOnly: true });
}

const asItems = (rows: { id: string | number; name: string; image: string }[]): CatalogueItem[] =>
  rows.map(({ id, name, image }) => ({ id: String(id), name, image }));

/** Up to 10 skins for the skin box's text. */
function skinSearch({ form, context }: CraftFormPost): Promise<PickerResults> {
  const skinQuery = formText(form, "skinQuery", 100).trim();
  const plan = searchPlan(skinQuery);
  const found = plan ? context.load([searchDirectQuery(context.db, plan)]).then(([rows]) => rows) : Promise.resolve([]);
  return found.then((rows) => ({ skinQuery, skins: asItems(rows) }));
}

/** Catalogue stickers for the text of slot n's box. */
function stickerSearch({ form, context }: CraftFormPost, position: number): Promise<PickerResults> {
  const stickerQuery = formText(form, stickerField(position, "query"), 100).trim();
  const found = context.load([stickerSearchQuery(context.db, stickerQuery)]);
  return found.then(([rows]) => ({ stickerPosition: position, stickerQuery, stickers: asItems(rows) }));
}

/** intent "search-skin": up to 10 skins to choose from. */
export function searchSkins(post: CraftFormPost) {
  return pickerReply(post, skinSearch(post));
}

/** intent "search-sticker:{n}": catalogue stickers for slot n. */
export function searchStickers(post: CraftFormPost, position: number) {
  return pickerReply(post, stickerSearch(post, position));
}

/**
 * intent "apply" (Enter in a field, which presses the form's unseen first button; without
 * JavaScript the browser cannot say which field): the searches whose boxes hold text, as their
 * buttons run them, the skin's and the first sticker slot's, together. Null when no box holds
 * text: then Enter saves, as the form's main button does.
 */
function appliedSearches(post: CraftFormPost): Promise<PickerResults> | null {
  const typed = (name: string) => formText(post.form, name, 100).trim() !== "";
  const skin = typed("skinQuery");
  const position = STICKER_POSITIONS.find((slot) => typed(stickerField(slot, "query")));
  if (!skin && position === undefined) return null;
  return Promise.all([skin ? skinSearch(post) : {}, position === undefined ? {} : stickerSearch(post, position)]).then(([skins, stickers]) => ({
    ...skins,
    ...stickers,
  }));
}

/** intent "pick-skin:{id}". */
export function pickSkin(post: CraftFormPost, skinId: string) {
  post.form.set("skinId", skinId);
  return pickerReply(post);
}

/**
 * intent "pick-sticker:{n}:{id}": slot n takes the catalogue sticker (typed stickers: its name and
 * image fill the slot's fields); "clear-sticker:{n}" (id null) empties the slot.
 */
export async function pickSticker(post: CraftFormPost, position: number, stickerId: number | null) {
  const { form, mode, context } = post;
  const field = (name: string) => stickerField(position, name);
  form.delete(field("keep"));
  if (mode.stickers === "catalogue") {
    if (stickerId === null) form.delete(field("stickerId"));
    else form.set(field("stickerId"), String(stickerId));
    return pickerReply(post);
  }
  const [found] = stickerId === null ? [[]] : await context.load([stickerByIdQuery(context.db, stickerId)]);
  const sticker = found[0];
  if (stickerId === null) for (const name of ["name", "image", "price", "link"]) form.delete(field(name));
  else if (sticker) {
    form.set(field("name"), sticker.name);
    form.set(field("image"), sticker.image);
  }
  return pickerReply(post);
}

/**
 * A step the database (or R2) failed: a delete says so alone; a save or a step shows the form
 * again as typed, with the message. Nothing is asked of the database: the chosen skin shows by its
 * id alone, the stored images not at all (a save keeps them).
 */
export function craftFormFailure(mode: CraftFormMode) {
  return ({ intent, form }: ActionFailure) => {
    if (intent === "delete") return formRefusal<CraftFormExtra>(intent, DELETE_FAILED, 503);
    const typed = form ?? new FormData();
    const skinId = formText(typed, "skinId", 200);
    const result = parseForm(typed, craftFormSchema(mode)).reply({ formErrors: [intent === mode.saveIntent ? SAVE_FAILED : TRY_AGAIN] });
    return craftReply(intent, result, { ...EMPTY_CRAFT_VIEW, skin: skinId ? { id: skinId, name: skinId, image: "" } : null }, 503);
  };
}

/** The form's image fields (the typed stickers' too, at the positions saved) read and checked. */
async function readUploads(form: FormData, stickerPositions: readonly number[]) {
  const fields = [
    { key: "ingame", field: CRAFT_FILE_FIELDS.ingame.field, failure: CRAFT_FILE_FIELDS.ingame.failure },
    { key: "placement", field: CRAFT_FILE_FIELDS.placement.field, failure: CRAFT_FILE_FIELDS.placement.failure },
    ...stickerPositions.map((position) => ({ key: `sticker${position}`, field: stickerFileField(position), failure: stickerUploadFailure(position) })),
  ];
  const images = new Map<string, CheckedImage>();
  const errors: { field: string; message: string }[] = [];
  for (const { key, field, failure } of fields) {
    const values = form.getAll(field);
    if (values.length > 1) {
      errors.push({ field, message: `${failure}: choose one file.` });
      continue;
    }
    const result = await readImageField(values[0] ?? null);
    if ("error" in result) errors.push({ field, message: `${failure}: ${result.error}` });
    else if (result.image) images.set(key, result.image);
  }
  return { images, errors };
}

/** The form checked by its mode's schema, with the stickers as that mode has them. */
function parseCraftForm(mode: CraftFormMode, form: FormData) {
  if (mode.stickers === "typed") {
    const submission = parseForm(form, stickerCraftSchema);
    const value = submission.status === "success" ? { ...submission.value, slots: { source: "typed" as const, slots: submission.value.stickers } } : null;
    return { submission, value };
  }
  const submission = parseForm(form, communityCraftSchema);
  const value =
    submission.status === "success"
      ? { ...submission.value, removeIngame: undefined, slots: { source: "catalogue" as const, slots: submission.value.stickers } }
      : null;
  return { submission, value };
}

type Slots = NonNullable<ReturnType<typeof parseCraftForm>["value"]>["slots"];

/** The stickers a save keeps, each at its position, and the positions whose upload fields are read. */
function stickersOf(slots: Slots) {
  if (slots.source === "typed") {
    const saved = stickersToSave(slots.slots.slice(0, MAX_STICKERS));
    return { typed: saved, catalogue: [], uploadPositions: saved.map((s) => s.position) };
  }
  // A position holds a catalogue sticker's id, or an edited craft's sticker kept as it was.
  const wanted = STICKER_POSITIONS.filter((_position, index) => Boolean(slots.slots[index]?.stickerId) || slots.slots[index]?.keep === "on");
  return { typed: [], catalogue: wanted, uploadPositions: [] };
}

export type SaveOutcome = { status: "saved"; id: number; repeated?: true; stickerIds: number[] } | { status: "refused"; reply: ReturnType<typeof craftReply> };

const STICKERS_FROM_CATALOGUE = "Choose stickers from the catalogue.";
const STICKER_IMAGE_RULE = "Sticker images come from the catalogue or an upload.";
const NOT_FOUND = "Sticker craft not found.";

/**
 * The save intent: every field and every file is checked before anything is written; a refused
 * file, a reached limit or a stale form stores nothing.
 */
async function saveCraftForm(post: CraftFormPost): Promise<SaveOutcome> {
  const { context, mode, form, intent } = post;
  const { submission, value } = parseCraftForm(mode, form);
  let view: CraftView | null = null;
  const refuse = async (status: number, formError: string, fieldErrors?: Record<string, string[]>): Promise<SaveOutcome> => ({
    status: "refused",
    reply: craftReply(intent, submission.reply({ formErrors: [formError], fieldErrors }), view ?? (await lookUp(post)).view, status),
  });
  if (!value) {
    const errors = (submission.status === "success" ? null : submission.error) ?? {};
    return refuse(400, errors.name?.[0] ?? errors.skinId?.[0] ?? Object.values(errors).flat()[0] ?? SAVE_FAILED);
  }
  // A player's edit names the version they opened; the admin's editor saves over the stored one when it names none.
  if (mode.edits === "own" && value.id !== undefined && value.version === undefined) return refuse(400, "Open the craft again from My Crafts.");
  const stickers = stickersOf(value.slots);
  const uploads = await readUploads(form, stickers.uploadPositions);
  if (uploads.errors.length > 0) {
    return refuse(400, uploads.errors.map((e) => e.message).join(" "), Object.fromEntries(uploads.errors.map((e) => [e.field, [e.message]])));
  }

  const found = await lookUp(post);
  view = found.view;
  const { craft } = found;
  if (value.id !== undefined && !craft) return refuse(404, NOT_FOUND);
  if (!view.skin || view.skin.id !== value.skinId) return refuse(400, SKIN_REQUIRED, { skinId: [SKIN_REQUIRED] });
  const rows: StickerRow[] = [];
  for (const { position, value: slot } of stickers.typed) {
    // A typed sticker's stored image is a catalogue URL or this craft's own upload for that position.
    const ownKey = keyOfImageUrl(slot.image);
    if (slot.image?.startsWith("/") && (!ownKey || craftIdOfKey(ownKey) !== craft?.id || craftImageSlotOfKey(ownKey) !== `stickers/${position}`)) {
      return refuse(400, STICKER_IMAGE_RULE, { [stickerField(position, "image")]: [STICKER_IMAGE_RULE] });
    }
    const upload = uploads.images.get(`sticker${position}`) ?? null;
    rows.push({
      position,
      name: slot.name,
      image: slot.image ?? null,
      upload,
      priceCents: slot.price === undefined ? null : dollarsToCents(slot.price),
      externalLink: slot.link ?? null,
    });
  }
  for (const position of stickers.catalogue) {
    const sticker = view.stickers[position - 1];
    if (!sticker) return refuse(400, STICKERS_FROM_CATALOGUE);
    rows.push({ position, name: sticker.name, image: sticker.image || null, upload: null, priceCents: null, externalLink: null });
  }
  const ingame = uploads.images.get("ingame") ?? null;
  if (mode.ingameRequired && !ingame && !view.ingameImage) {
    return refuse(400, INGAME_REQUIRED, { [CRAFT_FILE_FIELDS.ingame.field]: [INGAME_REQUIRED] });
  }

  // A craft saved without moderation is public: the pages of the catalogue stickers it had and has
  // list it (read before the write, so a failed read writes nothing).
  const stickerIds = mode.moderated ? [] : stickerIdsOf(await stickerIdsNamedQuery(context.db, [...found.stickerNames, ...rows.map((row) => row.name)]));

  const outcome = await writeCraft(context.db, context.env.IMAGES, {
    input: {
      name: value.name,
      description: value.description ?? null,
      skinId: value.skinId,
      externalCraftLink: value.externalCraftLink ?? null,
      ingame: { upload: ingame, remove: value.removeIngame === "on" },
      placement: { upload: uploads.images.get("placement") ?? null, remove: value.removePlacement === "on" },
      stickers: rows,
    },
    editing: craft ? { id: craft.id, version: value.version ?? craft.version } : null,
    userId: post.userId,
    moderated: mode.moderated,
    // A community craft's images stay private until it is published, whoever saves it.
    privateImages: mode.moderated || Boolean(craft?.authorId),
    formKey: postedFormKey(form, FORM_KEY_FIELD),
  });
  switch (outcome.status) {
    case "saved":
      return { ...outcome, stickerIds };
    case "not-found":
      return refuse(404, NOT_FOUND);
    case "limit":
      return refuse(429, COMMUNITY_LIMIT_MESSAGES[outcome.limit]);
    case "conflict":
      return refuse(409, `${SAVE_FAILED}: this sticker craft was changed meanwhile. Open it again to see the changes, then save.`);
  }
}

/** What a route adds to the form's action: its delete, and its answer to a save that went through. */
export interface CraftFormRoute<Removed, Saved> {
  remove: () => Promise<Removed>;
  /**
   * `repeated`: this post was the same submission's second, and wrote nothing (ADR 090);
   * `stickerIds`: for a craft saved without moderation, the catalogue stickers it had and has
   * (their pages list it).
   */
  saved: (id: number, repeated: boolean, stickerIds: number[]) => Saved;
}

/** The save, answered as the route answers a saved form. */
async function saveStep<Removed, Saved>(post: CraftFormPost, route: CraftFormRoute<Removed, Saved>) {
  try {
    const outcome = await saveCraftForm(post);
    return outcome.status === "saved" ? route.saved(outcome.id, outcome.repeated === true, outcome.stickerIds) : outcome.reply;
  } catch (error) {
    // A database failure is answered (and logged) around the whole action; this is R2's.
    if (isDatabaseFailure(error)) throw error;
    console.error(error);
    return craftFormFailure(post.mode)(post);
  }
}

/**
 * The form's action, after the route has read the body and who posts it: the intent read by
 * `parseCraftIntent` and switched on (ADR 035), the save, the pickers' steps, and the route's delete.
 */
export async function answerCraftForm<Removed, Saved>(post: CraftFormPost, route: CraftFormRoute<Removed, Saved>) {
  const { verb, position, id } = parseCraftIntent(post.intent);
  switch (knownIntent(verb, [post.mode.saveIntent, "delete", ...CRAFT_STEPS])) {
    case "save":
    case "submit":
      return saveStep(post, route);
    case "delete":
      return route.remove();
    case "apply": {
      const searches = appliedSearches(post);
      return searches ? pickerReply(post, searches) : saveStep({ ...post, intent: post.mode.saveIntent }, route);
    }
    case "search-skin":
      return searchSkins(post);
    case "pick-skin":
      return pickSkin(post, id);
    case "search-sticker":
      return searchStickers(post, position);
    case "pick-sticker":
      return pickSticker(post, position, Number(id));
    case "clear-sticker":
      return pickSticker(post, position, null);
    default:
      return formRefusal<CraftFormExtra>(post.intent, "Unknown action.", 400);
  }
}
