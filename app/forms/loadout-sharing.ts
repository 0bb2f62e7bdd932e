import { z } from "zod";

/** The owner's share forms on /loadouts/user/{id}: create (or replace) the link, or revoke it. */
export const SHARE_INTENTS = ["share-create", "share-revoke"] as const;
export const shareLinkSchema = z.object({ intent: z.enum(SHARE_INTENTS, { error: "Unknown action." }) });

/** 'Save Loadout' on a shared loadout's page. */
export const copySharedLoadoutSchema = z.object({ intent: z.literal("copy", { error: "Unknown action." }) });
