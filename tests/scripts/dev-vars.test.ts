// `.dev.vars` settings reach the Worker under `wrangler dev`, as `npm start` serves it. wrangler dev
// with a `[secrets]` block passes on from `.dev.vars` only the keys in `[vars]` or `[secrets] required`
// (DESIGN: wrangler 4.164's getVarsForDev), so the optional settings are declared in wrangler.toml.
// The server runs the project's wrangler.toml, copied next to a `.dev.vars` of the test's own (wrangler
// reads `.dev.vars` beside its config), with only its paths made absolute.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { createServer as createNetServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, expect, it } from "vitest";
import { wranglerCommand } from "../../scripts/package-bin.ts";

const root = fileURLToPath(new URL("../../", import.meta.url));
const env = { ...process.env, WRANGLER_SEND_METRICS: "false" };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createNetServer().once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

let dir: string;
let wrangler: ChildProcess | undefined;
let feed: Server;
const feedRequests: string[] = [];
let base: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "skinvault-dev-vars-"));
  const toml = readFileSync(join(root, "wrangler.toml"), "utf8")
    .replace(/^main = "(?:\.\/)?(.+)"$/m, (_, path: string) => `main = ${JSON.stringify(join(root, path))}`)
    .replace(/^directory = "(?:\.\/)?(.+)"$/m, (_, path: string) => `directory = ${JSON.stringify(join(root, path))}`)
    .replace(/^migrations_dir = "(.+)"$/m, (_, path: string) => `migrations_dir = ${JSON.stringify(join(root, path))}`);
  writeFileSync(join(dir, "wrangler.toml"), toml);

  // The stand-in price feed: an empty item list, and a record of what was asked.
  feed = createServer((request, response) => {
    feedRequests.push(request.url ?? "");
    response.setHeader("Content-Type", "application/json");
    response.end("[]");
  });
  await new Promise<void>((resolve) => feed.listen(0, "127.0.0.1", resolve));
  const feedPort = (feed.address() as { port: number }).port;
  const [port, inspectorPort] = [await freePort(), await freePort()];
  base = `http://localhost:${port}`;

  writeFileSync(
    join(dir, ".dev.vars"),
    [
      ...readFileSync(join(root, ".dev.vars.example"), "utf8").split("\n"),
      `APP_ORIGIN=${base}`,
      `PRICE_FEED_URL=http://127.0.0.1:${feedPort}/v1/items?app_id=730&currency=USD`,
      "RATE_LIMIT_MULTIPLIER=3",
    ].join("\n"),
  );
  const state = join(dir, "state");
  const config = ["--config", join(dir, "wrangler.toml")];
  const migrated = spawnSync(...wranglerCommand(["d1", "migrations", "apply", "DB", "--local", "--persist-to", state, ...config]), { env, encoding: "utf8" });
  expect(migrated.status, migrated.stderr).toBe(0);

  wrangler = spawn(
    ...wranglerCommand([
      "dev",
      ...config,
      "--port",
      String(port),
      "--inspector-port",
      String(inspectorPort),
      "--persist-to",
      state,
      "--test-scheduled",
      "--show-interactive-dev-session=false",
    ]),
    { env, stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  wrangler.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  wrangler.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  for (let tries = 0; ; tries++) {
    const up = await fetch(`${base}/robots.txt`).then(
      async (response) => {
        await response.body?.cancel();
        return true;
      },
      () => false,
    );
    if (up) break;
    if (tries > 120 || wrangler.exitCode !== null) throw new Error(`wrangler dev did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
});

afterAll(async () => {
  wrangler?.kill("SIGTERM");
  await new Promise((resolve) => (wrangler && wrangler.exitCode === null ? wrangler.once("exit", resolve) : resolve(null)));
  await new Promise((resolve) => feed?.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

it("PRICE_FEED_URL from .dev.vars: the price job asks that feed", async () => {
  const response = await fetch(`${base}/__scheduled?cron=${encodeURIComponent("*/10 * * * *")}`);
  await response.body?.cancel();
  expect(feedRequests).toContain("/v1/items?app_id=730&currency=USD");
});

it("RATE_LIMIT_MULTIPLIER=3 from .dev.vars: six failed logins in a row are all answered, none refused as too many", async () => {
  // Production allows 5 failed logins per account and address; times 3 allows 15.
  const statuses: number[] = [];
  for (let attempt = 0; attempt < 6; attempt++) {
    const response = await fetch(`${base}/login?mode=login`, {
      method: "POST",
      body: new URLSearchParams({ intent: "login", email: "nobody@skinvault.test", password: "wrong-password" }),
      redirect: "manual",
    });
    await response.body?.cancel();
    statuses.push(response.status);
  }
  expect(statuses).not.toContain(429);
  expect(statuses.every((status) => status === 400)).toBe(true);
});
