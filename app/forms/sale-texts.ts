/**
 * The sale form's messages and intents, apart from `./sale` (its schema) so a page loads zod only
 * when its form is first used (issue 32).
 */
export const SALE_MESSAGES = {
  salePrice: "Please enter a valid sale price.",
  soldAt: "Please select the date you sold this skin.",
  beforeBought: "The sale date cannot be before the bought date.",
  future: "The sale date cannot be in the future.",
  market: "Please choose the market you sold on.",
  fee: "Please enter a fee from 0 to 99.99 %.",
  notFound: "Tracker not found.",
  notSold: "This tracker has no sale to undo.",
  failed: "The sale could not be saved. Please try again.",
} as const;

/** The sale form's two intents: record (or correct) the sale, undo it. */
export const SALE_INTENTS = ["sell", "undo"] as const;
