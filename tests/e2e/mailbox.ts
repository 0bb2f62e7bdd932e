import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

/**
 * Delivers pending mail with the development mailbox's button (the same job the cron trigger runs)
 * and returns the newest link to `path` mailed to `email`.
 */
export async function mailedLink(page: Page, email: string, path: string): Promise<string> {
  await page.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`);
  await page.getByRole("button", { name: "Deliver pending mail now" }).click();
  await expect(page.getByRole("link", { name: new RegExp(`${path.replace("/", "\\/")}\\?token=`) }).first()).toBeVisible();
  return (await page
    .getByRole("link", { name: new RegExp(`${path.replace("/", "\\/")}\\?token=`) })
    .first()
    .getAttribute("href"))!;
}
