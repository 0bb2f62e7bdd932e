// A form's checks in the browser come with its first focus (`useClientChecks`, issue 32): once
// they are there, an invalid form is answered at once, without a request. Before, and without
// JavaScript, the action answers with the same schema (the other projects' flows cover that).
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/** The URLs `page` posts to from now on: a check in the browser sends none. */
function postsOf(page: Page): string[] {
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  return posts;
}

test("a new loadout's form checks the title in the browser once it has been focused", async ({ signedInPage: page }) => {
  const posts = postsOf(page);
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

test("a field focused before the page's scripts have run still gets the checks in the browser", async ({ signedInPage: page }) => {
  // A slow connection: the app starts (app/entry.client.tsx) only after the person is in the field.
  let releaseEntry = () => {};
  const entryHeld = new Promise<void>((resolve) => (releaseEntry = resolve));
  await page.route(/\/assets\/entry\.client-[\w-]+\.js$/, async (route) => {
    await entryHeld;
    await route.continue();
  });
  const posts = postsOf(page);
  await page.goto("/loadouts/new", { waitUntil: "domcontentloaded" });
  await page.getByLabel("Title").focus();
  releaseEntry();
  await page.waitForLoadState("networkidle");

  await page.getByRole("button", { name: "Create Loadout" }).click();
  await expect(page.getByText("Title is required.")).toBeVisible();
  expect(posts).toEqual([]);
});
