import { expect, test, withJs } from "./fixtures";
import { samplePath } from "./loadout-setup";

// The e2e server is seeded by migrations/seed/run.ts: demo prices on three or four markets per item
// (docs/features/price-feed.md, "Markets").
test("the AK-47 Redline (Field-Tested) page shows where to buy and where to sell, with the fee taken", async ({ page }) => {
  await page.goto("/skins/ak-47-redline?wear=FT");
  const markets = page.getByRole("region", { name: "Where to buy, where to sell" });
  await expect(markets.getByRole("table", { name: /AK-47 \| Redline \(Field-Tested\)/ })).toBeVisible();
  const priced = markets.getByRole("row").filter({ has: page.getByTestId("market-price").filter({ hasText: /^\$\d+\.\d\d$/ }) });
  expect(await priced.count()).toBeGreaterThanOrEqual(3);
  for (const row of await priced.all()) {
    await expect(row.getByTestId("market-net")).toHaveText(/^\$\d+\.\d\d$/);
    await expect(row.getByTestId("market-updated")).toContainText(/\d{4}, \d\d:\d\d UTC/);
  }
  await expect(markets.getByText("Cheapest to buy")).not.toHaveCount(0);
  await expect(markets.getByText("Best to sell")).not.toHaveCount(0);
  // The seed prices Steam 15 to 40 % above the cheapest market: it is never the cheapest.
  await expect(markets.getByTestId("market-steam")).not.toContainText("Cheapest to buy");

  // Another variant's markets are a link away.
  await markets.getByRole("navigation", { name: "Markets of variant" }).getByRole("link", { name: "StatTrak™" }).click();
  await expect(page).toHaveURL(/variant=stattrak/);
  await expect(page.getByRole("table", { name: /AK-47 \| Redline \(Field-Tested, StatTrak™\)/ })).toBeVisible();
});

test("a sticker's and a case's page show their markets", async ({ page }) => {
  await page.goto("/stickers/1880");
  const sticker = page.getByRole("region", { name: "Where to buy, where to sell" });
  await expect(sticker.getByTestId("market-price").filter({ hasText: /^\$\d+\.\d\d$/ })).not.toHaveCount(0);
  await expect(sticker.getByText("Cheapest to buy")).not.toHaveCount(0);

  await page.goto("/cases/operation-phoenix-weapon-case");
  const crate = page.getByRole("region", { name: "Where to buy, where to sell" });
  await expect(crate.getByTestId("market-price").filter({ hasText: /^\$\d+\.\d\d$/ })).not.toHaveCount(0);
  await expect(crate.getByText("Best to sell")).not.toHaveCount(0);
});

test("choosing Steam as the market re-prices the weapon grid's cards, and the page says so", async ({ page }, testInfo) => {
  await page.goto("/weapons/AK-47");
  if (withJs(testInfo)) await expect(page.getByRole("button", { name: "Apply" })).toBeHidden();
  await expect(page.getByTestId("price-market")).toHaveText("Prices: Cheapest listing across markets");
  const redline = page.getByTestId("skin-card").filter({ hasText: "AK-47 | Redline" });
  const cheapest = await redline.getByTestId("skin-card-price").textContent();
  expect(cheapest).toMatch(/^\$\d/);

  await page.getByRole("combobox", { name: "Market" }).selectOption({ label: "Steam Community Market" });
  if (!withJs(testInfo)) await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/[?&]market=steam/);
  await expect(page.getByTestId("price-market")).toHaveText("Prices: Steam Community Market");
  // The seed prices Steam 15 to 40 % above the cheapest market.
  await expect(redline.getByTestId("skin-card-price")).not.toHaveText(cheapest!);
  await expect(redline.getByTestId("skin-card-price")).toHaveText(/^\$\d/);
});

