import type { Browser, Page } from "@playwright/test";
import { readdirSync, readFileSync } from "node:fs";
import { DESKTOP, expectNoAxeViolations, loadAxeInEveryDocument } from "./axe";
import { expect, signIn, test, watchConsole, type TestUser } from "./fixtures";
import { samplePath } from "./loadout-setup";
import { NOT_PAGES, PAGES, pagesFor, type ProductPage } from "./pages";

const PHONE_HEIGHT = 844;
/** Widths where nothing may scroll sideways; axe runs at the desktop and at 390 px. */
const NARROW_WIDTHS = [768, 390, 320];

async function expectNoSidewaysScroll(page: Page, where: string) {
  const overflow = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const scrollWidth = Math.max(document.documentElement.scrollWidth, document.body.scrollWidth);
    if (scrollWidth <= width) return null;
    // Name the elements that stick out, so the failure says where to look.
    const culprits = [...document.querySelectorAll<HTMLElement>("body *")]
      .filter((element) => element.getBoundingClientRect().right > width + 1)
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].join(".")}`);
    return { scrollWidth, culprits };
  });
  expect(overflow, `sideways scroll on ${where}`).toBeNull();
}

/** A row's page, and with JavaScript the console errors it logged that the row does not allow. */
interface RowPage {
  page: Page;
  unexpectedErrors?: (allowed: RegExp[]) => string[];
}

/** A page with JavaScript, as the `pageFor` fixture opens it (same console checks). */
async function pageWithScripts(browser: Browser, visitor: TestUser | null, origin: string): Promise<RowPage> {
  const context = await browser.newContext({ baseURL: origin, javaScriptEnabled: true });
  if (visitor) await signIn(context, visitor, origin);
  const page = await context.newPage();
  return { page, unexpectedErrors: await watchConsole(page) };
}

/**
 * Axe waits on timers, which never fire in a page with JavaScript off. So without JavaScript the
 * checks run on the server's HTML with every script taken out, in a page where axe can run: the
 * same markup and styles a browser without JavaScript shows. (No page uses `<noscript>`.)
 */
async function pageWithoutScripts(browser: Browser, visitor: TestUser | null, origin: string): Promise<RowPage> {
  // Contexts made in a test take the project's options, so JavaScript is switched back on here.
  const context = await browser.newContext({ baseURL: origin, javaScriptEnabled: true });
  if (visitor) await signIn(context, visitor, origin);
  const page = await context.newPage();
  await page.route("**/*", async (route) => {
    const request = route.request();
    if (request.resourceType() === "script") return route.abort();
    if (request.resourceType() !== "document" || !request.url().startsWith(origin)) return route.fallback();
    const response = await route.fetch({ maxRedirects: 0 });
    const body = (await response.text()).replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "").replace(/<link rel="modulepreload"[^>]*>/gi, "");
    return route.fulfill({ response, body });
  });
  // The skin-data CDN is out of reach: images fail, and the placeholder must cover them (app.css).
  await page.route(/^https:\/\/cdn\.cstrike\.app\//, (route) => route.fulfill({ status: 404 }));
  return { page };
}

/**
 * The rows' pages kept for a worker's rows, one per visitor (a visitor, the worker's shared user,
 * its shared admin): a row only reads, and a page that stays open keeps its browser's caches, so a
 * row does not pay for a new browser context, its routes and a cold load of the page's scripts and
 * styles (about 0.5 s a row). Each row's visit is a new document; its console errors are the
 * ones logged from that visit to the end of the row's checks.
 */
class RowPages {
  private readonly opened = new Map<string, Promise<RowPage>>();

  get(visitor: string, open: () => Promise<RowPage>): Promise<RowPage> {
    let row = this.opened.get(visitor);
    if (!row) {
      row = open();
      this.opened.set(visitor, row);
    }
    return row;
  }

  async close(): Promise<void> {
    for (const row of await Promise.allSettled(this.opened.values())) if (row.status === "fulfilled") await row.value.page.context().close();
  }
}

const rowTest = test.extend<object, { rowPages: RowPages }>({
  rowPages: [
    // Playwright reads a fixture's dependencies from its first parameter's pattern, so it must be one.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const pages = new RowPages();
      try {
        await use(pages);
      } finally {
        await pages.close();
      }
    },
    { scope: "worker" },
  ],
});

/** One visit per page: axe at the desktop width, then the narrow widths in turn on the same page. */
async function checkPage({ page, unexpectedErrors }: RowPage, entry: ProductPage) {
  // What a kept page logged after the row before it had been checked is not this row's.
  unexpectedErrors?.([]);
  await page.setViewportSize(DESKTOP);
  await page.goto(entry.path);
  await expectNoAxeViolations(page, `${entry.path} at ${DESKTOP.width} px`);
  for (const width of NARROW_WIDTHS) {
    await page.setViewportSize({ width, height: PHONE_HEIGHT });
    await expectNoSidewaysScroll(page, `${entry.path} at ${width} px`);
    if (width === 390) await expectNoAxeViolations(page, `${entry.path} at ${width} px`);
  }
  if (unexpectedErrors) expect(unexpectedErrors(entry.consoleErrors ?? []), "unexpected console errors").toEqual([]);
}

/** Placeholders filled with objects of the visiting user (tests/e2e/loadout-setup.ts, `samplePath`). */
const OWN_OBJECTS = /\{(ownLoadout|overBudgetLoadout)\}/;

const RUNS = [
  { name: "signed out", visitor: "visitor" },
  { name: "signed in", visitor: "user" },
  { name: "as admin", visitor: "admin" },
] as const;

for (const run of RUNS) {
  test.describe(run.name, () => {
    // Axe reads every node of a page twice (two widths); the catalogue pages have hundreds of them.
    test.describe.configure({ timeout: 60_000 });
    for (const entry of pagesFor(run.visitor)) {
      rowTest(
        `${entry.path}: accessible at 1280 and 390 px, no sideways scroll at ${NARROW_WIDTHS.join(", ")} px`,
        async ({ browser, javaScriptEnabled, baseURL, createUser, sharedAccount, rowPages }) => {
          test.slow(entry.heavy === true, "axe reads hundreds of cards twice");
          // A visit only reads, so the signed-in rows share the worker's account; a page shown with
          // objects made for the visit gets an account and a page of its own, so the others stay as
          // they were.
          const ownObjects = OWN_OBJECTS.test(entry.path);
          const visitor =
            run.visitor === "visitor" ? null : ownObjects ? await createUser({ admin: run.visitor === "admin" }) : await sharedAccount(run.visitor);
          const visit = { ...entry, path: await samplePath(entry.path, { baseURL: baseURL!, user: visitor, createUser }) };
          const open = async () => {
            const row = await (javaScriptEnabled ? pageWithScripts : pageWithoutScripts)(browser, visitor, baseURL!);
            await loadAxeInEveryDocument(row.page);
            return row;
          };
          if (ownObjects) {
            const row = await open();
            try {
              await checkPage(row, visit);
            } finally {
              await row.page.context().close();
            }
            return;
          }
          await checkPage(await rowPages.get(run.visitor, open), visit);
        },
      );
    }
  });
}

test("every page route of the build is in the page list", () => {
  const assets = "build/client/assets";
  const file = readdirSync(assets).find((name) => /^manifest-.*\.js$/.test(name));
  expect(file, "run `npm run build` first").toBeDefined();
  const source = readFileSync(`${assets}/${file}`, "utf8");
  const manifest = JSON.parse(source.slice(source.indexOf("{"), source.lastIndexOf("}") + 1)) as { routes: Record<string, unknown> };
  const listed = new Set([...PAGES.map((page) => page.route), ...Object.keys(NOT_PAGES)]);
  const missing = Object.keys(manifest.routes).filter((route) => !listed.has(route));
  expect(missing, "routes missing from tests/e2e/pages.ts").toEqual([]);
  const gone = [...listed].filter((route) => !(route in manifest.routes));
  expect(gone, "routes in tests/e2e/pages.ts that the build no longer has").toEqual([]);
});
