import { describe, expect, it } from "vitest";
import {
  DEFAULT_SHARE_CHOICES,
  parseShareToken,
  SHARE_TOKEN_BYTES,
  shareLinkShows,
  sharedLoadoutPath,
  sharedLoadoutSummary,
  sharedView,
} from "~/domain/loadout-sharing";
import { randomToken } from "~/server/auth/tokens.server";
import { US_DOLLARS } from "~/domain/money";

describe("share tokens", () => {
  it("are at least 128 random bits, and every one made is read back as a token", () => {
    expect(SHARE_TOKEN_BYTES * 8).toBeGreaterThanOrEqual(128);
    const made = Array.from({ length: 200 }, () => randomToken(SHARE_TOKEN_BYTES));
    expect(new Set(made).size).toBe(made.length);
    for (const token of made) expect(parseShareToken(token)).toBe(token);
  });

  it("refuses anything else before a query is made", () => {
    for (const value of [undefined, "", "short", "A".repeat(31), "A".repeat(33), `${"A".repeat(31)}=`, `${"A".repeat(31)}/`, `${"A".repeat(31)}.`]) {
      expect(parseShareToken(value)).toBeNull();
    }
    expect(sharedLoadoutPath("A".repeat(32))).toBe(`/loadouts/shared/${"A".repeat(32)}`);
  });
});

describe("a shared link's preview text", () => {
  it("names the total cost and the budget after the owner's description", () => {
    expect(sharedLoadoutSummary({ description: "Cheap but loud.", budget: { budget: "$250.00" } }, 4_676, US_DOLLARS)).toBe(
      "Cheap but loud. Total cost $46.76 (budget $250.00).",
    );
    expect(sharedLoadoutSummary({ description: null, budget: null }, 0, US_DOLLARS)).toBe("A CS2 loadout for T and CT. Total cost $0.00.");
  });

  it("keeps a long description to one line of about 150 characters", () => {
    const summary = sharedLoadoutSummary({ description: `${"word ".repeat(60)}\n\nmore`, budget: null }, 100, US_DOLLARS);
    expect(summary).toMatch(/^word word .*… Total cost \$1\.00\.$/);
    expect(summary.length).toBeLessThan(180);
  });
});

describe("what a link shows", () => {
  const loadout = { title: "Mine", description: "Notes to self", budgetCents: 25_000 };

  it("by default neither the description nor the budget, and the panel says so", () => {
    expect(sharedView(loadout, DEFAULT_SHARE_CHOICES)).toEqual({ title: "Mine", description: null, budgetCents: null });
    expect(shareLinkShows(DEFAULT_SHARE_CHOICES)).toBe(
      "The link shows the title, both sides' skins with their wear and price, and the total cost. It does not show the description, the budget, or who you are.",
    );
  });

  it("each only when chosen", () => {
    expect(sharedView(loadout, { showDescription: true, showBudget: false })).toEqual({ title: "Mine", description: "Notes to self", budgetCents: null });
    expect(sharedView(loadout, { showDescription: false, showBudget: true })).toEqual({ title: "Mine", description: null, budgetCents: 25_000 });
    expect(shareLinkShows({ showDescription: true, showBudget: true })).toBe(
      "The link shows the title, both sides' skins with their wear and price, the total cost, the description, and the budget. It does not show who you are.",
    );
  });
});
