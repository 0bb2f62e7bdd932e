// The player's craft form, server side: what it shows, its no-JavaScript pickers (each a submit of
// the whole form, so typed text survives) and the submission itself.
import type { SubmissionResult } from "@conform-to/react";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { COMMUNITY_LIMIT_MESSAGES, submissionLimitReached, type CraftStatus } from "~/domain/community-crafts";
import { searchPlan } from "~/domain/search";
import { STICKER_POSITIONS } from "~/domain/sticker-crafts";
import { communityCraftSchema, INGAME_REQUIRED, type CommunityCraftForm } from "~/forms/community-craft";
import { CRAFT_FILE_FIELDS, DELETE_FAILED, SAVE_FAILED, SKIN_REQUIRED } from "~/forms/sticker-craft";
import { getSessionUser, requestOwner } from "~/server/auth/session.server";
import { searchDirectQuery } from "~/server/features/catalogue.server";
import {
  craftVisibilityQuery,
  resubmitCraft,
  stickersByIdsQuery,
  submissionCountsQuery,
  submitNewCraft,
  type CommunityCraftInput,
  type SubmitOutcome,
} from "~/server/features/community-crafts.server";
import { craftQuery, craftStickersQuery, skinByIdQuery, stickerSearchQuery, type StickerRow } from "~/server/features/sticker-crafts.server";
import { type ActionFailure, TRY_AGAIN } from "~/server/http/action-failures.server";
import { formText } from "~/server/http/form-body.server";
import { formReply, formRefusal, parseForm } from "~/server/http/form-reply.server";
import { readImageField, type CheckedImage } from "~/server/http/uploads.server";

const STICKERS_FROM_CATALOGUE = "Choose stickers from the catalogue.";

export interface CatalogueItem {
  id: string;
  name: string;
  image: string;
}

/** What the form shows beside the typed fields: the chosen skin and stickers, and an edited craft's images. */
export interface Chosen {
  skin: CatalogueItem | null;
  /** One entry per position 1 to 5. */
  stickers: (CatalogueItem | null)[];
  ingameImage: string | null;
  placementImage: string | null;
  /** Whether the form's craft id names one of the player's own crafts. */
  owned: boolean;
}

export interface PickerResults {
  skinQuery?: string;
  skins?: CatalogueItem[];
  stickerPosition?: number;
  stickerQuery?: string;
  stickers?: CatalogueItem[];
}

export interface SubmitReply {
  result: SubmissionResult<string[]>;
  chosen: Chosen;
  results?: PickerResults;
}

/** What the page's form needs besides Conform's reply: the chosen skin and stickers, and a picker's results. */
export type SubmitExtra = { chosen?: Chosen; results?: PickerResults };

/** A picker's or the submission's answer as the one form reply. */
export function submitReply(intent: string, { result, chosen, results }: SubmitReply, status = 200) {
  return formReply<SubmitExtra>(intent, result, { status, extra: { chosen, results } });
}

/** A database failure: the form as typed with the message (a delete: the message alone). */
export function submitFailure(failure: ActionFailure) {
  if (failure.intent === "delete") return formRefusal<SubmitExtra>(failure.intent, DELETE_FAILED, 503);
  const message = failure.intent === "submit" ? SAVE_FAILED : TRY_AGAIN;
  return formReply<SubmitExtra>(failure.intent, parseForm(failure.form ?? new FormData(), communityCraftSchema).reply({ formErrors: [message] }), {
    status: 503,
  });
}

export interface EditedCraft {
  id: number;
  version: number;
  status: CraftStatus;
  defaults: { name: string; description: string; externalCraftLink: string };
  chosen: Chosen;
}

export const stickerField = (position: number) => `stickers[${position - 1}].stickerId`;
export const stickerQueryField = (position: number) => `stickerQuery${position}`;

/**
 * A craft of the signed-in player with its stickers, in one batch with the session; the craft is
 * null when it is not theirs (or there is none).
 */
async function ownCraft(context: AppLoadContext, id: number) {
  const [[found, stickerRows, access], user] = await Promise.all([
    context.load([craftQuery(context.db, id), craftStickersQuery(context.db, id), craftVisibilityQuery(context.db, id)]),
    getSessionUser(context),
  ]);
  const owned = user !== null && access[0]?.authorId === user.id;
  return owned && found[0] ? { craft: { ...found[0], status: access[0]!.status }, stickerRows } : { craft: null, stickerRows: [] };
}

