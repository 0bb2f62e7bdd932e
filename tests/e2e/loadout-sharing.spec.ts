import { expect, test } from "./fixtures";
import { createLoadout, pickSkin, sampleLoadout, shareLoadout } from "./loadout-setup";

// A revoked link answers 404, which the browser notes in the console.
test.use({ allowedConsoleErrors: [/the server responded with a status of 404/] });

test("an owner shares a loadout (description and budget hidden unless chosen), a visitor opens the link, and the owner revokes it after confirming", async ({
  page: visitor,
  pageFor,
  createUser,
  baseURL,
}) => {
  const ownerUser = await createUser({ label: "sharer" });
  const id = await createLoadout(baseURL!, ownerUser, { title: "Night shift", description: "Quiet rifles only.", budget: "300" });
  await pickSkin(baseURL!, ownerUser, id, { slot: "ak47_tside", skinId: "ak-47-redline", wear: "FT" });
  await pickSkin(baseURL!, ownerUser, id, { slot: "m4a4_ctside", skinId: "m4a4-asiimov", wear: "FT" });
  const owner = await pageFor(ownerUser);

  await owner.goto(`/loadouts/user/${id}`);
  // Both choices start unticked: a new link shows neither the description nor the budget.
  await expect(owner.getByLabel("The description")).not.toBeChecked();
  await expect(owner.getByLabel(/^The budget/)).not.toBeChecked();
  await owner.getByRole("button", { name: "Create share link" }).click();
  await expect(owner.getByText("Share link created. Anyone with the link can view this loadout.")).toBeVisible();
  await expect(owner.getByTestId("share-shows")).toHaveText(
    "The link shows the title, both sides' skins with their wear and price, and the total cost. It does not show the description, the budget, or who you are.",
  );
  const link = owner.getByLabel("Share link");
  await expect(link).toHaveAttribute("readonly", "");
  const url = await link.inputValue();
  expect(url).toMatch(new RegExp(`^${baseURL}/loadouts/shared/[A-Za-z0-9_-]{32}$`));

  // With the defaults, the visitor sees neither the description nor the budget, nor does a link preview.
  await visitor.goto(url);
  await expect(visitor.getByRole("heading", { level: 1, name: "Night shift" })).toBeVisible();
  await expect(visitor.getByText("Shared loadout (read-only)")).toBeVisible();
  await expect(visitor.getByText("Quiet rifles only.")).toHaveCount(0);
  await expect(visitor.getByTestId("budget")).toHaveCount(0);
  await expect(visitor.getByText("$300.00")).toHaveCount(0);
  await expect(visitor.locator('meta[property="og:description"]')).toHaveAttribute("content", /^A CS2 loadout for T and CT\. Total cost \$[\d,.]+\.$/);

  // The owner chooses to show both; the link stays the same.
  await owner.getByLabel("The description").check();
  await owner.getByLabel(/^The budget/).check();
  await owner.getByRole("button", { name: "Save what the link shows" }).click();
  await expect(owner.getByText("Saved: the share link now shows what the Share panel says.")).toBeVisible();
  await expect(owner.getByTestId("share-shows")).toHaveText(
    "The link shows the title, both sides' skins with their wear and price, the total cost, the description, and the budget. It does not show who you are.",
  );
  await expect(owner.getByLabel("Share link")).toHaveValue(url);

  // Now the visitor sees both sides, the total and the budget, and can change nothing.
  await visitor.goto(url);
  await expect(visitor.getByText("Quiet rifles only.")).toBeVisible();
  await expect(visitor.locator('meta[property="og:description"]')).toHaveAttribute(
    "content",
    /^Quiet rifles only\. Total cost \$[\d,.]+ \(budget \$300\.00\)\.$/,
  );
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

  // Revoking asks first; Cancel keeps the link.
  await owner.getByRole("link", { name: "Revoke link" }).click();
  const confirm = owner.getByRole("dialog", { name: "Revoke the share link" });
  await expect(confirm).toContainText("Revoke the share link? Anyone who has it will get 'Loadout not found.'");
  await confirm.getByRole("link", { name: "Cancel" }).click();
  await expect(owner.getByRole("dialog")).toHaveCount(0);
  await expect(owner.getByLabel("Share link")).toHaveValue(url);
  await visitor.goto(url);
  await expect(visitor.getByRole("heading", { level: 1, name: "Night shift" })).toBeVisible();

  // Revoked: the link is gone for the visitor, at once.
  await owner.getByRole("link", { name: "Revoke link" }).click();
  await owner.getByRole("dialog", { name: "Revoke the share link" }).getByRole("button", { name: "Revoke link" }).click();
  await expect(owner.getByText("Share link revoked: the old link no longer works.")).toBeVisible();
  await expect(owner.getByLabel("Share link")).toHaveCount(0);
  await visitor.goto(url);
  await expect(visitor.getByRole("heading", { level: 1, name: "Loadout not found." })).toBeVisible();
  await expect(visitor.getByText("This link does not exist, or its owner has revoked it.")).toBeVisible();
});

