import { test as base, expect } from "@playwright/test";

// A 1x1 transparent PNG: images from the skin-data CDN are outside the product and out of reach
// offline, so tests answer them locally.
const PIXEL = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64");

/** Waits until the server answers: after a development-server restart (tests/e2e/serve.ts), a retried test starts on a live server. */
async function serverReady(baseURL: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${baseURL}/`)).ok) return;
    } catch {
      // connection refused while wrangler dev restarts
    }
    if (Date.now() > deadline) throw new Error(`${baseURL} did not answer within 60 s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

interface Fixtures {
  /** Console errors a test expects, such as the browser's note about a 404 response. */
  allowedConsoleErrors: RegExp[];
}

export const test = base.extend<Fixtures>({
  allowedConsoleErrors: [[], { option: true }],
  page: [
    async ({ page, allowedConsoleErrors, baseURL }, use) => {
    await serverReady(baseURL!);
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() !== "error") return;
      const text = message.text();
      if (!allowedConsoleErrors.some((pattern) => pattern.test(text))) errors.push(text);
    });
    page.on("pageerror", (error) => errors.push(error.message));
    await page.route(/^https:\/\/cdn\.cstrike\.app\//, (route) =>
      route.fulfill({ status: 200, contentType: "image/png", body: PIXEL }),
    );
    await use(page);
    expect(errors, "unexpected console errors").toEqual([]);
    },
    // Its own time budget, so waiting out a server restart does not eat the test's.
    { scope: "test", timeout: 90_000 },
  ],
});

export { expect };
