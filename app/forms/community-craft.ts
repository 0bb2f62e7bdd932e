import { z } from "zod";
import { MAX_STICKERS } from "~/domain/sticker-crafts";
import { externalLinkField } from "./external-link";
import { visibleName } from "./names";
import { skinIdField } from "./sticker-craft";
import { NAME_REQUIRED } from "./sticker-craft-texts";

export const MAX_NAME_LENGTH = 120;
export const MAX_DESCRIPTION_LENGTH = 2000;
export const MAX_REASON_LENGTH = 1000;

export const INGAME_REQUIRED = "An in-game image is required.";

const id = z.coerce.number({ error: "Sticker craft not found." }).int().positive().max(9_999_999_999);

/**
 * A sticker slot holds the id of a catalogue sticker (its name and image come from the catalogue),
 * or, in an edit, `keep` for the sticker the craft already has there.
 */
export const communityStickerSchema = z.object({
  stickerId: z.coerce.number().int().positive().max(999_999_999).optional(),
  keep: z.literal("on").optional(),
});

/** A player's craft (new, or an edit of their own pending or rejected one); images are checked apart. */
export const communityCraftSchema = z.object({
  id: id.optional(),
  version: z.coerce.number().int().positive().optional(),
  name: z
    .string({ error: NAME_REQUIRED })
    .trim()
    .min(1, NAME_REQUIRED)
    .max(MAX_NAME_LENGTH, `Names are at most ${MAX_NAME_LENGTH} characters.`)
    .check(visibleName),
  description: z
    .string()
    .trim()
    .max(MAX_DESCRIPTION_LENGTH, `Descriptions are at most ${MAX_DESCRIPTION_LENGTH.toLocaleString("en-US")} characters.`)
    .optional(),
  skinId: skinIdField,
  externalCraftLink: externalLinkField,
  stickers: z.array(communityStickerSchema.optional()).max(MAX_STICKERS, `At most ${MAX_STICKERS} stickers.`).default([]),
  removePlacement: z.literal("on").optional(),
});
export type CommunityCraftForm = z.infer<typeof communityCraftSchema>;

export const deleteOwnCraftSchema = z.object({ id });

const REASON_REQUIRED = "Give the author a reason.";
const reason = z
  .string({ error: REASON_REQUIRED })
  .trim()
  .min(1, REASON_REQUIRED)
  .max(MAX_REASON_LENGTH, `Reasons are at most ${MAX_REASON_LENGTH.toLocaleString("en-US")} characters.`);

/** Publish what the admin previewed: the version makes a later edit by the author a conflict. */
export const publishCraftSchema = z.object({ id, version: z.coerce.number().int().positive() });
export const rejectCraftSchema = publishCraftSchema.extend({ reason });

/** An admin deletes a community craft; the reason goes to the author, when there is one. */
export const deleteCommunityCraftSchema = z.object({ id, reason: reason.optional() });

/** An admin dismisses a craft's open reports. */
export const dismissReportsSchema = z.object({ id });

export const MAX_REPORT_LENGTH = 1000;
export const REPORT_REQUIRED = "Say what is wrong with this craft.";
/** A visitor's report of a published craft. */
/** What a visitor is told once their report is in the queue. */
export const REPORT_SENT = "Thank you. A moderator will look at this craft; reports are not answered one by one.";

export const reportCraftSchema = z.object({
  reason: z
    .string({ error: REPORT_REQUIRED })
    .trim()
    .min(1, REPORT_REQUIRED)
    .max(MAX_REPORT_LENGTH, `Reports are at most ${MAX_REPORT_LENGTH.toLocaleString("en-US")} characters.`),
});
