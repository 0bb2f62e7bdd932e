import type { Locator, Page } from "@playwright/test";
import { expect, test, withJs } from "./fixtures";

const banner = (page: Page) => page.getByRole("region", { name: "We use cookies to enhance your experience" });

/** Clicks a consent button and waits until the server has answered (with JavaScript the banner hides before that). */
async function choose(page: Page, button: Locator) {
  const answered = page.waitForResponse((response) => response.url().includes("/cookie-consent") && response.request().method() === "POST");
  await button.click();
  await answered;
}

test("the banner appears on a first visit; Decline hides it, and the settings page then says cookies are disabled until 'Accept All Cookies'", async ({
  page,
}, testInfo) => {
  await page.goto("/category/Rifles");
  await expect(banner(page)).toBeVisible();
  for (const purpose of [/signed in and remembering your preferences/, /language and theme/, /securely/, /how the site is used/]) {
    await expect(banner(page).getByRole("listitem").filter({ hasText: purpose })).toBeVisible();
  }
  await expect(banner(page).getByRole("link", { name: "Manage cookie settings" })).toHaveAttribute("href", "/cookie-settings");

  await choose(page, banner(page).getByRole("button", { name: "Decline" }));
  await expect(banner(page)).toBeHidden();
  await expect(page).toHaveURL(/\/category\/Rifles$/);
  await expect(page.getByRole("heading", { level: 1, name: "Rifles" })).toBeVisible();

  // The choice holds for the browser session: no banner on the next page.
  await page.goto("/cookie-settings");
  await expect(banner(page)).toHaveCount(0);
  const panel = page.getByRole("region", { name: "Cookie Management" });
  await expect(panel.getByText("Cookies are currently disabled")).toBeVisible();

  await choose(page, panel.getByRole("button", { name: "Accept All Cookies" }));
  await expect(panel.getByText("Cookies are currently enabled")).toBeVisible();
  await expect(page).toHaveURL(/\/cookie-settings$/);
  await page.reload();
  await expect(panel.getByText("Cookies are currently enabled")).toBeVisible();

  await choose(page, panel.getByRole("button", { name: "Decline Cookies" }));
  await expect(panel.getByText("Cookies are currently disabled")).toBeVisible();

  if (withJs(testInfo)) {
    const stored = await page.evaluate(() => [localStorage.getItem("cookies-accepted"), localStorage.getItem("cookies-enabled")]);
    expect(stored).toEqual(["false", "false"]);
  }
});

test("'Accept All' hides the banner, keeps the page and mirrors the choice when JavaScript runs", async ({ page }, testInfo) => {
  const withJavaScript = withJs(testInfo);
  await page.goto("/legal-notice?lang=de");
  // With JavaScript the choice is sent without reloading the page: a marker on window survives.
  if (withJavaScript) await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  await choose(page, banner(page).getByRole("button", { name: "Accept All" }));
  await expect(banner(page)).toBeHidden();
  await expect(page).toHaveURL(/\/legal-notice\?lang=de$/);
  if (withJavaScript) expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);
  await page.goto("/");
  await expect(banner(page)).toHaveCount(0);
  const cookie = (await page.context().cookies()).find((c) => c.name === "cookie_consent");
  expect(cookie?.value).toBe("1.1");
  expect(cookie?.expires).toBe(-1); // a browser-session cookie
  if (withJavaScript) {
    const stored = await page.evaluate(() => [localStorage.getItem("cookies-accepted"), localStorage.getItem("cookies-enabled")]);
    expect(stored).toEqual(["true", "true"]);
  }
});

test("the cookie settings page shows no Cookie Management panel before a choice", async ({ page }) => {
  await page.goto("/cookie-settings");
  await expect(page.getByRole("heading", { level: 1, name: "Cookie Settings" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Cookie Management" })).toHaveCount(0);
  await expect(banner(page)).toBeVisible();
});

test("the banner never covers the footer at the end of a page", async ({ page }) => {
  await page.goto("/");
  await expect(banner(page)).toBeVisible();
  await page.getByRole("contentinfo").getByRole("link", { name: "Cookie Settings" }).click();
  await expect(page).toHaveURL(/\/cookie-settings$/);
});
