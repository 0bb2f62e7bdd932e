import type { Page, TestInfo } from "@playwright/test";
import { RARITY_COLORS } from "~/domain/rarity";
import { rarityTextColor } from "~/domain/rarity-text-color";
import { expect, test, withJs } from "./fixtures";

const hexToRgb = (hex: string) => `rgb(${[1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16)).join(", ")})`;

/** With JavaScript the filters apply at once (the Apply button goes once hydrated); without, Apply submits. */
async function applyFilters(page: Page, testInfo: TestInfo) {
  const apply = page.getByRole("button", { name: "Apply" });
  if (!withJs(testInfo)) await apply.click();
}

async function choose(page: Page, dropdown: RegExp, option: string) {
  const form = page.getByRole("form", { name: "Sort and filter skins" });
  await form.locator("summary").filter({ hasText: dropdown }).click();
  await form.getByLabel(option, { exact: true }).check();
}

test("home to category to weapon to skin", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Every CS2 skin");
  await expect(page.locator('a[href^="/loadouts/official/"]')).toHaveCount(3);
  await expect(page.locator('a[href^="/sticker-crafts/"]')).toHaveCount(3);

  await page.getByRole("complementary", { name: "Categories" }).getByRole("link", { name: "Rifles" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Rifles" })).toBeVisible();
  await expect(page).toHaveTitle("Rifles Skins | SkinVault");

  await page.getByRole("link", { name: /AK-47 Skins/ }).click();
  await expect(page).toHaveURL(/\/weapons\/AK-47$/);
  await expect(page.getByRole("heading", { level: 1, name: "AK-47 Skins" })).toBeVisible();

  await page.getByRole("link", { name: /^AK-47 \| Redline/ }).click();
  await expect(page).toHaveURL(/\/skins\/ak-47-redline$/);
  await expect(page.getByRole("heading", { level: 1, name: "AK-47 | Redline" })).toBeVisible();
  await expect(page.getByText("StatTrak", { exact: true })).toBeVisible();
  await expect(page.getByTestId("wear-FN")).toContainText("Not possible");
  await expect(page.getByTestId("wear-FT")).toContainText(/\$\d+\.\d\d|No Data/);
  await expect(page.getByText(/Last price update/)).toBeVisible();

  // The image enlarges without JavaScript too (a :target viewer), and closes again.
  const viewer = page.getByRole("dialog", { name: "AK-47 | Redline, enlarged" });
  await expect(viewer).toBeHidden();
  await page.getByRole("link", { name: "Enlarge image of AK-47 | Redline" }).click();
  await expect(viewer).toBeVisible();
  await viewer.getByRole("link", { name: "Close" }).click();
  await expect(viewer).toBeHidden();
});

test("the mobile browse sheet opens categories to their weapons", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  const sheet = page.getByTestId("browse-sheet");
  await sheet.getByText("View Skins").click();
  await sheet.getByText("Pistols", { exact: true }).click();
  await sheet.getByRole("link", { name: "Glock-18" }).click();
  await expect(page).toHaveURL(/\/weapons\/Glock-18$/);
  await expect(page.getByRole("heading", { level: 1, name: "Glock-18 Skins" })).toBeVisible();
});

/** The highest price each card shows ('$19.86 – $55.16' gives 55.16), in grid order; cards without a price left out. */
async function highestPrices(page: Page): Promise<number[]> {
  const prices = await page.getByTestId("skin-card-price").allTextContents();
  return prices.filter((p) => p.startsWith("$")).map((p) => Number(p.replace(/[$,]/g, "").split(" ").at(-1)));
}

