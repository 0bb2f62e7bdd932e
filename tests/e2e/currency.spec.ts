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

test("in euros, a tracker bought for 12.50 typed in euros shows €12.50 back on the tracker and the profile, and no amount in dollars", async ({
  signedInPage: page,
}) => {
  await page.goto("/resell-tracker");
  const form = page
    .getByRole("banner")
    .getByTestId("currency-form")
    .filter({ has: page.locator("#header-currency") });
  await form.getByLabel("Currency").selectOption("EUR");
  await form.getByRole("button", { name: "Set" }).click();
  await expect(page.locator("#header-currency")).toHaveValue("EUR");

  await page.goto("/resell-tracker/new?skin=ak-47-redline");
  await page.getByLabel("Wear").selectOption("FT");
  await page.getByLabel("Bought date").fill("2026-01-02");
  await page.getByLabel("Buy price (€)").fill("12.50");
  await page.getByRole("button", { name: "Add Tracker" }).click();
  await expect(page.getByText("Resell tracker added!")).toBeVisible();
  await expect(page.getByTestId("tracker-card")).toContainText("€12.50");
  await expect(page.getByRole("main")).not.toContainText("$");

  await page.goto("/profile?tab=resell");
  await expect(page.getByRole("main")).toContainText("€12.50");
  await expect(page.getByRole("main")).not.toContainText("$");
});
