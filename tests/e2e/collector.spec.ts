import { expect, test, withJs } from "./fixtures";

// Validation errors answer 400 by design (the form comes back with the spec's message).
test.use({ allowedConsoleErrors: [/the server responded with a status of 400/] });

const REDLINE = "AK-47 | Redline";

test("favourite from a weapon-page card (via login) and from the skin page, see them on the profile, remove one", async ({ page, user }) => {
  test.setTimeout(90_000);

  // Signed out, the heart leads to the login page and back to the card (far down the grid).
  await page.goto("/weapons/AK-47");
  await page.getByRole("link", { name: `Log in to add ${REDLINE} to favorites` }).click();
  await expect(page).toHaveURL(/\/login\?redirectTo=/);
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password", { exact: true }).fill(user.password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/weapons\/AK-47#skin-ak-47-redline$/);

  const heart = page.getByRole("button", { name: `Add ${REDLINE} to favorites` });
  await heart.click();
  await expect(page.getByRole("button", { name: `Remove ${REDLINE} from favorites` })).toHaveAttribute("aria-pressed", "true");
  await expect(page).toHaveURL(/\/weapons\/AK-47(#skin-ak-47-redline)?$/);

  // The skin page shows it, and 'Favorite' there adds another skin.
  await page.goto("/skins/ak-47-redline");
  await expect(page.getByRole("button", { name: "Favorite" })).toHaveAttribute("aria-pressed", "true");
  await page.goto("/skins/ak-47-vulcan");
  const favorite = page.getByRole("button", { name: "Favorite" });
  await expect(favorite).toHaveAttribute("aria-pressed", "false");
  await favorite.click();
  await expect(page.getByRole("button", { name: "Favorite" })).toHaveAttribute("aria-pressed", "true");

  // Both on the profile; remove one there.
  await page.goto("/profile");
  const grid = page.getByRole("list", { name: "Favorite skins" });
  await expect(grid.getByRole("heading", { name: REDLINE })).toBeVisible();
  await expect(grid.getByRole("heading", { name: "AK-47 | Vulcan" })).toBeVisible();
  await page.getByRole("button", { name: "Remove AK-47 | Vulcan from favorites" }).click();
  if (!withJs(test.info())) await expect(page).toHaveURL(/\/profile#skin-ak-47-vulcan$/);
  // The list changes once the server accepted; leaving earlier would cancel the request.
  await expect(grid.getByRole("heading", { name: "AK-47 | Vulcan" })).toHaveCount(0);
  await page.goto("/profile?tab=favorites");
  await expect(grid.getByRole("heading", { name: "AK-47 | Vulcan" })).toHaveCount(0);
  await expect(grid.getByRole("heading", { name: REDLINE })).toBeVisible();
});

test("track a resell: one validation error first, then the list with badge and profit, edit, delete", async ({ signedInPage: page }, testInfo) => {
  test.setTimeout(90_000);
  await page.goto("/resell-tracker");
  await expect(page.getByText("You have no resell trackers yet.")).toBeVisible();

  await page.goto("/skins/ak-47-redline");
  await page.getByRole("link", { name: "Track Resell" }).click();
  const scope = withJs(testInfo) ? page.getByRole("dialog", { name: "Track Resell" }) : page;
  if (!withJs(testInfo)) await expect(page).toHaveURL(/\/resell-tracker\/new\?skin=ak-47-redline&redirectTo=%2Fskins%2Fak-47-redline$/);
  await expect(scope.getByLabel("Wear")).toBeVisible();

  // No wear and no float: the spec's message, the form stays with what was typed.
  await scope.getByLabel("Bought date").fill(new Date().toISOString().slice(0, 10));
  await scope.getByLabel("Buy price ($)").fill("1.00");
  await scope.getByLabel("Notes").fill("  for the trade-up  ");
  await scope.getByRole("button", { name: "Add Tracker" }).click();
  await expect(scope.getByText("Please select a wear or enter a float value.")).toBeVisible();
  await expect(scope.getByLabel("Buy price ($)")).toHaveValue("1.00");

  // A float sets its wear (with JavaScript at once, without it on the server).
  await scope.getByLabel("Float").fill("0.2");
  if (withJs(testInfo)) await expect(scope.getByLabel("Wear")).toHaveValue("FT");
  await scope.getByRole("button", { name: "Add Tracker" }).click();
  // Back on the skin page (in place with JavaScript), the button says it.
  await expect(page).toHaveURL(/\/skins\/ak-47-redline(\?notice=added&tracked=ak-47-redline#skin-ak-47-redline)?$/);
  await expect(page.getByRole("status").filter({ hasText: "Resell tracker added!" })).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await page.goto("/resell-tracker");

  const card = page.getByTestId("tracker-card");
  await expect(card).toHaveCount(1);
  await expect(card.getByRole("heading", { name: REDLINE })).toBeVisible();
  await expect(card).toContainText("Field-Tested · Float 0.2000");
  await expect(card.getByTestId("trade-lock")).toHaveText(/^Trade Locked until \w{3} \d{1,2}, \d{4}, 9:00 AM$/);
  await expect(card.getByTestId("tracker-profit")).toHaveText(/^(No Data|[+-]?\$\d+\.\d\d \([+-]?\d+\.\d%\))$/);
  await expect(card).toContainText("for the trade-up");
  await expect(page.getByTestId("portfolio-summary")).toContainText("Total invested$1.00");

  // Edit: prefilled, saved, the card updated.
  await card.getByRole("link", { name: "Edit" }).click();
  const editScope = withJs(testInfo) ? page.getByRole("dialog", { name: "Edit Tracker" }) : page;
  await expect(editScope.getByLabel("Buy price ($)")).toHaveValue("1.00");
  await editScope.getByLabel("Buy price ($)").fill("2.50");
  await editScope.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Tracker updated successfully!")).toBeVisible();
  await expect(page.getByTestId("tracker-card")).toContainText("$2.50");

  // Sorting is URL state.
  await page.getByLabel("Sort by").selectOption("profit-desc");
  if (!withJs(testInfo)) await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/sort=profit-desc/);

  // Delete.
  await page.getByTestId("tracker-card").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("You have no resell trackers yet.")).toBeVisible();
});

test("a long tracker list comes a page at a time, the summary counting every tracker", async ({ signedInPage: page, user, baseURL }, testInfo) => {
  test.setTimeout(90_000);
  // One more than two pages, added through the server as the form would add them.
  const perPage = 48;
  for (let i = 1; i <= perPage * 2 + 1; i++) {
    const response = await fetch(new URL(`/resell-tracker/new?skin=ak-47-redline`, baseURL), {
      method: "POST",
      body: new URLSearchParams({ skinId: "ak-47-redline", wear: "FT", boughtAt: "2026-01-02", buyPrice: "1.00", notes: `Bought as number ${i}` }),
      headers: { Cookie: `${user.cookie.name}=${user.cookie.value}` },
      redirect: "manual",
    });
    await response.arrayBuffer();
    expect(response.status).toBe(303);
  }

  await page.goto("/resell-tracker");
  const cards = page.getByTestId("tracker-card");
  await expect(cards).toHaveCount(perPage);
  await expect(page.getByTestId("portfolio-summary")).toContainText(`Items${perPage * 2 + 1}`);
  await expect(cards.first()).toContainText(`Bought as number ${perPage * 2 + 1}`);

  const pages = page.getByRole("navigation", { name: "Resell tracker pages" });
  await pages.getByRole("link", { name: "Page 3" }).click();
  await expect(page).toHaveURL(/\/resell-tracker\?page=3$/);
  await expect(cards).toHaveCount(1);
  await expect(cards).toContainText("Bought as number 1");
  await expect(pages.locator('[aria-current="page"]')).toHaveText("Page 3");

  // The sort is kept from page to page.
  await page.goto("/resell-tracker?sort=bought-asc");
  await pages.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/\/resell-tracker\?sort=bought-asc&page=2$/);
  await expect(cards).toHaveCount(perPage);

  // An edit on page 2 comes back to page 2 in the same order, at the card (in place with JavaScript); so does Cancel.
  const edited = cards.filter({ hasText: "Bought as number 30" });
  await edited.getByRole("link", { name: "Edit" }).click();
  const editScope = withJs(testInfo) ? page.getByRole("dialog", { name: "Edit Tracker" }) : page;
  await editScope
    .getByRole("link", { name: "Cancel" })
    .or(editScope.getByRole("button", { name: "Cancel" }))
    .click();
  await expect(page).toHaveURL(/\/resell-tracker\?sort=bought-asc&(page=2|tracker=\d+#tracker-\d+)$/);
  await expect(pages.locator('[aria-current="page"]')).toHaveText("Page 2");
  await edited.getByRole("link", { name: "Edit" }).click();
  await editScope.getByLabel("Notes").fill("Bought as number 30, edited");
  await editScope.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Tracker updated successfully!")).toBeVisible();
  await expect(page).toHaveURL(/\/resell-tracker\?sort=bought-asc&(page=2|notice=updated&tracker=\d+#tracker-\d+)$/);
  await expect(page.getByLabel("Sort by")).toHaveValue("bought-asc");
  await expect(pages.locator('[aria-current="page"]')).toHaveText("Page 2");
  await expect(cards.filter({ hasText: "Bought as number 30, edited" })).toBeVisible();

  // Record sale on page 2: the Sold view in the same order, at the card; Undo there: back on the Open view's page holding it, in that order.
  const sold = cards.filter({ hasText: "Bought as number 30, edited" });
  await sold.getByRole("link", { name: "Record sale" }).click();
  await page.getByLabel("Sale price ($)").fill("2.00");
  await page.getByLabel("Sold date").fill("2026-01-10");
  await page.getByLabel("Market").selectOption("skinport");
  await page.getByRole("button", { name: "Record Sale" }).click();
  await expect(page).toHaveURL(/\/resell-tracker\?sort=bought-asc&view=sold&tracker=\d+&notice=sold#tracker-\d+$/);
  await expect(page.getByText("Sale recorded. The item is in the Sold view.")).toBeVisible();
  await expect(page.getByLabel("Sort by")).toHaveValue("bought-asc");
  await sold.getByRole("button", { name: "Undo sale" }).click();
  await expect(page).toHaveURL(/\/resell-tracker\?sort=bought-asc&view=open&tracker=\d+&notice=sale-undone#tracker-\d+$/);
  await expect(page.getByText("Sale undone: the item is open again.")).toBeVisible();
  await expect(page.getByLabel("Sort by")).toHaveValue("bought-asc");
  await expect(pages.locator('[aria-current="page"]')).toHaveText("Page 2");
  await expect(sold.getByRole("link", { name: "Record sale" })).toBeVisible();
});

test("Track from a weapon page and Edit from the profile's tab come back where they were opened", async ({ signedInPage: page }, testInfo) => {
  await page.goto("/weapons/AK-47?sort=price-asc");
  const card = page.locator("#skin-ak-47-redline");
  await card.getByRole("link", { name: "Track" }).click();
  const scope = withJs(testInfo) ? page.getByRole("dialog", { name: "Track Resell" }) : page;
  await scope.getByLabel("Wear").selectOption("FT");
  await scope.getByLabel("Bought date").fill("2026-01-02");
  await scope.getByLabel("Buy price ($)").fill("3.00");
  await scope.getByRole("button", { name: "Add Tracker" }).click();
  // The weapon page again, in its order, at the card, whose button says it (in place with JavaScript).
  await expect(page).toHaveURL(/\/weapons\/AK-47\?sort=price-asc(&notice=added&tracked=ak-47-redline#skin-ak-47-redline)?$/);
  await expect(card.getByRole("status")).toHaveText("Resell tracker added!");

  await page.goto("/profile?tab=resell");
  await page.getByTestId("tracker-card").getByRole("link", { name: "Edit" }).click();
  const editScope = withJs(testInfo) ? page.getByRole("dialog", { name: "Edit Tracker" }) : page;
  await editScope.getByLabel("Buy price ($)").fill("4.00");
  await editScope.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Tracker updated successfully!")).toBeVisible();
  await expect(page).toHaveURL(/\/profile\?tab=resell(&notice=updated&tracker=\d+#tracker-\d+)?$/);
  await expect(page.getByTestId("tracker-card")).toContainText("$4.00");
});