test("sorting by highest price puts the most expensive skin first; filtering by StatTrak narrows the grid to StatTrak prices; both in the URL", async ({
  page,
}, testInfo) => {
  await page.goto("/weapons/AK-47");
  if (withJs(testInfo)) await expect(page.getByRole("button", { name: "Apply" })).toBeHidden();
  const cards = page.getByTestId("skin-card");
  const count = page.getByTestId("skin-count");
  await expect(count).toHaveText("59 of 59 skins");
  await expect(cards).toHaveCount(59);
  const dearest = Math.max(...(await highestPrices(page)));
  const firstBefore = await cards.first().textContent();

  await choose(page, /^Sort/, "Highest price");
  await applyFilters(page, testInfo);
  await expect(page).toHaveURL(/[?&]sort=price-desc/);
  await expect(cards.first()).not.toHaveText(firstBefore ?? "");
  await expect(cards).toHaveCount(59);
  const highs = await highestPrices(page);
  expect(highs[0]).toBe(dearest);
  expect(highs).toEqual([...highs].sort((a, b) => b - a));

  await choose(page, /^Type/, "StatTrak");
  await applyFilters(page, testInfo);
  await expect(page).toHaveURL(/type=stattrak/);
  await expect(page).toHaveURL(/sort=price-desc/);
  await expect(count).toHaveText(/^\d+ of 59 skins$/);
  const shown = Number((await count.textContent())?.split(" ")[0]);
  expect(shown).toBeLessThan(59);
  await expect(cards).toHaveCount(shown);
  for (const card of await cards.all()) await expect(card).toContainText("StatTrak");
  // The cards now show, say and sort by StatTrak™ prices.
  const stattrakHighs = await highestPrices(page);
  await expect(page.getByText("StatTrak™ price", { exact: true })).toHaveCount(stattrakHighs.length);
  expect(stattrakHighs).toEqual([...stattrakHighs].sort((a, b) => b - a));

  // The filtered view can be shared: the same URL shows the same grid.
  await page.goto(page.url());
  await expect(cards).toHaveCount(shown);

  // The first card's highest price is the dearest StatTrak™ price its skin page shows.
  await cards.first().click();
  await expect(page).toHaveURL(/\/skins\//);
  const onSkinPage = await page.getByText(/^StatTrak™ \$/).allTextContents();
  expect(Math.max(...onSkinPage.map((text) => Number(text.replace(/[^\d.]/g, ""))))).toBe(stattrakHighs[0]);
});

test("the weapon page shows all 59 AK-47 skins in one grid, and an old page link shows them all too", async ({ page }) => {
  await page.goto("/weapons/AK-47");
  const grid = page.getByRole("list", { name: "AK-47 skins" });
  await expect(grid.getByTestId("skin-card")).toHaveCount(59);
  await expect(page.getByRole("navigation", { name: /Pages of/ })).toHaveCount(0);
  // The last card is there to scroll to, with its heart and Track button.
  const last = grid.getByRole("listitem").last();
  await last.scrollIntoViewIfNeeded();
  await expect(last.getByRole("link", { name: "Track" })).toBeVisible();

  await page.goto("/weapons/AK-47?page=2&sort=price-desc");
  await expect(page.getByTestId("skin-card")).toHaveCount(59);
  await expect(page.getByTestId("skin-count")).toHaveText("59 of 59 skins");
});

test("opening one dropdown closes the others when JavaScript runs", async ({ page }, testInfo) => {
  await page.goto("/weapons/AK-47");
  const form = page.getByRole("form", { name: "Sort and filter skins" });
  if (withJs(testInfo)) await expect(page.getByRole("button", { name: "Apply" })).toBeHidden();
  await form.locator("summary").filter({ hasText: /^Sort/ }).click();
  await form
    .locator("summary")
    .filter({ hasText: /^Rarity/ })
    .click();
  await expect(form.locator("details[open]")).toHaveCount(withJs(testInfo) ? 1 : 2);
});

test("searching 'ak47 redlin' lists 'AK-47 | Redline'", async ({ page }, testInfo) => {
  await page.goto("/");
  const box = page.getByRole("combobox", { name: "Search skins" }).first();
  await box.fill("ak47 redlin");
  if (withJs(testInfo)) {
    const suggestions = page.getByRole("listbox", { name: "Suggestions" });
    const redline = suggestions.getByRole("option", { name: /AK-47 \| Redline/ });
    await expect(redline).toHaveAttribute("href", "/skins/ak-47-redline");
    // Its rarity in the rarity's colour, lightened to read on the panel.
    await expect(redline.getByText("Classified")).toHaveCSS("color", hexToRgb(rarityTextColor(RARITY_COLORS.Classified)));
  }
  await box.press("Enter");
  await expect(page).toHaveURL(/\/search\?q=ak47(\+|%20)redlin$/);
  const results = page.getByRole("list", { name: "Search results" });
  await expect(results.getByRole("link").first()).toContainText("AK-47 | Redline");
});

test("on a phone the search overlay suggests skins; without JavaScript the search page does the same job", async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  await page.waitForLoadState("networkidle");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Search", exact: true }).click();
  const box = withJs(testInfo)
    ? page.getByRole("dialog", { name: "Search skins" }).getByRole("combobox", { name: "Search skins" })
    : page.getByRole("main").getByRole("searchbox", { name: "Search skins" });
  await box.fill("deagle blaze");
  if (withJs(testInfo)) {
    const suggestions = page.getByRole("dialog").getByRole("listbox", { name: "Suggestions" });
    await expect(suggestions.getByRole("option").first()).toContainText("Desert Eagle | Blaze");
  }
  await box.press("Enter");
  await expect(page.getByRole("list", { name: "Search results" }).getByRole("link").first()).toContainText("Desert Eagle | Blaze");
});

