import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

async function logIn(page: Page, email: string, password: string) {
  await page.goto("/login?mode=login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
}

test("two browsers: each sees both sessions, one signs the other out, whose next page asks to log in", async ({ createUser, pageFor }) => {
  test.setTimeout(90_000);
  const user = await createUser({ label: "sessions" });
  const first = await pageFor(user);
  const second = await pageFor();
  await logIn(second, user.email, user.password);

  await first.goto("/profile");
  await first.getByRole("link", { name: "Sign-in and security" }).click();
  await expect(first).toHaveURL(/\/profile\/security$/);
  const sessions = first.getByRole("list", { name: "Sessions" }).getByRole("listitem");
  await expect(sessions).toHaveCount(2);
  await expect(sessions.first()).toContainText("This device");
  // The browser's session, from its user agent.
  await expect(sessions.nth(1)).toContainText(/Chrom\w* on Linux/);

  await second.goto("/profile/security");
  await expect(second.getByRole("list", { name: "Sessions" }).getByRole("listitem")).toHaveCount(2);

  await sessions
    .nth(1)
    .getByRole("button", { name: /^Sign out / })
    .click();
  await expect(first.getByText("The session was signed out: its next page asks it to log in.")).toBeVisible();
  await expect(sessions).toHaveCount(1);
  await expect(first.getByText("This is your only signed-in session.")).toBeVisible();

  await second.reload();
  await expect(second).toHaveURL(/\/login\?redirectTo=%2Fprofile%2Fsecurity$/);

  // Signed in again there, the first browser ends every session but its own.
  await logIn(second, user.email, user.password);
  await first.reload();
  await expect(sessions).toHaveCount(2);
  await first.getByRole("button", { name: "Sign out everywhere else" }).click();
  await expect(first.getByText("Every other session was signed out. This one stays signed in.")).toBeVisible();
  await second.goto("/profile");
  await expect(second.getByRole("link", { name: "Go to Login" })).toBeVisible();
});
