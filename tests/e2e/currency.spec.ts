import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

// The e2e server's seed writes demo rates (migrations/seed/demo-rates.ts): one euro buys 1.08 US dollars.
test("choosing EUR in the header shows a skin page in euros with the rate's day, and the choice stays", async ({ page }) => {
  await page.goto("/skins/ak-47-redline");
  await expect(page.getByTestId("currency-note")).toHaveText("Prices are estimates in US dollars.");
  // The header's form (the menu on narrow screens holds a second one).
  const form = page
    .getByRole("banner")
    .getByTestId("currency-form")
    .filter({ has: page.locator("#header-currency") });
  await form.getByLabel("Currency").selectOption("EUR");
  await form.getByRole("button", { name: "Set" }).click();
  await expect(page).toHaveURL(/\/skins\/ak-47-redline$/);
  await expect(page.getByTestId("currency-note")).toContainText(
    "Prices are estimates in Euros, converted from US dollars at the European Central Bank's reference rate of 2026-11-30.",
  );
  await expect(page.getByRole("main")).toContainText("€");
  await expect(page.getByRole("main")).not.toContainText("$");
  // The home page shows no amounts; its footer names the chosen currency, kept by the cookie.
  await page.goto("/");
  await expect(page.getByTestId("currency-note")).toContainText("Prices are estimates in Euros");
  await expect(page.locator("#header-currency")).toHaveValue("EUR");
});

/** Chooses euros in the header's form, from `path`. */
async function chooseEuros(page: Page, path: string) {
  await page.goto(path);
  const form = page
    .getByRole("banner")
    .getByTestId("currency-form")
    .filter({ has: page.locator("#header-currency") });
  await form.getByLabel("Currency").selectOption("EUR");
  await form.getByRole("button", { name: "Set" }).click();
  await expect(page.locator("#header-currency")).toHaveValue("EUR");
}

/** In euros, an AK-47 | Redline (Field-Tested) bought on 2 January 2026 for 12.50 typed in euros. */
async function trackInEuros(page: Page) {
  await chooseEuros(page, "/resell-tracker");
  await page.goto("/resell-tracker/new?skin=ak-47-redline");
  await page.getByLabel("Wear").selectOption("FT");
  await page.getByLabel("Bought date").fill("2026-01-02");
  await page.getByLabel("Buy price (€)").fill("12.50");
  await page.getByRole("button", { name: "Add Tracker" }).click();
  await expect(page.getByText("Resell tracker added!")).toBeVisible();
}

test("in euros, a tracker bought for 12.50 typed in euros shows €12.50 back on the tracker and the profile, and no amount in dollars", async ({
  signedInPage: page,
}) => {
  await trackInEuros(page);
  await expect(page.getByTestId("tracker-card")).toContainText("€12.50");
  await expect(page.getByRole("main")).not.toContainText("$");

  await page.goto("/profile?tab=resell");
  await expect(page.getByRole("main")).toContainText("€12.50");
  await expect(page.getByRole("main")).not.toContainText("$");
});

test("in euros, a sale typed at 20.00 shows €20.00 back, with the profit from the typed figures", async ({ signedInPage: page }) => {
  await trackInEuros(page);
  const card = page.getByTestId("tracker-card");
  await card.getByRole("link", { name: "Record sale" }).click();
  await expect(page.getByText("bought Jan 2, 2026 for €12.50.")).toBeVisible();
  await page.getByLabel("Sale price (€)").fill("20.00");
  await page.getByLabel("Sold date").fill("2026-01-10");
  await page.getByLabel("Market").selectOption("other");
  await page.getByRole("button", { name: "Record Sale" }).click();
  await expect(page.getByText("Sale recorded. The item is in the Sold view.")).toBeVisible();
  await expect(card).toContainText("Sale price€20.00");
  await expect(card.getByTestId("tracker-profit")).toHaveText("+€7.50 (+60.0%)");
  await expect(card).not.toContainText("$");
  // Correcting it, the form shows the price as typed.
  await card.getByRole("link", { name: "Correct sale" }).click();
  await expect(page.getByLabel("Sale price (€)")).toHaveValue("20.00");
});

test("in euros, a loadout's budget typed at 50 shows €50.00 back", async ({ signedInPage: page }) => {
  await chooseEuros(page, "/loadouts");
  await page.getByRole("link", { name: "Create New Loadout" }).click();
  await page.getByLabel("Title").fill("Euro budget");
  await page.getByLabel("Budget in € (optional)").fill("50");
  await page.getByRole("button", { name: "Create Loadout" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Edit Loadout" })).toBeVisible();
  await expect(page.getByLabel("Budget in € (optional)")).toHaveValue("50.00");
  await expect(page.getByTestId("budget")).toHaveText("€50.00");
  await expect(page.getByTestId("total-cost")).toHaveText("€0.00");
  await page.goto("/loadouts");
  await expect(page.getByRole("main")).toContainText("Budget €50.00");
});

test("in euros, a price alert's target typed at 20 shows €20.00 back", async ({ signedInPage: page }) => {
  await chooseEuros(page, "/skins/ak-47-redline");
  await page.getByRole("button", { name: "Favorite" }).click();
  await expect(page.getByRole("button", { name: "Favorite" })).toHaveAttribute("aria-pressed", "true");
  await page.getByRole("link", { name: "Set a price alert" }).click();
  const card = page
    .getByRole("region", { name: "Price alerts" })
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: "AK-47 | Redline" }) });
  await card.getByLabel("Wear").selectOption({ label: "Field-Tested" });
  await card.getByLabel("Target price (€)").fill("20");
  await card.getByRole("button", { name: "Set alert" }).click();
  await expect(card.getByRole("status")).toContainText("Price alert saved.");
  await expect(card.getByTestId("alert-status")).toContainText("AK-47 | Redline (Field-Tested) drops below €20.00. Now: €");
  await expect(card.getByLabel("Target price (€)")).toHaveValue("20.00");
});
