// Scroll restoration is a nicety of JavaScript: without it the category page simply opens at the top.
import { expect, test } from "./fixtures";

test("the category page restores its scroll position after a visit to a weapon, when JavaScript runs", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 600 });
  await page.goto("/category/Knives");
  await page.waitForLoadState("networkidle");
  await page.evaluate(() => window.scrollTo(0, 500));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(500);
  // Bringing the card into view may scroll a little further (focus and clicks stay clear of the cookie banner).
  const karambit = page.getByRole("link", { name: /Karambit Skins/ });
  await karambit.scrollIntoViewIfNeeded();
  const left = await page.evaluate(() => window.scrollY);
  await karambit.click();
  await expect(page).toHaveURL(/\/weapons\/Karambit$/);
  await page.goto("/category/Knives");
  await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 5_000 }).toBe(left);
});
