// A post the action refuses (a 4xx) wrote nothing, so the page does not load its data again
// (`revalidateUnlessReadOnly`, app/forms/reply.ts). With single fetch, Remix reloaded the skin page
// after the Track dialog's refused post; a second submit then cut that reload short, and Remix
// logged an AbortError (a flaky collector flow, 28 November 2026).
import { expect, test } from "./fixtures";

// The refused post's own answer; nothing else may be logged (an aborted reload would be).
test.use({ allowedConsoleErrors: [/the server responded with a status of 400/] });

test("a tracker the server refuses leaves the skin page as it is: no reload, and the corrected form saves", async ({ signedInPage: page }) => {
  await page.goto("/skins/ak-47-redline");
  await page.getByRole("link", { name: "Track Resell" }).click();
  const dialog = page.getByRole("dialog", { name: "Track Resell" });
  await expect(dialog.getByLabel("Wear")).toBeVisible();

  // The browser carries no schema (ADR 097): the server answers; no other script is needed meanwhile.
  await page.route(/\/assets\/.+\.js$/, () => undefined);
  const requests: string[] = [];
  page.on("request", (request) => requests.push(`${request.method()} ${new URL(request.url()).pathname}`));

  await dialog.getByLabel("Bought date").fill(new Date().toISOString().slice(0, 10));
  await dialog.getByLabel("Buy price ($)").fill("1.00");
  await dialog.getByRole("button", { name: "Add Tracker" }).click();
  await expect(dialog.getByText("Please select a wear or enter a float value.")).toBeVisible();
  expect(requests.filter((request) => request.endsWith(".data"))).toEqual(["POST /resell-tracker/new.data"]);

  await dialog.getByLabel("Float").fill("0.2");
  await dialog.getByRole("button", { name: "Add Tracker" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Resell tracker added!" })).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);
});
