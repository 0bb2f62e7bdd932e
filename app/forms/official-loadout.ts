import { z } from "zod";
import { visibleName } from "./names";
import { TITLE_REQUIRED } from "./official-loadout-texts";

/** The admin's official loadout form: title and description (spec section 5). */
export const officialLoadoutSchema = z.object({
  id: z.coerce.number().int().positive().optional(),
  title: z.string({ error: TITLE_REQUIRED }).trim().min(1, TITLE_REQUIRED).max(120, "Titles are at most 120 characters.").check(visibleName),
  description: z.string().trim().max(2000, "Descriptions are at most 2,000 characters.").optional(),
});

export type OfficialLoadoutForm = z.infer<typeof officialLoadoutSchema>;
