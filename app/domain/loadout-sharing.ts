import { formatDollars } from "./money";

/** A share link's token: 24 random bytes (192 bits) in base64url, 32 characters. */
export const SHARE_TOKEN_BYTES = 24;
const SHARE_TOKEN = /^[A-Za-z0-9_-]{32}$/;

/** The token from a URL segment; null for anything that cannot be one (answered 404 without a query). */
export function parseShareToken(value: unknown): string | null {
  return typeof value === "string" && SHARE_TOKEN.test(value) ? value : null;
}

export function sharedLoadoutPath(token: string): string {
  return `/loadouts/shared/${token}`;
}

/** What a pasted link previews: the owner's description (or a plain one), the total cost and the budget. */
export function sharedLoadoutSummary(loadout: { description: string | null; budgetCents: number | null }, totalCents: number): string {
  const cost = `Total cost ${formatDollars(totalCents)}${loadout.budgetCents === null ? "" : ` (budget ${formatDollars(loadout.budgetCents)})`}.`;
  const description = loadout.description?.trim().replace(/\s+/g, " ");
  return description ? `${description.length > 150 ? `${description.slice(0, 149)}…` : description} ${cost}` : `A CS2 loadout for T and CT. ${cost}`;
}
