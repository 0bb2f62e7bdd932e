// The admin craft editor's server side: what the form holds, saving it, and the no-JavaScript
// skin and sticker pickers (a search is a submit of the whole form, so typed text survives).
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type AppLoadContext } from "@remix-run/cloudflare";
import { dollarsToCents } from "~/domain/money";
import { craftIdOfKey, keyOfImageUrl, MAX_STICKERS, STICKER_POSITIONS, stickersToSave } from "~/domain/sticker-crafts";
import { parseId } from "~/domain/ids";
import { CRAFT_FILE_FIELDS, SKIN_REQUIRED, stickerCraftSchema, stickerFileField, stickerUploadFailure } from "~/forms/sticker-craft";
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
import { readImageField, type CheckedImage } from "~/server/http/uploads.server";
import { TRY_AGAIN } from "~/server/http/action-failures.server";

export const SAVE_FAILED = "Error saving sticker craft";
export const DELETE_FAILED = "Error deleting sticker craft";

export interface PickedItem {
  id: string;
  name: string;
  image: string;
}

export interface StickerValues {
  name: string;
  image: string;
  price: string;
  link: string;
}

/** Everything the editor shows; from the database when it opens, from the form after a submit. */
export interface EditorValues {
  id: number | null;
  version: number | null;
  name: string;
  description: string;
  externalCraftLink: string;
  skin: PickedItem | null;
  ingameImage: string | null;
  placementImage: string | null;
  stickers: StickerValues[];
}

export const emptySticker = (): StickerValues => ({ name: "", image: "", price: "", link: "" });

export function emptyEditor(): EditorValues {
  return {
    id: null,
    version: null,
    name: "",
    description: "",
    externalCraftLink: "",
    skin: null,
    ingameImage: null,
    placementImage: null,
    stickers: STICKER_POSITIONS.map(emptySticker),
  };
}

/** The editor for an existing craft, or null when it does not exist; one batch. */
export async function loadEditor(context: AppLoadContext, id: number): Promise<EditorValues | null> {
  const [found, stickers] = await context.load([craftQuery(context.db, id), craftStickersQuery(context.db, id)]);
  const craft = found[0];
  if (!craft) return null;
  const byPosition = new Map(stickers.map((s) => [s.position, s]));
  return {
    id: craft.id,
    version: craft.version,
    name: craft.name,
    description: craft.description ?? "",
    externalCraftLink: craft.externalCraftLink ?? "",
    skin: { id: craft.skinId, name: craft.skinName, image: craft.skinImage },
    ingameImage: craft.ingameImage,
    placementImage: craft.placementImage,
    stickers: STICKER_POSITIONS.map((position) => {
      const s = byPosition.get(position);
      return s
        ? { name: s.name, image: s.image ?? "", price: s.priceCents === null ? "" : (s.priceCents / 100).toFixed(2), link: s.externalLink ?? "" }
        : emptySticker();
    }),
  };
}

const text = (form: FormData, name: string, max = 4096) => {
  const value = form.get(name);
  return typeof value === "string" ? value.slice(0, max) : "";
};

/**
 * The submitted values as typed, without asking the database: the chosen skin by its id alone, no
 * stored images (text only: browsers never resend files).
 */
function typedEditorValues(form: FormData): EditorValues {
  const skinId = text(form, "skinId", 200);
  return {
    id: parseId(text(form, "id")),
    version: Number(text(form, "version", 12)) || null,
    name: text(form, "name", 200),
    description: text(form, "description", 2000),
    externalCraftLink: text(form, "externalCraftLink", 2048),
    skin: skinId ? { id: skinId, name: skinId, image: "" } : null,
    ingameImage: null,
    placementImage: null,
    stickers: STICKER_POSITIONS.map((position) => {
      const field = (name: string) => text(form, `stickers[${position - 1}].${name}`, 2048);
      return { name: field("name"), image: field("image"), price: field("price"), link: field("link") };
    }),
  };
}

/** The submitted values as the editor shows them again, with the skin and the craft's stored images looked up. */
async function valuesFromForm(context: AppLoadContext, form: FormData, skinOverride?: string): Promise<EditorValues> {
  const typed = typedEditorValues(form);
  const [skins, crafts] = await context.load([skinByIdQuery(context.db, skinOverride ?? typed.skin?.id ?? ""), craftForEditQuery(context.db, typed.id ?? 0)]);
  const craft = crafts[0];
  return { ...typed, id: craft?.id ?? null, skin: skins[0] ?? null, ingameImage: craft?.ingameImage ?? null, placementImage: craft?.placementImage ?? null };
}

/**
 * A step of the editor the database failed (`answeringDatabaseFailures`): a delete says so on the
 * list; a save, search or pick shows the editor again as typed, with the message.
 */
export function craftFailure(intent: string, form: FormData | null) {
  if (intent.startsWith("delete")) return data({ intent, formError: DELETE_FAILED }, { status: 503 });
  const reply: EditorReply = { values: typedEditorValues(form ?? new FormData()), formError: intent.startsWith("save") ? SAVE_FAILED : TRY_AGAIN };
  return data({ intent, ...reply }, { status: 503 });
}

