import type { Page } from "@playwright/test";
import { expectAccessibleState } from "./axe";
import { expect, PIXEL_PNG, test } from "./fixtures";

// A pending craft answers 404 to a visitor; a refused form without JavaScript is the server's 400.
test.use({ allowedConsoleErrors: [/the server responded with a status of 40[04]/] });

/** Cents of a shown dollar amount ("1,234.50"), or null when there is none. */
const cents = (dollars: string | undefined) => (dollars === undefined ? null : Math.round(Number(dollars.replaceAll(",", "")) * 100));

/** Fills the player's form from the gallery's button: name, skin and a sticker by search, then the image. */
async function submitCraft(page: Page, name: string, { sticker }: { sticker: boolean }) {
  await page.goto("/sticker-crafts");
  await page.getByRole("link", { name: "Submit a craft" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Submit a craft" })).toBeVisible();
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Description (optional)").fill("Four holos in a row along the barrel.");
  await page.getByLabel("Find the skin in the catalogue").fill("ak redline");
  await page.getByRole("button", { name: "Find skins" }).click();
  await page.getByRole("button", { name: "Choose AK-47 | Redline" }).click();
  await expect(page.getByTestId("chosen-skin")).toContainText("AK-47 | Redline");
  // What was typed survives the picker's round trip, with JavaScript or without.
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue(name);
  if (sticker) {
    await page.getByLabel("Find sticker 2 in the catalogue").fill("crown foil");
    await page.getByRole("button", { name: "Find stickers for position 2" }).click();
    await page.getByRole("list", { name: "Stickers found for position 2" }).getByRole("button").first().click();
    const slot = page.getByTestId("sticker-slot-2");
    await expect(slot.getByRole("button", { name: "Remove sticker 2" })).toBeVisible();
    await expect(slot).toContainText(/Crown/);
  }
  await page
    .getByRole("group", { name: "In-game image" })
    .getByLabel(/Upload/)
    .setInputFiles({ name: "shot.png", mimeType: "image/png", buffer: PIXEL_PNG });
  await page.getByRole("button", { name: "Submit for review" }).click();
  await expect(page.getByText("Thank you! Your craft is waiting for review")).toBeVisible();
  const card = page.getByTestId("my-craft").filter({ hasText: name });
  await expect(card).toContainText("Pending review");
  return card;
}

test("Enter in the craft form: a sticker's search box finds stickers for its position, the skin's finds skins, the name submits it", async ({
  signedInPage: page,
}, testInfo) => {
  const name = `E2E Enter ${testInfo.project.name} ${Date.now().toString(36)}`;
  await page.goto("/sticker-crafts/submit");
  await page.getByLabel("Name", { exact: true }).fill(name);
  const stickerSearch = page.getByLabel("Find sticker 3 in the catalogue");
  await stickerSearch.fill("crown foil");
  await stickerSearch.press("Enter");
  const stickersFound = page.getByRole("list", { name: "Stickers found for position 3" });
  await expect(stickersFound.getByRole("button").first()).toBeVisible();
  await expect(stickerSearch).toHaveValue("crown foil");
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue(name);
  await expect(page.getByRole("list", { name: "Skins found" })).toHaveCount(0);
  await stickersFound.getByRole("button").first().click();
  const slot = page.getByTestId("sticker-slot-3");
  await expect(slot.getByRole("button", { name: "Remove sticker 3" })).toBeVisible();
  await expect(slot).toContainText(/Crown/);

  const skinSearch = page.getByLabel("Find the skin in the catalogue");
  await skinSearch.fill("ak redline");
  await skinSearch.press("Enter");
  await expect(skinSearch).toHaveValue("ak redline");
  await page.getByRole("list", { name: "Skins found" }).getByRole("button", { name: "Choose AK-47 | Redline" }).click();
  await expect(page.getByTestId("chosen-skin")).toContainText("AK-47 | Redline");
  await expect(slot.getByRole("button", { name: "Remove sticker 3" })).toBeVisible();

  // With nothing left to search, Enter does what 'Submit for review' does.
  await page
    .getByRole("group", { name: "In-game image" })
    .getByLabel(/Upload/)
    .setInputFiles({ name: "shot.png", mimeType: "image/png", buffer: PIXEL_PNG });
  await page.getByLabel("Name", { exact: true }).press("Enter");
  await expect(page.getByText("Thank you! Your craft is waiting for review")).toBeVisible();
  await expect(page.getByTestId("my-craft").filter({ hasText: name })).toContainText("Pending review");
});

async function reviewInQueue(page: Page, name: string) {
  await page.goto("/admin/sticker-crafts");
  await page.getByRole("link", { name: "Moderation queue" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Moderation queue" })).toBeVisible();
  await page.getByRole("link", { name: `Review ${name}` }).click();
  await expect(page).toHaveURL(/\?craft=\d+$/);
  const preview = page.getByTestId("craft-preview");
  await expect(preview.getByRole("heading", { name })).toBeVisible();
  return preview;
}

test("a player submits a craft, an admin publishes it, a visitor finds it among the community crafts", async ({ page, createUser, pageFor }, testInfo) => {
  test.setTimeout(120_000);
  const author = await pageFor(await createUser({ label: "crafter" }));
  const admin = await pageFor(await createUser({ admin: true }));
  const name = `E2E community craft ${testInfo.project.name} ${Date.now().toString(36)}`;

  const card = await submitCraft(author, name, { sticker: true });
  const craftPath = await card.getByRole("link", { name: `View ${name}` }).getAttribute("href");

  // Nobody else sees it yet.
  await page.goto(craftPath!);
  await expect(page.getByRole("heading", { name: "Sticker craft not found." })).toBeVisible();

  // The admin previews it as it would appear, with its image and sticker, and publishes it.
  const preview = await reviewInQueue(admin, name);
  const shot = preview.getByRole("img", { name: `${name}, in game` }).first();
  await expect.poll(() => shot.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
  await expect(preview.getByTestId("craft-sticker")).toContainText(/Crown/);
  await admin.getByRole("button", { name: "Publish craft" }).click();
  await expect(admin).toHaveURL(/\?notice=published$/);
  await expect(admin.getByText("Craft published.")).toBeVisible();
  await expect(admin.getByTestId("moderation-entry").filter({ hasText: name }).first()).toContainText("Published");

  // A visitor finds it under Community, marked as such, and not under Official.
  await page.goto("/sticker-crafts");
  await page.getByRole("link", { name: "Community", exact: true }).click();
  await expect(page).toHaveURL(/\/sticker-crafts\?kind=community$/);
  const published = page.getByTestId("craft-card").filter({ hasText: name });
  await expect(published).toContainText("Community craft");
  await page.getByRole("link", { name: "Official", exact: true }).click();
  await expect(page).toHaveURL(/\/sticker-crafts\?kind=official$/);
  await expect(page.getByTestId("craft-card").first()).toBeVisible();
  await expect(page.getByTestId("craft-card").filter({ hasText: name })).toHaveCount(0);
  await page.getByRole("link", { name: "Community", exact: true }).click();
  await expect(page).toHaveURL(/\/sticker-crafts\?kind=community$/);
  // Ordered by craft cost, each card says its cost, highest first.
  await page.getByRole("link", { name: "Highest craft cost" }).click();
  await expect(page).toHaveURL(/\/sticker-crafts\?kind=community&order=cost-desc$/);
  const costs = (await page.getByTestId("craft-card").allTextContents()).map((text) => cents(/Craft cost \$([\d,.]+)/.exec(text)?.[1]));
  expect(costs.length).toBeGreaterThan(0);
  const priced = costs.filter((cost): cost is number => cost !== null);
  expect(priced).toEqual([...priced].sort((a, b) => b - a));
  await page.getByTestId("craft-card").filter({ hasText: name }).click();
  await expect(page).toHaveURL(craftPath!);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();

  // Its catalogue sticker is priced by the market, and the craft costs more than its skin alone.
  await expect(page.getByTestId("craft-sticker-price")).toHaveText(/^\$[\d,.]+ \(market price\) · 100.0% of the stickers/);
  const skinFrom = cents(/Price range: \$([\d,.]+)/.exec(await page.getByText(/^Price range:/).innerText())?.[1]);
  const craftCost = cents(
    (await page.getByText("Craft cost (cheapest wear of the skin plus the stickers)").locator("xpath=following-sibling::dd").innerText()).slice(1),
  );
  expect(skinFrom).not.toBeNull();
  expect(craftCost).toBeGreaterThan(skinFrom!);

  // The author sees it published.
  await author.goto("/profile?tab=crafts");
  await expect(author.getByTestId("my-craft").filter({ hasText: name })).toContainText("Published");
});

test("a rejected craft shows its reason to the author, in My Crafts and by mail", async ({ createUser, pageFor }, testInfo) => {
  test.setTimeout(120_000);
  const user = await createUser({ label: "rejected" });
  const author = await pageFor(user);
  const admin = await pageFor(await createUser({ admin: true }));
  const name = `E2E rejected craft ${testInfo.project.name} ${Date.now().toString(36)}`;
  const reason = "The in-game shot is too dark to see the stickers.";

  await submitCraft(author, name, { sticker: false });

  await reviewInQueue(admin, name);
  await admin.getByRole("button", { name: "Reject craft" }).click();
  // The reason is required: JavaScript says so before sending, the server without it.
  await expect(admin.getByText("Give the author a reason.")).toBeVisible();
  await admin.getByLabel("Reason (sent to the author)").fill(reason);
  await admin.getByRole("button", { name: "Reject craft" }).click();
  await expect(admin.getByText("Craft rejected.")).toBeVisible();

  await author.goto("/profile?tab=crafts");
  const card = author.getByTestId("my-craft").filter({ hasText: name });
  await expect(card).toContainText("Rejected");
  await expect(card).toContainText(`Reason: ${reason}`);

  await author.goto(`/dev/mailbox?to=${encodeURIComponent(user.email)}`);
  await author.getByRole("button", { name: "Deliver pending mail now" }).click();
  const mail = author.getByTestId("mail").filter({ hasText: "Your sticker craft was not published" });
  await expect(mail).toContainText(name);
  await expect(mail).toContainText(`Reason: ${reason}`);

  // The author edits it and sends it back to the queue.
  await author.goto("/profile?tab=crafts");
  await card.getByRole("link", { name: `Edit and resubmit ${name}` }).click();
  await author.getByLabel("Name", { exact: true }).fill(`${name} v2`);
  await author.getByRole("button", { name: "Resubmit for review" }).click();
  await expect(author.getByTestId("my-craft").filter({ hasText: `${name} v2` })).toContainText("Pending review");
});

test("a visitor reports a published craft; the admin finds it in the queue, counted, and dismisses the report", async ({
  page,
  createUser,
  pageFor,
  javaScriptEnabled,
}, testInfo) => {
  test.setTimeout(120_000);
  const author = await pageFor(await createUser({ label: "reported" }));
  const admin = await pageFor(await createUser({ admin: true }));
  const name = `E2E reported craft ${testInfo.project.name} ${Date.now().toString(36)}`;

  const card = await submitCraft(author, name, { sticker: false });
  const craftPath = await card.getByRole("link", { name: `View ${name}` }).getAttribute("href");
  await reviewInQueue(admin, name);
  await admin.getByRole("button", { name: "Publish craft" }).click();
  await expect(admin.getByText("Craft published.")).toBeVisible();

  // A visitor opens the report form under the craft; a report needs a reason.
  await page.goto(craftPath!);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await page.getByText("Report this craft").click();
  await page.getByRole("button", { name: "Send report" }).click();
  await expect(page.getByText("Say what is wrong with this craft.")).toBeVisible();
  if (javaScriptEnabled) await expectAccessibleState(page, "the report form with its error");
  await page.getByLabel("What is wrong with this craft?").fill("The image is someone else's screenshot.");
  await page.getByRole("button", { name: "Send report" }).click();
  await expect(page.getByText("Thank you. A moderator will look at this craft")).toBeVisible();

  // The dashboard says a report is open; the queue lists the craft with its count.
  await admin.goto("/admin");
  await expect(admin.getByTestId("moderation-waiting")).toContainText(/reports? (is|are) open/);
  await admin.getByTestId("moderation-waiting").getByRole("link").click();
  const reported = admin.getByTestId("reported-craft").filter({ hasText: name });
  await expect(reported).toContainText("1 report");
  await reported.getByRole("link", { name: `Review reports of ${name}` }).click();
  await expect(admin.getByRole("heading", { name: "Open reports (1)" })).toBeVisible();
  await expect(admin.getByTestId("craft-report")).toContainText("someone else's screenshot");
  if (javaScriptEnabled) await expectAccessibleState(admin, "the queue's open reports");
  await admin.getByRole("button", { name: "Dismiss reports" }).click();
  await expect(admin.getByText("Reports dismissed.")).toBeVisible();
  await expect(admin.getByTestId("reported-craft").filter({ hasText: name })).toHaveCount(0);
  await expect(admin.getByTestId("moderation-entry").filter({ hasText: name }).first()).toContainText("Dismissed the reports of");
});

test("the admin deletes a craft from the queue only after confirming; Cancel keeps it", async ({ createUser, pageFor, javaScriptEnabled }, testInfo) => {
  test.setTimeout(120_000);
  const author = await pageFor(await createUser({ label: "deleted-craft" }));
  const admin = await pageFor(await createUser({ admin: true }));
  const name = `E2E deleted craft ${testInfo.project.name} ${Date.now().toString(36)}`;
  await submitCraft(author, name, { sticker: false });

  // Delete craft asks first, with the spec's question; Cancel goes back to the review and deletes nothing.
  await reviewInQueue(admin, name);
  const reviewUrl = admin.url();
  await admin.getByRole("link", { name: "Delete craft" }).click();
  await expect(admin).toHaveURL(/\?craft=\d+&dialog=delete$/);
  const confirm = admin.getByTestId("delete-craft-confirm");
  await expect(confirm.getByRole("heading", { name: `Delete “${name}”?` })).toBeVisible();
  await expect(confirm).toContainText("Are you sure you want to delete this sticker craft? This action cannot be undone.");
  if (javaScriptEnabled) await expectAccessibleState(admin, "the queue's delete confirmation");
  await confirm.getByRole("link", { name: "Cancel" }).click();
  await expect(admin).toHaveURL(reviewUrl);
  await expect(admin.getByTestId("delete-craft-confirm")).toHaveCount(0);
  await expect(admin.getByTestId("craft-preview").getByRole("heading", { name })).toBeVisible();

  // Confirmed, with a reason for the author: the craft is gone.
  await admin.getByRole("link", { name: "Delete craft" }).click();
  await admin.getByLabel("Reason for deleting (sent to the author, optional)").fill("A copy of someone else's craft.");
  await admin.getByTestId("delete-craft-confirm").getByRole("button", { name: "Delete craft" }).click();
  await expect(admin.getByText("Craft deleted. Its author has been told by e-mail.")).toBeVisible();
  await expect(admin.getByTestId("moderation-entry").filter({ hasText: name }).first()).toContainText("Deleted");
  await author.goto("/profile?tab=crafts");
  await expect(author.getByTestId("my-craft").filter({ hasText: name })).toHaveCount(0);
});
