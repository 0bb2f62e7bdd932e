import { expect, test } from "./fixtures";

// The e2e server is seeded by migrations/seed/run.ts: demo sticker prices and 90 days of history;
// demo craft "Redline Katowice Classic" carries the catalogue sticker "Crown (Foil)".
test("search finds a sticker despite a typo; its page shows the price, the chart and a craft whose stickers are market-priced", async ({ page }) => {
  await page.goto("/search?q=crown+foik");
  const results = page.getByRole("list", { name: "Sticker results" });
  await results.getByRole("link", { name: "Crown (Foil)", exact: true }).click();
  await expect(page).toHaveURL(/\/stickers\/1880$/);
  await expect(page.getByRole("heading", { level: 1, name: "Crown (Foil)" })).toBeVisible();
  await expect(page.getByTestId("sticker-facts")).toContainText("Foil");
  await expect(page.getByTestId("sticker-price")).toHaveText(/^\$\d+\.\d\d$/);
  await expect(page.getByRole("region", { name: "Price history" }).getByRole("img", { name: "Market price, last 30 days" })).toBeVisible();

  await page.getByRole("link", { name: /Redline Katowice Classic/ }).click();
  const sticker = page.getByTestId("craft-sticker").filter({ hasText: "Crown (Foil)" });
  await expect(sticker.getByTestId("craft-sticker-price")).toContainText(/\$\d+\.\d\d \(market price\)/);
  await expect(sticker.getByRole("link", { name: "Crown (Foil)", exact: true })).toHaveAttribute("href", "/stickers/1880");
});
