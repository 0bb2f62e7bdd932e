// A craft picker's search or pick, or an import's preview, writes nothing (a read-only reply, `revalidateUnlessReadOnly`):
// with JavaScript its answer alone updates the form, so each step is one request and no reload of
// the page's data is left in flight for the player's next click to cut short.
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/** Opens `path` and, once it has settled, records each Remix data request it makes ("POST /x.data"). */
async function openRecordingData(page: Page, path: string): Promise<string[]> {
  await page.goto(path);
  await page.waitForLoadState("networkidle");
  const data: string[] = [];
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.endsWith(".data")) data.push(`${request.method()} ${pathname}`);
  });
  return data;
}

test("each step of the craft form's skin picker is one request", async ({ signedInPage: page }) => {
  const data = await openRecordingData(page, "/sticker-crafts/submit");

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
  const data = await openRecordingData(page, "/resell-tracker/import");

  await page.getByLabel("Or a file").setInputFiles("tests/fixtures/steam-inventory.json");
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByText("3 of 8 items match the catalogue.")).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(data).toEqual(["POST /resell-tracker/import.data"]);
});
