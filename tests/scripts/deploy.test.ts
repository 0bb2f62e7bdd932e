// `npm run deploy` runs the remote migrations, the build and the deploy in that order; `--print`
// lists them without running anything (no network in tests).
import { spawnSync } from "node:child_process";
import { expect, it } from "vitest";

it("lists migrations (remote), build and deploy in order, passing arguments on to wrangler deploy", () => {
  const result = spawnSync(process.execPath, ["scripts/deploy.ts", "--print", "--secrets-file", ".secrets.json"], { encoding: "utf8" });
  expect(result.status, result.stderr).toBe(0);
  const lines = result.stdout.trim().split("\n");
  expect(lines).toHaveLength(3);
  expect(lines[0]).toMatch(/^1\/3 Apply new migrations to the remote D1: .*wrangler\.js d1 migrations apply DB --remote$/);
  expect(lines[1]).toMatch(/^2\/3 Build the client and the server: .*cli\.js vite:build$/);
  expect(lines[2]).toMatch(/^3\/3 Deploy the Worker, its assets and its cron triggers: .*wrangler\.js deploy --secrets-file \.secrets\.json$/);
});
