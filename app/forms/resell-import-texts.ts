/**
 * The inventory import's messages and intents, apart from `./resell-import` (its schemas) so the
 * page loads zod only when its form is first used (issue 32).
 */
import { IMPORT_MAX_BYTES } from "~/domain/inventory-import";
import { ACCOUNT_LIMITS } from "~/domain/limits";

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
  /** A post without the fields of every row the preview offers (cut short by hand): the form is shown again from the preview. */
  incomplete: "The form did not carry every item of the preview. Nothing was imported; choose the items again.",
  /** The preview's inventory is kept for a day (and a few previews at once): an older one is read again. */
  expired: "This preview has expired. Nothing was imported; read the inventory again.",
  overLimit: `The chosen items do not fit: an account keeps at most ${count(ACCOUNT_LIMITS.trackers)} trackers. Choose fewer items; nothing was imported.`,
} as const;

/** The form's two steps: read the inventory into a preview, import the chosen rows. */
export const IMPORT_INTENTS = ["preview", "import"] as const;

export const IMPORT_FORM = "import";
