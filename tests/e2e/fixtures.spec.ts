import { TestAccounts } from "./test-accounts";
import { expect, test } from "./fixtures";

// The signed-in fixtures (tests/e2e/fixtures.ts) that feature tests build on.

test("signedInPage is signed in as user, with the user's real password", async ({ signedInPage: page, user }) => {
  await page.goto("/profile");
  await expect(page.getByRole("heading", { name: "Profile", level: 1 })).toBeVisible();
  await expect(page.getByText(`Signed in as ${user.email}`)).toBeVisible();
  await expect(page.getByRole("link", { name: "Admin", exact: true })).toHaveCount(0);
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/$/);

  // The password is the account's: changing it works from the profile form.
  await page.goto("/profile");
  await page.getByLabel("Current password").fill(user.password);
  await page.getByLabel("New password", { exact: true }).fill("Changed-pass-2");
  await page.getByLabel("Confirm new password").fill("Changed-pass-2");
  await page.getByRole("button", { name: "Update password" }).click();
  await expect(page.getByText("Password updated successfully!")).toBeVisible();
});

test("adminPage opens /admin, beside a signed-in user's page", async ({ adminPage, admin, signedInPage, user }) => {
  await adminPage.goto("/admin");
  await expect(adminPage.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
  await expect(adminPage.getByText(`Signed in as ${admin.email}`)).toBeVisible();
  await expect(adminPage.getByRole("link", { name: "Admin", exact: true })).toBeVisible();
  await signedInPage.goto("/profile");
  await expect(signedInPage.getByText(`Signed in as ${user.email}`)).toBeVisible();
});

test("cleaning up deletes the user, its sessions, tokens and queued mail", async ({ page, baseURL }) => {
  const accounts = new TestAccounts(baseURL!);
  try {
    const user = await accounts.create({ label: "cleanup" });
    // A reset request (signed out) leaves a token and a queued mail behind.
    await page.goto("/login?mode=forgot");
    await page.getByLabel("Email").fill(user.email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByText("Password reset email sent!", { exact: false })).toBeVisible();
    await page.context().addCookies([{ ...user.cookie, url: baseURL! }]);
    await page.goto("/profile");
    await expect(page.getByText(`Signed in as ${user.email}`)).toBeVisible();
    expect(accounts.rowsOf(user)).toBeGreaterThanOrEqual(4); // user, session, reset token, reset mail

    await accounts.cleanUp();
    expect(accounts.rowsOf(user)).toBe(0);
    await page.goto("/profile");
    await expect(page.getByRole("link", { name: "Go to Login" })).toBeVisible();
  } finally {
    accounts.close();
  }
});
