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
