// Starts the built Worker under `wrangler dev` on a fresh, migrated and seeded local state.
// `--prepare-only` makes that state and stops, so `npm test` can seed it while the static checks run
// (scripts/test.ts): the state is marked with `E2E_PREPARED_STATE`, and a server started with the same
// value takes it as it is, once; any other server (or a mark from an earlier run) makes a new one.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { wranglerCommand } from "../../scripts/package-bin.ts";
import { ensureDevVars } from "../../workers/dev-vars.ts";
import { E2E_ADMIN_EMAILS } from "./admins.ts";
import { serverCrashMarker } from "./server-crash.ts";

const port = process.argv[2] ?? "8788";
const inspectorPort = process.argv[3] ?? "9230";
const state = `.wrangler/e2e-state-${port}`;
const env = { ...process.env, WRANGLER_SEND_METRICS: "false" };

const preparedMark = `${state}/prepared-for`;
const preparedFor = process.env.E2E_PREPARED_STATE;
// The seed's demo price history ends on the day it ran (UTC), and the chart tests count days back
// from today: a state prepared on an earlier day would chart one day short, so it is made anew.
const utcDay = () => new Date().toISOString().slice(0, 10);

function prepareState() {
  rmSync(state, { recursive: true, force: true });
  for (const [command, args] of [
    wranglerCommand(["d1", "migrations", "apply", "DB", "--local", "--persist-to", state]),
    [process.execPath, ["migrations/seed/run.ts", "--persist-to", state]] as [string, string[]],
  ]) {
    const result = spawnSync(command, args, { stdio: ["ignore", "ignore", "inherit"], env });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}

ensureDevVars();
if (process.argv.includes("--prepare-only")) {
  if (!preparedFor) throw new Error("--prepare-only needs E2E_PREPARED_STATE to mark the state with");
  prepareState();
  writeFileSync(preparedMark, `${preparedFor} ${utcDay()}`);
  process.exit(0);
}
const prepared = preparedFor !== undefined && existsSync(preparedMark) && readFileSync(preparedMark, "utf8") === `${preparedFor} ${utcDay()}`;
if (prepared) rmSync(preparedMark);
else prepareState();
rmSync(serverCrashMarker(port), { force: true });

const args = [
  "dev",
  "--port",
  port,
  "--inspector-port",
  inspectorPort,
  "--persist-to",
  state,
  "--test-scheduled",
  // Links in mail (confirmation, reset) point at this server, so tests can follow them.
  "--var",
  `APP_ORIGIN:http://localhost:${port}`,
  // The `admin` fixture's addresses (tests/e2e/fixtures.ts); the demo admin stays one too.
  "--var",
  `ADMIN_EMAILS:${["admin@skinvault.test", ...E2E_ADMIN_EMAILS].join(",")}`,
  "--log-level",
  "warn",
  "--show-interactive-dev-session=false",
  // The benchmark captures pages as rendered (their round trips), not as kept by the edge cache.
  ...(process.env.EDGE_CACHE_SECONDS ? ["--var", `EDGE_CACHE_SECONDS:${process.env.EDGE_CACHE_SECONDS}`] : []),
];

// A server that exits during the run is a bug, never a flake: no restart. The reason is written to
// a marker that the run's teardown (tests/e2e/server-crash.ts) turns into a failed run, and every
// test after the exit fails on a refused connection.
let stopping = false;
const server: ChildProcess = spawn(...wranglerCommand(args), { stdio: "inherit", env });
server.on("exit", (code, signal) => {
  if (stopping) process.exit(code ?? 0);
  const reason = `wrangler dev exited during the end-to-end run (code ${code}, signal ${signal})`;
  writeFileSync(serverCrashMarker(port), `${new Date().toISOString()} ${reason}\n`);
  console.error(reason);
  process.exit(1);
});
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    stopping = true;
    server.kill(signal);
  });
}
