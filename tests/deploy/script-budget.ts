// `npm run test:deploy` (part of `npm test`, after `npm run build`): each page's first-visit
// JavaScript from the client build (tests/deploy/first-visit-scripts.ts), against the budgets of
// issue 32: at most 100 KB gzipped in all, and at most 16 KB of it the app's own code (everything
// but React, React DOM and Remix). A page over either fails it, unless listed below with a ceiling.
import { budgetProblems, firstVisitScripts, FIRST_VISIT_BUDGET, type KnownOverBudget } from "./first-visit-scripts.ts";

/**
 * Pages over a budget, with a ceiling each in KB. Empty since 28 November 2026, when forms and other
 * interactive parts began to load their code on the page's first use (ADR 094,
 * app/components/hydrate-on-use.tsx); before, the 15 pages with Conform forms and the skin page were
 * over (104 to 125 KB; docs/performance.md has their history). A page that goes over again fails
 * the check, unless it is listed here with its reason.
 */
const KNOWN_OVER_BUDGET: Record<string, KnownOverBudget> = {};

const pages = firstVisitScripts();
const kb = (bytes: number) => (bytes / 1024).toFixed(1);
console.log(`first-visit JavaScript per page, KB gzipped (budget ${kb(FIRST_VISIT_BUDGET.total)} in all, ${kb(FIRST_VISIT_BUDGET.app)} of the app's own)`);
console.log(`${"page".padEnd(42)} ${"all".padStart(6)} ${"React+Remix".padStart(11)} ${"app".padStart(6)}  largest app files`);
for (const page of pages) {
  const largest = page.files
    .slice(0, 3)
    .map(([url, , app]) => `${url.replace("/assets/", "")} ${kb(app)}`)
    .join(", ");
  const mark = KNOWN_OVER_BUDGET[page.routeId] ? " (known)" : "";
  console.log(
    `${page.routeId.padEnd(42)} ${kb(page.totalGzip).padStart(6)} ${kb(page.frameworkGzip).padStart(11)} ${kb(page.appGzip).padStart(6)}  ${largest}${mark}`,
  );
}
const problems = budgetProblems(pages, KNOWN_OVER_BUDGET);
for (const problem of problems) console.error(problem);
if (problems.length) process.exitCode = 1;