test("the list of cases prices cases and keys at the market chosen, and a case's page its expected value", async ({ page }) => {
  await page.goto("/cases");
  const phoenix = page.getByRole("link", { name: /Operation Phoenix Weapon Case/ });
  const before = await phoenix.textContent();
  await page.getByRole("combobox", { name: "Market" }).selectOption({ label: "Steam Community Market" });
  await page.getByRole("button", { name: "Show prices" }).click();
  await expect(page).toHaveURL(/\/cases\?market=steam$/);
  await expect(page.getByTestId("price-market")).toContainText("Case and key prices: Steam Community Market");
  await expect(phoenix).not.toHaveText(before!);

  // The case's page opens on the same market: its items, the case, the key and the expected value.
  const atCheapest = await (await page.request.get("/cases/operation-phoenix-weapon-case")).text();
  const cheapestValue = /data-testid="case-expected-value">([^<]+)</.exec(atCheapest)![1]!;
  await phoenix.click();
  await expect(page).toHaveURL(/\/cases\/operation-phoenix-weapon-case\?market=steam$/);
  await expect(page.getByTestId("price-market")).toHaveText("Prices: Steam Community Market");
  await expect(page.getByTestId("case-expected-value")).toHaveText(/^\$\d/);
  await expect(page.getByTestId("case-expected-value")).not.toHaveText(cheapestValue);
  await page.getByRole("combobox", { name: "Market" }).selectOption({ label: "Cheapest listing across markets" });
  await page.getByRole("button", { name: "Show prices" }).click();
  await expect(page).toHaveURL(/\/cases\/operation-phoenix-weapon-case\?market=cheapest$/);
  await expect(page.getByTestId("case-expected-value")).toHaveText(cheapestValue);
});

test("choosing Steam as the market re-prices the search results' cards, and the page says so", async ({ page }) => {
  await page.goto("/search?q=ak-47%20redline");
  await expect(page.getByTestId("price-market")).toHaveText("Prices: Cheapest listing across markets");
  const redline = page.getByTestId("skin-card").filter({ hasText: "AK-47 | Redline" });
  const cheapest = await redline.getByTestId("skin-card-price").textContent();
  expect(cheapest).toMatch(/^\$\d/);

  await page.getByRole("combobox", { name: "Market" }).selectOption({ label: "Steam Community Market" });
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(/[?&]market=steam/);
  await expect(page).toHaveURL(/[?&]q=ak-47(\+|%20)redline/);
  await expect(page.getByTestId("price-market")).toHaveText("Prices: Steam Community Market");
  // The seed prices Steam 15 to 40 % above the cheapest market.
  await expect(redline.getByTestId("skin-card-price")).not.toHaveText(cheapest!);
  await expect(redline.getByTestId("skin-card-price")).toHaveText(/^\$\d/);
  await expect(page.getByRole("combobox", { name: "Market" })).toHaveValue("steam");
});

test("choosing Steam as the market re-prices the trade-up's inputs, outcomes and expected value, and the page says so", async ({ page }) => {
  await page.goto("/trade-up?s1=mag-7-insomnia&f1=0.2&n1=10");
  await expect(page.getByTestId("price-market")).toHaveText("Prices: Cheapest listing across markets");
  const expected = page.getByTestId("expected-value");
  const firstPrice = page.getByTestId("outcome-price").first();
  const [cheapestValue, cheapestPrice] = [await expected.textContent(), await firstPrice.textContent()];
  expect(cheapestValue).toMatch(/^\$\d/);

  await page.getByRole("combobox", { name: "Market" }).selectOption({ label: "Steam Community Market" });
  await page.getByRole("button", { name: "Update contract" }).click();
  await expect(page).toHaveURL(/\/trade-up\?s1=mag-7-insomnia&f1=0\.2&n1=10&market=steam$/);
  await expect(page.getByTestId("price-market")).toHaveText("Prices: Steam Community Market");
  await expect(page.getByTestId("outcomes-market")).toContainText("Steam Community Market");
  // The seed prices Steam 15 to 40 % above the cheapest market.
  await expect(expected).not.toHaveText(cheapestValue!);
  await expect(expected).toHaveText(/^\$\d/);
  await expect(firstPrice).not.toHaveText(cheapestPrice!);
  await expect(page.getByRole("combobox", { name: "Market" })).toHaveValue("steam");
});

