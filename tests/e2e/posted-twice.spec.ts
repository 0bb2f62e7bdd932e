// A second click on a form's button while its post is still on its way: with JavaScript the button
// is disabled; without it the browser sends the form again, and the form's key (ADR 090)
// makes the second post add nothing.
import type { Locator, Page } from "@playwright/test";
import { expect, PIXEL_PNG, test } from "./fixtures";

/**
 * Clicks `button` twice, 200 ms apart, while the server writes at once and its answer reaches the
 * browser a second later (as on a slow connection). Answers the posts the browser sent.
 */
async function clickTwiceOnSlowAnswer(page: Page, postPath: RegExp, button: Locator): Promise<string[]> {
  const posts: string[] = [];
  await page.route(postPath, async (route) => {
    if (route.request().method() !== "POST") return route.fallback();
    posts.push(route.request().url());
    const response = await route.fetch({ maxRedirects: 0 });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    // A post the browser gave up on (the second click replaced it) has no page to answer.
    await route.fulfill({ response }).catch(() => undefined);
  });
  await button.scrollIntoViewIfNeeded();
  const box = (await button.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await page.waitForTimeout(200);
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  return posts;
}

/**
 * The page the posts end on: with JavaScript one post and the usual notice; without it two posts,
 * the second answered with the notice that says the form was sent twice.
 */
async function expectAnsweredOnce(
  page: Page,
  javaScriptEnabled: boolean,
  posts: readonly string[],
  answer: { url: RegExp; done: string; sentTwice: string },
): Promise<void> {
  await expect(page).toHaveURL(answer.url);
  if (javaScriptEnabled) {
    expect(posts).toHaveLength(1);
    await expect(page.getByText(answer.done)).toBeVisible();
  } else {
    expect(posts).toHaveLength(2);
    await expect(page.getByText(answer.sentTwice)).toBeVisible();
  }
}

test("a new tracker's button clicked twice on a slow answer adds one tracker", async ({ signedInPage: page, javaScriptEnabled }) => {
  await page.goto("/resell-tracker/new?skin=ak-47-redline");
  await page.waitForLoadState("networkidle");
  await page.getByLabel("Float").fill("0.2");
  await page.getByLabel("Bought date").fill(new Date().toISOString().slice(0, 10));
  await page.getByLabel("Buy price ($)").fill("1.00");

  const posts = await clickTwiceOnSlowAnswer(page, /\/resell-tracker\/new/, page.getByRole("button", { name: "Add Tracker" }));

  await expectAnsweredOnce(page, javaScriptEnabled, posts, {
    url: /\/resell-tracker\?notice=(added|already-added)$/,
    done: "Resell tracker added!",
    sentTwice: "This form was sent twice: the tracker was added once. To track another item, open the form again.",
  });
  await expect(page.getByTestId("tracker-card")).toHaveCount(1);
});

test("'Create Loadout' clicked twice on a slow answer creates one loadout", async ({ signedInPage: page, javaScriptEnabled }) => {
  await page.goto("/loadouts/new");
  await page.waitForLoadState("networkidle");
  await page.getByLabel("Title").fill("Clicked twice");

  const posts = await clickTwiceOnSlowAnswer(page, /\/loadouts\/new/, page.getByRole("button", { name: "Create Loadout" }));

  await expectAnsweredOnce(page, javaScriptEnabled, posts, {
    url: /\/loadouts\/edit\/\d+\?notice=(created|already-created)$/,
    done: "Loadout created. Pick a skin for each slot.",
    sentTwice: "This form was sent twice: the loadout was created once. To create another, open the form again.",
  });
  await page.goto("/loadouts");
  await expect(page.getByRole("link", { name: /Clicked twice/ })).toHaveCount(1);
});

test("'Save Loadout' of an official loadout clicked twice on a slow answer saves one copy", async ({ signedInPage: page, javaScriptEnabled }) => {
  await page.goto("/loadouts/official/1");
  await page.waitForLoadState("networkidle");
  const title = (await page.getByRole("heading", { level: 1 }).textContent())!.trim();

  const posts = await clickTwiceOnSlowAnswer(page, /\/loadouts\/official\/1/, page.getByRole("button", { name: "Save Loadout" }));

  await expectAnsweredOnce(page, javaScriptEnabled, posts, {
    url: /\/loadouts\/user\/\d+\?notice=(copied|already-copied)$/,
    done: "Loadout saved to your loadouts.",
    sentTwice: "This form was sent twice: the loadout was saved once.",
  });
  await page.goto("/loadouts");
  await expect(page.getByRole("link", { name: new RegExp(`${title} \\(Copy\\)`) })).toHaveCount(1);
});

test("a trade-up's Save clicked twice on a slow answer saves it once", async ({ signedInPage: page, javaScriptEnabled }) => {
  await page.goto("/trade-up?s1=mag-7-insomnia&f1=0.2&n1=6&s2=mp9-featherweight&f2=0.3&n2=4");
  await page.waitForLoadState("networkidle");
  await page.getByLabel("Name", { exact: true }).fill("Clicked twice");

  const posts = await clickTwiceOnSlowAnswer(page, /\/trade-up(\.data)?\?/, page.getByRole("button", { name: "Save", exact: true }));

  await expectAnsweredOnce(page, javaScriptEnabled, posts, {
    url: /\/profile\?tab=trade-ups&notice=trade-up-(saved|already-saved)$/,
    done: "Trade-up saved. It is listed here, valued at today's prices.",
    sentTwice: "This form was sent twice: the trade-up was saved once.",
  });
  await expect(page.getByTestId("my-trade-up")).toHaveCount(1);
});

/** Names the craft, picks the AK-47 | Redline by search and attaches an in-game image. */
async function fillCraft(page: Page, name: string) {
  await page.getByLabel("Name", { exact: true }).first().fill(name);
  await page.getByLabel("Find the skin in the catalogue").fill("ak redline");
  await page.getByRole("button", { name: "Find skins" }).click();
  await page.getByRole("button", { name: "Choose AK-47 | Redline" }).click();
  await expect(page.getByTestId("chosen-skin")).toContainText("AK-47 | Redline");
  await expect(page.getByLabel("Name", { exact: true }).first()).toHaveValue(name);
  await page.locator("#ingameFile").setInputFiles({ name: "shot.png", mimeType: "image/png", buffer: PIXEL_PNG });
}

test("a craft's 'Submit for review' clicked twice on a slow answer submits it once", async ({ signedInPage: page, javaScriptEnabled }) => {
  const name = `Clicked twice ${Date.now().toString(36)}`;
  await page.goto("/sticker-crafts/submit");
  await page.waitForLoadState("networkidle");
  await fillCraft(page, name);

  const posts = await clickTwiceOnSlowAnswer(page, /\/sticker-crafts\/submit/, page.getByRole("button", { name: "Submit for review" }));

  await expectAnsweredOnce(page, javaScriptEnabled, posts, {
    url: /\/profile\?tab=crafts&notice=craft-(submitted|already-submitted)$/,
    done: "Thank you! Your craft is waiting for review; we will e-mail you when a moderator decides.",
    sentTwice: "This form was sent twice: the craft was submitted once. It is waiting for review.",
  });
  await expect(page.getByTestId("my-craft").filter({ hasText: name })).toHaveCount(1);
});

test("an admin's new sticker craft saved twice on a slow answer is created once", async ({ adminPage: page, javaScriptEnabled }) => {
  const name = `E2E clicked twice ${Date.now().toString(36)}`;
  try {
    await page.goto("/admin/sticker-crafts");
    await page.getByRole("link", { name: "New sticker craft" }).click();
    await page.waitForLoadState("networkidle");
    await fillCraft(page, name);

    const posts = await clickTwiceOnSlowAnswer(page, /\/admin\/sticker-crafts/, page.getByRole("button", { name: "Save sticker craft" }));

    await expectAnsweredOnce(page, javaScriptEnabled, posts, {
      url: /\/admin\/sticker-crafts\?notice=(saved|already-created)$/,
      done: "Sticker craft saved successfully!",
      sentTwice: "This form was sent twice: the sticker craft was created once.",
    });
    await expect(page.getByTestId("admin-craft").filter({ hasText: name })).toHaveCount(1);
  } finally {
    // What the test made goes, so the public grid stays as the other tests expect it.
    await page.unrouteAll({ behavior: "ignoreErrors" });
    await page.goto("/admin/sticker-crafts");
    const leftover = page.getByRole("link", { name: `Delete ${name}` });
    while ((await leftover.count()) > 0) {
      await leftover.first().click();
      await page.getByRole("button", { name: "Delete", exact: true }).click();
      await expect(page.getByText("Sticker craft deleted successfully!")).toBeVisible();
      await page.goto("/admin/sticker-crafts");
    }
  }
});
