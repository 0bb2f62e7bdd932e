import { test as base, expect, type BrowserContext, type Page, type TestInfo } from "@playwright/test";
import { TestAccounts, type TestUser } from "./test-accounts";
import { e2eAdminEmail, e2eSharedAdminEmail } from "./admins.ts";
import failOnServerCrash from "./server-crash.ts";

export type { TestUser };

/** Whether the test runs in the `javascript` project (the other runs with JavaScript off). */
export const withJs = (testInfo: TestInfo) => testInfo.project.name === "javascript";

/**
 * A 1x1 transparent PNG: the upload of the craft tests, and the answer for images from the
 * skin-data CDN, which are outside the product and out of reach offline.
 */
export const PIXEL_PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64");

/**
 * An uploaded image (`/images/...`) that answered 404: uploads are shared by the tests running at
 * once, and a page listing the newest crafts (the home page) can lazy-load the image of a craft that
 * another test has just replaced or deleted; the page's placeholder covers it, as for a visitor.
 * Tests about an upload check it themselves. (Chromium names the failed resource as the message's URL.)
 */
function uploadGone(text: string, url: string): boolean {
  return /status of 404\b/.test(text) && /^https?:\/\/localhost:\d+\/images\//.test(url);
}

/**
 * Answers CDN images locally and collects the page's console errors from now on. The result hands
 * over those not `allowed` since its last call (errors thrown in the page are never allowed), and
 * starts collecting anew.
 */
export async function watchConsole(page: Page): Promise<(allowed: RegExp[]) => string[]> {
  let messages: string[] = [];
  let thrown: string[] = [];
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    const text = message.text();
    if (!uploadGone(text, message.location().url)) messages.push(text);
  });
  page.on("pageerror", (error) => thrown.push(error.message));
  await page.route(/^https:\/\/cdn\.cstrike\.app\//, (route) => route.fulfill({ status: 200, contentType: "image/png", body: PIXEL_PNG }));
  return (allowed) => {
    const unexpected = [...messages.filter((text) => !allowed.some((pattern) => pattern.test(text))), ...thrown];
    messages = [];
    thrown = [];
    return unexpected;
  };
}

/** Collects the page's unexpected console errors and answers CDN images locally; call the result at the end. */
async function watchPage(page: Page, allowedConsoleErrors: RegExp[]): Promise<() => void> {
  const unexpectedErrors = await watchConsole(page);
  return () => expect(unexpectedErrors(allowedConsoleErrors), "unexpected console errors").toEqual([]);
}

/** Puts `user`'s session cookie in the context: its pages are signed in. */
export async function signIn(context: BrowserContext, user: TestUser, baseURL: string): Promise<void> {
  await context.addCookies([{ ...user.cookie, url: baseURL }]);
}

/**
 * Accounts a worker makes once and keeps until it ends, for tests that only read pages: made on
 * first use (with the test's base URL), deleted like the others when the worker stops.
 */
class SharedAccounts {
  private accounts: TestAccounts | undefined;
  private readonly made = new Map<"user" | "admin", Promise<TestUser>>();

  constructor(private readonly parallelIndex: number) {}

  get(kind: "user" | "admin", baseURL: string): Promise<TestUser> {
    this.accounts ??= new TestAccounts(baseURL);
    const accounts = this.accounts;
    let user = this.made.get(kind);
    if (!user) {
      user = accounts.create(kind === "admin" ? { email: e2eSharedAdminEmail(this.parallelIndex) } : { label: "shared-reader" });
      this.made.set(kind, user);
    }
    return user;
  }

  async dispose(): Promise<void> {
    if (!this.accounts) return;
    try {
      // Settle every creation still under way, so none is left behind.
      await Promise.allSettled(this.made.values());
      await this.accounts.cleanUp();
    } finally {
      this.accounts.close();
    }
  }
}

interface WorkerFixtures {
  sharedAccounts: SharedAccounts;
}

