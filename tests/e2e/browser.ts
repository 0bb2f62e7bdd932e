// The browser of the end-to-end tests: `CHROMIUM_PATH`, else Debian's `/usr/bin/chromium`, else the
// Chromium Playwright downloads. Run as a script (before `playwright test`), it says in one line how
// to get one when none is there, instead of a stack trace from the first test.
import { chromium } from "@playwright/test";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** A system Chromium to use instead of Playwright's own, if there is one. */
export const systemChromium = process.env.CHROMIUM_PATH ?? (existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined);

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const browser = systemChromium ?? chromium.executablePath();
  if (!existsSync(browser)) {
    console.error(
      `No Chromium for the end-to-end tests (looked for ${browser}): run \`npx playwright install chromium\`, or set CHROMIUM_PATH to a Chromium binary.`,
    );
    process.exit(1);
  }
}