/** The player's own craft for the form, or null when it is not theirs (or no such craft); one batch. */
export async function loadOwnCraft(context: AppLoadContext, id: number): Promise<EditedCraft | null> {
  const { craft, stickerRows } = await ownCraft(context, id);
  if (!craft) return null;
  const byPosition = new Map(stickerRows.map((s) => [s.position, s]));
  return {
    id: craft.id,
    version: craft.version,
    status: craft.status,
    defaults: { name: craft.name, description: craft.description ?? "", externalCraftLink: craft.externalCraftLink ?? "" },
    chosen: {
      skin: { id: craft.skinId, name: craft.skinName, image: craft.skinImage },
      // A community sticker is a catalogue one: its position, name and image identify it for the form.
      stickers: STICKER_POSITIONS.map((position) => {
        const sticker = byPosition.get(position);
        return sticker ? { id: "", name: sticker.name, image: sticker.image ?? "" } : null;
      }),
      ingameImage: craft.ingameImage,
      placementImage: craft.placementImage,
      owned: true,
    },
  };
}

/** The limit the player has reached already, for the page to say before they fill the form in. */
export async function reachedLimit(context: AppLoadContext): Promise<string | null> {
  const [rows] = await context.load([submissionCountsQuery(context.db, requestOwner(context), Date.now())]);
  const limit = rows[0] ? submissionLimitReached(rows[0]) : null;
  return limit ? COMMUNITY_LIMIT_MESSAGES[limit] : null;
}

/** The catalogue ids the form holds (stickers per position), and the edited craft's id. */
function idsInForm(form: FormData) {
  const stickerIds = STICKER_POSITIONS.map((position) => {
    const value = formText(form, stickerField(position), 12).trim();
    return /^[1-9][0-9]{0,8}$/.test(value) ? Number(value) : null;
  });
  const craftId = formText(form, "id", 12).trim();
  return { skinId: formText(form, "skinId", 200).trim(), stickerIds, craftId: /^[1-9][0-9]{0,9}$/.test(craftId) ? Number(craftId) : null };
}

/**
 * Looks up what the form's ids name, in one batch: the skin, the catalogue stickers, and (when
 * editing) the player's own craft's images and stickers. An unknown id shows as nothing chosen.
 */
async function chosenFor(context: AppLoadContext, form: FormData): Promise<Chosen> {
  const { skinId, stickerIds, craftId } = idsInForm(form);
  const known = stickerIds.filter((id): id is number => id !== null);
  const [[skins, found], { craft, stickerRows }] = await Promise.all([
    context.load([skinByIdQuery(context.db, skinId), stickersByIdsQuery(context.db, known)]),
    ownCraft(context, craftId ?? 0),
  ]);
  const byId = new Map(found.map((s) => [s.id, { id: String(s.id), name: s.name, image: s.image }]));
  const kept = new Map(stickerRows.map((s) => [s.position, s]));
  return {
    skin: skins[0] ?? null,
    stickers: STICKER_POSITIONS.map((position, index) => {
      const id = stickerIds[index];
      if (id) return byId.get(id) ?? null;
      // A slot of the edited craft that the player left as it was.
      const sticker = form.get(`stickers[${index}].keep`) === "on" ? kept.get(position) : undefined;
      return sticker ? { id: "", name: sticker.name, image: sticker.image ?? "" } : null;
    }),
    ingameImage: craft?.ingameImage ?? null,
    placementImage: craft?.placementImage ?? null,
    owned: craft !== null,
  };
}

/** The form as sent (each field cut to its limit), with no errors shown: a picker's answer. */
function asTyped(form: FormData): SubmissionResult<string[]> {
  return { initialValue: parseForm(form, communityCraftSchema).reply().initialValue };
}

/** intent "search-skin": up to 10 skins to choose from. */
export async function searchSkins(context: AppLoadContext, form: FormData): Promise<SubmitReply> {
  const query = formText(form, "skinQuery", 100).trim();
  const plan = searchPlan(query);
  const [chosen, found] = await Promise.all([
    chosenFor(context, form),
    plan ? context.load([searchDirectQuery(context.db, plan)]).then(([rows]) => rows) : Promise.resolve([]),
  ]);
  return { result: asTyped(form), chosen, results: { skinQuery: query, skins: found.map(({ id, name, image }) => ({ id, name, image })) } };
}

/** intent "pick-skin:{id}". */
export async function pickSkin(context: AppLoadContext, form: FormData, skinId: string): Promise<SubmitReply> {
  form.set("skinId", skinId.slice(0, 200));
  return { result: asTyped(form), chosen: await chosenFor(context, form) };
}

/** intent "search-sticker:{n}": catalogue stickers for position n. */
export async function searchStickers(context: AppLoadContext, form: FormData, position: number): Promise<SubmitReply> {
  const query = formText(form, stickerQueryField(position), 100).trim();
  const [chosen, [found]] = await Promise.all([chosenFor(context, form), context.load([stickerSearchQuery(context.db, query)])]);
  return {
    result: asTyped(form),
    chosen,
    results: { stickerPosition: position, stickerQuery: query, stickers: found.map(({ id, name, image }) => ({ id: String(id), name, image })) },
  };
}

