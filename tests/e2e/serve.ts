// Starts the built Worker under `wrangler dev` on a fresh, migrated and seeded local state.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { rmSync } from "node:fs";
import { ensureDevVars } from "../../workers/dev-vars.ts";
import { E2E_ADMIN_EMAILS } from "./admins.ts";

const port = process.argv[2] ?? "8788";
const inspectorPort = process.argv[3] ?? "9230";
const state = `.wrangler/e2e-state-${port}`;
// The guard keeps `wrangler dev` up when a client goes away mid-request (workers/wrangler-guard.cjs).
const env = { ...process.env, WRANGLER_SEND_METRICS: "false", NODE_OPTIONS: "--require ./workers/wrangler-guard.cjs" };

ensureDevVars();
rmSync(state, { recursive: true, force: true });
for (const command of [
  ["npx", "wrangler", "d1", "migrations", "apply", "DB", "--local", "--persist-to", state],
  ["node", "migrations/seed/run.ts", "--persist-to", state],
]) {
  const result = spawnSync(command[0]!, command.slice(1), { stdio: ["ignore", "ignore", "inherit"], env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const args = [
  "wrangler", "dev", "--port", port, "--inspector-port", inspectorPort, "--persist-to", state, "--test-scheduled",
  // Links in mail (confirmation, reset) point at this server, so tests can follow them.
  "--var", `APP_ORIGIN:http://localhost:${port}`,
  // The `admin` fixture's addresses (tests/e2e/fixtures.ts); the demo admin stays one too.
  "--var", `ADMIN_EMAILS:${["admin@skinvault.test", ...E2E_ADMIN_EMAILS].join(",")}`,
  "--log-level", "warn", "--show-interactive-dev-session=false",
  // The benchmark captures pages as rendered (their round trips), not as kept by the edge cache.
  ...(process.env.EDGE_CACHE_SECONDS ? ["--var", `EDGE_CACHE_SECONDS:${process.env.EDGE_CACHE_SECONDS}`] : []),
];

// `wrangler dev` exited whenever its proxy lost a connection to the Worker (a client going away
// before the answer started): workers/wrangler-guard.cjs now keeps it up. Should it still exit for
// another reason, it is restarted on the same state, loudly, so one crash costs the requests in
// flight (retried once in CI) rather than every test after it.
let stopping = false;
let server: ChildProcess;
function start() {
  server = spawn("npx", args, { stdio: "inherit", env });
  server.on("exit", (code, signal) => {
    if (stopping) process.exit(code ?? 0);
    console.error(`wrangler dev exited during the end-to-end run (code ${code}, signal ${signal}); restarting`);
    setTimeout(start, 500);
  });
}
start();
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    stopping = true;
    server.kill(signal);
  });
}
