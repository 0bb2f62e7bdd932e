import { expectAccessibleState } from "./axe";
import { expect, test } from "./fixtures";

// Validation errors answer 400 by design (the form comes back with its message).
test.use({ allowedConsoleErrors: [/the server responded with a status of 400/] });

const REDLINE = "ak-47-redline";

test("a StatTrak tracker at the StatTrak price, sold on Skinport with profit after 8 %, corrected views, then undone", async ({ signedInPage: page }) => {
  test.setTimeout(90_000);
  // The StatTrak Field-Tested price the skin page shows.
  await page.goto(`/skins/${REDLINE}`);
  const statTrakPrice = (await page
    .getByTestId("wear-FT")
    .getByText(/^StatTrak™ \$/)
    .textContent())!.replace("StatTrak™ ", "");

  // Track it as StatTrak, bought for $20.00 with a float: the form shows the float within the skin's range.
  await page.goto(`/resell-tracker/new?skin=${REDLINE}`);
  await page.getByLabel("Variant").selectOption({ label: "StatTrak™" });
  await page.getByLabel("Float").fill("0.25");
  await page.getByLabel("Bought date").fill("2026-01-02");
  await page.getByLabel("Buy price ($)").fill("20.00");
  await page.getByRole("button", { name: "Add Tracker" }).click();
  await expect(page).toHaveURL(/\/resell-tracker\?notice=added$/);

  const card = page.getByTestId("tracker-card");
  await expect(card).toContainText("StatTrak™ · Field-Tested · Float 0.2500");
  await expect(card).toContainText(`Current price${statTrakPrice}`);
  await expect(card.getByTestId("float-in-range")).toHaveText("Float in its range: 0.2500 (25.0 %)");
  // Break-even after each market's fee: Steam's buyer price for $20.00 received is $23.00.
  await expect(card.getByTestId("break-even")).toContainText("Steam Community Market $23.00 · Skinport $21.74");

  // Record the sale: a date before the purchase is refused first.
  await card.getByRole("link", { name: "Record sale" }).click();
  await expect(page.getByRole("heading", { name: "Record Sale" })).toBeVisible();
  await page.getByLabel("Sale price ($)").fill("30.00");
  await page.getByLabel("Sold date").fill("2026-01-01");
  await page.getByLabel("Market").selectOption("skinport");
  await page.getByRole("button", { name: "Record Sale" }).click();
  await expect(page.getByText("The sale date cannot be before the bought date.")).toBeVisible();
  await page.getByLabel("Sold date").fill("2026-01-10");
  await page.getByRole("button", { name: "Record Sale" }).click();

  // The Sold view: realised profit after Skinport's 8 % ($2.40), and the portfolio's totals.
  await expect(page).toHaveURL(/\/resell-tracker\?view=sold&tracker=\d+&notice=sold/);
  await expect(page.getByText("Sale recorded. The item is in the Sold view.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Sold (1)" })).toHaveAttribute("aria-current", "page");
  await expect(card.getByTestId("tracker-profit")).toHaveText("+$7.60 (+38.0%)");
  await expect(card).toContainText("Sold Jan 10, 2026 on Skinport");
  const summary = page.getByTestId("portfolio-summary");
  await expect(summary).toContainText("Realised profit+$7.60 (+38.0%)");
  await expect(summary).toContainText("Fees paid$2.40");

  // The Open view is a link and holds nothing now.
  await page.getByRole("link", { name: "Open (0)" }).click();
  await expect(page.getByText("Nothing open: every tracked item is sold.")).toBeVisible();

  // Undo the sale from the Sold view: the item is open again.
  await page.getByRole("link", { name: "Sold (1)" }).click();
  await card.getByRole("button", { name: "Undo sale" }).click();
  await expect(page.getByText("Sale undone: the item is open again.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Open (1)" })).toHaveAttribute("aria-current", "page");
  await expect(card.getByRole("link", { name: "Record sale" })).toBeVisible();
  await expect(summary).toContainText("Realised profitNone sold yet");
});

