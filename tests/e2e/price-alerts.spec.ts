import { expectAccessibleState } from "./axe";
import { expect, test, withJs } from "./fixtures";

// A refused target answers 400 by design (the form comes back with its message).
test.use({ allowedConsoleErrors: [/the server responded with a status of 400/] });

const REDLINE = "AK-47 | Redline";

test("a price alert is set from the profile, shows, is changed and removed", async ({ signedInPage: page }, testInfo) => {
  test.setTimeout(90_000);

  // A favourite first, from the skin page; its "Set a price alert" link opens the alert's card.
  await page.goto("/skins/ak-47-redline");
  await page.getByRole("button", { name: "Favorite" }).click();
  await expect(page.getByRole("button", { name: "Favorite" })).toHaveAttribute("aria-pressed", "true");
  await page.getByRole("link", { name: "Set a price alert" }).click();
  await expect(page).toHaveURL(/\/profile\?tab=favorites#alert-ak-47-redline$/);

  const alerts = page.getByRole("region", { name: "Price alerts" });
  const card = alerts.getByRole("listitem").filter({ has: page.getByRole("heading", { name: REDLINE }) });
  await expect(card.getByText("No price alert yet.")).toBeVisible();

  // With JavaScript the shared schema answers before anything is sent.
  if (withJs(testInfo)) {
    await card.getByLabel("Target price ($)").fill("0");
    await card.getByRole("button", { name: "Set alert" }).click();
    await expect(card.getByText("The target price must be more than 0.00.")).toBeVisible();
    await expect(card.getByLabel("Target price ($)")).toHaveAttribute("aria-invalid", "true");
  }

  await card.getByLabel("Wear").selectOption({ label: "Field-Tested" });
  await card.getByLabel("Target price ($)").fill("25");
  await card.getByRole("button", { name: "Set alert" }).click();
  await expect(page).toHaveURL(/notice=alert-saved.*#alert-ak-47-redline$/);
  await expect(card.getByRole("status")).toContainText("Price alert saved.");
  await expect(card.getByTestId("alert-status")).toContainText(`Mail me when ${REDLINE} (Field-Tested) drops below $25.00. Now: $`);
  await expect(card.getByLabel("Target price ($)")).toHaveValue("25.00");

  // It is still there on the next visit; change wear, variant and target.
  await page.goto("/profile");
  await expect(card.getByTestId("alert-status")).toContainText(`${REDLINE} (Field-Tested) drops below $25.00`);
  await card.getByLabel("Wear").selectOption({ label: "Minimal Wear" });
  await card.getByLabel("Variant").selectOption({ label: "StatTrak™" });
  await card.getByLabel("Target price ($)").fill("12.50");
  await card.getByRole("button", { name: "Save alert" }).click();
  await expect(card.getByTestId("alert-status")).toContainText(`Mail me when StatTrak™ ${REDLINE} (Minimal Wear) drops below $12.50.`);
  await expect(card.getByLabel("Wear")).toHaveValue("MW");

  // The card is accessible with an alert set (the a11y rows check the profile without favourites).
  if (withJs(testInfo)) {
    await expectAccessibleState(page, "the price alerts with an alert set", "#price-alerts");
    // Nothing scrolls sideways on a small phone.
    await page.setViewportSize({ width: 320, height: 700 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    if (process.env.ALERT_SCREENSHOTS) await page.screenshot({ path: "/tmp/alerts-320.png", fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
    if (process.env.ALERT_SCREENSHOTS) await card.screenshot({ path: "/tmp/alerts-card.png" });
  }

  await card.getByRole("button", { name: "Remove alert" }).click();
  await expect(card.getByRole("status")).toHaveText("Price alert removed.");
  await expect(card.getByText("No price alert yet.")).toBeVisible();
  await expect(card.getByRole("button", { name: "Remove alert" })).toHaveCount(0);
  await page.goto("/profile");
  await expect(card.getByText("No price alert yet.")).toBeVisible();
});
