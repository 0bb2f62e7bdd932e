import { defineConfig } from "vitest/config";

// Tests of the operator's scripts and settings, in Node: they start `wrangler dev` or the scripts
// themselves (never against the network), so they run after `npm run build`.
export default defineConfig({
  test: {
    include: ["tests/scripts/**/*.test.ts"],
    setupFiles: ["tests/fixtures/console-error-setup.ts"],
    testTimeout: 120_000,
    // A server's start (migrations, then wrangler dev) beside the restore drill's on a loaded 2-core
    // machine took over 180 s once (1 December 2026, load average 20); idle it takes seconds.
    hookTimeout: 300_000,
  },
});
