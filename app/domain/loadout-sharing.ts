import type { Money } from "./money";

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

/**
 * What a pasted link previews: the owner's description (or a plain one), the total cost and the
 * budget (when shown: written in the page's currency, as typed when typed in it).
 */
export function sharedLoadoutSummary(loadout: { description: string | null; budget: { budget: string } | null }, totalCents: number, money: Money): string {
  const cost = `Total cost ${money.format(totalCents)}${loadout.budget ? ` (budget ${loadout.budget.budget})` : ""}.`;
  const description = loadout.description?.trim().replace(/\s+/g, " ");
  return description ? `${description.length > 150 ? `${description.slice(0, 149)}…` : description} ${cost}` : `A CS2 loadout for T and CT. ${cost}`;
}

/**
 * What the owner chose a link to show besides the title, the slots and the total cost. Both are
 * off unless chosen: a description may hold the owner's notes, a budget what they can spend.
 */
export interface ShareChoices {
  showDescription: boolean;
  showBudget: boolean;
}

export const DEFAULT_SHARE_CHOICES: ShareChoices = { showDescription: false, showBudget: false };

/** The loadout as the link shows it: the description and the budget only when chosen (page, data, preview and a saved copy alike). */
export function sharedView<L extends { description: string | null; budgetCents: number | null }>(loadout: L, choices: ShareChoices): L {
  return {
    ...loadout,
    description: choices.showDescription ? loadout.description : null,
    budgetCents: choices.showBudget ? loadout.budgetCents : null,
  };
}

/** "a", "a and b", "a, b, and c" (with "or" for what is left out). */
function listed(items: readonly string[], conjunction: "and" | "or"): string {
  if (items.length < 3) return items.join(` ${conjunction} `);
  return `${items.slice(0, -1).join(", ")}, ${conjunction} ${items[items.length - 1]}`;
}

/** The share panel's sentence of exactly what a link with these choices shows, and what it does not. */
export function shareLinkShows(choices: ShareChoices): string {
  const shown = ["the title", "both sides' skins with their wear and price", "the total cost"];
  const hidden: string[] = [];
  (choices.showDescription ? shown : hidden).push("the description");
  (choices.showBudget ? shown : hidden).push("the budget");
  hidden.push("who you are");
  return `The link shows ${listed(shown, "and")}. It does not show ${listed(hidden, "or")}.`;
}
