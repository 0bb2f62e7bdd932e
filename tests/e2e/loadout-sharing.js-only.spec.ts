// The share link's Copy button exists only when JavaScript runs; without it the link is selectable
// text in a read-only field (loadout-sharing.spec.ts reads it there in both projects).
import { expect, test } from "./fixtures";
import { sampleLoadout, shareLoadout } from "./loadout-setup";

test("Copy link puts the share link on the clipboard and says so", async ({ signedInPage: page, user, baseURL }) => {
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
  const id = await sampleLoadout(baseURL!, user);
  const path = await shareLoadout(baseURL!, user, id);
  await page.goto(`/loadouts/user/${id}`);
  await page.getByRole("button", { name: "Copy link" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Link copied." })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}${path}`);
});
