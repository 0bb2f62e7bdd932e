import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { nodePasswordService } from "../../workers/node-password.ts";
import { buildCatalogue, catalogueStatements, demoCraftStatements, demoLoadoutStatements } from "../../migrations/seed/sql.ts";

// Integration tests run inside workerd against a real local D1 with the migrations applied and
// the real catalogue seeded. The Remix plugin stays out of this config; the Worker under test
// serves the production build, so `npm run build` runs first.
const NODE_HASH_PASSWORD = "Nöde-made pässword 🔑";
/** The admin of the integration tests (tests/integration/helpers.ts signs in as it). */
const TEST_ADMIN_EMAIL = "admin@integration.test";

/** A port nothing listens on now, for the mail provider stand-in. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

export default defineConfig(async () => {
  // Read by the globalSetup (same Node process) and handed to the tests inside workerd.
  process.env.MAIL_PROVIDER_PORT ??= String(await freePort());
  const migrations = await readD1Migrations(fileURLToPath(new URL("../../migrations", import.meta.url)));
  const catalogue = buildCatalogue();
  const seed = [
    ...catalogueStatements(catalogue, Date.UTC(2026, 0, 1)),
    ...demoLoadoutStatements(catalogue),
    ...demoCraftStatements(catalogue),
  ];
  // A hash made by @node-rs/argon2 (Node-side tooling), which the Worker's WASM build must verify.
  const nodeHash = await nodePasswordService.hash(NODE_HASH_PASSWORD);
  return {
    resolve: { alias: { "~": fileURLToPath(new URL("../../app", import.meta.url)) } },
    plugins: [
      cloudflareTest({
        main: "./workers/app.ts",
        wrangler: { configPath: "./wrangler.toml" },
        miniflare: {
          bindings: {
            TEST_MIGRATIONS: migrations,
            TEST_SEED: seed,
            TEST_NODE_HASH: nodeHash,
            TEST_NODE_HASH_PASSWORD: NODE_HASH_PASSWORD,
            TEST_MAIL_PROVIDER_URL: `http://127.0.0.1:${process.env.MAIL_PROVIDER_PORT}`,
            ENVIRONMENT: "test",
            ADMIN_EMAILS: `admin@skinvault.test,${TEST_ADMIN_EMAIL}`,
          },
        },
      }),
    ],
    test: {
      include: ["tests/integration/**/*.test.ts"],
      setupFiles: ["tests/integration/setup.ts"],
      // A local stand-in for the mail provider's HTTP API (on a free port).
      globalSetup: ["tests/integration/mail-provider.ts"],
      // Remix's CommonJS packages require each other in a cycle; pre-bundling them resolves it.
      deps: { optimizer: { ssr: { enabled: true, include: ["@remix-run/cloudflare", "@remix-run/server-runtime", "cookie", "set-cookie-parser"] } } },
    },
  };
});
