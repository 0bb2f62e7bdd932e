/**
 * The resell form's messages, names and limits the pages show, apart from `./resell` (its schema)
 * so a page loads zod only when its form is first used (issue 32).
 */
/** Spec section 5, word for word. */
export const TRACKER_MESSAGES = {
  float: "Please enter a valid float value.",
  floatImpossible: "This float is not possible for this skin.",
  wearOrFloat: "Please select a wear or enter a float value.",
  wearImpossible: "This wear is not possible for this skin.",
  boughtAt: "Please select the date you bought this skin.",
  futureDate: "The bought date cannot be in the future.",
  buyPrice: "Please enter a valid buy price.",
  notesTooLong: "Notes can be at most 1000 characters.",
  variantImpossible: "This skin does not come in that variant.",
  afterSale: "The bought date cannot be after the sale date.",
  failed: "An error occurred. Please try again.",
} as const;

export const NOTES_MAX_LENGTH = 1000;

/** Above any real skin price; keeps cents inside SQLite's and JavaScript's safe integers. */
export const BUY_PRICE_MAX_DOLLARS = 1_000_000;

/** The resell form's name in its actions' replies (it has one form and no intent field). */
export const TRACKER_FORM = "tracker";

/** The new-tracker form's hidden key, which the tracker keeps as its export key (ADR 090). */
export const TRACKER_KEY_FIELD = "trackerKey";