export interface PickerResults {
  skinQuery?: string;
  skins?: PickedItem[];
  stickerPosition?: number;
  stickerQuery?: string;
  stickers?: PickedItem[];
}

export interface EditorReply {
  values: EditorValues;
  results?: PickerResults;
  formError?: string;
  fieldErrors?: Record<string, string[] | null>;
}

/** intent "search-skin": the form comes back with up to 10 skins to choose from. */
export async function searchSkins(context: AppLoadContext, form: FormData): Promise<EditorReply> {
  const query = text(form, "skinQuery", 100).trim();
  const plan = searchPlan(query);
  const [values, found] = await Promise.all([
    valuesFromForm(context, form),
    plan ? context.load([searchDirectQuery(context.db, plan)]).then(([rows]) => rows) : Promise.resolve([]),
  ]);
  return { values, results: { skinQuery: query, skins: found.map(({ id, name, image }) => ({ id, name, image })) } };
}

/** intent "pick-skin:{id}". */
export async function pickSkin(context: AppLoadContext, form: FormData, skinId: string): Promise<EditorReply> {
  return { values: await valuesFromForm(context, form, skinId) };
}

/** intent "search-sticker:{n}": catalogue stickers for slot n. */
export async function searchStickers(context: AppLoadContext, form: FormData, position: number): Promise<EditorReply> {
  const query = text(form, `stickers[${position - 1}].query`, 100).trim();
  const [values, [found]] = await Promise.all([valuesFromForm(context, form), context.load([stickerSearchQuery(context.db, query)])]);
  return {
    values,
    results: { stickerPosition: position, stickerQuery: query, stickers: found.map(({ id, name, image }) => ({ id: String(id), name, image })) },
  };
}

/** intent "pick-sticker:{n}:{id}": fills slot n's name and image from the catalogue. */
export async function pickSticker(context: AppLoadContext, form: FormData, position: number, stickerId: number): Promise<EditorReply> {
  const [values, [found]] = await Promise.all([valuesFromForm(context, form), context.load([stickerByIdQuery(context.db, stickerId)])]);
  const sticker = found[0];
  if (sticker) values.stickers[position - 1] = { ...values.stickers[position - 1]!, name: sticker.name, image: sticker.image };
  return { values };
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

export type SaveOutcome =
  | { status: "saved"; id: number }
  | { status: "invalid" | "not-found" | "conflict"; reply: EditorReply; httpStatus: number };

/**
 * intent "save": every field and every file is checked before anything is written; a refused
 * upload saves nothing at all.
 */
export async function saveCraft(context: AppLoadContext, form: FormData, adminId: string): Promise<SaveOutcome> {
  const submission = parseWithZod(form, { schema: stickerCraftSchema });
  const reply = async (httpStatus: number, formError: string, fieldErrors?: Record<string, string[] | null>, status: "invalid" | "not-found" | "conflict" = "invalid") =>
    ({ status, httpStatus, reply: { values: await valuesFromForm(context, form), formError, fieldErrors } }) as const;

  if (submission.status !== "success") {
    const errors = submission.error ?? {};
    const first = errors.name?.[0] ?? errors.skinId?.[0] ?? Object.values(errors).flat()[0];
    return reply(400, first ?? SAVE_FAILED, errors);
  }
  const value = submission.value;
  const slots = stickersToSave(value.stickers.slice(0, MAX_STICKERS));
  const uploads = await readUploads(form, slots.map((s) => s.position));
  if (uploads.errors.length > 0) {
    return reply(400, uploads.errors.map((e) => e.message).join(" "), Object.fromEntries(uploads.errors.map((e) => [e.field, [e.message]])));
  }

  const [skins, crafts] = await context.load([skinByIdQuery(context.db, value.skinId), craftForEditQuery(context.db, value.id ?? 0)]);
  if (!skins[0]) return reply(400, SKIN_REQUIRED, { skinId: [SKIN_REQUIRED] });
  const current = crafts[0];
  if (value.id !== undefined && !current) return reply(404, "Sticker craft not found.", undefined, "not-found");

  // A sticker's stored image is a catalogue URL or this craft's own upload for that position.
  const stickers: StickerRow[] = [];
  for (const { position, value: slot } of slots) {
    const ownKey = keyOfImageUrl(slot.image);
    if (slot.image?.startsWith("/") && (!ownKey || craftIdOfKey(ownKey) !== current?.id || !ownKey.includes(`/stickers/${position}.`))) {
      const message = "Sticker images come from the catalogue or an upload.";
      return reply(400, message, { [`stickers[${position - 1}].image`]: [message] });
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
  const result = await updateCraft(context.db, bucket, { ...current, version: value.version ?? current.version }, input, version);
  if (result === "conflict") {
    return reply(409, `${SAVE_FAILED}: this sticker craft was changed meanwhile. Open it again to see the changes, then save.`, undefined, "conflict");
  }
  return { status: "saved", id: current.id };
}
