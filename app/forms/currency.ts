import { z } from "zod";
import { CURRENCY_CODES } from "~/domain/currency";
import { isSameSitePath } from "~/domain/same-site-path";

/** The header's currency choice (docs/features/currency.md). */
export const currencyChoiceSchema = z.object({
  currency: z.enum(CURRENCY_CODES, { error: "Choose one of the listed currencies." }),
  redirectTo: z
    .string()
    .max(2048, { error: "The return path is too long." })
    .refine(isSameSitePath, { error: "The return path must be a path on this site." })
    .default("/"),
});
