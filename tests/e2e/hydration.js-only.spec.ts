// A page must become interactive even when the visitor presses keys or clicks while it loads: React
// 18 hydrates synchronously for such events, and before app/components/hydration-guard.ts one that
// came while Remix decoded the page's data threw React's error #345 and left the page unhydrated
// (12 of 15 loads of the weapon page with a key pressed as it loaded).
import { expect, test } from "./fixtures";

test("keys and clicks while the weapon page loads do not keep it from becoming interactive", async ({ page }) => {
  for (let load = 0; load < 5; load++) {
    await page.goto("/weapons/AK-47", { waitUntil: "domcontentloaded" });
    for (let press = 0; press < 20; press++) {
      await page.keyboard.press("Shift");
      await page.mouse.click(2, 400);
    }
    await expect(page).toHaveURL(/\/weapons\/AK-47$/);
    // Hydrated, the filters apply at once and their Apply button goes (catalogue.spec.ts).
    await expect(page.getByRole("button", { name: "Apply" }), `load ${load + 1}`).toBeHidden();
  }
  // The fixture fails the test on any error the page threw, #345 included.
});
