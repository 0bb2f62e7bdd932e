import type { Locator } from "@playwright/test";
import { expect, test } from "./fixtures";
import { createLoadout, pickSkin } from "./loadout-setup";

// A refused Apply (the loadout changed in another tab) answers 409, which the browser notes.
test.use({ allowedConsoleErrors: [/the server responded with a status of 409/] });

const cents = async (locator: Locator) => Math.round(Number((await locator.textContent())!.replace(/[$,]/g, "")) * 100);

test("a player previews, cancels, then fills the empty T-Side slots within the budget", async ({ signedInPage: page, user, baseURL }) => {
  const id = await createLoadout(baseURL!, user, { title: "Fill to the brim", budget: "80" });
  await pickSkin(baseURL!, user, id, { slot: "ak47_tside", skinId: "ak-47-redline", wear: "FT" });

  await page.goto(`/loadouts/user/${id}`);
  await page.getByRole("link", { name: "Fill empty slots within budget" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Fill empty slots within budget" })).toBeVisible();
  await expect(page.getByText("Fills as many empty slots as the budget left allows, then prefers higher rarity")).toBeVisible();
  await expect(page.getByRole("link", { name: "T-Side", exact: true })).toHaveAttribute("aria-current", "page");
  const proposed = page.getByRole("list", { name: "Proposed skins" }).getByRole("listitem");
  await expect(proposed.first()).toBeVisible();
  await expect(page.getByTestId("proposed-ak47_tside")).toHaveCount(0);
  const glock = (await page.getByTestId("proposed-glock_tside").getByRole("link").textContent())!;
  expect(await cents(page.getByTestId("fill-new-total"))).toBeLessThanOrEqual(8000);

  // Cancel writes nothing.
  await page.getByRole("link", { name: "Cancel" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Fill to the brim" })).toBeVisible();
  await expect(page.getByTestId("slot-glock_tside")).toContainText("Empty");

  // StatTrak™ on request: StatTrak™ skins at their StatTrak™ prices; the same switch goes back to Normal.
  await page.getByRole("link", { name: "Fill empty slots within budget" }).click();
  const variants = page.getByRole("navigation", { name: "Skins to propose" });
  await expect(variants.getByRole("link", { name: "Normal" })).toHaveAttribute("aria-current", "page");
  await variants.getByRole("link", { name: "StatTrak™" }).click();
  await expect(page).toHaveURL(/[?&]side=t&variant=stattrak$/);
  await expect(page.getByRole("heading", { level: 2, name: "Proposal: T-Side, StatTrak™" })).toBeVisible();
  await expect(page.getByTestId("fill-stattrak-note")).toContainText("only skins that come in StatTrak™ are proposed");
  await expect(proposed.first()).toContainText("StatTrak™ price");
  await variants.getByRole("link", { name: "Normal" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Proposal: T-Side", exact: true })).toBeVisible();

  // Apply writes the whole proposal; the filled AK-47 stays as it was.
  const newTotal = await page.getByTestId("fill-new-total").textContent();
  const count = await proposed.count();
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByText("Empty slots filled within your budget.")).toBeVisible();
  await expect(page.getByTestId("slot-glock_tside")).toContainText(glock);
  await expect(page.getByTestId("slot-ak47_tside")).toContainText("AK-47 | Redline");
  await expect(page.getByTestId("slot-ak47_tside")).toContainText("Field-Tested");
  await expect(page.getByTestId("total-cost")).toHaveText(newTotal!);
  await expect(page.getByTestId("over-budget")).toHaveCount(0);
  await expect(page.locator('[data-testid^="slot-"]', { hasText: "Empty" })).toHaveCount(26 - 1 - count);
});

test("Apply after the loadout changed in another tab is refused, and the fresh proposal can be applied", async ({ signedInPage: page, user, baseURL }) => {
  const id = await createLoadout(baseURL!, user, { title: "Two tabs", budget: "50" });
  await page.goto(`/loadouts/user/${id}/fill?side=ct`);
  await expect(page.getByRole("heading", { level: 2, name: "Proposal: CT-Side" })).toBeVisible();
  await expect(page.getByTestId("proposed-usps_ctside")).toBeVisible();

  // Meanwhile, another tab puts a skin into the USP-S slot.
  await pickSkin(baseURL!, user, id, { slot: "usps_ctside", skinId: "usp-s-check-engine", wear: "FT" });
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByRole("alert")).toContainText("This loadout was changed elsewhere (another tab or window) since this page was opened.");
  await expect(page.getByTestId("proposed-usps_ctside")).toHaveCount(0);

  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByText("Empty slots filled within your budget.")).toBeVisible();
  await expect(page).toHaveURL(/\?notice=filled&side=ct$/);
  await expect(page.getByTestId("slot-usps_ctside")).toContainText("USP-S | Check Engine");
});

test("over budget, the fill page says by how much, proposes nothing and leads back", async ({ signedInPage: page, user, baseURL }) => {
  const id = await createLoadout(baseURL!, user, { title: "Already too dear", budget: "1" });
  await pickSkin(baseURL!, user, id, { slot: "ak47_tside", skinId: "ak-47-redline", wear: "FT" });

  await page.goto(`/loadouts/user/${id}`);
  const over = (await page.getByTestId("over-budget").textContent())!;
  await page.getByRole("link", { name: "Fill empty slots within budget" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Fill empty slots within budget" })).toBeVisible();
  // The cost panel shows the over-budget amount as the loadout page does, and the page says it.
  await expect(page.getByTestId("fill-over-budget")).toHaveText(over);
  await expect(page.getByTestId("fill-over-budget-message")).toHaveText(
    `This loadout is already ${over} over its budget, so nothing can be added and nothing is proposed. Remove a skin or raise the budget first.`,
  );
  await expect(page.getByText(/Nothing fits/)).toHaveCount(0);
  await expect(page.getByRole("list", { name: "Proposed skins" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Apply" })).toHaveCount(0);

  await page.getByRole("link", { name: "Back to the loadout" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Already too dear" })).toBeVisible();
});

test("on Steam's prices: the loadout's market carries to the proposal, and Apply comes back on it", async ({ signedInPage: page, user, baseURL }) => {
  const id = await createLoadout(baseURL!, user, { title: "Bought on Steam", budget: "40" });
  await page.goto(`/loadouts/user/${id}`);
  await page.getByRole("combobox", { name: "Market" }).selectOption({ label: "Steam Community Market" });
  await page.getByRole("button", { name: "Show prices" }).click();
  await expect(page).toHaveURL(/\?market=steam$/);
  await page.getByRole("link", { name: "Fill empty slots within budget" }).click();
  await expect(page).toHaveURL(/\/fill\?side=t&market=steam$/);
  await expect(page.getByTestId("price-market")).toHaveText("Prices: Steam Community Market");
  const steamTotal = (await page.getByTestId("fill-new-total").textContent())!;
  expect(await cents(page.getByTestId("fill-new-total"))).toBeLessThanOrEqual(4000);
  // The side and variant links keep the market.
  const sides = page.getByRole("navigation", { name: "Side to fill" });
  await expect(sides.getByRole("link", { name: "CT-Side" })).toHaveAttribute("href", /market=steam/);

  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(new RegExp(`/loadouts/user/${id}\\?notice=filled&market=steam$`));
  await expect(page.getByText("Empty slots filled within your budget.")).toBeVisible();
  await expect(page.getByTestId("price-market")).toHaveText("Prices: Steam Community Market");
  await expect(page.getByTestId("total-cost")).toHaveText(steamTotal);
});
