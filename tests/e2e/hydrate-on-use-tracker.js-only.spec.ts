// The resell tracker's pages load their forms' and list's code on the page's first use, not with the
// page (app/components/hydrate-on-use.tsx, ADR 094): the server's HTML stands until then, the typed
// text survives the hydration, and then the part works as the app's (a check in the browser, a
// post without reloading the page, the edit dialog).
import { trackRedline } from "./float-bar";
import { expect, test } from "./fixtures";
import { openUnused, postsOf } from "./parts";

// A form refused by its action is answered 400 by design.
test.use({ allowedConsoleErrors: [/the server responded with a status of 400/] });

test("the resell form's code comes with the first use; typed, it answers without reloading the page", async ({ signedInPage: page }) => {
  const posts = postsOf(page);
  const requests = await openUnused(page, "/resell-tracker/new?skin=ak-47-redline", ["TrackerForm"]);

  await page.getByLabel("Buy price ($)").pressSequentially("1.50");
  await expect.poll(() => requests.length, "the form's code once the page is used").toBeGreaterThan(0);
  await expect(page.getByLabel("Buy price ($)")).toHaveValue("1.50");
  await expect(page.getByLabel("Buy price ($)")).toBeFocused();

  await page.getByLabel("Bought date").fill(new Date().toISOString().slice(0, 10));
  await page.getByRole("button", { name: "Add Tracker" }).click();
  await expect(page.getByText("Please select a wear or enter a float value.")).toBeVisible();
  await expect(page.getByLabel("Buy price ($)")).toHaveValue("1.50");
  // Checked in the browser, or by the action through a fetch if the checks had not come yet.
  expect(posts, "hydrated, the form does not reload the page").not.toContain("document");
});

test("the sale form's code comes with the first use; typed, it posts without reloading the page", async ({ signedInPage: page, baseURL }) => {
  const id = await trackRedline(page, baseURL!, "0.2");
  const posts = postsOf(page);
  const requests = await openUnused(page, `/resell-tracker/${id}/sale`, ["SaleForm"]);

  await page.getByLabel("Sale price ($)").pressSequentially("12.00");
  await expect.poll(() => requests.length, "the form's code once the page is used").toBeGreaterThan(0);
  await expect(page.getByLabel("Sale price ($)")).toHaveValue("12.00");

  await page.getByLabel("Market").selectOption("skinport");
  await page.getByRole("button", { name: "Record Sale" }).click();
  await expect(page.getByText("Sale recorded. The item is in the Sold view.")).toBeVisible();
  expect(posts, "hydrated, the form posts without reloading the page").toEqual(["fetch"]);
});

test("the import's code comes with the first use; typed, the preview comes without reloading the page", async ({ signedInPage: page }) => {
  const posts = postsOf(page);
  const requests = await openUnused(page, "/resell-tracker/import", ["ImportForms"]);

  const csv = "Skin,Skin ID,Wear,Bought date,Buy price\nAK-47 | Redline,ak-47-redline,FT,2026-01-02,1.00\n";
  const field = page.getByLabel("Inventory JSON or CSV");
  await field.pressSequentially(csv);
  await expect.poll(() => requests.length, "the forms' code once the page is used").toBeGreaterThan(0);
  await expect(field).toHaveValue(csv);

  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByText("1 of 1 item matches the catalogue.")).toBeVisible();
  expect(posts, "hydrated, the form posts without reloading the page").toEqual(["fetch"]);
});

test("the tracker list's code comes with the first use, and Edit then opens the dialog in place", async ({ signedInPage: page, baseURL }) => {
  await trackRedline(page, baseURL!, "0.2");
  const requests = await openUnused(page, "/resell-tracker", ["ResellTrackerList", "TrackerList", "PriceChart", "TrackerDialog"]);

  const card = page.getByTestId("tracker-card");
  await card.hover();
  await expect.poll(() => requests.length, "the list's code once the page is used").toBeGreaterThan(0);
  await card.getByRole("link", { name: "Edit" }).click();
  await expect(page.getByRole("dialog", { name: "Edit Tracker" }).getByLabel("Buy price ($)")).toHaveValue("10.00");
  await expect(page).toHaveURL(/\/resell-tracker$/);
});