interface Fixtures {
  /** Fails every test at once, naming the crash, once the server has exited during the run. */
  serverAlive: void;
  /** Console errors a test expects, such as the browser's note about a 404 response. */
  allowedConsoleErrors: RegExp[];
  /** The test's accounts; every account made through it is deleted after the test. */
  accounts: TestAccounts;
  /** Makes one more confirmed user with a session (`{ admin: true }`: an address in ADMIN_EMAILS). */
  createUser: (options?: { admin?: boolean; label?: string }) => Promise<TestUser>;
  /** Opens a page in its own browser context, signed in as `user` or, without one, a visitor's (same checks as `page`). */
  pageFor: (user?: TestUser) => Promise<Page>;
  /** A confirmed user with a live session (id, e-mail, password, cookie). */
  user: TestUser;
  /** `page`, signed in as `user`. */
  signedInPage: Page;
  /** A confirmed admin with a live session. */
  admin: TestUser;
  /** A page of its own signed in as `admin` (a test may hold it beside `signedInPage`). */
  adminPage: Page;
  /**
   * The worker's shared user or admin, for a test that only reads pages and changes nothing the
   * next test could see (the accessibility rows): one account for all of them, instead of one
   * registration per test.
   */
  sharedAccount: (kind: "user" | "admin") => Promise<TestUser>;
}

/**
 * `page` fails the test on unexpected console errors. The account fixtures make a confirmed user
 * with a live session through the server's own endpoints in a few plain HTTP requests (no
 * browser, see test-accounts.ts), put its session cookie in the browser, and delete the account
 * (and everything that belongs to it) after the test. They work the same with JavaScript on and off.
 */
export const test = base.extend<Fixtures, WorkerFixtures>({
  sharedAccounts: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      const shared = new SharedAccounts(workerInfo.parallelIndex);
      try {
        await use(shared);
      } finally {
        await shared.dispose();
      }
    },
    { scope: "worker" },
  ],
  sharedAccount: async ({ sharedAccounts, baseURL }, use) => {
    await use((kind) => sharedAccounts.get(kind, baseURL!));
  },
  allowedConsoleErrors: [[], { option: true }],
  // Playwright reads a fixture's dependencies from its first parameter's pattern, so it must be one.
  // eslint-disable-next-line no-empty-pattern
  serverAlive: [async ({}, use) => use(failOnServerCrash()), { auto: true }],
  page: [
    async ({ page, allowedConsoleErrors }, use) => {
      const check = await watchPage(page, allowedConsoleErrors);
      await use(page);
      check();
    },
    { scope: "test" },
  ],
  accounts: async ({ baseURL }, use) => {
    const accounts = new TestAccounts(baseURL!);
    try {
      await use(accounts);
      await accounts.cleanUp();
    } finally {
      accounts.close();
    }
  },
  createUser: async ({ accounts }, use, testInfo) => {
    let admins = 0;
    await use(({ admin = false, label } = {}) => accounts.create(admin ? { email: e2eAdminEmail(testInfo.parallelIndex, admins++) } : { label }));
  },
  pageFor: async ({ browser, baseURL, javaScriptEnabled, allowedConsoleErrors }, use) => {
    const opened: { context: BrowserContext; check: () => void }[] = [];
    await use(async (user) => {
      const context = await browser.newContext({ baseURL, javaScriptEnabled });
      if (user) await signIn(context, user, baseURL!);
      const page = await context.newPage();
      opened.push({ context, check: await watchPage(page, allowedConsoleErrors) });
      return page;
    });
    for (const { context } of opened) await context.close();
    for (const { check } of opened) check();
  },
  user: async ({ createUser }, use) => {
    await use(await createUser());
  },
  signedInPage: async ({ page, user, baseURL }, use) => {
    await signIn(page.context(), user, baseURL!);
    await use(page);
  },
  admin: async ({ createUser }, use) => {
    await use(await createUser({ admin: true }));
  },
  adminPage: async ({ pageFor, admin }, use) => {
    await use(await pageFor(admin));
  },
});

export { expect };
