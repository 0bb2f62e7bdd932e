import { z } from "zod";
import { hasWholeCents } from "~/domain/money";
import { MAX_STICKERS } from "~/domain/sticker-crafts";
import { externalLinkField } from "./external-link";
import { visibleName } from "./names";
import { NAME_REQUIRED, SKIN_REQUIRED } from "./sticker-craft-texts";

/** Sticker images come from the catalogue's image CDN or from an upload to this site. */
export function isStickerImageUrl(value: string): boolean {
  return /^https:\/\/cdn\.cstrike\.app\/[A-Za-z0-9/._-]+$/.test(value) || /^\/images\/[0-9]+\/stickers\/[1-5]\.(png|jpg|webp|avif)\?v=[a-z0-9]+$/.test(value);
}

/** Dollars with at most two decimals, from 0 (spec: min 0, step 0.01). */
const price = z
  .number({ error: "Price must be a number." })
  .min(0, "Price cannot be negative.")
  .max(1_000_000, "Price must be below $1,000,000.")
  .refine(hasWholeCents, "Price takes at most two decimals.")
  .optional();

/** A picker's search text (the editor's no-JavaScript catalogue search); never saved. */
const searchText = z.string().max(100).optional();

/** The craft's skin, as a picker sets it (a catalogue id). */
export const skinIdField = z
  .string({ error: SKIN_REQUIRED })
  .trim()
  .min(1, SKIN_REQUIRED)
  .max(200, SKIN_REQUIRED)
  .regex(/^[a-z0-9-]+$/, SKIN_REQUIRED);

/** An uploaded image; the server reads and checks it apart from the schema (size, type by its bytes). */
const upload = z.unknown().optional();

export const stickerSlotSchema = z.object({
  name: z.string().trim().max(120, "Sticker names are at most 120 characters.").check(visibleName).optional(),
  image: z.string().trim().refine(isStickerImageUrl, "Sticker images come from the catalogue or an upload.").optional(),
  price,
  link: externalLinkField,
  file: upload,
  query: searchText,
});

export const stickerCraftSchema = z.object({
  id: z.coerce.number().int().positive().optional(),
  version: z.coerce.number().int().positive().optional(),
  name: z.string({ error: NAME_REQUIRED }).trim().min(1, NAME_REQUIRED).max(120, "Names are at most 120 characters.").check(visibleName),
  description: z.string().trim().max(2000, "Descriptions are at most 2,000 characters.").optional(),
  skinId: skinIdField,
  externalCraftLink: externalLinkField,
  removeIngame: z.literal("on").optional(),
  removePlacement: z.literal("on").optional(),
  ingameFile: upload,
  placementFile: upload,
  skinQuery: searchText,
  stickers: z.array(stickerSlotSchema.optional()).max(MAX_STICKERS, `At most ${MAX_STICKERS} stickers.`).default([]),
});

export type StickerCraftForm = z.infer<typeof stickerCraftSchema>;
export type StickerSlotForm = z.infer<typeof stickerSlotSchema>;

/** The three image inputs of the form and the text of their upload failures (spec section 8). */
export const CRAFT_FILE_FIELDS = {
  ingame: { field: "ingameFile", failure: "Ingame image upload failed" },
  placement: { field: "placementFile", failure: "Placement image upload failed" },
} as const;
export const stickerFileField = (position: number) => `stickers[${position - 1}].file`;
export const stickerUploadFailure = (position: number) => `Sticker ${position} image upload failed`;
