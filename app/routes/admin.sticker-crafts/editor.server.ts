// The admin craft editor's server side: what the form holds, saving it, and the no-JavaScript
// skin and sticker pickers (a search is a submit of the whole form, so typed text survives).
import type { AppLoadContext } from "@remix-run/cloudflare";
import { dollarsToCents } from "~/domain/money";
import { craftIdOfKey, craftImageSlotOfKey, keyOfImageUrl, MAX_STICKERS, STICKER_POSITIONS, stickersToSave } from "~/domain/sticker-crafts";
import { parseId } from "~/domain/ids";
import {
  CRAFT_FILE_FIELDS,
  DELETE_FAILED,
  SAVE_FAILED,
  SKIN_REQUIRED,
  stickerCraftSchema,
  stickerFileField,
  stickerUploadFailure,
} from "~/forms/sticker-craft";
import { searchDirectQuery } from "~/server/features/catalogue.server";
import { searchPlan } from "~/domain/search";
import {
  craftForEditQuery,
  craftQuery,
  craftStickersQuery,
  createCraft,
  skinByIdQuery,
  stickerByIdQuery,
  stickerSearchQuery,
  updateCraft,
  type CraftInput,
  type StickerRow,
} from "~/server/features/sticker-crafts.server";
import { TRY_AGAIN, type ActionFailure } from "~/server/http/action-failures.server";
import { formText } from "~/server/http/form-body.server";
import { formRefusal, formReply, parseForm } from "~/server/http/form-reply.server";
import { readImageField, type CheckedImage } from "~/server/http/uploads.server";

export interface PickedItem {
  id: string;
  name: string;
  image: string;
}

/** What the editor shows beside its fields, which the form does not send back: the chosen skin, the stored images. */
export interface EditorView {
  skin: PickedItem | null;
  ingameImage: string | null;
  placementImage: string | null;
}

export interface StickerValues {
  name: string;
  image: string;
  price: string;
  link: string;
}

/** The form's fields as the editor opens with them. */
export interface CraftValues {
  id: string;
  version: string;
  name: string;
  description: string;
  externalCraftLink: string;
  skinId: string;
  stickers: StickerValues[];
}

/** The editor as it opens: a stored craft, or a new one (`storedName` null). */
export interface EditorPage {
  storedName: string | null;
  view: EditorView;
  values: CraftValues;
}

export const emptySticker = (): StickerValues => ({ name: "", image: "", price: "", link: "" });

export function emptyEditor(): EditorPage {
  return {
    storedName: null,
    view: { skin: null, ingameImage: null, placementImage: null },
    values: { id: "", version: "", name: "", description: "", externalCraftLink: "", skinId: "", stickers: STICKER_POSITIONS.map(emptySticker) },
  };
}

