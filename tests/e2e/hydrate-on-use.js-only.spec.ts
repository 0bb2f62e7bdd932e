// A form's code (Conform and the form kit) loads on the page's first use, not with the page
// (app/components/hydrate-on-use.tsx, ADR 094): the server's HTML stands until then, the typed text
// and the focus survive the form's hydration, and a submit before the code has come posts the form
// as without JavaScript.
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

// A wrong password is answered 400 by design.
test.use({ allowedConsoleErrors: [/the server responded with a status of 400/] });

/** The form code's files `page` asks for from now on. */
function formCodeRequests(page: Page): string[] {
  const requests: string[] = [];
  page.on("request", (request) => {
    if (/\/assets\/(forms|AuthForms)-[\w-]+\.js$/.test(request.url())) requests.push(request.url());
  });
  return requests;
}

/** The posts `page` sends from now on, as "document" or "fetch". */
function postsOf(page: Page): string[] {
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.resourceType() === "document" ? "document" : "fetch");
  });
  return posts;
}

test("the login form's code loads when the page is first used, and the typed text survives", async ({ page }) => {
  const formCode = formCodeRequests(page);
  const posts = postsOf(page);
  await page.goto("/login");
  await page.waitForLoadState("networkidle");
  expect(formCode, "no form code before the page is used").toEqual([]);

  await page.getByLabel("Email").pressSequentially("someone@e2e.test");
  await page.waitForLoadState("networkidle");
  expect(formCode.length, "the form code once the page is used").toBeGreaterThan(0);
  await expect(page.getByLabel("Email")).toHaveValue("someone@e2e.test");
  await expect(page.getByLabel("Email")).toBeFocused();

  await page.getByLabel("Password", { exact: true }).fill("not-the-password");
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByText("Invalid login credentials")).toBeVisible();
  expect(posts, "hydrated, the form posts without reloading the page").toEqual(["fetch"]);
});

test("a login sent before the form's code has come is posted as without JavaScript", async ({ page }) => {
  await page.route(/\/assets\/(forms|AuthForms)-[\w-]+\.js$/, () => {
    // Never answered: a connection that lost the form's code.
  });
  const posts = postsOf(page);
  await page.goto("/login");
  await page.getByLabel("Email").fill("someone@e2e.test");
  await page.getByLabel("Password", { exact: true }).fill("not-the-password");
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByText("Invalid login credentials")).toBeVisible();
  expect(posts).toEqual(["document"]);
});

test("a form reached by a link in the page loads its code at once", async ({ page }) => {
  await page.goto("/login");
  await page.waitForLoadState("networkidle");
  await page.getByRole("link", { name: "Register" }).click();
  await expect(page).toHaveURL(/mode=register/);
  await expect(page.getByRole("button", { name: "Register" })).toBeVisible();
  await expect(page.getByText("Password must be at least 6 characters.")).toBeVisible();
});