/** intent "pick-sticker:{n}:{id}" and "clear-sticker:{n}" (id null). */
export async function pickSticker(context: AppLoadContext, form: FormData, position: number, stickerId: number | null): Promise<SubmitReply> {
  form.delete(`stickers[${position - 1}].keep`);
  if (stickerId === null) form.delete(stickerField(position));
  else form.set(stickerField(position), String(stickerId));
  return { result: asTyped(form), chosen: await chosenFor(context, form) };
}

async function readUpload(form: FormData, field: string, failure: string): Promise<{ image: CheckedImage | null } | { error: string }> {
  const values = form.getAll(field);
  if (values.length > 1) return { error: `${failure}: choose one file.` };
  const result = await readImageField(values[0] ?? null);
  return "error" in result ? { error: `${failure}: ${result.error}` } : result;
}

export type SubmitResult = { status: "submitted"; id: number } | { status: "refused"; httpStatus: 400 | 404 | 409 | 429; reply: SubmitReply };

const OUTCOME_REPLIES: Record<Exclude<SubmitOutcome["status"], "submitted">, { httpStatus: 404 | 409 | 429; message?: string }> = {
  "not-found": { httpStatus: 404, message: "Sticker craft not found." },
  conflict: { httpStatus: 409, message: `${SAVE_FAILED}: this craft changed meanwhile (a moderator may have decided on it). Open it again from My Crafts.` },
  limit: { httpStatus: 429 },
};

/**
 * intent "submit": every field and file is checked before anything is written; a refused file or
 * a reached limit stores nothing.
 */
export async function submitCraft(context: AppLoadContext, form: FormData, authorId: string): Promise<SubmitResult> {
  const submission = parseForm(form, communityCraftSchema);
  const refuse = async (httpStatus: 400 | 404 | 409 | 429, errors: { formErrors?: string[]; fieldErrors?: Record<string, string[]> }) =>
    ({ status: "refused", httpStatus, reply: { result: submission.reply(errors), chosen: await chosenFor(context, form) } }) as const;
  if (submission.status !== "success") return refuse(400, {});
  const value = submission.value;
  if (value.id !== undefined && value.version === undefined) return refuse(400, { formErrors: ["Open the craft again from My Crafts."] });

  const [ingame, placement] = await Promise.all([
    readUpload(form, CRAFT_FILE_FIELDS.ingame.field, CRAFT_FILE_FIELDS.ingame.failure),
    readUpload(form, CRAFT_FILE_FIELDS.placement.field, CRAFT_FILE_FIELDS.placement.failure),
  ]);
  const fileErrors: Record<string, string[]> = {};
  if ("error" in ingame) fileErrors[CRAFT_FILE_FIELDS.ingame.field] = [ingame.error];
  if ("error" in placement) fileErrors[CRAFT_FILE_FIELDS.placement.field] = [placement.error];
  if ("error" in ingame || "error" in placement) return refuse(400, { fieldErrors: fileErrors });

  const chosen = await chosenFor(context, form);
  if (value.id !== undefined && !chosen.owned) return refuse(404, { formErrors: [OUTCOME_REPLIES["not-found"].message!] });
  if (!chosen.skin || chosen.skin.id !== value.skinId) return refuse(400, { fieldErrors: { skinId: [SKIN_REQUIRED] } });
  const wanted = stickerSlots(value);
  if (wanted.some((slot, index) => slot && !chosen.stickers[index])) return refuse(400, { formErrors: [STICKERS_FROM_CATALOGUE] });
  if (!ingame.image && !chosen.ingameImage) {
    return refuse(400, { fieldErrors: { [CRAFT_FILE_FIELDS.ingame.field]: [INGAME_REQUIRED] } });
  }

  const stickers: StickerRow[] = chosen.stickers.flatMap((sticker, index) =>
    sticker && wanted[index]
      ? [{ position: index + 1, name: sticker.name, image: sticker.image || null, upload: null, priceCents: null, externalLink: null }]
      : [],
  );
  const input: CommunityCraftInput = {
    name: value.name,
    description: value.description ?? null,
    skinId: value.skinId,
    externalCraftLink: value.externalCraftLink ?? null,
    stickers,
    ingame: ingame.image,
    placement: { upload: placement.image, remove: value.removePlacement === "on" },
  };
  const bucket = context.env.IMAGES;
  const outcome =
    value.id === undefined
      ? await submitNewCraft(context.db, bucket, authorId, input)
      : await resubmitCraft(context.db, bucket, authorId, { id: value.id, version: value.version! }, input);
  if (outcome.status === "submitted") return outcome;
  const { httpStatus, message } = OUTCOME_REPLIES[outcome.status];
  return refuse(httpStatus, { formErrors: [outcome.status === "limit" ? COMMUNITY_LIMIT_MESSAGES[outcome.limit] : message!] });
}

/** Which positions hold a sticker: a catalogue id, or an edited craft's sticker kept as it was. */
function stickerSlots(value: CommunityCraftForm): boolean[] {
  return STICKER_POSITIONS.map((_position, index) => Boolean(value.stickers[index]?.stickerId) || value.stickers[index]?.keep === "on");
}
