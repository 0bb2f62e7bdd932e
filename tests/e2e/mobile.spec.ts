import type { Locator, Page } from "@playwright/test";
import { expect, test, withJs } from "./fixtures";

const PHONE = { width: 320, height: 640 };

/**
 * The focused element is clear of the banner (and of the 64 px top bar). One taller than the room
 * between them cannot be: then its top edge must be in that room, so it is never hidden (WCAG
 * 2.4.11) and its start, where a card's name is, shows.
 */
async function focusedIsClearOf(page: Page, cover: Locator): Promise<boolean> {
  const box = await cover.boundingBox();
  return page.evaluate((coverBox) => {
    const focused = document.activeElement;
    if (!focused || focused === document.body || !coverBox) return true;
    if (focused.closest("[data-testid=cookie-banner]")) return true;
    const r = focused.getBoundingClientRect();
    const roomTop = 64;
    const roomBottom = coverBox.y;
    if (r.height > roomBottom - roomTop) return r.top >= roomTop - 1 && r.top < roomBottom;
    return r.bottom <= coverBox.y + 1 || r.top >= coverBox.y + coverBox.height - 1;
  }, box);
}

test("on a 320 px phone the menu holds every nav link, Login and the categories", async ({ page }, testInfo) => {
  await page.setViewportSize(PHONE);
  await page.goto("/");
  const nav = page.getByRole("navigation", { name: "Main" });
  // Nothing but the logo, Search and Menu in the bar itself.
  await expect(nav.getByRole("link", { name: "Sticker Crafts" }).filter({ visible: true })).toHaveCount(0);
  await expect(nav.getByRole("link", { name: "Login" }).filter({ visible: true })).toHaveCount(0);
  const menuButton = nav.locator("summary", { hasText: "Menu" });
  await expect(menuButton).toBeInViewport();
  await expect(nav.getByRole("link", { name: "Search", exact: true })).toBeInViewport();
  await menuButton.click();
  const menu = page.getByTestId("menu");
  for (const name of ["Sticker Crafts", "Loadouts", "Resell Tracker", "Login"]) {
    await expect(menu.getByRole("link", { name, exact: true })).toBeVisible();
  }
  const categories = menu.getByRole("list", { name: "Categories" });
  for (const name of ["Pistols", "SMGs", "Heavy", "Rifles", "Knives", "Gloves"]) {
    await expect(categories.getByRole("link", { name, exact: true })).toBeVisible();
  }
  if (withJs(testInfo)) {
    // A drawer: Tab stays inside it, Escape closes it and puts focus back on the Menu button.
    await menuButton.focus();
    for (let i = 0; i < 14; i++) {
      await page.keyboard.press("Tab");
      expect(await menu.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press("Escape");
    await expect(menu.getByRole("link", { name: "Loadouts" })).toBeHidden();
    await expect(menuButton).toBeFocused();
    await menuButton.click();
  }
  await categories.getByRole("link", { name: "Rifles" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Rifles" })).toBeVisible();
  await expect(menu.getByRole("link", { name: "Loadouts" })).toBeHidden();
});

test("the cookie banner's buttons are on screen at 320 px and the banner never covers the focused element", async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 568 });
  await page.goto("/");
  const banner = page.getByTestId("cookie-banner");
  await expect(banner.getByRole("button", { name: "Decline" })).toBeInViewport({ ratio: 1 });
  await expect(banner.getByRole("button", { name: "Accept All" })).toBeInViewport({ ratio: 1 });
  for (let i = 0; i < 25; i++) {
    await page.keyboard.press("Tab");
    const focused = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 120));
    expect(await focusedIsClearOf(page, banner), `focus stop ${i + 1} (${focused}) is hidden under the cookie banner`).toBe(true);
  }
});