test("on the CT side, creating, changing, replacing and revoking the link each come back to the CT side", async ({ pageFor, createUser, baseURL }) => {
  const ownerUser = await createUser({ label: "ct-sharer" });
  const id = await sampleLoadout(baseURL!, ownerUser);
  const owner = await pageFor(ownerUser);
  const onCtSide = async (notice: string) => {
    await expect(owner.getByText(notice)).toBeVisible();
    await expect(owner).toHaveURL(/[?&]side=ct(&|$)/);
    await expect(owner.getByRole("heading", { level: 2, name: "CT-Side" })).toBeVisible();
  };

  await owner.goto(`/loadouts/user/${id}?side=ct`);
  await owner.getByRole("button", { name: "Create share link" }).click();
  await onCtSide("Share link created. Anyone with the link can view this loadout.");
  await owner.getByLabel("The description").check();
  await owner.getByRole("button", { name: "Save what the link shows" }).click();
  await onCtSide("Saved: the share link now shows what the Share panel says.");
  await owner.getByRole("link", { name: "Create a new link" }).click();
  await owner.getByRole("dialog", { name: "Create a new share link" }).getByRole("button", { name: "Create a new link" }).click();
  await onCtSide("New share link created: the old link no longer works.");
  await owner.getByRole("link", { name: "Revoke link" }).click();
  await owner.getByRole("dialog", { name: "Revoke the share link" }).getByRole("button", { name: "Revoke link" }).click();
  await onCtSide("Share link revoked: the old link no longer works.");
});

test("a new link replaces the old one, which stops working", async ({ page: visitor, pageFor, createUser, baseURL }) => {
  const ownerUser = await createUser({ label: "resharer" });
  const id = await sampleLoadout(baseURL!, ownerUser);
  const oldPath = await shareLoadout(baseURL!, ownerUser, id);
  const owner = await pageFor(ownerUser);
  await owner.goto(`/loadouts/user/${id}`);
  await expect(owner.getByLabel("Share link")).toHaveValue(`${baseURL}${oldPath}`);
  await owner.getByRole("link", { name: "Create a new link" }).click();
  const confirm = owner.getByRole("dialog", { name: "Create a new share link" });
  await expect(confirm).toContainText("The current link stops working at once");
  await confirm.getByRole("button", { name: "Create a new link" }).click();
  await expect(owner.getByText("New share link created: the old link no longer works.")).toBeVisible();
  const newUrl = await owner.getByLabel("Share link").inputValue();
  expect(newUrl).not.toBe(`${baseURL}${oldPath}`);

  await visitor.goto(oldPath);
  await expect(visitor.getByRole("heading", { level: 1, name: "Loadout not found." })).toBeVisible();
  await visitor.goto(newUrl);
  await expect(visitor.getByRole("heading", { level: 1, name: "Sample loadout" })).toBeVisible();
});

test("a signed-in player saves a shared loadout as their own copy, with no more than the link shows", async ({ signedInPage: page, createUser, baseURL }) => {
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
  // The link hides the budget and the description: the copy has neither.
  await expect(page.getByTestId("budget")).toHaveCount(0);
  await expect(page.getByText("A sample with a budget.")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Edit" })).toBeVisible();
});

test("a copy of a 100-character title fits the limit and saves", async ({ signedInPage: page, createUser, baseURL }) => {
  const title = `${"Long ".repeat(19)}title`;
  expect(title).toHaveLength(100);
  const ownerUser = await createUser({ label: "long-title" });
  const path = await shareLoadout(baseURL!, ownerUser, await createLoadout(baseURL!, ownerUser, { title }));

  await page.goto(path);
  await page.getByRole("button", { name: "Save Loadout" }).click();
  const copyTitle = `${title.slice(0, 93)} (Copy)`;
  await expect(page.getByRole("heading", { level: 1, name: copyTitle })).toBeVisible();
  await page.getByRole("link", { name: "Edit" }).click();
  await expect(page.getByLabel("Title")).toHaveValue(copyTitle);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Loadout saved.")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: copyTitle })).toBeVisible();
});
