// The loadout editor, the craft forms and the moderation queue's decisions load their code (Conform,
// the form kit, the parts' own) on the page's first use, not with the page (ADR 094): the server's
// HTML stands until then, the typed text survives the hydration, and then the part works as the
// app's (a figure that follows the typing, a Save that waits for what is missing, a check in the
// browser, a post without reloading the page).
import { expect, PIXEL_PNG, test, type TestUser } from "./fixtures";
import { createLoadout, pickSkin } from "./loadout-setup";
import { codeRequests, openUnused, postsOf } from "./parts";

// A form refused by its action is answered 400 by design.
test.use({ allowedConsoleErrors: [/the server responded with a status of 400/] });

test("the loadout editor's code comes with the first use; the over-budget figure then follows the typed budget, and Save posts in place", async ({
  signedInPage: page,
  user,
  baseURL,
}) => {
  const id = await createLoadout(baseURL!, user, { title: "Hydrated on use", budget: "120" });
  await pickSkin(baseURL!, user, id, { slot: "ak47_tside", skinId: "ak-47-redline", wear: "FT" });
  const posts = postsOf(page);
  const requests = await openUnused(page, `/loadouts/edit/${id}`, ["LoadoutEditor"]);
  await expect(page.getByTestId("over-budget")).toHaveCount(0);

  const budget = page.getByLabel("Budget in $ (optional)");
  await budget.selectText();
  await budget.pressSequentially("1");
  await expect.poll(() => requests.length, "the part's code once the page is used").toBeGreaterThan(0);
  await expect(budget).toHaveValue("1");
  await expect(budget).toBeFocused();
  // Only the app's render knows the typed budget: nothing was sent.
  await expect(page.getByTestId("over-budget")).toBeVisible();
  expect(posts).toEqual([]);

  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Loadout saved.")).toBeVisible();
  expect(posts, "hydrated, the form posts without reloading the page").toEqual(["fetch"]);
});

test("the admin's craft editor's code comes with the first use; Save then waits for the skin, the typed name kept", async ({ adminPage: page }) => {
  const requests = await openUnused(page, "/admin/sticker-crafts?new", ["CraftEditors"]);
  const save = page.getByRole("button", { name: "Save sticker craft" });
  // The server's HTML: Save as without JavaScript.
  await expect(save).toBeEnabled();

  await page.locator("#name").pressSequentially("Typed before the code");
  await expect.poll(() => requests.length, "the part's code once the page is used").toBeGreaterThan(0);
  await expect(save).toBeDisabled();
  // The name typed before the part hydrated is the form's: only the skin is missing.
  await expect(page.getByText("Skin is required.", { exact: true })).toBeVisible();
  await expect(page.locator("#name")).toHaveValue("Typed before the code");
});

test("the official loadout form's code comes with the first use; Save then waits for the title, the typed text kept", async ({ adminPage: page }) => {
  const requests = await openUnused(page, "/admin/loadouts?new", ["OfficialLoadoutForm"]);
  const save = page.getByRole("button", { name: "Save loadout" });
  await expect(save).toBeEnabled();

  await page.getByLabel("Description").pressSequentially("Typed before the code");
  await expect.poll(() => requests.length, "the part's code once the page is used").toBeGreaterThan(0);
  await expect(save).toBeDisabled();
  await expect(page.getByText("Title is required.", { exact: true })).toBeVisible();
  await expect(page.getByLabel("Description")).toHaveValue("Typed before the code");
  await page.getByLabel("Title").fill("Typed after it");
  await expect(save).toBeEnabled();
});

test("a player's craft form's code comes with the first use, and the form then checks itself in place", async ({ signedInPage: page }) => {
  const posts = postsOf(page);
  const requests = await openUnused(page, "/sticker-crafts/submit", ["CraftEditors"]);
  const schema = codeRequests(page, /^community-craft$/);

  const name = page.getByLabel("Name", { exact: true });
  await name.pressSequentially("Checked in place");
  await expect.poll(() => requests.length, "the part's code once the page is used").toBeGreaterThan(0);
  await expect(name).toHaveValue("Checked in place");
  // The form's checks (its zod schema) come with its first focus.
  await expect.poll(() => schema.length, "the form's checks once it is focused").toBeGreaterThan(0);

  await page.getByRole("button", { name: "Submit for review" }).click();
  // The skin's own message under its group (the hint beside it says more than these words), from the
  // checks in the browser, or from the action if they had not come yet (ADR 082).
  await expect(page.getByRole("group", { name: "Skin" }).getByText("Skin is required", { exact: true })).toBeVisible();
  await expect(name).toHaveValue("Checked in place");
  expect(posts, "hydrated, the form does not reload the page").not.toContain("document");
});

/** A craft of `user` waiting for review, sent as the player's form sends it without JavaScript. */
async function pendingCraft(baseURL: string, user: TestUser, name: string): Promise<void> {
  const form = new FormData();
  form.set("intent", "submit");
  form.set("name", name);
  form.set("skinId", "ak-47-redline");
  form.set("ingameFile", new Blob([PIXEL_PNG], { type: "image/png" }), "shot.png");
  const response = await fetch(new URL("/sticker-crafts/submit", baseURL), {
    method: "POST",
    body: form,
    headers: { Cookie: `${user.cookie.name}=${user.cookie.value}` },
    redirect: "manual",
  });
  if (response.status < 300 || response.status >= 400) throw new Error(`submitting a craft answered ${response.status}`);
}

test("the moderation queue's decisions load their code on first use; a reason typed before is kept and the rejection posts in place", async ({
  adminPage: page,
  createUser,
  baseURL,
}, testInfo) => {
  const name = `E2E parts ${testInfo.project.name} ${Date.now().toString(36)}`;
  await pendingCraft(baseURL!, await createUser({ label: "queued" }), name);
  await page.goto("/admin/sticker-crafts/queue");
  const review = await page.getByRole("link", { name: `Review ${name}` }).getAttribute("href");
  const posts = postsOf(page);
  const requests = await openUnused(page, review!, ["DecisionForms"]);

  const reason = page.getByLabel("Reason (sent to the author)");
  await reason.pressSequentially("Too dark to see the stickers.");
  await expect.poll(() => requests.length, "the part's code once the page is used").toBeGreaterThan(0);
  await expect(reason).toHaveValue("Too dark to see the stickers.");

  await page.getByRole("button", { name: "Reject craft" }).click();
  await expect(page.getByText("Craft rejected.")).toBeVisible();
  expect(posts, "hydrated, the form posts without reloading the page").toEqual(["fetch"]);
});