/** The editor for an existing craft, or null when it does not exist; one batch. */
export async function loadEditor(context: AppLoadContext, id: number): Promise<EditorPage | null> {
  const [found, stickers] = await context.load([craftQuery(context.db, id), craftStickersQuery(context.db, id)]);
  const craft = found[0];
  if (!craft) return null;
  const byPosition = new Map(stickers.map((s) => [s.position, s]));
  return {
    storedName: craft.name,
    view: {
      skin: { id: craft.skinId, name: craft.skinName, image: craft.skinImage },
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

const stickerField = (position: number, name: string) => `stickers[${position - 1}].${name}`;

/** The pickers' search texts are not kept past their own search (a pick or a save clears them). */
function clearSearches(form: FormData, keep?: string) {
  for (const name of ["skinQuery", ...STICKER_POSITIONS.map((position) => stickerField(position, "query"))]) {
    if (name !== keep) form.delete(name);
  }
}

/** What the form does not carry, for the skin and craft it names. */
async function viewOf(context: AppLoadContext, form: FormData): Promise<EditorView> {
  const id = parseId(formText(form, "id"));
  const [skins, crafts] = await context.load([skinByIdQuery(context.db, formText(form, "skinId", 200)), craftForEditQuery(context.db, id ?? 0)]);
  return { skin: skins[0] ?? null, ingameImage: crafts[0]?.ingameImage ?? null, placementImage: crafts[0]?.placementImage ?? null };
}

/**
 * A step of the editor the database (or R2) failed: a delete says so on the list; a save, search or
 * pick shows the editor again as typed, with the message. Nothing is asked of the database: the
 * chosen skin shows by its id alone, the stored images not at all (a save keeps them).
 */
export function craftFailure({ intent, form }: ActionFailure) {
  if (intent.startsWith("delete")) return formRefusal<EditorExtra>(intent, DELETE_FAILED, 503);
  const typed = form ?? new FormData();
  const skinId = formText(typed, "skinId", 200);
  const result = parseForm(typed, stickerCraftSchema).reply({ formErrors: [intent.startsWith("save") ? SAVE_FAILED : TRY_AGAIN] });
  const editor: EditorView = { skin: skinId ? { id: skinId, name: skinId, image: "" } : null, ingameImage: null, placementImage: null };
  return formReply<EditorExtra>(intent, result, { status: 503, extra: { editor } });
}

export interface PickerResults {
  skins?: PickedItem[];
  stickerPosition?: number;
  stickers?: PickedItem[];
}

/** The editor's reply after a submit: the form as typed (and picked), what it shows beside it, the pickers' results. */
export type EditorExtra = { editor: EditorView; results?: PickerResults };

/** A picker's step: the form comes back as typed (and picked), without the checks of a save. */
async function pickerReply(context: AppLoadContext, intent: string, form: FormData, results?: PickerResults) {
  const view = await viewOf(context, form);
  const { initialValue } = parseForm(form, stickerCraftSchema).reply();
  return formReply<EditorExtra>(intent, { initialValue }, { status: 200, extra: { editor: view, results } });
}

/** intent "search-skin": the form comes back with up to 10 skins to choose from. */
export async function searchSkins(context: AppLoadContext, intent: string, form: FormData) {
  clearSearches(form, "skinQuery");
  const plan = searchPlan(formText(form, "skinQuery", 100).trim());
  const found = plan ? (await context.load([searchDirectQuery(context.db, plan)]))[0] : [];
  return pickerReply(context, intent, form, { skins: found.map(({ id, name, image }) => ({ id, name, image })) });
}

/** intent "pick-skin:{id}". */
export async function pickSkin(context: AppLoadContext, intent: string, form: FormData, skinId: string) {
  clearSearches(form);
  form.set("skinId", skinId);
  return pickerReply(context, intent, form);
}

/** intent "search-sticker:{n}": catalogue stickers for slot n. */
export async function searchStickers(context: AppLoadContext, intent: string, form: FormData, position: number) {
  const query = stickerField(position, "query");
  clearSearches(form, query);
  const [found] = await context.load([stickerSearchQuery(context.db, formText(form, query, 100).trim())]);
  return pickerReply(context, intent, form, { stickerPosition: position, stickers: found.map(({ id, name, image }) => ({ id: String(id), name, image })) });
}

/** intent "pick-sticker:{n}:{id}": fills slot n's name and image from the catalogue. */
export async function pickSticker(context: AppLoadContext, intent: string, form: FormData, position: number, stickerId: number) {
  clearSearches(form);
  const [found] = await context.load([stickerByIdQuery(context.db, stickerId)]);
  const sticker = found[0];
  if (sticker) {
    form.set(stickerField(position, "name"), sticker.name);
    form.set(stickerField(position, "image"), sticker.image);
  }
  return pickerReply(context, intent, form);
}

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

export type SaveOutcome = { status: "saved"; id: number } | { status: "refused"; reply: ReturnType<typeof formReply<EditorExtra>> };

/**
 * intent "save": every field and every file is checked before anything is written; a refused
 * upload saves nothing at all.
 */
export async function saveCraft(context: AppLoadContext, form: FormData, adminId: string): Promise<SaveOutcome> {
  clearSearches(form);
  const submission = parseForm(form, stickerCraftSchema);
  const refuse = async (status: number, formError: string, fieldErrors?: Record<string, string[]>) =>
    ({
      status: "refused",
      reply: formReply<EditorExtra>("save", submission.reply({ formErrors: [formError], fieldErrors }), {
        status,
        extra: { editor: await viewOf(context, form) },
      }),
    }) as const;

  if (submission.status !== "success") {
    const errors = submission.error ?? {};
    const first = errors.name?.[0] ?? errors.skinId?.[0] ?? Object.values(errors).flat()[0];
    return refuse(400, first ?? SAVE_FAILED);
  }
  const value = submission.value;
  const slots = stickersToSave(value.stickers.slice(0, MAX_STICKERS));
  const uploads = await readUploads(
    form,
    slots.map((s) => s.position),
  );
  if (uploads.errors.length > 0) {
    return refuse(400, uploads.errors.map((e) => e.message).join(" "), Object.fromEntries(uploads.errors.map((e) => [e.field, [e.message]])));
  }

  const [skins, crafts] = await context.load([skinByIdQuery(context.db, value.skinId), craftForEditQuery(context.db, value.id ?? 0)]);
  if (!skins[0]) return refuse(400, SKIN_REQUIRED, { skinId: [SKIN_REQUIRED] });
  const current = crafts[0];
  if (value.id !== undefined && !current) return refuse(404, "Sticker craft not found.");

  // A sticker's stored image is a catalogue URL or this craft's own upload for that position.
  const stickers: StickerRow[] = [];
  for (const { position, value: slot } of slots) {
    const ownKey = keyOfImageUrl(slot.image);
    if (slot.image?.startsWith("/") && (!ownKey || craftIdOfKey(ownKey) !== current?.id || craftImageSlotOfKey(ownKey) !== `stickers/${position}`)) {
      const message = "Sticker images come from the catalogue or an upload.";
      return refuse(400, message, { [stickerField(position, "image")]: [message] });
    }
    stickers.push({
      position,
      name: slot.name,
      image: slot.image ?? null,
      upload: uploads.images.get(`sticker${position}`) ?? null,
      priceCents: slot.price === undefined ? null : dollarsToCents(slot.price),
      externalLink: slot.link ?? null,
    });
  }

  const input: CraftInput = {
    name: value.name,
    description: value.description ?? null,
    skinId: value.skinId,
    externalCraftLink: value.externalCraftLink ?? null,
    ingame: { upload: uploads.images.get("ingame") ?? null, remove: value.removeIngame === "on" },
    placement: { upload: uploads.images.get("placement") ?? null, remove: value.removePlacement === "on" },
    stickers,
  };
  const version = Date.now().toString(36);
  const bucket = context.env.IMAGES;
  if (!current) return { status: "saved", id: await createCraft(context.db, bucket, input, adminId, version) };
  const result = await updateCraft(
    context.db,
    bucket,
    { ...current, community: Boolean(current.community), version: value.version ?? current.version },
    input,
    version,
  );
  if (result === "conflict") {
    return refuse(409, `${SAVE_FAILED}: this sticker craft was changed meanwhile. Open it again to see the changes, then save.`);
  }
  return { status: "saved", id: current.id };
}
