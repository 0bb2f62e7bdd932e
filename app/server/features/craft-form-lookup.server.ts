// What a post of the sticker craft form names (craft-form.server.ts): the post itself, the schema of
// its mode, and the skin, stickers and craft its ids stand for, looked up in one batch.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import { parseId } from "~/domain/ids";
import { STICKER_POSITIONS } from "~/domain/sticker-crafts";
import { communityCraftSchema } from "~/forms/community-craft";
import type { CraftFormMode, CraftView } from "~/forms/craft-form";
import { stickerCraftSchema } from "~/forms/sticker-craft";
import type { Database } from "../db/client.server";
import { stickerCrafts } from "../db/schema.server";
import { formText } from "../http/form-body.server";
import { stickersByIdsQuery } from "./community-crafts.server";
import { craftStickersQuery, skinByIdQuery } from "./sticker-crafts.server";

/** One post of the form: who sends what, to which mode of it. */
export interface CraftFormPost {
  context: AppLoadContext;
  mode: CraftFormMode;
  userId: string;
  intent: string;
  form: FormData;
}

/** The craft a post names: its state, its author and its stored images. */
function postedCraftQuery(db: Database, id: number) {
  return db
    .select({
      id: stickerCrafts.id,
      version: stickerCrafts.version,
      authorId: stickerCrafts.authorId,
      ingameImage: stickerCrafts.ingameImage,
      placementImage: stickerCrafts.placementImage,
    })
    .from(stickerCrafts)
    .where(eq(stickerCrafts.id, id))
    .limit(1);
}

/** The schema a mode's form is checked with: each mode posts the fields it always posted. */
export function craftFormSchema(mode: CraftFormMode) {
  return mode.stickers === "typed" ? stickerCraftSchema : communityCraftSchema;
}

export const stickerField = (position: number, name: string) => `stickers[${position - 1}].${name}`;

/**
 * What the post's ids name, in one batch: the skin, the catalogue stickers, and the craft it edits
 * (null when there is none, or it is not the player's own) with its stickers. An unknown id shows
 * as nothing chosen.
 */
export async function lookUp({ context, mode, userId, form }: CraftFormPost) {
  const stickerIds = STICKER_POSITIONS.map((position) => parseId(formText(form, stickerField(position, "stickerId"), 12).trim()));
  const craftId = parseId(formText(form, "id", 12).trim()) ?? 0;
  const [skins, found, crafts, stickerRows] = await context.load([
    skinByIdQuery(context.db, formText(form, "skinId", 200).trim()),
    stickersByIdsQuery(context.db, mode.stickers === "catalogue" ? stickerIds.filter((id): id is number => id !== null) : []),
    postedCraftQuery(context.db, craftId),
    craftStickersQuery(context.db, craftId),
  ]);
  const posted = crafts[0];
  const craft = posted && (mode.edits === "any" || posted.authorId === userId) ? posted : null;
  const byId = new Map(found.map((s) => [s.id, { id: String(s.id), name: s.name, image: s.image }]));
  const kept = new Map(stickerRows.map((s) => [s.position, s]));
  const view: CraftView = {
    skin: skins[0] ?? null,
    stickers: STICKER_POSITIONS.map((position, index) => {
      const id = stickerIds[index];
      if (id) return byId.get(id) ?? null;
      // A slot of the edited craft that the player left as it was.
      const sticker = craft && formText(form, stickerField(position, "keep")) === "on" ? kept.get(position) : undefined;
      return sticker ? { id: "", name: sticker.name, image: sticker.image ?? "" } : null;
    }),
    ingameImage: craft?.ingameImage ?? null,
    placementImage: craft?.placementImage ?? null,
  };
  return { view, craft, stickerNames: craft ? stickerRows.map((sticker) => sticker.name) : [] };
}