test("an open tracker shows what it would fetch on each market after fees, and the list is valued at the market chosen", async ({
  signedInPage: page,
}, testInfo) => {
  await page.goto("/resell-tracker/new?skin=ak-47-redline");
  await page.getByLabel("Wear").selectOption("FT");
  await page.getByLabel("Bought date").fill("2026-01-02");
  await page.getByLabel("Buy price ($)").fill("5.00");
  await page.getByRole("button", { name: "Add Tracker" }).click();
  await expect(page).toHaveURL(/\/resell-tracker\?notice=added$/);

  const card = page.getByTestId("tracker-card");
  const markets = card.getByRole("table", { name: /AK-47 \| Redline on each market/ });
  await expect(markets.getByText("Best to sell")).toHaveCount(1);
  const priced = markets.getByRole("row").filter({ hasText: /\$\d+\.\d\d.*\$\d+\.\d\d.*\+\$\d+\.\d\d/ });
  expect(await priced.count()).toBeGreaterThanOrEqual(3);
  const best = markets.getByRole("row").filter({ hasText: "Best to sell" });
  const bestNet = (await best.getByRole("cell").nth(1).textContent())!;
  await expect(card.getByTestId("tracker-best-market")).toContainText(`Best after fees: `);
  await expect(page.getByTestId("price-market")).toContainText("Open items valued at: Cheapest listing across markets.");

  await page.getByRole("combobox", { name: "Market" }).selectOption({ label: "Best market after fees" });
  if (!withJs(testInfo)) await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/[?&]market=best-net/);
  await expect(page.getByTestId("price-market")).toContainText("Open items valued at: Best market after fees");
  // The card's current price and the portfolio's open value are what the best market leaves after its fee.
  await expect(card.getByText("Current price")).toBeVisible();
  await expect(card.locator("dd").nth(1)).toHaveText(bestNet);
  await expect(page.getByTestId("portfolio-summary")).toContainText(`Open value${bestNet}`);
});

test("a loadout and a sticker craft are priced at the market chosen, and say so", async ({ page }) => {
  await page.goto("/loadouts/official/1?side=ct");
  await expect(page.getByTestId("price-market")).toHaveText("Prices: Cheapest listing across markets");
  const total = page.getByTestId("total-cost");
  const cheapest = (await total.textContent())!;
  await page.getByRole("combobox", { name: "Market" }).selectOption({ label: "Steam Community Market" });
  await page.getByRole("button", { name: "Show prices" }).click();
  await expect(page).toHaveURL(/\/loadouts\/official\/1\?side=ct&market=steam$/);
  await expect(page.getByTestId("price-market")).toHaveText("Prices: Steam Community Market");
  // The seed prices Steam 15 to 40 % above the cheapest market.
  await expect(total).not.toHaveText(cheapest);
  // The side toggle keeps the market.
  await page.getByRole("link", { name: "T-Side", exact: true }).click();
  await expect(page).toHaveURL(/\/loadouts\/official\/1\?market=steam$/);
  await expect(page.getByTestId("price-market")).toHaveText("Prices: Steam Community Market");

  await page.goto("/sticker-crafts?order=cost-desc");
  await expect(page.getByTestId("price-market")).toHaveText("Prices: Cheapest listing across markets");
  await page.getByRole("combobox", { name: "Market" }).selectOption({ label: "Steam Community Market" });
  await page.getByRole("button", { name: "Show prices" }).click();
  await expect(page).toHaveURL(/\/sticker-crafts\?order=cost-desc&market=steam$/);
  await expect(page.getByTestId("price-market")).toHaveText("Prices: Steam Community Market");
  // A craft's card opens it on the same market.
  await page.getByTestId("craft-card").first().click();
  await expect(page).toHaveURL(/\/sticker-crafts\/\d+\?market=steam$/);
  await expect(page.getByTestId("price-market")).toHaveText("Prices: Steam Community Market");
  await page.getByRole("combobox", { name: "Market" }).selectOption({ label: "Buff163" });
  await page.getByRole("button", { name: "Show prices" }).click();
  await expect(page).toHaveURL(/\/sticker-crafts\/\d+\?market=buff163$/);
  await expect(page.getByTestId("price-market")).toHaveText("Prices: Buff163");
});

test("a loadout shared by link is priced at the market chosen, and its side links keep it", async ({ page, baseURL, createUser }) => {
  const path = await samplePath("/loadouts/shared/{sharedLoadout}", { baseURL: baseURL!, user: null, createUser });
  await page.goto(path);
  await expect(page.getByTestId("price-market")).toHaveText("Prices: Cheapest listing across markets");
  const total = page.getByTestId("total-cost");
  const cheapest = (await total.textContent())!;
  await page.getByRole("combobox", { name: "Market" }).selectOption({ label: "Steam Community Market" });
  await page.getByRole("button", { name: "Show prices" }).click();
  await expect(page).toHaveURL(new RegExp(`${path}\\?market=steam$`));
  await expect(page.getByTestId("price-market")).toHaveText("Prices: Steam Community Market");
  await expect(total).not.toHaveText(cheapest);
  await page.getByRole("link", { name: "CT-Side", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${path}\\?market=steam&side=ct$`));
  await expect(page.getByTestId("price-market")).toHaveText("Prices: Steam Community Market");
});
