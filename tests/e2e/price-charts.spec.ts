import { expectAccessibleState } from "./axe";
import type { Locator, Page } from "@playwright/test";
import { expect, test, withJs } from "./fixtures";

/** Axe on one section as it is now (tooltip open, table shown), at 1280 and 390 px: tests/e2e/a11y.spec.ts checks the pages as they load. */
async function expectAccessible(page: Page, section: Locator) {
  const id = (await section.getAttribute("id")) ?? (await section.evaluate((element) => (element.id ||= "axe-section")));
  await expectAccessibleState(page, `#${id}`, `#${id}`);
}

// The e2e server's state is seeded by migrations/seed/run.ts, with its 90 days of demo history.
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

test("the skin page shows a price chart and switches its range and wear through the URL", async ({ page }, testInfo) => {
  await page.goto("/skins/ak-47-redline");
  const history = page.getByRole("region", { name: "Price history" });
  const chart = history.getByRole("img", { name: "Minimal Wear price, last 30 days" });
  await expect(chart).toBeVisible();
  const summary = history.getByTestId("price-summary");
  await expect(summary).toContainText(/Min\s*\$[\d.]+\s*Average\s*\$[\d.]+\s*Max\s*\$[\d.]+/);
  const thirtyDays = await summary.innerText();
  await expect(history.getByRole("link", { name: "30 days" })).toHaveAttribute("aria-current", "true");

  await history.getByRole("link", { name: "7 days" }).click();
  await expect(page).toHaveURL(/\/skins\/ak-47-redline\?range=7#price-history$/);
  await expect(history.getByRole("img", { name: "Minimal Wear price, last 7 days" })).toBeVisible();
  await expect(history.getByRole("link", { name: "7 days" })).toHaveAttribute("aria-current", "true");
  await expect(summary).not.toHaveText(thirtyDays);
  await history.getByText("Show the prices as a table").click();
  await expect(history.getByRole("table").getByRole("row")).toHaveCount(8);

  // Another wear keeps the range; the range links then keep the wear.
  await history.getByRole("link", { name: "FT" }).click();
  await expect(page).toHaveURL(/\/skins\/ak-47-redline\?range=7&wear=FT#price-history$/);
  await expect(history.getByRole("img", { name: "Field-Tested price, last 7 days" })).toBeVisible();
  await history.getByRole("link", { name: "90 days" }).click();
  await expect(page).toHaveURL(/\?range=90&wear=FT#price-history$/);
  await expect(history.getByRole("img", { name: "Field-Tested price, last 90 days" })).toBeVisible();

  // A market's own history, range and wear kept: Steam's prices run above the cheapest listing's.
  const minOf = (text: string) => Number(/Min\s*\$([\d,.]+)/.exec(text)![1]!.replace(/,/g, ""));
  const cheapest = (await summary.textContent())!;
  await history.getByRole("link", { name: "Steam Community Market" }).click();
  await expect(page).toHaveURL(/\?range=90&wear=FT&market=steam#price-history$/);
  await expect(history.getByRole("img", { name: "Field-Tested price on Steam Community Market, last 90 days" })).toBeVisible();
  await expect(history.getByRole("link", { name: "Steam Community Market" })).toHaveAttribute("aria-current", "true");
  expect(minOf((await summary.textContent())!)).toBeGreaterThan(minOf(cheapest));
  await history.getByRole("link", { name: "Cheapest listing" }).click();
  await expect(page).toHaveURL(/\?range=90&wear=FT#price-history$/);
  await expect(summary).toHaveText(cheapest);

  if (withJs(testInfo)) {
    // Hovering shows the day and its price; the keyboard moves along the days.
    const svg = history.getByTestId("price-chart-svg");
    await svg.scrollIntoViewIfNeeded();
    const box = (await svg.boundingBox())!;
    await page.mouse.move(box.x + box.width - 2, box.y + box.height / 2);
    const tooltip = history.getByTestId("price-chart-tooltip");
    const today = new Date();
    const label = `${today.toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone: "UTC" })}, ${today.getUTCFullYear()}`;
    await expect(tooltip).toContainText(label);
    await expect(tooltip).toContainText(/\$\d+\.\d\d/);
    await svg.focus();
    await page.keyboard.press("Home");
    await expect(tooltip).toContainText(new Date(`${daysAgo(89)}T00:00:00Z`).toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone: "UTC" }));
    // The table opened above stays open across the client-side navigations, with the new range's days.
    await expect(history.getByRole("table")).toBeVisible();
    await expect(history.getByRole("table").getByRole("row")).toHaveCount(91);
    await expect(history.getByRole("table").getByRole("row").last()).toContainText(label);
    await expectAccessible(page, history);
  }
  // StatTrak prices beside the normal ones (the Redline comes from cases).
  await expect(page.getByTestId("wear-FT")).toContainText(/StatTrak™ \$\d+\.\d\d/);
});

test("the resell tracker charts a signed-in user's portfolio against what they invested", async ({ signedInPage: page }, testInfo) => {
  await page.goto("/resell-tracker");
  const portfolio = page.getByTestId("portfolio-history");
  await expect(portfolio).toContainText("Nothing tracked yet.");

  await page.goto("/resell-tracker/new?skin=ak-47-redline");
  await page.getByLabel("Wear").selectOption("FT");
  await page.getByLabel("Bought date").fill(daysAgo(20));
  await page.getByLabel("Buy price ($)").fill("5.00");
  await page.getByRole("button", { name: "Add Tracker" }).click();
  await expect(page).toHaveURL(/\/resell-tracker\?notice=added$/);

  const chart = portfolio.getByRole("img", { name: "Portfolio value against invested, last 90 days" });
  await expect(chart).toBeVisible();
  await expect(portfolio.getByRole("list", { name: "Legend" })).toContainText("Value");
  await expect(portfolio.getByRole("list", { name: "Legend" })).toContainText("Invested");
  await portfolio.getByText("Show the prices as a table").click();
  const lastRow = portfolio.getByRole("table").getByRole("row").last();
  await expect(lastRow).toContainText(/\$\d+\.\d\d\s*\$5\.00/);
  if (withJs(testInfo)) {
    // The middle of 90 days lies before the purchase; End goes to today.
    await portfolio.getByTestId("price-chart-svg").hover();
    await expect(portfolio.getByTestId("price-chart-tooltip")).toContainText("Invested: No data");
    await portfolio.getByTestId("price-chart-svg").focus();
    await page.keyboard.press("End");
    await expect(portfolio.getByTestId("price-chart-tooltip")).toContainText(/Value: \$\d+\.\d\dInvested: \$5\.00/);
    await expectAccessible(page, portfolio);
  }
});
