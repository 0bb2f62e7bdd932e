import AxeBuilder from "@axe-core/playwright";
import type axe from "axe-core";
import type { Result, RunOptions } from "axe-core";
import { expect, type Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

/**
 * axe-core's minified build (`axe.min.js`, the file its README tells pages to include): the same
 * rules as `axe.source` (the unminified `axe.js`, 1.4 MB) in 0.6 MB, so each document parses less.
 */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/**
 * Puts axe-core in every document the page loads from now on, as the document starts (an init
 * script): a check then finds it there, rather than sending and evaluating it after the load.
 */
export async function loadAxeInEveryDocument(page: Page) {
  await page.addInitScript(AXE_SOURCE);
}

// WCAG 2.2 A and AA, plus axe's best practices (heading order, unique landmark labels).
const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];
export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

/**
 * Violations on the page as it is now (or in the part `include` selects), with axe-core's own
 * `axe.run` on a page without frames.
 */
async function violationsOn(page: Page, include?: string): Promise<Result[]> {
  const options: RunOptions = { runOnly: { type: "tag", values: AXE_TAGS }, resultTypes: ["violations"] };
  if (page.frames().length > 1) {
    const builder = new AxeBuilder({ page }).options(options);
    return (await (include ? builder.include(include) : builder).analyze()).violations;
  }
  // axe-core once per document: the next width of the same page reuses it, a navigation loads it
  // again unless `loadAxeInEveryDocument` put it there.
  const loaded = await page.evaluate(() => "axe" in window);
  if (!loaded) await page.evaluate(AXE_SOURCE);
  return page.evaluate(
    async ({ runOptions, selector }) => {
      const context = selector ? { include: [selector] } : document;
      const { violations } = await (window as unknown as { axe: typeof axe }).axe.run(context, runOptions);
      return violations;
    },
    { runOptions: options, selector: include },
  );
}

/**
 * Axe on the page as it is now (or on the part the `include` selector picks), failing with each
 * violation and where it is.
 *
 * The quick way (ADR 055): on a page without frames (all of ours), axe-core's `axe.run` in
 * the page itself, with axe-core (550 KB) put there once per document; the builder evaluates it
 * twice on every call in its legacy mode, and by default also opens a blank page for `finishRun`.
 * A page with frames gets the builder's default, which reaches into them. Only violations are
 * gathered (`resultTypes`), the one result read here: every rule still runs on every node.
 */
export async function expectNoAxeViolations(page: Page, where: string, include?: string) {
  const violations = await violationsOn(page, include);
  const found = violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.map((n) => `${n.target.join(" ")} ${n.failureSummary?.split("\n")[1]?.trim() ?? ""}`).join("\n    ")}`,
  );
  expect(found, `axe violations on ${where}`).toEqual([]);
}

/**
 * Axe on a state the page list cannot reach by a plain visit (a form opened with its error, a panel
 * that needs objects made in the test), at the desktop width and at 390 px, on the whole page or on
 * the part `include` selects. Axe needs JavaScript in the page, so it runs in the `javascript`
 * project; the markup is the server's in both.
 */
export async function expectAccessibleState(page: Page, where: string, include?: string) {
  const size = page.viewportSize();
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await expectNoAxeViolations(page, `${where} at ${viewport.width} px`, include);
  }
  if (size) await page.setViewportSize(size);
}
