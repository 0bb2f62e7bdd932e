// The profile's, the password reset's and the new loadout's forms load their code (Conform, the form
// kit, the tabs' buttons) on the page's first use, not with the page (ADR 094): the server's HTML
// stands until then, and once a field is typed in the form is the app's (it checks in the browser and
// posts without reloading the page), the typed text kept.
import { expect, test } from "./fixtures";
import { codeRequests, postsOf } from "./parts";

// A wrong current password is answered 400 by design.
test.use({ allowedConsoleErrors: [/the server responded with a status of 400/] });

test("the profile's forms and tabs load their code on first use, and the password form then posts in place", async ({ signedInPage: page }) => {
  const formCode = codeRequests(page, /^(forms|AccountForms|PriceAlerts|SkinCard)$/);
  const posts = postsOf(page);
  await page.goto("/profile");
  await page.waitForLoadState("networkidle");
  expect(formCode, "no form code before the page is used").toEqual([]);

  await page.getByLabel("Current password").pressSequentially("not-my-password");
  await expect.poll(() => formCode.length, { message: "the form code once the page is used" }).toBeGreaterThan(0);
  await expect(page.getByLabel("Current password")).toHaveValue("not-my-password");
  await expect(page.getByLabel("Current password")).toBeFocused();

  await page.getByLabel("New password", { exact: true }).fill("Another-pass1");
  await page.getByLabel("Confirm new password").fill("Another-pass1");
  await page.getByRole("button", { name: "Update password" }).click();
  await expect(page.getByText("Current password is incorrect")).toBeVisible();
  expect(posts, "hydrated, the form posts without reloading the page").toEqual(["fetch"]);
});

test("the reset form loads its code on first use and then checks the typed password as it is typed", async ({ page, pageFor, user }) => {
  // The reset link, asked for and read in a page of its own.
  const mail = await pageFor();
  await mail.goto("/login?mode=forgot");
  await mail.getByLabel("Email").fill(user.email);
  await mail.getByRole("button", { name: "Send reset link" }).click();
  await expect(mail.getByText("Password reset email sent!", { exact: false })).toBeVisible();
  await mail.goto(`/dev/mailbox?to=${encodeURIComponent(user.email)}`);
  await mail.getByRole("button", { name: "Deliver pending mail now" }).click();
  const link = mail.getByRole("link", { name: /\/reset-password\?token=/ }).first();
  await expect(link).toBeVisible();
  const resetLink = (await link.getAttribute("href"))!;

  const formCode = codeRequests(page, /^(forms|ResetPasswordForm)$/);
  const posts = postsOf(page);
  await page.goto(resetLink);
  await page.waitForLoadState("networkidle");
  expect(formCode, "no form code before the page is used").toEqual([]);

  const rules = page.getByRole("list", { name: "Password requirements" }).getByRole("listitem");
  await page.getByLabel("New password", { exact: true }).pressSequentially("Abcdef1!");
  await expect(page.getByLabel("New password", { exact: true })).toHaveValue("Abcdef1!");
  await expect(page.getByLabel("New password", { exact: true })).toBeFocused();
  // Every rule met, shown as typed (the server's page marks none).
  await expect(rules.filter({ hasText: /^✓ / })).toHaveCount(5);
  await expect.poll(() => formCode.length, { message: "the form code once the page is used" }).toBeGreaterThan(0);

  await page.getByLabel("Confirm new password").fill("Abcdef1?");
  await expect(page.getByText("Passwords do not match.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Update password" })).toBeDisabled();
  expect(posts, "checked in the browser, nothing sent").toEqual([]);
});

test("the new loadout form loads its code on first use and then posts without reloading the page", async ({ signedInPage: page }) => {
  const formCode = codeRequests(page, /^(forms|NewLoadoutForm|LoadoutDetailsFields)$/);
  const posts = postsOf(page);
  await page.goto("/loadouts/new");
  await page.waitForLoadState("networkidle");
  expect(formCode, "no form code before the page is used").toEqual([]);

  await page.getByLabel("Title").pressSequentially("Eco rounds");
  await expect.poll(() => formCode.length, { message: "the form code once the page is used" }).toBeGreaterThan(0);
  await expect(page.getByLabel("Title")).toHaveValue("Eco rounds");
  await expect(page.getByLabel("Title")).toBeFocused();

  await page.getByRole("button", { name: "Create Loadout" }).click();
  await expect(page).toHaveURL(/\/loadouts\/edit\/\d+\?notice=created$/);
  expect(posts, "hydrated, the form posts without reloading the page").toEqual(["fetch"]);
});
