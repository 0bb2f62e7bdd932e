// Phone behaviour that exists only when JavaScript runs (the overlay's focus trap, the combobox,
// the dropdowns' keyboard handling, the image swap); the no-javascript project skips this file
// (playwright.config.ts), and the plain forms behind them are tested in mobile.spec.ts and elsewhere.
import { expect, test } from "./fixtures";

test.describe("with JavaScript", () => {
  test("the phone search overlay fills the screen, keeps focus inside and hands it back on Escape and Close", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/");
    await page.waitForLoadState("networkidle");
    const trigger = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Search", exact: true });
    await trigger.click();
    const dialog = page.getByRole("dialog", { name: "Search skins" });
    expect(await dialog.boundingBox()).toEqual({ x: 0, y: 0, width: 390, height: 844 });
    const box = dialog.getByRole("combobox", { name: "Search skins" });
    await expect(box).toBeFocused();
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press("Tab");
      expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();

    await trigger.click();
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();
  });

  test("search suggestions are a combobox: arrows choose, Enter opens, Escape closes the list", async ({ page }) => {
    await page.goto("/");
    const box = page.getByRole("combobox", { name: "Search skins" });
    await box.fill("ak47 redline");
    const list = page.getByRole("listbox", { name: "Suggestions" });
    await expect(list.getByRole("option").first()).toBeVisible();
    await expect(box).toHaveAttribute("aria-expanded", "true");
    await expect(box).toHaveAttribute("aria-controls", (await list.getAttribute("id"))!);
    await box.press("ArrowDown");
    const first = list.getByRole("option").first();
    await expect(first).toHaveAttribute("aria-selected", "true");
    await expect(box).toHaveAttribute("aria-activedescendant", (await first.getAttribute("id"))!);
    await expect(box).toBeFocused();
    await box.press("Escape");
    await expect(list).toBeHidden();
    await expect(box).toHaveAttribute("aria-expanded", "false");
    await expect(box).not.toHaveAttribute("aria-activedescendant");
    await box.press("ArrowDown");
    await box.press("ArrowDown");
    const href = await list.getByRole("option").first().getAttribute("href");
    await box.press("Enter");
    await expect(page).toHaveURL(href!);
  });

  test("a filter dropdown stays on screen, keeps focus on the box that changed, and closes on Escape or when focus leaves", async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto("/weapons/AK-47");
    await page.waitForLoadState("networkidle");
    const form = page.getByRole("form", { name: "Sort and filter skins" });
    for (const name of ["Sort", "Type", "Rarity", "Crates", "Collections"]) {
      const summary = form.locator("summary", { hasText: new RegExp(`^${name}`) });
      await summary.click();
      const box = await form.locator("details[open] fieldset").boundingBox();
      expect(box!.x, `${name} opens past the left edge`).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width, `${name} opens past the right edge`).toBeLessThanOrEqual(320);
      await page.keyboard.press("Escape");
      await expect(form.locator("details[open]")).toHaveCount(0);
    }
    const rarity = form.locator("summary", { hasText: /^Rarity/ });
    await rarity.click();
    const covert = form.getByRole("checkbox", { name: "Covert" });
    await covert.focus();
    await page.keyboard.press("Space");
    await expect(page).toHaveURL(/rarity=Covert/);
    await expect(page.getByTestId("skin-count")).not.toHaveText("Loading...");
    await expect(covert).toBeChecked();
    await expect(covert).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(covert).toBeHidden();
    await expect(rarity).toBeFocused();

    await rarity.press("Enter");
    await expect(covert).toBeVisible();
    await covert.focus();
    await form.getByRole("link", { name: "Clear" }).focus();
    await expect(covert).toBeHidden();
  });

  test("a skin image that fails falls back to the placeholder, in cards, on the skin page and in suggestions", async ({ page }) => {
    // Not an image: it fails to decode as a lost image would, without a console note about a 404.
    await page.route(/^https:\/\/cdn\.cstrike\.app\//, (route) => route.fulfill({ status: 200, contentType: "image/png", body: "not an image" }));
    await page.goto("/weapons/AK-47");
    const cardImage = page.getByTestId("skin-card").first().locator("img");
    await expect(cardImage).toHaveAttribute("src", "/weapon-placeholder.svg");
    await page.goto("/skins/ak-47-redline");
    await expect(page.getByRole("img", { name: "AK-47 | Redline" }).first()).toHaveAttribute("src", "/weapon-placeholder.svg");
    await page.getByRole("combobox", { name: "Search skins" }).fill("redline");
    await expect(page.getByRole("option").first().locator("img")).toHaveAttribute("src", "/weapon-placeholder.svg");
  });
});
