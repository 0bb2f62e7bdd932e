// `npm run test:deploy` (part of `npm test`, after `npm run build`): each page's JavaScript from the
// client build (tests/deploy/first-visit-scripts.ts), against the budgets of issues 32 and 60: at
// most 100 KB gzipped on the first visit, at most 16 KB of it the app's own code (everything but
// React, React DOM and Remix), and at most 120 KB with everything the page can load after use (its
// lazy parts, dialogs and schemas). A page over any of them fails it, unless listed below with a
// ceiling.
import { budgetProblems, firstVisitScripts, FIRST_VISIT_BUDGET, type KnownOverBudget } from "./first-visit-scripts.ts";

/** Pages over a budget, with a ceiling each in KB and the reason. A page that goes over fails the check unless listed here. */
const KNOWN_OVER_BUDGET: Record<string, KnownOverBudget> = {
  // 126.5 KB with all it can load (1 December 2026, ADR 097): Conform (10.1) and its seven parts'
  // 26 files (29.7 KB; the same code as one file is 23.0). Within once its parts' chunks are grouped.
  "routes/profile": { total: 100, app: 16, whole: 127 },
};

const pages = firstVisitScripts();
const kb = (bytes: number) => (bytes / 1024).toFixed(1);
console.log(
  `JavaScript per page, KB gzipped: the first visit (budget ${kb(FIRST_VISIT_BUDGET.total)}, ${kb(FIRST_VISIT_BUDGET.app)} of the app's own)` +
    ` and everything the page can load after use (budget ${kb(FIRST_VISIT_BUDGET.whole)})`,
);
console.log(
  `${"page".padEnd(42)} ${"first".padStart(6)} ${"React+Remix".padStart(11)} ${"app".padStart(6)} ${"whole".padStart(6)}  largest files loaded on use`,
);
for (const page of pages) {
  const later = page.laterFiles
    .slice(0, 3)
    .map(([url, gzip]) => `${url.replace("/assets/", "")} ${kb(gzip)}`)
    .join(", ");
  const mark = KNOWN_OVER_BUDGET[page.routeId] ? " (known)" : "";
  console.log(
    `${page.routeId.padEnd(42)} ${kb(page.totalGzip).padStart(6)} ${kb(page.frameworkGzip).padStart(11)} ${kb(page.appGzip).padStart(6)} ${kb(page.wholeGzip).padStart(6)}  ${later}${mark}`,
  );
}
const problems = budgetProblems(pages, KNOWN_OVER_BUDGET);
for (const problem of problems) console.error(problem);
if (problems.length) process.exitCode = 1;
