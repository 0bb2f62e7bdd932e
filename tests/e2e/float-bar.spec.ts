// The float bar: the 0 to 1 float scale with the five wear bands, the skin's float range and a
// marked float, on the skin page, the tracker cards and the resell form. It is drawn by the server,
// so everything here holds with JavaScript on and off; the marker following a typed float is in
// float-bar.js-only.spec.ts.
import { expectNear, fractionOnScale, REDLINE, trackRedline } from "./float-bar";
import { expect, test } from "./fixtures";

test("a skin page shows the float scale with the five bands, its range, and each band's price or 'Not possible'", async ({ page }) => {
  await page.goto(`/skins/${REDLINE}`);
  const bar = page.getByRole("figure", { name: "Float range 0.10 to 0.70" });
  await expect(bar).toBeVisible();

  // Read as text: a band per wear with its floats and price, the same price as its chip.
  const bands = bar.getByRole("listitem");
  await expect(bands).toHaveText([
    "Factory New (0.00–0.07): Not possible",
    /^Minimal Wear \(0\.07–0\.15\): (\$\d+\.\d\d|No Data)$/,
    /^Field-Tested \(0\.15–0\.38\): (\$\d+\.\d\d|No Data)$/,
    /^Well-Worn \(0\.38–0\.45\): (\$\d+\.\d\d|No Data)$/,
    /^Battle-Scarred \(0\.45–1\.00\): (\$\d+\.\d\d|No Data)$/,
  ]);
  const ftPrice = (await bands.nth(2).textContent())!.split(": ")[1]!;
  await expect(page.getByTestId("wear-FT")).toContainText(`FT ${ftPrice}`);

  // Drawn: Factory New striped as not possible, the others plain; the range from 0.10 to 0.70.
  await expect(bar.locator('[data-wear="FN"]')).toHaveAttribute("data-possible", "false");
  for (const wear of ["MW", "FT", "WW", "BS"]) await expect(bar.locator(`[data-wear="${wear}"]`)).toHaveAttribute("data-possible", "true");
  await expect(bar.getByText("Not possible", { exact: true })).toBeVisible();
  expectNear(await fractionOnScale(bar, "float-range", "start"), 0.1);
  expectNear(await fractionOnScale(bar, "float-range", "end"), 0.7);
  // The skin page marks no float of its own.
  await expect(bar.getByTestId("float-marker")).toHaveCount(0);
});

test("a skin whose floats end at 0.08 can only be Factory New and Minimal Wear", async ({ page }) => {
  await page.goto("/skins/mac-10-silver");
  const bar = page.getByRole("figure", { name: "Float range 0.00 to 0.08" });
  await expect(bar.getByRole("listitem").filter({ hasText: "Not possible" })).toHaveText([
    "Field-Tested (0.15–0.38): Not possible",
    "Well-Worn (0.38–0.45): Not possible",
    "Battle-Scarred (0.45–1.00): Not possible",
  ]);
  expectNear(await fractionOnScale(bar, "float-range", "end"), 0.08);
});

test("at 320 px the skin page's float bar fits: nothing scrolls sideways", async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 700 });
  await page.goto(`/skins/${REDLINE}`);
  const bar = page.getByRole("figure", { name: "Float range 0.10 to 0.70" });
  await bar.scrollIntoViewIfNeeded();
  const box = await bar.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(320);
  // Each band's code stays inside its band, the narrowest (Factory New, 7 %) included.
  for (const wear of ["FN", "MW", "WW"]) {
    const fits = await bar.locator(`[data-wear="${wear}"]`).evaluate((band) => band.scrollWidth <= band.clientWidth);
    expect(fits, `${wear} fits its band`).toBe(true);
  }
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBe(0);
});

test("a tracker card marks its float on the bar", async ({ signedInPage: page, baseURL }) => {
  await trackRedline(page, baseURL!, "0.25");
  const card = page.getByTestId("tracker-card");
  await expect(card).toContainText("Field-Tested · Float 0.2500");
  const bar = card.getByRole("figure", { name: "Float range 0.10 to 0.70" });
  await expect(bar.getByText("Float 0.2500 (Field-Tested)", { exact: true })).toBeAttached();
  await expect(bar.getByRole("listitem").first()).toHaveText("Factory New (0.00–0.07): Not possible");
  expectNear(await fractionOnScale(bar, "float-marker"), 0.25);

  // At 320 px the card and its bar fit too.
  await page.setViewportSize({ width: 320, height: 700 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
});

test("the resell form's bar marks nothing on a new tracker and the saved float on edit", async ({ signedInPage: page, baseURL }) => {
  await page.goto(`/resell-tracker/new?skin=${REDLINE}`);
  const form = page.getByTestId("tracker-form");
  const newBar = form.getByRole("figure", { name: "Float range 0.10 to 0.70" });
  await expect(newBar).toBeVisible();
  await expect(newBar.getByTestId("float-marker")).toHaveCount(0);

  const id = await trackRedline(page, baseURL!, "0.6");
  await page.goto(`/resell-tracker/${id}/edit`);
  const editBar = page.getByTestId("tracker-form").getByRole("figure", { name: "Float range 0.10 to 0.70" });
  await expect(page.getByLabel("Float")).toHaveValue("0.6");
  await expect(editBar.getByText("Float 0.6000 (Battle-Scarred)", { exact: true })).toBeAttached();
  expectNear(await fractionOnScale(editBar, "float-marker"), 0.6);
});
