// A form's code (Conform and the form kit) loads on the page's first use, not with the page
// (app/components/hydrate-on-use.tsx, ADR 094): the server's HTML stands until then, the typed text
// and the focus survive the form's hydration, a click before the code has come waits for it, and
// one whose code does not come goes on as without JavaScript.
import { expect, test } from "./fixtures";
import { codeRequests, postsOf } from "./parts";

// A wrong password is answered 400 by design.
test.use({ allowedConsoleErrors: [/the server responded with a status of 400/] });

// Logins are limited per address: each test its own.
const someone = () => `someone-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@e2e.test`;

test("the login form's code loads when the page is first used, and the typed text survives", async ({ page }) => {
  const formCode = codeRequests(page, /^(forms|AuthForms)$/);
  const posts = postsOf(page);
  await page.goto("/login");
  await page.waitForLoadState("networkidle");
  expect(formCode, "no form code before the page is used").toEqual([]);

  const email = someone();
  await page.getByLabel("Email").pressSequentially(email);
  await expect.poll(() => formCode.length, { message: "the form code once the page is used" }).toBeGreaterThan(0);
  await expect(page.getByLabel("Email")).toHaveValue(email);
  await expect(page.getByLabel("Email")).toBeFocused();

  await page.getByLabel("Password", { exact: true }).fill("not-the-password");
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByText("Invalid login credentials")).toBeVisible();
  expect(posts, "hydrated, the form posts without reloading the page").toEqual(["fetch"]);
});

test("a login whose form code does not come is posted as without JavaScript after a few seconds", async ({ page }) => {
  await page.route(/\/assets\/(forms|AuthForms)-[\w-]+\.js$/, () => {
    // Never answered: a connection that lost the form's code.
  });
  const posts = postsOf(page);
  await page.goto("/login");
  await page.getByLabel("Email").fill(someone());
  await page.getByLabel("Password", { exact: true }).fill("not-the-password");
  await page.getByRole("button", { name: "Login" }).click();
  // Held for the code (4 s), then the browser's own post.
  await expect(page.getByText("Invalid login credentials")).toBeVisible({ timeout: 10_000 });
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

test("a click that comes before its part's code waits for it and is then the app's", async ({ signedInPage: page }) => {
  // A slow connection: the skin page's buttons take a second to come.
  await page.route(/\/assets\/TrackButton-[\w-]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await route.continue();
  });
  await page.goto("/skins/ak-47-redline");
  await page.getByRole("link", { name: "Track Resell" }).click();
  // The app's dialog, not the form's own page (where the link leads without JavaScript).
  await expect(page.getByRole("dialog", { name: "Track Resell" })).toBeVisible();
  await expect(page).toHaveURL(/\/skins\/ak-47-redline$/);
});

test("a form reached by a link from a page without parts shows at once, without another use", async ({ page }) => {
  await page.goto("/collections");
  await page.waitForLoadState("networkidle");
  await page.getByRole("banner").getByRole("link", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/login$/);
  // No pointer moves, no key: the app rendered the page itself, so the form's code came with it.
  await expect(page.getByLabel("Email")).toBeVisible();
  await expect(page.getByRole("button", { name: "Login" })).toBeVisible();
});
