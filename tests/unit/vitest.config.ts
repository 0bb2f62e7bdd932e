import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { partChunks } from "../../scripts/part-chunks-plugin";

export default defineConfig({
  plugins: [partChunks()],
  resolve: { alias: { "~": fileURLToPath(new URL("../../app", import.meta.url)) } },
  test: {
    include: ["tests/unit/**/*.test.ts"],
    setupFiles: ["tests/fixtures/console-error-setup.ts"],
    // Files share one module graph per worker: importing the app's modules again for every file was
    // half the suite's time (31.6 -> 15.4 s on 2 cores, docs/operations/testing.md). No unit test
    // changes module state; each file still gets the console-error check from its setup file.
    isolate: false,
  },
});