test("typos and weapon aliases still find skins", async ({ page }) => {
  await page.goto("/search?q=deagle+blaz");
  await expect(page.getByRole("list", { name: "Search results" }).getByRole("link").first()).toContainText("Desert Eagle | Blaze");
});

test.describe("not found", () => {
  test.use({ allowedConsoleErrors: [/status of 404/] });

  test("an unknown skin shows 'Skin not found.' with status 404", async ({ page }) => {
    const response = await page.goto("/skins/no-such-skin");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Skin not found." })).toBeVisible();
  });

  test("an unknown category shows 'Category Not Found' with status 404", async ({ page }) => {
    const response = await page.goto("/category/Bazookas");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Category Not Found" })).toBeVisible();
    await expect(page.getByText("The requested category could not be found.")).toBeVisible();
  });

  test("an unknown weapon shows 'No skins for this weapon.' with status 404", async ({ page }) => {
    const response = await page.goto("/weapons/Bazooka");
    expect(response?.status()).toBe(404);
    await expect(page.getByText("No skins for this weapon.")).toBeVisible();
  });
});

test("built assets are immutable, pages briefly cacheable", async ({ request }) => {
  const home = await request.get("/");
  expect(home.headers()["cache-control"]).toMatch(/^public, .*s-maxage=/);
  const script = (await home.text()).match(/<link rel="modulepreload" href="([^"]+)"/)?.[1];
  const response = await request.get(script!);
  expect(response.headers()["cache-control"]).toContain("immutable");
});

test("a page served from the edge cache works like a fresh one", async ({ page }, testInfo) => {
  // The first visit renders and keeps the page (or finds it kept by an earlier test: the key holds
  // only the values the page reads, so no made-up parameter makes a fresh one); the second is the kept copy.
  const path = "/weapons/AK-47";
  expect(["MISS", "HIT"]).toContain((await page.goto(path))?.headers()["x-cache"]);
  const kept = await page.goto(path);
  expect(kept?.headers()["x-cache"]).toBe("HIT");
  const cards = page.getByTestId("skin-card");
  const firstBefore = await cards.first().textContent();
  // With JavaScript the kept page hydrates (its scripts carry the answer's fresh nonce), so the
  // filters apply at once; without, the Apply button submits.
  if (withJs(testInfo)) await expect(page.getByRole("button", { name: "Apply" })).toBeHidden();
  await choose(page, /^Sort/, "Lowest price");
  await applyFilters(page, testInfo);
  await expect(page).toHaveURL(/sort=price-asc/);
  await expect(cards.first()).not.toHaveText(firstBefore ?? "");
});
