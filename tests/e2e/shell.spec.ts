import { expect, test, withJs } from "./fixtures";

const CATEGORIES = ["Pistols", "SMGs", "Heavy", "Rifles", "Knives", "Gloves"];

test("home shows the six categories in the sidebar", async ({ page }) => {
  await page.goto("/");
  const sidebar = page.getByRole("complementary", { name: "Categories" });
  for (const name of CATEGORIES) {
    await expect(sidebar.getByRole("link", { name, exact: true })).toHaveAttribute("href", `/category/${name}`);
  }
  await expect(page.getByRole("combobox", { name: "Search skins" }).first()).toHaveAttribute("placeholder", "Search skins...");
  for (const name of ["Legal Notice", "Privacy Policy", "Terms of Service", "Contact", "Cookie Settings"]) {
    await expect(page.getByRole("contentinfo").getByRole("link", { name })).toBeVisible();
  }
  await expect(page.getByRole("contentinfo")).toContainText("Skinport");
});

test("a category link opens the category with its weapons", async ({ page }, testInfo) => {
  await page.goto("/");
  const sidebar = page.getByRole("complementary", { name: "Categories" });
  await expect(sidebar.getByRole("link", { name: "Rifles" })).not.toHaveAttribute("aria-current");
  // With JavaScript the shell's links navigate in place: the document (and this mark) stays.
  await page.evaluate(() => document.documentElement.setAttribute("data-same-document", "yes"));
  await sidebar.getByRole("link", { name: "Rifles" }).click();
  await expect(page).toHaveURL(/\/category\/Rifles$/);
  await expect(page.getByRole("heading", { level: 1, name: "Rifles" })).toBeVisible();
  await expect(sidebar.getByRole("link", { name: "Rifles" })).toHaveAttribute("aria-current", "page");
  await expect(sidebar.getByRole("link", { name: "Pistols" })).not.toHaveAttribute("aria-current");
  const sameDocument = await page.evaluate(() => document.documentElement.getAttribute("data-same-document"));
  expect(sameDocument).toBe(withJs(testInfo) ? "yes" : null);
  await expect(page.getByText(/^\d+ Weapons$/)).toBeVisible();
  const ak = page.getByRole("link", { name: /AK-47 Skins/ });
  await expect(ak).toHaveAttribute("href", "/weapons/AK-47");
  await expect(ak).toContainText(/\d+ Items/);
});

test.describe("not found", () => {
  test.use({ allowedConsoleErrors: [/status of 404/] });

  test("an unknown path shows 'Page Not Found' with status 404", async ({ page }) => {
    const response = await page.goto("/this/page/does-not-exist");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
    await expect(page.getByText("The page you're looking for doesn't exist or has been moved.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Go to Homepage" })).toHaveAttribute("href", "/");
    await expect(page.getByRole("link", { name: "Go Back" })).toBeVisible();
    const quickLinks = page.getByRole("navigation", { name: "Quick links" });
    for (const href of ["/loadouts", "/sticker-crafts", "/resell-tracker"]) {
      await expect(quickLinks.locator(`a[href="${href}"]`)).toBeVisible();
    }
  });

  test("an unknown category shows its not-found text with status 404", async ({ page }) => {
    const response = await page.goto("/category/Bazookas");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Category Not Found" })).toBeVisible();
    await expect(page.getByText("The requested category could not be found.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to Home" })).toHaveAttribute("href", "/");
  });
});

test.describe("error pages", () => {
  test.use({ allowedConsoleErrors: [/status of (403|500)/] });

  test("/403 and /500 show their texts and buttons", async ({ page }) => {
    expect((await page.goto("/403"))?.status()).toBe(403);
    await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
    await expect(page.getByText("You don't have permission to access this page. Please log in or contact support.")).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "Log In" })).toHaveAttribute("href", "/login");

    expect((await page.goto("/500"))?.status()).toBe(500);
    await expect(page.getByRole("heading", { name: "Server Error" })).toBeVisible();
    await expect(page.getByText("Something went wrong on our end. We're working to fix it.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Try Again" })).toBeVisible();
  });

  test("/NETWORK and /UNKNOWN show the message and time they were given", async ({ page }) => {
    await page.goto("/NETWORK");
    await expect(page.getByText("Network error. Please check your connection")).toBeVisible();
    await page.goto("/UNKNOWN?message=Lost%20the%20plot&timestamp=2026-11-21T10%3A00%3A00Z");
    await expect(page.getByText("Lost the plot")).toBeVisible();
    await expect(page.getByText("2026-11-21T10:00:00Z")).toBeVisible();
  });
});
