import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// Not a test suite: `npm run bench` uses Vitest only to run tests/bench/search-time.timing.ts with the
// app's module aliases, timing the real search code in Node against the benchmark's D1 file; the
// micro-benchmarks (*.micro.ts) are run by hand, by file name.
export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("../../app", import.meta.url)) } },
  test: { include: ["tests/bench/**/*.timing.ts", "tests/bench/**/*.micro.ts"], testTimeout: 120_000 },
});
