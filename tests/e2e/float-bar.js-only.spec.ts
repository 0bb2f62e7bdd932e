// The float bar's marker following the float as it is typed: JavaScript only (the no-javascript
// project skips this file). What the server draws is tested in float-bar.spec.ts.
import type { Locator } from "@playwright/test";
import { expectNear, fractionOnScale, REDLINE, trackRedline } from "./float-bar";
import { expectAccessibleState } from "./axe";
import { expect, test } from "./fixtures";

/** The form's float field and its bar, and a check that the marker sits at `value` and says so. */
function formBar(scope: Locator) {
  const float = scope.getByLabel("Float");
  const bar = scope.getByRole("figure", { name: "Float range 0.10 to 0.70" });
  const marker = bar.getByTestId("float-marker");
  const expectMarkerAt = async (value: number, text: string) => {
    await expect(bar.getByText(text, { exact: true })).toBeAttached();
    expectNear(await fractionOnScale(bar, "float-marker"), value);
  };
  return { float, bar, marker, expectMarkerAt };
}

test("on the resell form page the marker follows the typed float, and goes when a wear is chosen", async ({ signedInPage: page }) => {
  await page.goto(`/resell-tracker/new?skin=${REDLINE}`);
  const form = page.getByTestId("tracker-form");
  // Typing before React has taken the page over would not reach it.
  await page.waitForLoadState("networkidle");
  const { float, bar, marker, expectMarkerAt } = formBar(form);
  await expect(marker).toHaveCount(0);
  const heightBefore = (await form.boundingBox())!.height;

  await float.fill("0.5");
  await expectMarkerAt(0.5, "Float 0.5000 (Battle-Scarred)");
  await expect(form.getByLabel("Wear")).toHaveValue("BS");
  // The marker appearing moved nothing.
  expect((await form.boundingBox())!.height).toBe(heightBefore);

  await float.fill("0.2");
  await expectMarkerAt(0.2, "Float 0.2000 (Field-Tested)");
  // Below the Redline's range: marked where it is, and said to be outside the range.
  await float.fill("0.05");
  await expectMarkerAt(0.05, "Float 0.0500 (Factory New), outside this skin's range");

  // Choosing a wear clears the float, and the marker with it; typing a float brings it back.
  await form.getByLabel("Wear").selectOption("MW");
  await expect(float).toHaveValue("");
  await expect(marker).toHaveCount(0);
  await float.fill("0.1");
  await expectMarkerAt(0.1, "Float 0.1000 (Minimal Wear)");
  await float.fill("");
  await expect(marker).toHaveCount(0);
  await expect(bar).toBeVisible();
});

test("in the Track dialog of a skin page the marker follows the typed float too", async ({ signedInPage: page }) => {
  await page.goto(`/skins/${REDLINE}`);
  await page.getByRole("link", { name: "Track Resell" }).click();
  const dialog = page.getByRole("dialog", { name: "Track Resell" });
  const { float, marker, expectMarkerAt } = formBar(dialog);
  await expect(float).toBeVisible();
  await expect(marker).toHaveCount(0);
  await float.fill("0.4");
  await expectMarkerAt(0.4, "Float 0.4000 (Well-Worn)");
});

test("the edit dialog starts at the saved float and follows a new one", async ({ signedInPage: page, baseURL }) => {
  await trackRedline(page, baseURL!, "0.3");
  await page.getByTestId("tracker-card").getByRole("link", { name: "Edit" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Tracker" });
  const { float, expectMarkerAt } = formBar(dialog);
  await expect(float).toHaveValue("0.3");
  await expectMarkerAt(0.3, "Float 0.3000 (Field-Tested)");
  await float.fill("0.65");
  await expectMarkerAt(0.65, "Float 0.6500 (Battle-Scarred)");
});

test("a tracker card with its float bar is accessible at 1280 and 390 px", async ({ signedInPage: page, baseURL }) => {
  await trackRedline(page, baseURL!, "0.25");
  await expectAccessibleState(page, "the tracker card", '[data-testid="tracker-card"]');
});
