import type { Page } from "@playwright/test";
import { decodeBase32IgnorePadding } from "@oslojs/encoding";
import { generateHOTP } from "@oslojs/otp";
import { readFile } from "node:fs/promises";
import { expect, test } from "./fixtures";
import { mailedLink } from "./mailbox";

// Refused codes answer 400 by design (the form comes back with its message).
test.use({ allowedConsoleErrors: [/the server responded with a status of 400/] });

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

/** The code of a 30-second step of the key shown on the page, made by the library the server uses. */
const codeAt = (secret: string, step: number) => generateHOTP(decodeBase32IgnorePadding(secret), BigInt(step), 6);
const stepNow = () => Math.floor(Date.now() / 30_000);

async function logOut(page: Page) {
  await page.goto("/profile");
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page.getByText("You have been logged out.")).toBeVisible();
}

async function passwordStep(page: Page, email: string, password: string) {
  await page.goto("/login?mode=login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByRole("heading", { name: "Two-step sign-in" })).toBeVisible();
}

async function typeCode(page: Page, code: string) {
  await page.getByLabel("Code", { exact: true }).fill(code);
  await page.getByRole("button", { name: "Sign in" }).click();
}

test("two-step sign-in: turn it on from the shown key, then password plus code; a reused or wrong code is refused; a recovery code works once", async ({
  signedInPage: page,
  user,
}) => {
  test.setTimeout(120_000);
  await page.goto("/profile/security");
  await page.getByRole("button", { name: "Set up two-step sign-in" }).click();
  await expect(page.getByRole("img", { name: "QR code of your two-step sign-in key" })).toBeVisible();
  const secret = (await page.getByTestId("totp-secret").textContent())!;
  const setupStep = stepNow();
  await page.getByLabel("Code from the app").fill("000000");
  await page.getByRole("button", { name: "Turn on two-step sign-in" }).click();
  await expect(page.getByText("That code is not right, or it was used already.")).toBeVisible();
  await page.getByLabel("Code from the app").fill(codeAt(secret, setupStep));
  await page.getByRole("button", { name: "Turn on two-step sign-in" }).click();
  await expect(page.getByText("Two-step sign-in is on. Every other session was signed out.")).toBeVisible();
  const codes = page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem");
  await expect(codes).toHaveCount(10);
  const [recovery, another, third] = await codes.allTextContents();

  await logOut(page);
  await passwordStep(page, user.email, user.password);
  await typeCode(page, "000000");
  await expect(page.getByText("That code is not right, or it was used already.")).toBeVisible();
  // The setup's code was used once already.
  await typeCode(page, codeAt(secret, setupStep));
  await expect(page.getByText("That code is not right, or it was used already.")).toBeVisible();
  await typeCode(page, codeAt(secret, setupStep + 1));
  await expect(page.getByText(`Signed in as ${user.email}`)).toBeVisible();

  await logOut(page);
  await passwordStep(page, user.email, user.password);
  await typeCode(page, recovery!);
  await expect(page.getByText(`Signed in as ${user.email}`)).toBeVisible();
  await logOut(page);
  await passwordStep(page, user.email, user.password);
  await typeCode(page, recovery!);
  await expect(page.getByText("That code is not right, or it was used already.")).toBeVisible();

  // Another recovery code signs in; turning the factor off takes a code too (and lets the account's clean-up log in).
  await typeCode(page, another!);
  await expect(page.getByText(`Signed in as ${user.email}`)).toBeVisible();
  await page.goto("/profile/security");
  await expect(page.getByText("8 recovery codes are left.", { exact: false })).toBeVisible();
  await page.getByLabel("Code to turn it off").fill("000000");
  await page.getByRole("button", { name: "Turn off two-step sign-in" }).click();
  await expect(page.getByText("That code is not right, or it was used already.")).toBeVisible();
  await page.getByLabel("Code to turn it off").fill(third!);
  await page.getByRole("button", { name: "Turn off two-step sign-in" }).click();
  await expect(page.getByText("Two-step sign-in is off. Signing in asks for your password only.")).toBeVisible();
});

test("download my data: the JSON file holds the tracker, loadout and trade-up the player made, and no password", async ({ signedInPage: page, user }) => {
  await page.goto("/resell-tracker/new?skin=ak-47-redline");
  await page.getByLabel("Wear").selectOption("FT");
  await page.getByLabel("Bought date").fill("2026-01-02");
  await page.getByLabel("Buy price ($)").fill("12.34");
  await page.getByLabel("Notes").fill("Bought for the data download");
  await page.getByRole("button", { name: "Add Tracker" }).click();
  await expect(page.getByText("Resell tracker added!")).toBeVisible();

  await page.goto("/loadouts/new");
  await page.getByLabel("Title").fill("Loadout for the data download");
  await page.getByRole("button", { name: "Create Loadout" }).click();
  await expect(page.getByText("Loadout created. Pick a skin for each slot.")).toBeVisible();

  await page.goto("/trade-up?s1=mag-7-insomnia&f1=0.2&n1=10");
  await page.getByLabel("Name", { exact: true }).fill("Trade-up for the data download");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Trade-up saved. It is listed here, valued at today's prices.")).toBeVisible();

  await page.goto("/profile/security");
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download my data" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^skinvault-data-\d{4}-\d\d-\d\d\.json$/);
  const text = await readFile(await download.path(), "utf8");
  const data = JSON.parse(text) as {
    account: { email: string };
    resellTrackers: { notes: string }[];
    loadouts: { title: string }[];
    tradeUps: { name: string }[];
  };
  expect(data.account.email).toBe(user.email);
  expect(data.resellTrackers.map((tracker) => tracker.notes)).toEqual(["Bought for the data download"]);
  expect(data.loadouts.map((loadout) => loadout.title)).toEqual(["Loadout for the data download"]);
  expect(data.tradeUps.map((tradeUp) => tradeUp.name)).toEqual(["Trade-up for the data download"]);
  expect(text).not.toMatch(/password/i);
});

async function refusedLogIn(page: Page, email: string, password: string) {
  await page.goto("/login?mode=login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByText("Invalid login credentials")).toBeVisible();
}

test("a new e-mail address: the old one signs in until the link mailed to the new one is used, then only the new one", async ({ signedInPage: page, user }) => {
  test.setTimeout(120_000);
  const oldEmail = user.email;
  const newEmail = `moved-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@e2e.test`;
  await page.goto("/profile/security");
  const section = page.getByRole("region", { name: "E-mail address" });
  await expect(section).toContainText(`You sign in with ${oldEmail}`);
  await section.getByLabel("New e-mail address").fill(newEmail);
  await section.getByLabel("Current password").fill("not-the-password");
  await section.getByRole("button", { name: "Change e-mail address" }).click();
  await expect(section.getByText("Current password is incorrect")).toBeVisible();
  await section.getByLabel("New e-mail address").fill(newEmail);
  await section.getByLabel("Current password").fill(user.password);
  await section.getByRole("button", { name: "Change e-mail address" }).click();
  await expect(page.getByText("Check the new address's inbox", { exact: false })).toBeVisible();
  await expect(section.getByTestId("pending-email")).toContainText(newEmail);

  // Until the link is used the old address signs in, and the new one does not.
  await logOut(page);
  await refusedLogIn(page, newEmail, user.password);
  await logIn(page, oldEmail, user.password);
  await logOut(page);

  // The link opens a page that names the address; its button makes the change.
  await page.goto(await mailedLink(page, newEmail, "/confirm-new-email"));
  await expect(page.getByText(newEmail)).toBeVisible();
  await page.getByRole("button", { name: "Confirm new e-mail address" }).click();
  await expect(page.getByText("Your e-mail address is changed. Log in with the new one.")).toBeVisible();
  user.email = newEmail;

  await refusedLogIn(page, oldEmail, user.password);
  await logIn(page, newEmail, user.password);
  await page.goto("/profile/security");
  await expect(section).toContainText(`You sign in with ${newEmail}`);
});
