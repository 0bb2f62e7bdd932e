import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("../../app", import.meta.url)) } },
  test: {
    include: ["tests/unit/**/*.test.ts"],
    setupFiles: ["tests/fixtures/console-error-setup.ts"],
  },
});
