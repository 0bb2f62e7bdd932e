import { SoftwareAuthenticator, type CreationOptions } from "../fixtures/software-authenticator.ts";
import { expectAccessibleState } from "./axe";
import { expect, test, withJs, type TestUser } from "./fixtures";

// Passkeys with JavaScript on and off: the list and "Remove" are plain form posts; without
// JavaScript no page offers a passkey button. The passkey is added over HTTP by the software
// authenticator of the integration tests (a browser without JavaScript cannot add one).

/** Adds a passkey named `name` for `user` through the JSON ceremony, as a browser's script does. */
async function addPasskeyOverHttp(baseURL: string, user: TestUser, name: string): Promise<void> {
  const session = `${user.cookie.name}=${user.cookie.value}`;
  const post = async (path: string, body: unknown, cookie: string) => {
    const response = await fetch(new URL(path, baseURL), {
      method: "POST",
      headers: { "Content-Type": "application/json", Cookie: cookie },
      body: JSON.stringify(body),
    });
    return { response, json: await response.json<Record<string, unknown>>() };
  };
  const begun = await post("/api/passkeys/register/options", {}, session);
  expect(begun.response.status).toBe(200);
  const ceremony = begun.response.headers
    .getSetCookie()
    .map((header) => header.split(";")[0]!)
    .find((pair) => /^(__Host-)?skinvault_passkey=/.test(pair));
  const answer = await (await SoftwareAuthenticator.create()).register(begun.json.options as CreationOptions, new URL(baseURL).origin);
  const done = await post("/api/passkeys/register/verify", { name, response: answer }, `${session}; ${ceremony}`);
  expect(done.response.status, JSON.stringify(done.json)).toBe(200);
}

test("the security page lists the passkeys and removes one by a form post; without JavaScript it offers no way to add one", async ({
  signedInPage: page,
  user,
  baseURL,
}, testInfo) => {
  await page.goto("/profile/security");
  const passkeys = page.getByRole("region", { name: "Passkeys" });
  await expect(passkeys.getByRole("heading", { name: "Passkeys" })).toBeVisible();
  await expect(passkeys.getByText("You have no passkeys yet.")).toBeVisible();
  if (!withJs(testInfo)) {
    await expect(passkeys.getByText("Adding a passkey needs a browser that supports them, with JavaScript on.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Add a passkey" })).toHaveCount(0);
  }

  await addPasskeyOverHttp(baseURL!, user, "Desk security key");
  await addPasskeyOverHttp(baseURL!, user, "Phone");
  await page.reload();
  const listed = passkeys.getByRole("list", { name: "Passkeys" }).getByRole("listitem");
  await expect(listed).toHaveCount(2);
  await expect(listed.filter({ hasText: "Desk security key" })).toContainText("never used");
  if (withJs(testInfo)) await expectAccessibleState(page, "the security page's passkeys, two listed", 'section[aria-labelledby="passkeys-heading"]');
  await passkeys.getByRole("button", { name: "Remove the passkey Desk security key" }).click();
  await expect(page.getByText("Passkey removed. It no longer signs you in.")).toBeVisible();
  await expect(listed).toHaveCount(1);
  await expect(listed.first()).toContainText("Phone");
});

test("the login page offers a passkey only with JavaScript", async ({ page }, testInfo) => {
  await page.goto("/login");
  await expect(page.getByRole("button", { name: "Login" })).toBeVisible();
  const passkeyButton = page.getByRole("button", { name: "Sign in with a passkey" });
  if (withJs(testInfo)) await expect(passkeyButton).toBeVisible();
  else await expect(passkeyButton).toHaveCount(0);
});
