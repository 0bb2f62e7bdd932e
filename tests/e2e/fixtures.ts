import { test as base, expect } from "@playwright/test";

// A 1x1 transparent PNG: images from the skin-data CDN are outside the product and out of reach
// offline, so tests answer them locally.
const PIXEL = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64");

interface Fixtures {
  /** Console errors a test expects, such as the browser's note about a 404 response. */
  allowedConsoleErrors: RegExp[];
}

export const test = base.extend<Fixtures>({
  allowedConsoleErrors: [[], { option: true }],
  page: async ({ page, allowedConsoleErrors }, use) => {
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
});

export { expect };
