import { expect, test } from "./fixtures";

const PAGES = [
  { path: "/legal-notice", en: "Legal Notice", de: "Impressum" },
  { path: "/privacy-policy", en: "Privacy Policy", de: "Datenschutzerklärung" },
  { path: "/terms-of-service", en: "Terms of Service", de: "Nutzungsbedingungen" },
  { path: "/contact", en: "Contact", de: "Kontakt" },
  { path: "/cookie-settings", en: "Cookie Settings", de: "Cookie-Einstellungen" },
];

for (const { path, en, de } of PAGES) {
  test(`${path} is noindex and switches to German and back`, async ({ page }) => {
    await page.goto(path);
    const title = page.getByRole("heading", { level: 1 });
    await expect(title).toHaveText(en);
    await expect(page).toHaveTitle(`${en} | SkinVault`);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.{40,}/);
    await expect(page.getByRole("link", { name: "Back to Home" })).toHaveAttribute("href", "/");
    await expect(page.getByRole("article").getByRole("heading", { level: 2 }).first()).toBeVisible();
    await expect(page.getByRole("article").getByRole("listitem").first()).toBeVisible();
    await expect(page.getByRole("article").locator("strong").first()).toBeVisible();
    await expect(page.getByRole("article").getByText("Last updated: July 16, 2025")).toBeVisible();

    const languages = page.getByRole("navigation", { name: "Language" });
    await expect(languages.getByRole("link", { name: "English" })).toHaveAttribute("aria-current", "page");
    await languages.getByRole("link", { name: "Deutsch" }).click();
    await expect(page).toHaveURL(new RegExp(`${path}\\?lang=de$`));
    await expect(title).toHaveText(de);
    await expect(page).toHaveTitle(`${de} | SkinVault`);
    await expect(page.getByRole("article")).toHaveAttribute("lang", "de");
    await expect(page.getByRole("article").getByText("Zuletzt aktualisiert: 16. Juli 2025")).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");

    await languages.getByRole("link", { name: "English" }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(title).toHaveText(en);
  });
}

test("'Back to Home' leads home", async ({ page }) => {
  await page.goto("/contact");
  await page.getByRole("link", { name: "Back to Home" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("catalogue pages carry a canonical URL and Open Graph tags", async ({ page }) => {
  await page.goto("/category/Rifles");
  await expect(page).toHaveTitle("Rifles Skins | SkinVault");
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/category\/Rifles$/);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", "Rifles Skins | SkinVault");
  await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
});
