import { expectNoAxeViolations } from "./axe";
import { expect, test } from "./fixtures";

// The accessibility check itself (tests/e2e/axe.ts): axe runs in the page, so this needs JavaScript;
// a11y.spec.ts checks pages without JavaScript by taking their scripts out instead.

test("the axe check fails on a violation, also after a navigation to a page it has not checked", async ({ page }) => {
  // An attribute, not an added element: React checks no attributes when it hydrates, so the page's
  // own scripts neither mind nor undo it whenever they run.
  const dropLanguage = () => page.evaluate(() => document.documentElement.removeAttribute("lang"));
  await page.goto("/legal-notice");
  await expectNoAxeViolations(page, "the legal notice");
  await dropLanguage();
  await expect(expectNoAxeViolations(page, "the legal notice without its language")).rejects.toThrow(/html-has-lang/);
  await page.goto("/contact");
  await expectNoAxeViolations(page, "the contact page");
  await dropLanguage();
  await expect(expectNoAxeViolations(page, "the contact page without its language")).rejects.toThrow(/html-has-lang/);
});
