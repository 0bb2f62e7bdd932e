// A second click on a form's button while its post is still on its way: with JavaScript the button
// is disabled; without it the browser sends the form again, and the form's key (ADR 089) makes the
// second post add nothing.
import { expect, test } from "./fixtures";

test("a new tracker's button clicked twice on a slow answer adds one tracker", async ({ signedInPage: page, javaScriptEnabled }) => {
  await page.goto("/resell-tracker/new?skin=ak-47-redline");
  await page.waitForLoadState("networkidle");
  await page.getByLabel("Float").fill("0.2");
  await page.getByLabel("Bought date").fill(new Date().toISOString().slice(0, 10));
  await page.getByLabel("Buy price ($)").fill("1.00");

  // The server writes the tracker at once; its answer reaches the browser a second later.
  const posts: string[] = [];
  await page.route(/\/resell-tracker\/new/, async (route) => {
    if (route.request().method() !== "POST") return route.fallback();
    posts.push(route.request().url());
    const response = await route.fetch({ maxRedirects: 0 });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    // A post the browser gave up on (the second click replaced it) has no page to answer.
    await route.fulfill({ response }).catch(() => undefined);
  });
  const button = page.getByRole("button", { name: "Add Tracker" });
  await button.scrollIntoViewIfNeeded();
  const box = (await button.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await page.waitForTimeout(200);
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);

  await expect(page).toHaveURL(/\/resell-tracker\?notice=(added|already-added)$/);
  if (javaScriptEnabled) {
    expect(posts).toHaveLength(1);
    await expect(page.getByText("Resell tracker added!")).toBeVisible();
  } else {
    expect(posts).toHaveLength(2);
    await expect(page.getByText("This form was sent twice: the tracker was added once. To track another item, open the form again.")).toBeVisible();
  }
  await expect(page.getByTestId("tracker-card")).toHaveCount(1);
});
