// The browser of the end-to-end tests: `CHROMIUM_PATH`, else Debian's headless shell
// (`/usr/bin/chromium-headless-shell`, the build Playwright itself runs headless tests on), else
// Debian's `/usr/bin/chromium`, else the Chromium Playwright downloads (docs/operations/testing.md). Run as a script
// (before `playwright test`), it says in one line how to get one when none is there, instead of a
// stack trace from the first test.
import { chromium } from "@playwright/test";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

const DEBIAN_CHROMIUMS = ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"];

/** A system Chromium to use instead of Playwright's own, if there is one. */
export const systemChromium = process.env.CHROMIUM_PATH ?? DEBIAN_CHROMIUMS.find((path) => existsSync(path));

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const browser = systemChromium ?? chromium.executablePath();
  if (!existsSync(browser)) {
    console.error(
      `No Chromium for the end-to-end tests (looked for ${browser}): run \`apt-get install chromium-headless-shell\` or \`npx playwright install chromium\`, or set CHROMIUM_PATH to a Chromium binary.`,
    );
    process.exit(1);
  }
}
