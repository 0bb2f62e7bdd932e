import { z } from "zod";
import { IMPORT_MAX_BYTES, IMPORT_MAX_ITEMS } from "~/domain/inventory-import";
import { ACCOUNT_LIMITS } from "~/domain/limits";
import { hasWholeCents } from "~/domain/money";
import { isCalendarDate } from "~/domain/trade-lock";
import { BUY_PRICE_MAX_DOLLARS, TRACKER_MESSAGES } from "./resell";

const count = (n: number) => n.toLocaleString("en-US");

export const IMPORT_MESSAGES = {
  empty: "Paste an inventory or choose a file.",
  tooLarge: `The inventory is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB. Import it in parts.`,
  nothingChosen: "Choose at least one item to import.",
  notOffered: "This item cannot be imported.",
  failed: "The import could not be saved. Please try again.",
  /** The preview's count, and the refusal when the chosen items do not fit. */
  fit: (fit: number) =>
    fit === 0
      ? `Your account holds ${count(ACCOUNT_LIMITS.trackers)} trackers, the most it can keep: delete some to import more.`
      : `Up to ${count(fit)} more ${fit === 1 ? "tracker fits" : "trackers fit"} in your account (the most it keeps is ${count(ACCOUNT_LIMITS.trackers)}).`,
  /** A ticked asset is tracked by now (an import in another tab or racing this one, a tampered post): nothing is written. */
  alreadyTracked: "Some of these items are already tracked. Nothing was imported; open the import again to see them.",
  overLimit: `The chosen items do not fit: an account keeps at most ${count(ACCOUNT_LIMITS.trackers)} trackers. Choose fewer items; nothing was imported.`,
} as const;

/** The form's two steps: read the inventory into a preview, import the chosen rows. */
export const IMPORT_INTENTS = ["preview", "import"] as const;
export const IMPORT_FORM = "import";

/**
 * Step 1, the inventory: pasted, or a file (a file wins). The server checks the size in bytes
 * (IMPORT_MAX_BYTES, 413) and reads the file apart from the schema.
 */
export const previewSchema = z.object({
  intent: z.literal("preview"),
  text: z.string().optional(),
  file: z.unknown().optional(),
});

/**
 * Step 2, the player's choices: the inventory as read in step 1 (read again and matched again on
 * the server) and, per row of the preview, whether to import it, its buy price and bought date.
 */
export function importSchema(rules?: { today: string }) {
  return z.object({
    intent: z.literal("import"),
    source: z.string({ error: IMPORT_MESSAGES.empty }).max(IMPORT_MAX_BYTES, IMPORT_MESSAGES.tooLarge),
    rows: z
      .array(
        z
          .object({
            pick: z.boolean().optional(),
            buyPrice: z
              .number({ error: TRACKER_MESSAGES.buyPrice })
              .min(0, TRACKER_MESSAGES.buyPrice)
              .max(BUY_PRICE_MAX_DOLLARS, TRACKER_MESSAGES.buyPrice)
              .refine(hasWholeCents, TRACKER_MESSAGES.buyPrice)
              .optional(),
            boughtAt: z.string().max(10, TRACKER_MESSAGES.boughtAt).optional(),
          })
          .superRefine((row, ctx) => {
            if (!row.pick) return;
            if (row.buyPrice === undefined) ctx.addIssue({ code: "custom", path: ["buyPrice"], message: TRACKER_MESSAGES.buyPrice });
            if (row.boughtAt === undefined || !isCalendarDate(row.boughtAt))
              ctx.addIssue({ code: "custom", path: ["boughtAt"], message: TRACKER_MESSAGES.boughtAt });
            else if (rules && row.boughtAt > rules.today) ctx.addIssue({ code: "custom", path: ["boughtAt"], message: TRACKER_MESSAGES.futureDate });
          }),
      )
      .max(IMPORT_MAX_ITEMS)
      .default([]),
  });
}

export type ImportChoices = z.output<ReturnType<typeof importSchema>>;
