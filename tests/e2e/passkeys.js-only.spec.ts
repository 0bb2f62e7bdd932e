import type { CDPSession, Page } from "@playwright/test";
import { expectAccessibleState } from "./axe";
import { expect, test } from "./fixtures";

// Passkeys with Chromium's virtual authenticator (DevTools protocol, WebAuthn domain): a platform
// authenticator that holds discoverable credentials and verifies its user, as a phone or a laptop
// with a fingerprint reader does. The page loads the ceremonies' code when the button is pressed.

/** A virtual authenticator on `page`'s tab (ctap2, built in, resident keys, user verification that succeeds). */
async function virtualAuthenticator(page: Page): Promise<{ client: CDPSession; authenticatorId: string }> {
  const client = await page.context().newCDPSession(page);
  await client.send("WebAuthn.enable");
  const { authenticatorId } = await client.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { client, authenticatorId };
}

test("add a passkey on the security page, then sign in with it from the login page, no password and no code", async ({ signedInPage: page, user }) => {
  test.setTimeout(60_000);
  const { client, authenticatorId } = await virtualAuthenticator(page);
  await page.goto("/profile/security");
  const passkeys = page.getByRole("region", { name: "Passkeys" });
  await expect(passkeys.getByText("You have no passkeys yet.")).toBeVisible();
  // The name starts as this browser's device.
  const name = passkeys.getByLabel("Name of the new passkey");
  await expect(name).toHaveValue(/Chrom\w* on Linux/);
  await name.fill("E2E laptop");
  await passkeys.getByRole("button", { name: "Add a passkey" }).click();
  await expect(page.getByText("Passkey added. It signs you in from the login page, with no code asked.")).toBeVisible();
  const listed = passkeys.getByRole("list", { name: "Passkeys" }).getByRole("listitem");
  await expect(listed).toHaveCount(1);
  await expect(listed.first()).toContainText("E2E laptop");
  await expect(listed.first()).toContainText("never used");
  const { credentials } = await client.send("WebAuthn.getCredentials", { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]!.isResidentCredential).toBe(true);

  // Signed out, the login page offers the passkey; pressing it signs in.
  await page.goto("/profile");
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page.getByText("You have been logged out.")).toBeVisible();
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await page.goto("/profile/security");
  await expect(page.getByText(`Signed in as ${user.email}`)).toBeVisible();
  await expect(listed.first()).toContainText("last used");
});

test("a passkey sign-in from a link that asked for login goes back there", async ({ signedInPage: page }) => {
  test.setTimeout(60_000);
  await virtualAuthenticator(page);
  await page.goto("/profile/security");
  await page.getByRole("button", { name: "Add a passkey" }).click();
  await expect(page.getByText("Passkey added.", { exact: false })).toBeVisible();
  await page.context().clearCookies();
  await page.goto("/login?redirectTo=%2Fprofile%2Fsecurity");
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page).toHaveURL(/\/profile\/security$/);
  await expect(page.getByRole("heading", { name: "Sign-in and security" })).toBeVisible();
});

test("a sign-in with no passkey of this site says so, and the password form still works", async ({ page, user }) => {
  test.setTimeout(60_000);
  await virtualAuthenticator(page);
  await page.goto("/login");
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  // The browser finds no credential for this site: its prompt ends without one.
  await expect(page.getByRole("alert")).toContainText("No passkey was used.");
  await expectAccessibleState(page, "the login page after a passkey prompt ended without one");
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password", { exact: true }).fill(user.password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/profile$/);
});
