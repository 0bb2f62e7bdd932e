import { z } from "zod";
import { MARKETS, MAX_FEE_BASIS_POINTS } from "~/domain/market-fees";
import { dollarsToCents, hasWholeCents } from "~/domain/money";
import { isCalendarDate } from "~/domain/trade-lock";
import { BUY_PRICE_MAX_DOLLARS } from "./resell-texts";
import { SALE_MESSAGES } from "./sale-texts";

/** What the sale's date is checked against: the item's bought date and today in the user's zone. */
export interface SaleRules {
  boughtAt: string;
  today: string;
}

/**
 * Recording or correcting a sale: what the buyer paid (in the page's currency), the date, the market, and optionally the
 * player's own fee in percent (else the market's default). One schema on both sides; without
 * `rules` (the browser before it knows the dates) the dates are checked for shape only.
 */
export function saleSchema(rules?: SaleRules) {
  return z
    .object({
      intent: z.literal("sell"),
      salePrice: z
        .number({ error: SALE_MESSAGES.salePrice })
        .min(0, SALE_MESSAGES.salePrice)
        .max(BUY_PRICE_MAX_DOLLARS, SALE_MESSAGES.salePrice)
        .refine(hasWholeCents, SALE_MESSAGES.salePrice),
      soldAt: z
        .string({ error: SALE_MESSAGES.soldAt })
        .max(10, SALE_MESSAGES.soldAt)
        .refine(isCalendarDate, SALE_MESSAGES.soldAt)
        .refine((date) => !rules || date >= rules.boughtAt, SALE_MESSAGES.beforeBought)
        .refine((date) => !rules || date <= rules.today, SALE_MESSAGES.future),
      market: z.enum(MARKETS, { error: SALE_MESSAGES.market }),
      feePercent: z
        .number({ error: SALE_MESSAGES.fee })
        .min(0, SALE_MESSAGES.fee)
        .max(MAX_FEE_BASIS_POINTS / 100, SALE_MESSAGES.fee)
        .refine(hasWholeCents, SALE_MESSAGES.fee)
        .optional(),
    })
    .transform(({ salePrice, feePercent, soldAt, market }) => ({
      // In the minor units of the page's currency: the action stores it in US cents (docs/features/currency.md).
      priceMinor: dollarsToCents(salePrice),
      soldAt,
      market,
      feeBasisPoints: feePercent === undefined ? null : Math.round(feePercent * 100),
    }));
}

export type SaleInput = z.output<ReturnType<typeof saleSchema>>;
