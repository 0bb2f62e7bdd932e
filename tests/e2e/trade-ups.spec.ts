import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

// A refused contract answers 422, which the browser reports on its console.
test.use({ allowedConsoleErrors: [/the server responded with a status of 422/] });

/** The chances a list shows ("11.42 %"), as numbers. */
async function chancesOf(page: Page, testId: string): Promise<number[]> {
  const texts = await page.getByTestId(testId).allTextContents();
  return texts.map((text) => Number(/([\d.]+) %/.exec(text)?.[1]));
}

test("skin page to its collection, its case and the list of cases: the odds sum to 100 % with an expected value, the same in the list", async ({ page }) => {
  await page.goto("/skins/ak-47-head-shot");
  await page.getByRole("region", { name: "Collections" }).getByRole("link", { name: "The Revolution Collection" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "The Revolution Collection" })).toBeVisible();
  await expect(page.getByRole("link", { name: /Trade up Mil-Spec skins of this collection/ })).toBeVisible();

  await page.getByRole("link", { name: "Revolution Case" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Revolution Case" })).toBeVisible();
  await expect(page.getByTestId("case-expected-value")).toHaveText(/^\$\d+\.\d\d$/);
  await expect(page.getByRole("region", { name: "Rare special items" })).toBeVisible();
  const perItem = await page.getByTestId("item-note").allTextContents();
  const total = perItem.map((text) => Number(/^([\d.]+) %/.exec(text)?.[1])).reduce((sum, value) => sum + value, 0);
  expect(total).toBeGreaterThan(99.5);
  expect(total).toBeLessThan(100.5);

  // The list of cases shows the same expected value, and leads on to the souvenir packages.
  const expectedValue = await page.getByTestId("case-expected-value").textContent();
  await page.getByRole("main").getByRole("link", { name: "Cases", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Cases" })).toBeVisible();
  await expect(page.getByRole("link", { name: /^Revolution Case Price/ })).toContainText(`Expected value ${expectedValue}`);
  const firstPackage = page.getByRole("region", { name: "Souvenir packages" }).getByRole("link").first();
  const packageName = (await firstPackage.textContent()) ?? "";
  await firstPackage.click();
  await expect(page.getByRole("heading", { level: 1, name: packageName })).toBeVisible();
  await expect(page.getByText("The game publishes no odds for souvenir packages: here is what this one holds.")).toBeVisible();
});

test("a case's vanilla knives among its rare special items: 1/50 each in the Operation Phoenix case, a card leading to the knife's page, the list's value", async ({
  page,
}) => {
  await page.goto("/cases/operation-phoenix-weapon-case");
  const special = page.getByRole("region", { name: "Rare special items" });
  await expect(special.getByTestId("tier-odds")).toHaveText("0.260 % of openings, shared by 50 items: 0.0052 % each.");
  for (const knife of ["Bayonet", "Flip Knife", "Gut Knife", "Karambit"]) {
    const card = special.getByRole("link", { name: new RegExp(`^★ ${knife} \\(vanilla\\)`) });
    await expect(card).toHaveCount(1);
    await expect(card.getByTestId("item-note")).toHaveText("0.0052 % per opening, StatTrak™ 0.0005 %");
  }
  const total = (await chancesOf(page, "item-note")).reduce((sum, value) => sum + value, 0);
  expect(total).toBeGreaterThan(99.5);
  expect(total).toBeLessThan(100.5);
  const expectedValue = await page.getByTestId("case-expected-value").textContent();

  await special.getByRole("link", { name: /^★ Karambit \(vanilla\)/ }).click();
  await expect(page).toHaveURL(/\/weapons\/Karambit$/);
  await expect(page.getByRole("heading", { level: 1, name: "Karambit Skins" })).toBeVisible();

  await page.goto("/cases");
  await expect(page.getByRole("link", { name: /^Operation Phoenix Weapon Case Price/ })).toContainText(`Expected value ${expectedValue}`);
});

test("a ten-input contract built in the form: outcomes summing to 100 % with a float; a Souvenir input is refused", async ({ page }) => {
  await page.goto("/trade-up");
  await page.getByLabel("Skin name").fill("insomnia");
  await page.getByRole("button", { name: "Search" }).click();
  await page.getByRole("button", { name: "Choose MAG-7 | Insomnia" }).click();
  await expect(page).toHaveURL(/\/trade-up\?s1=mag-7-insomnia&n1=1$/);
  await expect(page.getByTestId("trade-up-messages")).toContainText("Enter the float of MAG-7 | Insomnia.");

  await page.getByLabel("Float of MAG-7 | Insomnia").fill("0.2");
  await page.getByLabel("Count of MAG-7 | Insomnia").fill("10");
  await page.getByRole("button", { name: "Update contract" }).click();
  await expect(page).toHaveURL(/\/trade-up\?s1=mag-7-insomnia&f1=0\.2&n1=10$/);
  await expect(page.getByRole("heading", { name: "Outcomes: Restricted" })).toBeVisible();
  const chances = await chancesOf(page, "outcome-chance");
  expect(chances.reduce((sum, value) => sum + value, 0)).toBeCloseTo(100, 1);
  await expect(page.getByTestId("outcome-float").first()).toHaveText(/^0\.\d{6}$/);

  await page.getByLabel("Variant of MAG-7 | Insomnia").selectOption("souvenir");
  await page.getByRole("button", { name: "Update contract" }).click();
  await expect(page.getByTestId("trade-up-messages")).toContainText("Souvenir skins cannot be used in a trade-up contract (MAG-7 | Insomnia).");
  await expect(page.getByTestId("outcome-chance")).toHaveCount(0);
});

test("mixed rarities are refused; five Covert inputs list knives", async ({ page }) => {
  await page.goto("/trade-up?s1=mag-7-insomnia&f1=0.2&n1=5&s2=m4a1-s-emphorosaur-s&f2=0.2&n2=5");
  await expect(page.getByTestId("trade-up-messages")).toContainText("All inputs must be of one rarity; this contract mixes Mil-Spec and Restricted.");

  await page.goto("/trade-up?s1=awp-lightning-strike&f1=0.05&n1=5");
  await expect(page.getByRole("heading", { name: "Outcomes: knives and gloves" })).toBeVisible();
  await expect(
    page
      .getByTestId("outcomes")
      .getByRole("link", { name: /^Karambit \|/ })
      .first(),
  ).toBeVisible();
});

test("'Add to trade-up' builds the contract from skin pages; a mixed one keeps one rarity; 'Start over' empties it", async ({ page }) => {
  const addFrom = async (skinId: string) => {
    await page.goto(`/skins/${skinId}`);
    await page.getByRole("link", { name: "Add to trade-up" }).click();
  };
  await addFrom("mag-7-insomnia");
  await expect(page).toHaveURL(/\/trade-up\?s1=mag-7-insomnia&n1=1$/);
  await expect(page.getByTestId("trade-up-messages")).toContainText("Enter the float of MAG-7 | Insomnia.");

  // A Covert skin added to a Mil-Spec contract: refused, with each rarity's inputs on offer.
  await addFrom("awp-lightning-strike");
  await expect(page).toHaveURL(/\/trade-up\?s1=mag-7-insomnia&n1=1&s2=awp-lightning-strike&n2=1$/);
  await expect(page.getByTestId("trade-up-messages")).toContainText("All inputs must be of one rarity; this contract mixes Mil-Spec and Covert.");
  await expect(page.getByRole("link", { name: "Keep only the Mil-Spec inputs (1)" })).toBeVisible();
  await page.getByRole("link", { name: "Keep only the Covert inputs (1)" }).click();
  await expect(page).toHaveURL(/\/trade-up\?s1=awp-lightning-strike&n1=1$/);
  await expect(page.getByText("All inputs must be of one rarity")).toHaveCount(0);

  // What was kept is the contract the next skin is added to.
  await addFrom("mag-7-insomnia");
  await expect(page).toHaveURL(/\/trade-up\?s1=awp-lightning-strike&n1=1&s2=mag-7-insomnia&n2=1$/);

  // Starting over forgets it: the next skin begins a contract of its own.
  await page.getByRole("link", { name: "Start over" }).click();
  await expect(page).toHaveURL(/\/trade-up$/);
  await expect(page.getByText("No inputs yet: search for a skin below, or use ‘Add to trade-up’ on a skin page.")).toBeVisible();
  await addFrom("mag-7-insomnia");
  await expect(page).toHaveURL(/\/trade-up\?s1=mag-7-insomnia&n1=1$/);

  // No room for one more: the contract stays, and the page says why.
  await page.goto("/trade-up?s1=mag-7-insomnia&f1=0.2&n1=10&intent=open");
  await addFrom("mag-7-insomnia");
  await expect(page).toHaveURL(/\/trade-up\?s1=mag-7-insomnia&f1=0\.2&n1=10&notice=row-full$/);
  await expect(page.getByText("The skin was not added: its row already counts 10, the most a row takes.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Outcomes: Restricted" })).toBeVisible();
});

test("save a contract, find it under My trade-ups with its expected value, open it, delete it", async ({ signedInPage: page }) => {
  await page.goto("/trade-up?s1=mag-7-insomnia&f1=0.2&n1=6&s2=mp9-featherweight&f2=0.3&n2=4");
  const expected = /^\$[\d,.]+/.exec((await page.getByTestId("expected-value").textContent()) ?? "")![0];
  await page.getByLabel("Name", { exact: true }).fill("Insomnia into Restricted");
  await page.getByRole("button", { name: "Save", exact: true }).click();

  await expect(page).toHaveURL(/\/profile\?tab=trade-ups&notice=trade-up-saved$/);
  const saved = page.getByTestId("my-trade-up").filter({ hasText: "Insomnia into Restricted" });
  await expect(saved).toContainText("6 × MAG-7 | Insomnia, 4 × MP9 | Featherweight");
  await expect(saved.getByTestId("saved-expected-value")).toHaveText(expected);

  await saved.getByRole("link", { name: "Open Insomnia into Restricted in the calculator" }).click();
  await expect(page).toHaveURL(/\/trade-up\?s1=mag-7-insomnia&f1=0\.2&n1=6&s2=mp9-featherweight&f2=0\.3&n2=4$/);
  await expect(page.getByRole("heading", { name: "Outcomes: Restricted" })).toBeVisible();

  await page.goto("/profile?tab=trade-ups");
  await page.getByRole("link", { name: "Delete Insomnia into Restricted" }).click();
  await expect(page.getByRole("heading", { name: "Delete “Insomnia into Restricted”?" })).toBeVisible();
  await page.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(page).toHaveURL(/\/profile\?tab=trade-ups&notice=trade-up-deleted$/);
  await expect(page.getByText("Saved trade-up deleted.")).toBeVisible();
  await expect(page.getByTestId("my-trade-up")).toHaveCount(0);
});

test("Enter in a float or a count updates the contract; Enter in 'Add a skin' searches and keeps it", async ({ page }) => {
  const contract = "s1=p250-sand-dune&f1=0.2&n1=5&s2=nova-polar-mesh";
  await page.goto(`/trade-up?${contract}&f2=0.3&n2=5`);
  const inputs = page.getByRole("list", { name: "Inputs" }).getByRole("listitem");
  await page.getByLabel("Float of Nova | Polar Mesh").fill("0.25");
  await page.getByLabel("Float of Nova | Polar Mesh").press("Enter");
  await expect(page).toHaveURL(new RegExp(`/trade-up\\?${contract}&f2=0\\.25&n2=5$`));
  await expect(inputs).toHaveCount(2);
  await expect(inputs.first()).toContainText("P250 | Sand Dune");
  await expect(page.getByLabel("Float of Nova | Polar Mesh")).toHaveValue("0.25");

  await page.getByLabel("Count of Nova | Polar Mesh").fill("4");
  await page.getByLabel("Count of Nova | Polar Mesh").press("Enter");
  await expect(page).toHaveURL(new RegExp(`/trade-up\\?${contract}&f2=0\\.25&n2=4$`));
  await expect(inputs).toHaveCount(2);

  await page.getByLabel("Skin name").fill("safari");
  await page.getByLabel("Skin name").press("Enter");
  await expect(page).toHaveURL(new RegExp(`/trade-up\\?${contract}&f2=0\\.25&n2=4&find=safari$`));
  await expect(page.getByLabel("Skin name")).toHaveValue("safari");
  await expect(
    page
      .getByRole("list", { name: "Skins found" })
      .getByRole("button", { name: /Safari Mesh/ })
      .first(),
  ).toBeVisible();
  await expect(inputs).toHaveCount(2);
  await expect(inputs.first()).toContainText("P250 | Sand Dune");
});
