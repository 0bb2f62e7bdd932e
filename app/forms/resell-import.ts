import { z } from "zod";
import { IMPORT_MAX_ITEMS } from "~/domain/inventory-import";
import { hasWholeCents } from "~/domain/money";
import { isCalendarDate } from "~/domain/trade-lock";
import { BUY_PRICE_MAX_DOLLARS, TRACKER_MESSAGES } from "./resell-texts";

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
 * Step 2, the player's choices, per row of the preview: whether to import it, its buy price and
 * bought date. The inventory as read in step 1 stays on the server under the form's key (ADR 096)
 * and is matched again there.
 */
export function importSchema(rules?: { today: string }) {
  return z.object({
    intent: z.literal("import"),
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
