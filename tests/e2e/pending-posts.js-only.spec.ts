// A form's button stays disabled until the page after its post has loaded, not only while the post
// is on its way: a second click while the answer's page loaded posted the same form again.
import { expect, test } from "./fixtures";

test("a saved trade-up's button stays disabled while its redirect loads, so a second click saves nothing twice", async ({ signedInPage: page }) => {
  await page.goto("/trade-up?s1=mag-7-insomnia&f1=0.2&n1=6&s2=mp9-featherweight&f2=0.3&n2=4");
  // The save form is a lazy part of the page: posted before its code has loaded, it is a plain
  // form post (a new document), which has no such window.
  await page.waitForLoadState("networkidle");
  await page.getByLabel("Name", { exact: true }).fill("Saved once");

  // The profile the post redirects to is held until the second click has been tried.
  let releaseProfile = () => {};
  const profileHeld = new Promise<void>((resolve) => (releaseProfile = resolve));
  await page.route(/\/profile\.data/, async (route) => {
    await profileHeld;
    await route.fallback();
  });
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(new URL(request.url()).pathname);
  });

  const button = page.getByRole("button", { name: /^(Save|Saving\.\.\.)$/ });
  const profileAsked = page.waitForRequest(/\/profile\.data/);
  await button.click();
  await profileAsked;
  await expect(button).toBeDisabled();
  await expect(button).toHaveText("Saving...");
  // A disabled button takes no click; forced, the browser still sends nothing.
  await button.click({ force: true });
  releaseProfile();

  await expect(page).toHaveURL(/\/profile\?tab=trade-ups&notice=trade-up-saved$/);
  await expect(page.getByTestId("my-trade-up")).toHaveCount(1);
  expect(posts).toEqual(["/trade-up.data"]);
  await page.reload();
  await expect(page.getByTestId("my-trade-up")).toHaveCount(1);
});
