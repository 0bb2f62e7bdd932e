// A craft picker's search or pick, or an import's preview, writes nothing (a read-only reply, `revalidateUnlessReadOnly`):
// with JavaScript its answer alone updates the form, so each step is one request and no reload of
// the page's data is left in flight for the player's next click to cut short.
import { expect, test } from "./fixtures";

test("each step of the craft form's skin picker is one request", async ({ signedInPage: page }) => {
  await page.goto("/sticker-crafts/submit");
  await page.waitForLoadState("networkidle");
  const data: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname.endsWith(".data")) data.push(`${request.method()} ${new URL(request.url()).pathname}`);
  });

  await page.getByLabel("Name", { exact: true }).fill("One request a step");
  await page.getByLabel("Find the skin in the catalogue").fill("ak redline");
  await page.getByRole("button", { name: "Find skins" }).click();
  await page.getByRole("button", { name: "Choose AK-47 | Redline" }).click();
  await expect(page.getByTestId("chosen-skin")).toContainText("AK-47 | Redline");
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("One request a step");
  await page.waitForLoadState("networkidle");
  expect(data).toEqual(["POST /sticker-crafts/submit.data", "POST /sticker-crafts/submit.data"]);
});

test("the inventory import's preview is one request", async ({ signedInPage: page }) => {
  await page.goto("/resell-tracker/import");
  await page.waitForLoadState("networkidle");
  const data: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname.endsWith(".data")) data.push(`${request.method()} ${new URL(request.url()).pathname}`);
  });

  await page.getByLabel("Or a file").setInputFiles("tests/fixtures/steam-inventory.json");
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByText("3 of 8 items match the catalogue.")).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(data).toEqual(["POST /resell-tracker/import.data"]);
});
