import { z } from "zod";
import { dollarsToCents, hasWholeCents } from "~/domain/money";
import { notice } from "~/domain/notices";
import { ALERT_TARGET_MAX_CENTS, ALERT_VARIANTS } from "~/domain/price-alerts";
import { WEARS } from "~/domain/wear";

export const PRICE_ALERT_MESSAGES = {
  skin: "Choose a favourite skin.",
  wear: "Please select a wear.",
  wearImpossible: "This wear is not possible for this skin.",
  variant: "Please select Normal, StatTrak™ or Souvenir.",
  variantImpossible: "This skin does not come in that variant.",
  target: "Please enter a target price, for example 25.00.",
  targetPositive: "The target price must be more than 0.00.",
  targetMax: "The target price can be at most 100,000.00.",
  targetCents: "The target price can have at most two decimals (cents).",
  targetTooSmall: "The target price must be worth at least one US cent.",
  skinNotFound: "Skin not found.",
  notFavorite: "This skin is not one of your favourites. Add it to your favourites to set a price alert.",
  saved: notice("priceAlerts", "alert-saved"),
  savedBelow: notice("priceAlerts", "alert-saved-below"),
  removed: notice("priceAlerts", "alert-removed"),
  saveFailed: "The price alert could not be saved. Please try again.",
  removeFailed: "The price alert could not be removed. Please try again.",
} as const;

const skinId = z.string({ error: PRICE_ALERT_MESSAGES.skin }).min(1, PRICE_ALERT_MESSAGES.skin).max(200, PRICE_ALERT_MESSAGES.skin);

/** Set or change the alert of a favourite (one schema for the browser and the action). */
export const priceAlertSchema = z.object({
  skinId,
  wear: z.enum(WEARS, { error: PRICE_ALERT_MESSAGES.wear }),
  // Skins without StatTrak™ or Souvenir have no variant field: normal.
  variant: z.enum(ALERT_VARIANTS, { error: PRICE_ALERT_MESSAGES.variant }).optional(),
  target: z
    .number({ error: PRICE_ALERT_MESSAGES.target })
    .refine(Number.isFinite, PRICE_ALERT_MESSAGES.target)
    .refine((dollars) => dollars > 0, PRICE_ALERT_MESSAGES.targetPositive)
    .refine((dollars) => dollars <= ALERT_TARGET_MAX_CENTS / 100, PRICE_ALERT_MESSAGES.targetMax)
    .refine(hasWholeCents, PRICE_ALERT_MESSAGES.targetCents),
});

/**
 * What the server writes from a valid form: the variant (normal when the form had none) and the
 * target in minor units of the page's currency, which it was typed in (stored in US cents by the action).
 */
export function priceAlertWrite({ skinId, wear, variant, target }: z.output<typeof priceAlertSchema>) {
  return { skinId, wear, variant: variant ?? "normal", targetMinor: dollarsToCents(target) } as const;
}

/** Remove the alert of a favourite. */
export const removePriceAlertSchema = z.object({ skinId });
