// A form's checks in the browser come with its first focus (`useClientChecks`, issue 32): once
// they are there, an invalid form is answered at once, without a request. Before, and without
// JavaScript, the action answers with the same schema (the other projects' flows cover that).
import { expect, test } from "./fixtures";

test("a new loadout's form checks the title in the browser once it has been focused", async ({ signedInPage: page }) => {
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  await page.goto("/loadouts/new");
  await page.getByLabel("Title").focus();
  await page.waitForLoadState("networkidle");

  await page.getByRole("button", { name: "Create Loadout" }).click();
  await expect(page.getByText("Title is required.")).toBeVisible();
  await expect(page.getByLabel("Title")).toBeFocused();
  expect(posts).toEqual([]);

  await page.getByLabel("Title").fill("Checked in the browser");
  await page.getByRole("button", { name: "Create Loadout" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Edit Loadout" })).toBeVisible();
  expect(posts).toHaveLength(1);
});
