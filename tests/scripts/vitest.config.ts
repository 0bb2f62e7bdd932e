import { defineConfig } from "vitest/config";

// Tests of the operator's scripts and settings, in Node: they start `wrangler dev` or the scripts
// themselves (never against the network), so they run after `npm run build`.
export default defineConfig({
  test: {
    include: ["tests/scripts/**/*.test.ts"],
    setupFiles: ["tests/fixtures/console-error-setup.ts"],
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
