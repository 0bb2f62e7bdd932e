// `npm run test:deploy` (part of `npm test`, after `npm run build`): each page's JavaScript from the
// client build (tests/deploy/first-visit-scripts.ts), against the budgets of issues 32 and 60: at
// most 100 KB gzipped on the first visit (its parts included: their code loads before the page
// hydrates, ADR 097), at most 16 KB of it the app's own code (everything but React, React DOM and
// Remix), and at most 120 KB with everything the page can load after use (the dialogs its parts
// open). A page over any of them fails it, unless listed below with a ceiling.
import { budgetProblems, firstVisitScripts, FIRST_VISIT_BUDGET, type KnownOverBudget } from "./first-visit-scripts.ts";

/** Pages over a budget, with a ceiling each in KB and the reason. A page that goes over fails the check unless listed here. */
const KNOWN_OVER_BUDGET: Record<string, KnownOverBudget> = {
  // Since a part the server's HTML holds loads its code before the page hydrates (ADR 097: a part
  // left to load later is dropped by React at the first fragment link), a page's parts count in its
  // first visit: Conform (10.1 KB) and the parts' own code on every page with a form, the whole
  // profile (Conform and 26 part files, 29.7 KB; 23.0 as one file). Not within the budget until the
  // forms' shared code is trimmed or grouped (issue 60). Ceilings are the figures of 2 December; the
  // tracker's markets table and valuation, and the Market choice on loadouts and crafts, added
  // 0.1-1.3 KB to the pages below that show them, and the price history's market links 0.1 KB to the
  // skin and sticker pages (issue 61).
  "routes/profile": { total: 128.5, app: 44.3, whole: 128.5 },
  "routes/resell-tracker": { total: 122.2, app: 38, whole: 122.2 },
  "routes/weapons.$weaponName": { total: 117.4, app: 33.2, whole: 120 },
  // Search and the trade-up page carry the Market choice (issue 61): its select and the markets' names, +0.8 KB each.
  "routes/search": { total: 115.8, app: 31.6, whole: 120 },
  "routes/loadouts.$loadoutType.$loadoutId": { total: 115.5, app: 31.3, whole: 120 },
  "routes/admin.loadouts_.$id.edit": { total: 113.8, app: 29.6, whole: 120 },
  "routes/loadouts.edit.$id": { total: 113.7, app: 29.5, whole: 120 },
  "routes/admin.sticker-crafts": { total: 113.3, app: 29.2, whole: 120 },
  "routes/admin.sticker-crafts_.queue": { total: 112.2, app: 28, whole: 120 },
  "routes/trade-up": { total: 112.6, app: 28.4, whole: 120 },
  "routes/sticker-crafts.submit": { total: 111.4, app: 27.2, whole: 120 },
  "routes/admin.loadouts": { total: 110.9, app: 26.7, whole: 120 },
  "routes/resell-tracker_.import": { total: 110.9, app: 26.7, whole: 120 },
  "routes/sticker-crafts.$craftId": { total: 111.7, app: 27.5, whole: 120 },
  "routes/resell-tracker_.new": { total: 110, app: 25.8, whole: 120 },
  "routes/resell-tracker_.$trackerId.edit": { total: 109.9, app: 25.7, whole: 120 },
  // The security page and the login carry the passkey buttons' own code (issue 62: whether the browser
  // runs passkeys, the press; the ceremonies load on the press, outside the first visit) and the
  // security page the passkeys' list with its remove forms and the add form: +1.3 KB there, +0.7 KB here;
  // the security page also the e-mail address's form (+0.6 KB).
  "routes/profile_.security": { total: 111, app: 26.8, whole: 120 },
  "routes/resell-tracker_.$trackerId.sale": { total: 108.8, app: 24.6, whole: 120 },
  "routes/login": { total: 109.5, app: 25.3, whole: 120 },
  "routes/loadouts.new": { total: 108.1, app: 23.9, whole: 120 },
  "routes/reset-password": { total: 107.2, app: 23.1, whole: 120 },
  "routes/skins.$skinId": { total: 107.1, app: 22.9, whole: 120.3 },
  // The Market choice's form on the fill proposal (issue 61): +1.2 KB.
  "routes/loadouts.user.$id.fill": { total: 103.4, app: 19.3, whole: 120 },
  "routes/stickers.$stickerId": { total: 101.9, app: 17.7, whole: 120 },
  // The Market choice's form (issue 61), as on the other loadout pages: +1.2 KB.
  "routes/loadouts.shared.$token": { total: 102.0, app: 17.8, whole: 120 },
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
