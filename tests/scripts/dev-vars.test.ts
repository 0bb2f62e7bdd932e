// `.dev.vars` settings reach the Worker under `wrangler dev`, as `npm start` serves it. wrangler dev
// with a `[secrets]` block passes on from `.dev.vars` only the keys in `[vars]` or `[secrets] required`
// (DESIGN: wrangler 4.164's getVarsForDev), so the optional settings are declared in wrangler.toml.
// The server runs the project's wrangler.toml, copied next to a `.dev.vars` of the test's own
// (tests/scripts/wrangler-dev.ts).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { freePort, projectConfigIn, root, startWranglerDev, wrangler } from "./wrangler-dev.ts";

let dir: string;
let server: { stop: () => Promise<void> } | undefined;
let feed: Server;
const feedRequests: string[] = [];
let base: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "skinvault-dev-vars-"));
  const config = projectConfigIn(dir);

  // The stand-in price feed: an empty item list, and a record of what was asked.
  feed = createServer((request, response) => {
    feedRequests.push(request.url ?? "");
    response.setHeader("Content-Type", "application/json");
    response.end("[]");
  });
  await new Promise<void>((resolve) => feed.listen(0, "127.0.0.1", resolve));
  const feedPort = (feed.address() as { port: number }).port;
  const port = await freePort();
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
  wrangler(config, ["d1", "migrations", "apply", "DB", "--local"]);
  server = await startWranglerDev(config, port, ["--test-scheduled"]);
});

afterAll(async () => {
  await server?.stop();
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
