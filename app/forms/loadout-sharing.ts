import { z } from "zod";

/**
 * The owner's share forms on /loadouts/user/{id}: create (or replace) the link, change what it
 * shows, or revoke it. Create and change carry the two choices (a checkbox sends "on"; unchecked,
 * nothing, which is "hidden").
 */
export const SHARE_INTENTS = ["share-create", "share-settings", "share-revoke"] as const;
const choice = z.literal("on", { error: "Unknown choice." }).optional();
export const shareLinkSchema = z.object({
  intent: z.enum(SHARE_INTENTS, { error: "Unknown action." }),
  showDescription: choice,
  showBudget: choice,
});

/** 'Save Loadout' on a shared loadout's page. */
export const copySharedLoadoutSchema = z.object({ intent: z.literal("copy", { error: "Unknown action." }) });
