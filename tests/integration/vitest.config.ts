import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { nodePasswordService } from "../../workers/node-password.ts";
import {
  buildCatalogue,
  catalogueStatements,
  demoCraftStatements,
  demoLoadoutStatements,
  demoMarketPriceStatements,
  demoPriceHistoryStatements,
  demoVariantPriceStatements,
} from "../../migrations/seed/sql.ts";

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

/** The `[vars]` of wrangler.toml as written (`KEY = "value"` lines): what a deploy gets by default. */
function wranglerTomlVars(): Record<string, string> {
  const toml = readFileSync(new URL("../../wrangler.toml", import.meta.url), "utf8");
  const section = toml.split(/^\[vars\]\s*$/m)[1]?.split(/^\[/m)[0] ?? "";
  return Object.fromEntries([...section.matchAll(/^(\w+)\s*=\s*"([^"]*)"/gm)].map(([, key = "", value = ""]): [string, string] => [key, value]));
}

export default defineConfig(async () => {
  // Read by the globalSetup (same Node process), so several checkouts can run these tests at once.
  process.env.MAIL_PROVIDER_PORT ??= String(await freePort());
  process.env.PRICE_FEED_PORT ??= String(await freePort());
  process.env.EXCHANGE_RATES_PORT ??= String(await freePort());
  const migrations = await readD1Migrations(fileURLToPath(new URL("../../migrations", import.meta.url)));
  const catalogue = buildCatalogue();
  const seed = [
    ...catalogueStatements(catalogue, Date.UTC(2026, 0, 1)),
    ...demoLoadoutStatements(catalogue),
    ...demoCraftStatements(catalogue),
    ...demoMarketPriceStatements(Date.UTC(2026, 0, 1)),
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
            // The seed's price backfill, with 3 days instead of 90: not part of TEST_SEED, which every
            // test file's storage receives; tests/integration/price-seed.test.ts runs it.
            TEST_PRICE_SEED: [...demoVariantPriceStatements(), ...demoPriceHistoryStatements(3)],
            TEST_NODE_HASH: nodeHash,
            TEST_NODE_HASH_PASSWORD: NODE_HASH_PASSWORD,
            TEST_DEFAULT_VARS: wranglerTomlVars(),
            TEST_MAIL_PROVIDER: `http://127.0.0.1:${process.env.MAIL_PROVIDER_PORT}`,
            TEST_PRICE_FEED: `http://127.0.0.1:${process.env.PRICE_FEED_PORT}`,
            TEST_EXCHANGE_RATES: `http://127.0.0.1:${process.env.EXCHANGE_RATES_PORT}`,
            // Development settings for the tests (wrangler.toml's defaults are production's). Every
            // setting a local `.dev.vars` would override is given here, so a clean clone runs the same.
            ENVIRONMENT: "test",
            APP_ORIGIN: "http://localhost:8787",
            // Pages are rendered on every request; tests/integration/edge-cache.test.ts switches the cache on.
            EDGE_CACHE_SECONDS: "0",
            MAIL_TRANSPORT: "log",
            SESSION_SECRET: "skinvault-test-session-secret",
            ADMIN_EMAILS: `admin@skinvault.test,${TEST_ADMIN_EMAIL}`,
          },
        },
      }),
    ],
    test: {
      include: ["tests/integration/**/*.test.ts"],
      setupFiles: ["tests/integration/setup.ts"],
      // Two files at a time on 2 cores (Vitest's default is cores minus one): the whole suite took 345 s
      // with one and 214-226 s with two, idle. Each stand-in below is driven by one file only
      // (mail-job, price-job, rates-job), so the two workers cannot meet there (docs/operations/testing.md).
      maxWorkers: 2,
      // Each worker keeps one workerd and one module graph for all its files instead of starting a
      // new one per file (about 6 s each); tests/integration/setup.ts puts D1 and R2 back to their
      // seeded state before every file. The whole suite, idle: 226-235 s with a workerd per file, 76 s
      // this way (docs/operations/testing.md).
      isolate: false,
      // Local stand-ins for the mail provider's HTTP API, the price feed and the ECB's rates
      // (MAIL_PROVIDER_PORT, PRICE_FEED_PORT and EXCHANGE_RATES_PORT, free ports by default).
      globalSetup: ["tests/integration/mail-provider.ts", "tests/integration/price-feed.ts", "tests/integration/exchange-rates.ts"],
      // Remix's CommonJS packages require each other in a cycle; pre-bundling them resolves it.
      deps: { optimizer: { ssr: { enabled: true, include: ["@remix-run/cloudflare", "@remix-run/server-runtime", "cookie", "set-cookie-parser"] } } },
    },
  };
});
