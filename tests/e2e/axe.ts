import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

// WCAG 2.2 A and AA, plus axe's best practices (heading order, unique landmark labels).
const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];
export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

/**
 * Axe on the page as it is now, failing with each violation and where it is.
 *
 * The quick way (ADR 055): on a page without frames (all of ours), `axe.run` in the page itself
 * (`setLegacyMode`) instead of `runPartial` followed by `finishRun` in a blank page that the builder
 * opens and closes on every call; a page with frames gets the builder's default, which reaches into
 * them. Only violations are gathered (`resultTypes`), the one result read here: every rule still
 * runs on every node, and a call takes about a third of the time.
 */
export async function expectNoAxeViolations(page: Page, where: string) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(AXE_TAGS)
    .setLegacyMode(page.frames().length === 1)
    .options({ resultTypes: ["violations"] })
    .analyze();
  const found = violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.map((n) => `${n.target.join(" ")} ${n.failureSummary?.split("\n")[1]?.trim() ?? ""}`).join("\n    ")}`,
  );
  expect(found, `axe violations on ${where}`).toEqual([]);
}

/**
 * Axe on a state the page list cannot reach by a plain visit (a form opened with its error, a panel
 * that needs objects made in the test), at the desktop width and at 390 px. Axe needs JavaScript
 * in the page, so it runs in the `javascript` project; the markup is the server's in both.
 */
export async function expectAccessibleState(page: Page, where: string) {
  const size = page.viewportSize();
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await expectNoAxeViolations(page, `${where} at ${viewport.width} px`);
  }
  if (size) await page.setViewportSize(size);
}
