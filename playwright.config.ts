import { defineConfig } from "@playwright/test";
import { systemChromium } from "./tests/e2e/browser.ts";

// Separate ports let several checkouts run their end-to-end tests at once.
const PORT = Number(process.env.E2E_PORT ?? 8788);
const INSPECTOR_PORT = Number(process.env.E2E_INSPECTOR_PORT ?? 9230);

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  // In CI a failed test runs once more, so the report tells a flaky test from a broken one: a test
  // that fails twice fails the run, one that passed on its retry is named in the summary as flaky
  // (a defect to fix, docs/operations/testing.md). A server crash fails the run whatever the retry
  // says (tests/e2e/server-crash.ts), and so does any console error.
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? "line" : "list",
  timeout: 30_000,
  // A `wrangler dev` exit during the run fails it (tests/e2e/serve.ts is not restarted).
  globalTeardown: "./tests/e2e/server-crash.ts",
  use: {
    baseURL: `http://localhost:${PORT}`,
    // Recording a trace for every test costs about a fifth of the suite's CPU (docs/operations/testing.md); the retry
    // of a failed test records one, kept whether the retry fails or passes.
    trace: "on-first-retry",
    launchOptions: {
      executablePath: systemChromium,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [
    { name: "javascript", use: { javaScriptEnabled: true } },
    // `*.js-only.spec.ts` holds behaviour that exists only when JavaScript runs.
    { name: "no-javascript", use: { javaScriptEnabled: false }, testIgnore: /\.js-only\.spec\.ts$/ },
  ],
  webServer: {
    // Serves the production build (`npm run build` first) in workerd, on its own fresh local state.
    command: `node tests/e2e/serve.ts ${PORT} ${INSPECTOR_PORT}`,
    url: `http://localhost:${PORT}/`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
  },
});
