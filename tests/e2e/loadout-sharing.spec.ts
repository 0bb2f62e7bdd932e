import { expect, test } from "./fixtures";
import { createLoadout, pickSkin, sampleLoadout, shareLoadout } from "./loadout-setup";

// A revoked link answers 404, which the browser notes in the console.
test.use({ allowedConsoleErrors: [/the server responded with a status of 404/] });

test("an owner shares a loadout, a visitor opens the link, and the owner revokes it", async ({ page: visitor, pageFor, createUser, baseURL }) => {
  const ownerUser = await createUser({ label: "sharer" });
  const id = await createLoadout(baseURL!, ownerUser, { title: "Night shift", description: "Quiet rifles only.", budget: "300" });
  await pickSkin(baseURL!, ownerUser, id, { slot: "ak47_tside", skinId: "ak-47-redline", wear: "FT" });
  await pickSkin(baseURL!, ownerUser, id, { slot: "m4a4_ctside", skinId: "m4a4-asiimov", wear: "FT" });
  const owner = await pageFor(ownerUser);

  await owner.goto(`/loadouts/user/${id}`);
  await owner.getByRole("button", { name: "Create share link" }).click();
  await expect(owner.getByText("Share link created. Anyone with the link can view this loadout.")).toBeVisible();
  const link = owner.getByLabel("Share link");
  await expect(link).toHaveAttribute("readonly", "");
  const url = await link.inputValue();
  expect(url).toMatch(new RegExp(`^${baseURL}/loadouts/shared/[A-Za-z0-9_-]{32}$`));

  // The visitor sees both sides, the total and the budget, and can change nothing.
  await visitor.goto(url);
  await expect(visitor.getByRole("heading", { level: 1, name: "Night shift" })).toBeVisible();
  await expect(visitor.getByText("Shared loadout (read-only)")).toBeVisible();
  await expect(visitor.getByText("Quiet rifles only.")).toBeVisible();
  await expect(visitor.getByTestId("slot-ak47_tside")).toContainText("AK-47 | Redline");
  await expect(visitor.getByTestId("budget")).toHaveText("$300.00");
  const total = await visitor.getByTestId("total-cost").textContent();
  await visitor.getByRole("link", { name: "CT-Side" }).click();
  await expect(visitor).toHaveURL(/\?side=ct$/);
  await expect(visitor.getByRole("heading", { level: 2, name: "CT-Side" })).toBeVisible();
  await expect(visitor.getByTestId("slot-m4a4_ctside")).toContainText("M4A4 | Asiimov");
  await expect(visitor.getByTestId("total-cost")).toHaveText(total!);
  await expect(visitor.getByRole("link", { name: "Log in to save this loadout" })).toBeVisible();
  await expect(visitor.getByRole("link", { name: "Edit" })).toHaveCount(0);
  await expect(visitor.getByRole("button", { name: /Delete|Revoke/ })).toHaveCount(0);

  // Revoked: the link is gone for the visitor, at once.
  await owner.getByRole("button", { name: "Revoke link" }).click();
  await expect(owner.getByText("Share link revoked: the old link no longer works.")).toBeVisible();
  await expect(owner.getByLabel("Share link")).toHaveCount(0);
  await visitor.goto(url);
  await expect(visitor.getByRole("heading", { level: 1, name: "Loadout not found." })).toBeVisible();
  await expect(visitor.getByText("This link does not exist, or its owner has revoked it.")).toBeVisible();
});

test("a new link replaces the old one, which stops working", async ({ page: visitor, pageFor, createUser, baseURL }) => {
  const ownerUser = await createUser({ label: "resharer" });
  const id = await sampleLoadout(baseURL!, ownerUser);
  const oldPath = await shareLoadout(baseURL!, ownerUser, id);
  const owner = await pageFor(ownerUser);
  await owner.goto(`/loadouts/user/${id}`);
  await expect(owner.getByLabel("Share link")).toHaveValue(`${baseURL}${oldPath}`);
  await owner.getByRole("button", { name: "Create a new link" }).click();
  await expect(owner.getByText("New share link created: the old link no longer works.")).toBeVisible();
  const newUrl = await owner.getByLabel("Share link").inputValue();
  expect(newUrl).not.toBe(`${baseURL}${oldPath}`);

  await visitor.goto(oldPath);
  await expect(visitor.getByRole("heading", { level: 1, name: "Loadout not found." })).toBeVisible();
  await visitor.goto(newUrl);
  await expect(visitor.getByRole("heading", { level: 1, name: "Sample loadout" })).toBeVisible();
});

test("a signed-in player saves a shared loadout as their own copy", async ({ signedInPage: page, createUser, baseURL }) => {
  const ownerUser = await createUser({ label: "lender" });
  const id = await sampleLoadout(baseURL!, ownerUser);
  const path = await shareLoadout(baseURL!, ownerUser, id);

  await page.goto(path);
  await expect(page.getByRole("link", { name: "Open your loadout" })).toHaveCount(0);
  await page.getByRole("button", { name: "Save Loadout" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Sample loadout (Copy)" })).toBeVisible();
  await expect(page.getByText("Loadout saved to your loadouts.")).toBeVisible();
  await expect(page.getByText("Loadouts · Your loadout")).toBeVisible();
  await expect(page.getByTestId("slot-ak47_tside")).toContainText("AK-47 | Redline");
  await expect(page.getByTestId("budget")).toHaveText("$120.00");
  await expect(page.getByRole("link", { name: "Edit" })).toBeVisible();
});
