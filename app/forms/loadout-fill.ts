import { z } from "zod";
import { FILL_SIDES, FILL_VARIANTS } from "~/domain/loadout-fill";
import { version } from "./loadouts";

/**
 * Apply on the fill preview: the side, the variant proposed (normal unless StatTrak™ was asked for), the loadout version the preview was made for, and what the
 * preview showed (`fillProposalKey`), so the server writes exactly what the player saw.
 */
export const applyFillSchema = z.object({
  side: z.enum(FILL_SIDES, { error: "Choose a side." }),
  variant: z.enum(FILL_VARIANTS, { error: "Choose Normal or StatTrak™." }).default("normal"),
  version,
  /** Empty when the preview proposed nothing (Conform reads an empty field as missing). */
  proposal: z.string().max(20_000, "Nothing to apply.").default(""),
});
