import { z } from "zod";
import { dollarsToCents, hasWholeCents } from "~/domain/money";
import { isCalendarDate } from "~/domain/trade-lock";
import { VARIANTS, type Variant } from "~/domain/variants";
import { wearForFloat, WEARS, type Wear } from "~/domain/wear";
import { TRACKER_MESSAGES, NOTES_MAX_LENGTH, BUY_PRICE_MAX_DOLLARS } from "./resell-texts";

/** What the form checks against the skin: its enabled wears, its float range and today's date. */
export interface TrackerSkinRules {
  enabledWears: readonly Wear[];
  minFloat: number;
  maxFloat: number;
  /** Today's date "YYYY-MM-DD" in the user's time zone; later dates are refused. */
  today: string;
  /** The variants the skin comes in; "normal" when not given. */
  variants?: readonly Variant[];
  /** The sale date of a sold tracker: a bought date after it is refused. */
  soldAt?: string | null;
}

/**
 * The resell form (create and edit), one schema on both sides. Without `rules` it checks the
 * shape only (the browser before it knows the skin); the server always passes them.
 */
export function trackerSchema(rules?: TrackerSkinRules) {
  return z
    .object({
      skinId: z.string({ error: "Choose a skin." }).min(1, "Choose a skin.").max(200, "Choose a skin."),
      wear: z.enum(WEARS, { error: TRACKER_MESSAGES.wearOrFloat }).optional(),
      wearValue: z.number({ error: TRACKER_MESSAGES.float }).min(0, TRACKER_MESSAGES.float).max(1, TRACKER_MESSAGES.float).optional(),
      boughtAt: z
        .string({ error: TRACKER_MESSAGES.boughtAt })
        .max(10, TRACKER_MESSAGES.boughtAt)
        .refine(isCalendarDate, TRACKER_MESSAGES.boughtAt)
        .refine((date) => !rules || date <= rules.today, TRACKER_MESSAGES.futureDate)
        .refine((date) => !rules?.soldAt || date <= rules.soldAt, TRACKER_MESSAGES.afterSale),
      variant: z
        .enum(VARIANTS, { error: TRACKER_MESSAGES.variantImpossible })
        .default("normal")
        .refine((variant) => !rules || (rules.variants ?? ["normal"]).includes(variant), TRACKER_MESSAGES.variantImpossible),
      buyPrice: z
        .number({ error: TRACKER_MESSAGES.buyPrice })
        .min(0, TRACKER_MESSAGES.buyPrice)
        .max(BUY_PRICE_MAX_DOLLARS, TRACKER_MESSAGES.buyPrice)
        .refine(hasWholeCents, TRACKER_MESSAGES.buyPrice),
      notes: z.string().trim().max(NOTES_MAX_LENGTH, TRACKER_MESSAGES.notesTooLong).optional(),
    })
    .superRefine((value, ctx) => {
      if (value.wearValue === undefined) {
        if (value.wear === undefined) ctx.addIssue({ code: "custom", path: ["wear"], message: TRACKER_MESSAGES.wearOrFloat });
        else if (rules && !rules.enabledWears.includes(value.wear)) {
          ctx.addIssue({ code: "custom", path: ["wear"], message: TRACKER_MESSAGES.wearImpossible });
        }
        return;
      }
      const wear = wearForFloat(value.wearValue);
      if (wear === null) return; // already refused as not a valid float
      const possible = !rules || (rules.enabledWears.includes(wear) && value.wearValue >= rules.minFloat && value.wearValue <= rules.maxFloat);
      if (!possible) ctx.addIssue({ code: "custom", path: ["wearValue"], message: TRACKER_MESSAGES.floatImpossible });
    })
    .transform(({ buyPrice, notes, wear, wearValue, ...rest }) => ({
      ...rest,
      // A float decides its wear; the form clears the float when a wear is chosen.
      wear: (wearValue !== undefined ? wearForFloat(wearValue) : wear) as Wear,
      wearValue: wearValue ?? null,
      buyPriceCents: dollarsToCents(buyPrice),
      notes: notes ? notes : null,
    }));
}

export type TrackerInput = z.output<ReturnType<typeof trackerSchema>>;

/** What the resell form shows and checks: the skin, its enabled wears, today in the user's zone. */
export interface TrackerFormSkin {
  id: string;
  name: string;
  image: string;
  minFloat: number;
  maxFloat: number;
  stattrak: boolean;
  souvenir: boolean;
}
export interface TrackerFormContext {
  skin: TrackerFormSkin;
  enabledWears: Wear[];
  variants: Variant[];
  today: string;
  /** A sold tracker's sale date (the bought date may not be later). */
  soldAt: string | null;
  /** A new tracker's key, new on every load of the form: posted twice, it adds one tracker (ADR 090). */
  trackerKey?: string;
}

/** Delete and the other list actions name a tracker by its id. */
export const trackerIdSchema = z.coerce
  .number({ error: "Unknown tracker." })
  .int("Unknown tracker.")
  .positive("Unknown tracker.")
  .max(Number.MAX_SAFE_INTEGER, "Unknown tracker.");

/** The favourite toggle. */
export const favoriteSchema = z.object({
  intent: z.enum(["add", "remove"], { error: "Choose 'add' or 'remove'." }),
  skinId: z.string({ error: "Choose a skin." }).min(1, "Choose a skin.").max(200, "Choose a skin."),
  redirectTo: z.string().optional(),
  respond: z.literal("data").optional(),
});

/** What the favourite toggle's fetcher gets back. */
export type FavoriteAnswer = { ok: true; skinId: string; favorite: boolean } | { ok: false; error: string };
