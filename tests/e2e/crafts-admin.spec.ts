import { expect, PIXEL_PNG, test, withJs } from "./fixtures";

// "Title is required" without JavaScript is the server's 400 answer; a missing craft is a 404; a
// save from a page that is out of date is a 409.
test.use({ allowedConsoleErrors: [/the server responded with a status of 40[049]/] });

test("visitors browse sticker crafts and open one", async ({ page }) => {
  await page.goto("/");
  const latest = page.getByRole("region", { name: "Latest sticker crafts" });
  await expect(latest.getByTestId("craft-card")).toHaveCount(3);
  await expect(latest.getByTestId("craft-card").first()).toContainText("|");

  await page.getByRole("link", { name: "All sticker crafts" }).click();
  await expect(page).toHaveURL(/\/sticker-crafts$/);
  await expect(page.getByRole("heading", { level: 1, name: "Sticker Crafts" })).toBeVisible();
  await expect(page.getByText("Total crafts")).toBeVisible();
  await expect(page.getByText("With placement guides")).toBeVisible();

  await page.getByRole("link", { name: /Redline Katowice Classic/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Redline Katowice Classic" })).toBeVisible();
  await expect(page.getByTestId("craft-sticker")).toHaveCount(4);
  await expect(page.getByTestId("craft-sticker").first()).toContainText(/% of the stickers/);
  await expect(page.getByText("Stickers total")).toBeVisible();
  await expect(page.getByText(/Price range: \$\d/)).toBeVisible();

  await page.getByRole("link", { name: /AK-47 \| Redline/ }).click();
  await expect(page).toHaveURL(/\/skins\/ak-47-redline$/);

  await page.goto("/sticker-crafts/424242");
  await expect(page.getByRole("heading", { name: "Sticker craft not found." })).toBeVisible();
});

test.describe(() => {
  let tag = "";
  // A failed run must not leave its loadout or craft behind: the curated lists show only the latest.
  test.afterEach(async ({ adminPage: page }) => {
    if (!tag) return;
    for (const list of ["/admin/loadouts", "/admin/sticker-crafts"]) {
      await page.goto(list);
      const leftover = page.getByRole("link", { name: new RegExp(`^Delete E2E .*${tag}`) });
      while ((await leftover.count()) > 0) {
        await leftover.first().click();
        await page.getByRole("button", { name: "Delete", exact: true }).click();
        await expect(page.getByText(/deleted successfully!/)).toBeVisible();
        await page.goto(list);
      }
    }
  });

  test("the admin creates an official loadout and a craft with an in-game image, sees both public, edits and deletes them", async ({
    adminPage: page,
  }, testInfo) => {
    test.setTimeout(120_000);
    tag = `${testInfo.project.name}-${Date.now().toString(36)}`;
    const loadoutTitle = `E2E loadout ${tag}`;
    const craftName = `E2E craft ${tag}`;

    // The dashboard leads to both pages.
    await page.goto("/admin");
    await page.getByRole("link", { name: /Official loadouts/ }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Official Loadouts" })).toBeVisible();

    // A loadout: the title is required (Save waits for it with JavaScript; the server says so without).
    await page.getByRole("link", { name: "New official loadout" }).click();
    const saveLoadout = page.getByRole("button", { name: "Save loadout" });
    if (withJs(testInfo)) {
      await expect(saveLoadout).toBeDisabled();
    } else {
      await saveLoadout.click();
      await expect(page.getByRole("alert")).toContainText("Title is required");
    }
    await page.getByLabel("Title").fill(loadoutTitle);
    await page.getByLabel("Description").fill("Made by the end-to-end test.");
    await saveLoadout.click();
    await expect(page.getByText("Loadout saved successfully!")).toBeVisible();
    await page.goto("/");
    await expect(page.getByRole("region", { name: "Latest loadouts" })).toContainText(loadoutTitle);

    // A craft: skin and sticker chosen by search, an uploaded in-game image.
    await page.goto("/admin/sticker-crafts");
    await page.getByRole("link", { name: "New sticker craft" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "New sticker craft" })).toBeVisible();
    await page.getByLabel("Name", { exact: true }).first().fill(craftName);
    const saveCraft = page.getByRole("button", { name: "Save sticker craft" });
    if (withJs(testInfo)) await expect(saveCraft).toBeDisabled();
    await page.getByLabel("Find the skin in the catalogue").fill("ak redline");
    await page.getByRole("button", { name: "Find skins" }).click();
    await page.getByRole("button", { name: "Choose AK-47 | Redline" }).click();
    await expect(page.getByTestId("chosen-skin")).toContainText("AK-47 | Redline");
    await expect(page.locator("#name")).toHaveValue(craftName);
    if (withJs(testInfo)) await expect(saveCraft).toBeEnabled();

    await page.getByLabel("Find sticker 1 in the catalogue").fill("crown foil");
    await page.getByRole("button", { name: "Find stickers for sticker 1" }).click();
    await page.getByRole("list", { name: "Stickers found for sticker 1" }).getByRole("button").first().click();
    await expect(page.locator("#sticker-1-name")).toHaveValue(/Crown/);
    await page.locator("#sticker-1-price").fill("4.20");
    await page.locator("#ingameFile").setInputFiles({ name: "shot.png", mimeType: "image/png", buffer: PIXEL_PNG });
    await saveCraft.click();
    await expect(page.getByText("Sticker craft saved successfully!")).toBeVisible();

    // Public: the grid and the craft page show it with its image.
    await page.goto("/sticker-crafts");
    await page.getByRole("link", { name: new RegExp(craftName) }).click();
    await expect(page.getByRole("heading", { level: 1, name: craftName })).toBeVisible();
    const shot = page.getByRole("img", { name: `${craftName}, in game` }).first();
    await expect(shot).toHaveAttribute("src", /^\/images\/\d+\/ingame-[a-z0-9]+\.png\?v=/);
    await expect.poll(() => shot.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
    // Picked from the catalogue, the sticker shows the market's price; the typed $4.20 is only the fallback.
    await expect(page.getByTestId("craft-sticker")).toContainText("(market price)");
    await expect(page.getByTestId("craft-sticker")).not.toContainText("$4.20");
    await page.getByRole("link", { name: `Enlarge image of ${craftName}, in game` }).click();
    await expect(page.getByRole("dialog", { name: `${craftName}, in game, enlarged` })).toBeVisible();

    // Edit both.
    await page.goto("/admin/sticker-crafts");
    await page.getByRole("link", { name: `Edit ${craftName}` }).click();
    await page.locator("#name").fill(`${craftName} v2`);
    await page.getByRole("button", { name: "Save sticker craft" }).click();
    await expect(page.getByText("Sticker craft saved successfully!")).toBeVisible();
    await expect(page.getByTestId("admin-craft").filter({ hasText: `${craftName} v2` })).toContainText("in-game image");

    await page.goto("/admin/loadouts");
    await page.getByRole("link", { name: `Edit ${loadoutTitle}` }).click();
    await page.getByLabel("Title").fill(`${loadoutTitle} v2`);
    await page.getByRole("button", { name: "Save loadout" }).click();
    await expect(page.getByText("Loadout saved successfully!")).toBeVisible();
    await expect(page.getByTestId("admin-loadout").filter({ hasText: `${loadoutTitle} v2` })).toBeVisible();

    // Delete both, after a confirmation.
    await page.getByRole("link", { name: `Delete ${loadoutTitle} v2` }).click();
    await expect(page.getByText("Are you sure you want to delete this loadout? This action cannot be undone.")).toBeVisible();
    await page.getByRole("button", { name: "Delete", exact: true }).click();
    await expect(page.getByText("Loadout deleted successfully!")).toBeVisible();
    await expect(page.getByTestId("admin-loadout").filter({ hasText: loadoutTitle })).toHaveCount(0);

    await page.goto("/admin/sticker-crafts");
    await page.getByRole("link", { name: `Delete ${craftName} v2` }).click();
    await page.getByRole("button", { name: "Delete", exact: true }).click();
    await expect(page.getByText("Sticker craft deleted successfully!")).toBeVisible();
    await page.goto("/sticker-crafts");
    await expect(page.getByRole("link", { name: new RegExp(craftName) })).toHaveCount(0);
  });

  test("Enter in the craft editor: a sticker's search box finds stickers for it, the skin's finds skins, a sticker's price saves", async ({
    adminPage: page,
  }, testInfo) => {
    tag = `${testInfo.project.name}-${Date.now().toString(36)}`;
    const craftName = `E2E Enter ${tag}`;
    await page.goto("/admin/sticker-crafts?new");
    await page.locator("#name").fill(craftName);
    const stickerSearch = page.getByLabel("Find sticker 3 in the catalogue");
    await stickerSearch.fill("crown foil");
    await stickerSearch.press("Enter");
    const stickersFound = page.getByRole("list", { name: "Stickers found for sticker 3" });
    await expect(stickersFound.getByRole("button").first()).toBeVisible();
    await expect(stickerSearch).toHaveValue("crown foil");
    await expect(page.locator("#name")).toHaveValue(craftName);
    await stickersFound.getByRole("button").first().click();
    await expect(page.locator("#sticker-3-name")).toHaveValue(/Crown/);

    const skinSearch = page.getByLabel("Find the skin in the catalogue");
    await skinSearch.fill("ak redline");
    await skinSearch.press("Enter");
    await page.getByRole("list", { name: "Skins found" }).getByRole("button", { name: "Choose AK-47 | Redline" }).click();
    await expect(page.getByTestId("chosen-skin")).toContainText("AK-47 | Redline");
    await expect(page.locator("#sticker-3-name")).toHaveValue(/Crown/);

    // With nothing left to search, Enter does what 'Save sticker craft' does.
    await page.locator("#sticker-3-price").fill("1.50");
    await page.locator("#sticker-3-price").press("Enter");
    await expect(page.getByText("Sticker craft saved successfully!")).toBeVisible();
    await page.getByRole("link", { name: `Delete ${craftName}` }).click();
    await page.getByRole("button", { name: "Delete", exact: true }).click();
    await expect(page.getByText("Sticker craft deleted successfully!")).toBeVisible();
  });

  test("the admin fills an official loadout's slots: picks a skin, changes its wear, clears and saves; a save from an older page is refused and loses nothing", async ({
    adminPage: page,
    admin,
    pageFor,
  }, testInfo) => {
    test.setTimeout(120_000);
    tag = `${testInfo.project.name}-${Date.now().toString(36)}`;
    const title = `E2E slots ${tag}`;
    const akSlot = page.getByTestId("slot-ak47_tside");
    const chooseRedline = async (wear: string) => {
      await page.getByLabel("Filter by name").fill("redline");
      await page.getByRole("button", { name: "Filter" }).click();
      // The list's buttons are disabled while the filter loads: a click then would be lost.
      await expect(page).toHaveURL(/q=redline/);
      await page.getByRole("button", { name: /AK-47 \| Redline/ }).click();
      await expect(page.getByRole("heading", { name: /Choose a wear/ })).toBeVisible();
      await page.getByRole("button", { name: new RegExp(wear) }).click();
    };

    await page.goto("/admin/loadouts?new");
    await page.getByLabel("Title").fill(title);
    await page.getByRole("button", { name: "Save loadout" }).click();
    await expect(page.getByText("Loadout saved successfully!")).toBeVisible();
    await page.getByRole("link", { name: `Edit slots of ${title}` }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Edit Official Loadout" })).toBeVisible();

    // Pick through the wear chooser, then change the wear.
    await page.getByRole("link", { name: "Choose AK-47 skin" }).click();
    await chooseRedline("Field-Tested");
    await expect(akSlot).toContainText("AK-47 | Redline");
    await expect(akSlot).toContainText("Field-Tested");
    await page.getByRole("link", { name: "Change AK-47 skin" }).click();
    await chooseRedline("Minimal Wear");
    await expect(akSlot).toContainText("Minimal Wear");

    // Clear, and pick again.
    await page.getByRole("button", { name: "Remove AK-47 skin" }).click();
    await expect(akSlot).toContainText("Empty");
    await page.getByRole("link", { name: "Choose AK-47 skin" }).click();
    await chooseRedline("Well-Worn");
    await expect(akSlot).toContainText("Well-Worn");

    // Another tab saves first: this page's save is refused with the message, the typed title stays.
    const otherTab = await pageFor(admin);
    await otherTab.goto(page.url());
    await otherTab.getByLabel("Title").fill(`${title} (other tab)`);
    await otherTab.getByRole("button", { name: "Save", exact: true }).click();
    await expect(otherTab.getByText("Loadout saved successfully!")).toBeVisible();
    await page.getByLabel("Title").fill(`${title} v2`);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText(/This loadout was changed elsewhere/)).toBeVisible();
    await expect(page.getByLabel("Title")).toHaveValue(`${title} v2`);
    await expect(akSlot).toContainText("Well-Worn");

    // From the latest version the save goes through.
    await page.getByRole("link", { name: "Reload the latest version" }).click();
    await expect(page.getByLabel("Title")).toHaveValue(`${title} (other tab)`);
    await page.getByLabel("Title").fill(`${title} v2`);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText("Loadout saved successfully!")).toBeVisible();
    await expect(page.getByTestId("admin-loadout").filter({ hasText: `${title} v2` })).toContainText("1 slots filled");

    // Visitors see the slot.
    await page.getByRole("link", { name: `View ${title} v2` }).click();
    await expect(page.getByRole("heading", { level: 1, name: `${title} v2` })).toBeVisible();
    await expect(akSlot).toContainText("AK-47 | Redline");
  });
});

test("visitors go to /login (with the page to come back to) and signed-in non-admins to / from the admin pages", async ({ page, pageFor, user }) => {
  const member = await pageFor(user);
  // The way back keeps the page, not an open form (`?new`).
  const wayBack = { "/admin": "/admin", "/admin/loadouts": "/admin/loadouts", "/admin/sticker-crafts?new": "/admin/sticker-crafts" };
  for (const [path, back] of Object.entries(wayBack)) {
    await page.goto(path);
    await expect(page).toHaveURL((url) => url.pathname === "/login" && url.searchParams.get("redirectTo") === back);
    await member.goto(path);
    await expect(member).toHaveURL(/\/$/);
  }
});
