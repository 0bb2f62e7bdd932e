import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { mailedLink } from "./mailbox";

// Refused submissions answer 4xx by design (wrong password 400, unconfirmed 403, cooldown 429).
test.use({ allowedConsoleErrors: [/the server responded with a status of (400|403|429)/] });

const uniqueEmail = (label: string) => `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@e2e.test`;

async function register(page: Page, email: string, password: string) {
  await page.goto("/login?mode=register");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Register" }).click();
  await expect(page.getByText("Registration successful! Please check your email to confirm your account.")).toBeVisible();
}

async function logIn(page: Page, email: string, password: string) {
  await page.goto("/login?mode=login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Login" }).click();
}

async function logOut(page: Page) {
  await page.goto("/profile");
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page.getByText("You have been logged out.")).toBeVisible();
}

test("register, confirm, log in and out, change and reset the password, delete the account", async ({ page }) => {
  test.setTimeout(90_000);
  const email = uniqueEmail("flow");
  const first = "first-pass-1";
  const second = "second-pass-2";
  const third = "Th1rd-Pass!";

  // Register: the hint, then the spec's success text.
  await page.goto("/login?mode=register");
  await expect(page.getByText("Password must be at least 6 characters.")).toBeVisible();
  await register(page, email, first);

  // Not confirmed yet.
  await logIn(page, email, first);
  await expect(page.getByText("Your e-mail address is not confirmed yet.", { exact: false })).toBeVisible();
  await page.getByRole("button", { name: "Send the confirmation e-mail again" }).click();
  await expect(page.getByText("We sent you a new confirmation e-mail. Please check your email.")).toBeVisible();

  // Confirm from the development mailbox.
  const confirmLink = await mailedLink(page, email, "/confirm-email");
  await page.goto(confirmLink);
  await page.getByRole("button", { name: "Confirm e-mail address" }).click();
  await expect(page.getByText("Your e-mail address is confirmed. You can now log in.")).toBeVisible();

  // Log in, out, in.
  await logIn(page, email, first);
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
  await expect(page.getByRole("link", { name: "Profile" })).toBeVisible();
  await page.getByRole("link", { name: "User Loadouts" }).click();
  await expect(page).toHaveURL(/\/profile\?tab=loadouts$/);
  await expect(page.getByRole("link", { name: "Go to Loadouts" })).toBeVisible();
  await logOut(page);
  await logIn(page, email, first);
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();

  // Change the password.
  await page.getByLabel("Current password").fill(first);
  await page.getByLabel("New password", { exact: true }).fill(second);
  await page.getByLabel("Confirm new password").fill(`${second}x`);
  await page.getByRole("button", { name: "Update password" }).click();
  await expect(page.getByText("New passwords don't match").first()).toBeVisible();
  await page.getByLabel("Current password").fill(first);
  await page.getByLabel("New password", { exact: true }).fill(second);
  await page.getByLabel("Confirm new password").fill(second);
  await page.getByRole("button", { name: "Update password" }).click();
  await expect(page.getByText("Password updated successfully!")).toBeVisible();
  await logOut(page);

  // Request a reset and follow the mailed link.
  await page.goto("/login?mode=forgot");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByText("Password reset email sent! Please check your email (including spam folder) for instructions.")).toBeVisible();
  const resetLink = await mailedLink(page, email, "/reset-password");
  await page.goto(resetLink);
  await expect(page.getByText("Password must contain at least one special character")).toBeVisible();
  await page.getByLabel("New password", { exact: true }).fill(third);
  await page.getByLabel("Confirm new password").fill(third);
  await page.getByRole("button", { name: "Update password" }).click();
  await expect(page.getByText("Password updated successfully! You can now log in with your new password.")).toBeVisible();
  await page.getByRole("link", { name: "Go to Login" }).click();

  // The new password works, the old ones fail.
  await logIn(page, email, second);
  await expect(page.getByText("Invalid login credentials")).toBeVisible();
  await logIn(page, email, third);
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();

  // Delete the account: a confirmation step, then logging in fails.
  await page.getByRole("link", { name: "Delete account" }).click();
  await page.getByLabel("Type DELETE to confirm").fill("DELETE");
  await page.getByRole("button", { name: "Delete my account" }).click();
  await expect(page.getByText("Your account has been deleted.")).toBeVisible();
  await logIn(page, email, third);
  await expect(page.getByText("Invalid login credentials")).toBeVisible();
});

test("a second reset request within 300 seconds shows the cooldown and disables the button", async ({ page }) => {
  const email = uniqueEmail("cooldown");
  await page.goto("/login?mode=forgot");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByText("Password reset email sent!", { exact: false })).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByText("Too many password reset attempts. Please wait a few minutes before trying again.")).toBeVisible();
  const cooldown = page.getByTestId("cooldown");
  await expect(cooldown).toHaveText(/^[45]:\d\d$/);
  await expect(page.getByRole("button", { name: "Send reset link" })).toBeDisabled();
  if (test.info().project.use.javaScriptEnabled) {
    // With JavaScript the server's m:ss counts down live.
    const shown = await cooldown.textContent();
    await expect(cooldown).not.toHaveText(shown!, { timeout: 3_000 });
  }
  await page.getByRole("link", { name: "Back to login" }).click();
  await expect(page).toHaveURL(/mode=login/);
});

test("the cron trigger delivers mail to the development mailbox", async ({ page }) => {
  const email = uniqueEmail("cron");
  await register(page, email, "secret-123");
  // The scheduled handler (wrangler dev --test-scheduled) sends the confirmation mail.
  expect((await page.request.get("/__scheduled?cron=*+*+*+*+*")).ok()).toBe(true);
  // Another test's run may hold this message's lease for a moment: look again until it is sent.
  await expect
    .poll(async () => {
      await page.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`);
      return page.getByTestId("mail").count();
    })
    .toBe(1);
  await expect(page.getByRole("link", { name: /\/confirm-email\?token=/ })).toBeVisible();
});

test("signed out, /profile offers the login and /admin redirects to /login", async ({ page }) => {
  await page.goto("/profile");
  await expect(page.getByRole("link", { name: "Go to Login" })).toBeVisible();
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fadmin$/);
  await expect(page.getByRole("link", { name: "Admin" })).toHaveCount(0);
});

test("an admin page asked for while signed out is where logging in lands an admin; a player still goes home", async ({ page, admin, user }) => {
  for (const [who, lands] of [
    [admin, /\/admin\/loadouts$/],
    [user, /\/$/],
  ] as const) {
    await page.context().clearCookies();
    await page.goto("/admin/loadouts");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fadmin%2Floadouts$/);
    await page.getByLabel("Email").fill(who.email);
    await page.getByLabel("Password", { exact: true }).fill(who.password);
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page).toHaveURL(lands);
    await expect(page.getByRole("heading", { level: 1, name: "Official Loadouts" })).toHaveCount(who === admin ? 1 : 0);
  }
});