test("a Steam inventory imported: the preview names each item with its reason, Import creates exactly the chosen skins, imported again (and as the CSV export) they are Already tracked", async ({
  signedInPage: page,
  javaScriptEnabled,
}) => {
  await page.goto("/resell-tracker");
  await page.getByRole("link", { name: "Import", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Import Inventory" })).toBeVisible();
  await page.getByLabel("Or a file").setInputFiles("tests/fixtures/steam-inventory.json");
  await page.getByRole("button", { name: "Preview" }).click();

  // Three skins offered (the second Redline is another asset); the rest with why, names as text.
  await expect(page.getByText("3 of 8 items match the catalogue.")).toBeVisible();
  const rows = page.getByTestId("import-row");
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toContainText("AWP | Asiimov · Field-Tested · StatTrak™");
  await expect(page.getByTestId("import-skipped").getByRole("listitem")).toHaveText([
    "Sticker | Titan (Holo) | Katowice 2014: Sticker or case",
    "Operation Bravo Case: Sticker or case",
    "AK-47 | Not <b>A</b> Skin (Field-Tested): Unknown name",
    "Sir Bloody Miami Darryl | The Professionals: Not a weapon skin",
    "AK-47 | Redline (Field-Tested): Duplicate",
  ]);
  if (javaScriptEnabled) await expectAccessibleState(page, "the import's preview");

  // Leave the second Redline out, and correct the first one's price and date.
  await rows.nth(2).getByRole("checkbox").uncheck();
  await rows.nth(0).getByLabel("Buy price ($)").fill("11.11");
  await rows.nth(0).getByLabel("Bought date").fill("2026-01-05");
  await page.getByRole("button", { name: "Import chosen items" }).click();

  await expect(page).toHaveURL(/\/resell-tracker\?notice=imported$/);
  await expect(page.getByText("Import done: the chosen items are tracked now.")).toBeVisible();
  const cards = page.getByTestId("tracker-card");
  await expect(cards).toHaveCount(2);
  await expect(cards.filter({ hasText: "AK-47 | Redline" })).toContainText("Bought Jan 5, 2026");
  await expect(cards.filter({ hasText: "AK-47 | Redline" })).toContainText("$11.11");
  await expect(cards.filter({ hasText: "AWP | Asiimov" })).toContainText("StatTrak™ · Field-Tested");

  // The same inventory again: the imported assets are Already tracked, only the Redline left out is offered.
  await page.getByRole("link", { name: "Import", exact: true }).click();
  await page.getByLabel("Or a file").setInputFiles("tests/fixtures/steam-inventory.json");
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByText("1 of 8 items match the catalogue.")).toBeVisible();
  await expect(rows).toHaveCount(1);
  await expect(page.getByTestId("import-skipped").getByRole("listitem")).toHaveText([
    "AK-47 | Redline (Field-Tested): Already tracked",
    "StatTrak™ AWP | Asiimov (Field-Tested): Already tracked",
    "Sticker | Titan (Holo) | Katowice 2014: Sticker or case",
    "Operation Bravo Case: Sticker or case",
    "AK-47 | Not <b>A</b> Skin (Field-Tested): Unknown name",
    "Sir Bloody Miami Darryl | The Professionals: Not a weapon skin",
    "AK-47 | Redline (Field-Tested): Duplicate",
  ]);
  // The CSV export downloaded and imported again: its rows carry their tracker keys, so both are Already tracked.
  await page.getByRole("link", { name: "Back to Resell Tracker" }).click();
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export CSV" }).click()]);
  await page.getByRole("link", { name: "Import", exact: true }).click();
  await page.getByLabel("Or a file").setInputFiles(await download.path());
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByText("0 of 2 items match the catalogue.")).toBeVisible();
  await expect(page.getByTestId("import-skipped").getByRole("listitem")).toHaveText([/: Already tracked$/, /: Already tracked$/]);
});
