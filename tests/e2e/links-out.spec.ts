import { expect, test } from "./fixtures";

test("a craft's link goes through the leaving page, which names the host and waits for a click", async ({ page }) => {
  await page.goto("/sticker-crafts");
  await page.getByRole("link", { name: "Redline Katowice Classic" }).first().click();
  await page.getByRole("link", { name: "The craft on steamcommunity.com" }).click();
  await expect(page).toHaveURL(/\/leaving\?to=https%3A%2F%2Fsteamcommunity\.com%2F/);
  await expect(page.getByRole("heading", { level: 1, name: "You are leaving SkinVault" })).toBeVisible();
  const onward = page.getByRole("link", { name: "Continue to steamcommunity.com" });
  await expect(onward).toHaveAttribute("href", /^https:\/\/steamcommunity\.com\/market\/search\?/);
  await expect(onward).toHaveAttribute("rel", "nofollow ugc noopener noreferrer");
  await expect(onward).toHaveAttribute("referrerpolicy", "no-referrer");
  // Nothing moves on by itself.
  await page.waitForTimeout(500);
  await expect(page).toHaveURL(/\/leaving\?/);
});
