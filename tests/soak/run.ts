// `npm run soak`: starts the product as `npm start` does (build, migrate and seed a fresh local
// state, `wrangler dev`) and drives a bounded mixed load against it at concurrency 8: catalogue
// pages, search, failed logins, malformed POSTs and forged cookies, registrations. Prints the
// requests, status counts, 5xx count, p50/p99 and whether the server stayed up; exits non-zero on a
// crash or any 5xx.
//
// SOAK_SECONDS (default 600), SOAK_PORT (8795), SOAK_INSPECTOR_PORT (9795), SOAK_CONCURRENCY (8),
// SOAK_SKIP_BUILD=1 to reuse an existing build.
import { spawn, spawnSync } from "node:child_process";
import { createWriteStream, rmSync } from "node:fs";
import { ensureDevVars } from "../../workers/dev-vars.ts";

const SECONDS = Number(process.env.SOAK_SECONDS ?? 600);
const PORT = Number(process.env.SOAK_PORT ?? 8795);
const INSPECTOR_PORT = Number(process.env.SOAK_INSPECTOR_PORT ?? 9795);
const CONCURRENCY = Number(process.env.SOAK_CONCURRENCY ?? 8);
const ORIGIN = `http://localhost:${PORT}`;
const STATE = `.wrangler/soak-state-${PORT}`;
const LOG = `.wrangler/soak-${PORT}.log`;
const env = { ...process.env, WRANGLER_SEND_METRICS: "false" };

function run(command: string, args: string[]) {
  const result = spawnSync(command, args, { stdio: ["ignore", "ignore", "inherit"], env });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed`);
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
const randomId = () => Math.random().toString(36).slice(2, 10);

type Shot = { kind: string; path: string; init?: RequestInit };

const PAGES = ["/", "/category/Rifles", "/category/Knives", "/weapons/AK-47", "/weapons/AWP", "/skins/ak-47-redline", "/login", "/legal-notice", "/no-such-page"];
const QUERIES = ["ak", "awp asiimov", "karambit fade", "redlin", "deagle", "m4 howl", "glpck fade", "zzzzzz", "usp", "%%%"];
const form = (fields: Record<string, string>) => ({
  method: "POST",
  headers: { "Content-Type": "application/x-www-form-urlencoded" },
  body: new URLSearchParams(fields).toString(),
});

/** One request of the mix; weights are the number of entries. */
const MIX: (() => Shot)[] = [
  ...Array<() => Shot>(8).fill(() => ({ kind: "catalogue", path: pick(PAGES) })),
  ...Array<() => Shot>(3).fill(() => ({ kind: "search", path: `/search?q=${encodeURIComponent(pick(QUERIES))}` })),
  ...Array<() => Shot>(2).fill(() => ({ kind: "suggestions", path: `/api/suggestions?q=${encodeURIComponent(pick(QUERIES))}` })),
  ...Array<() => Shot>(2).fill(() => ({
    kind: "failed login",
    path: "/login?mode=login",
    init: form({ intent: "login", email: `nobody-${randomId()}@soak.test`, password: "wrong-password" }),
  })),
  () => ({ kind: "registration", path: "/login?mode=register", init: form({ intent: "register", email: `soak-${randomId()}@soak.test`, password: "soak-pass-1" }) }),
  () => ({ kind: "malformed", path: "/login", init: { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" } }),
  () => ({ kind: "malformed", path: "/login", init: { method: "POST", headers: { "Content-Type": "multipart/form-data; boundary=x" }, body: "garbage" } }),
  () => ({ kind: "malformed", path: pick(["/cookie-consent", "/reset-password", "/profile", "/confirm-email"]), init: { method: "POST", body: "%%%" } }),
  () => ({ kind: "malformed", path: "/", init: form({ intent: "nothing" }) }),
  () => ({ kind: "malformed", path: "/login", init: { method: pick(["PUT", "DELETE", "PATCH"]), body: "x" } }),
  () => ({ kind: "forged cookie", path: pick(PAGES), init: { headers: { Cookie: pick(["skinvault_session=%%%", "skinvault_session=abc.def", "cookie_consent=%ZZ"]) } } }),
];

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function waitUntilUp(isAlive: () => boolean, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && isAlive()) {
    try {
      if ((await fetch(`${ORIGIN}/`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${ORIGIN} did not come up (log: ${LOG})`);
}

async function main() {
  ensureDevVars();
  if (process.env.SOAK_SKIP_BUILD !== "1") run("npm", ["run", "build"]);
  rmSync(STATE, { recursive: true, force: true });
  run("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local", "--persist-to", STATE]);
  run("node", ["migrations/seed/run.ts", "--persist-to", STATE]);

  const log = createWriteStream(LOG);
  const server = spawn(
    "npx",
    ["wrangler", "dev", "--port", String(PORT), "--inspector-port", String(INSPECTOR_PORT), "--persist-to", STATE, "--test-scheduled", "--var", `APP_ORIGIN:${ORIGIN}`, "--show-interactive-dev-session=false"],
    { stdio: ["ignore", "pipe", "pipe"], env, detached: true },
  );
  server.stdout.pipe(log);
  server.stderr.pipe(log);
  let exited: string | null = null;
  server.on("exit", (code, signal) => {
    exited = `exit code ${code}, signal ${signal}`;
  });
  const alive = () => exited === null;

  try {
    await waitUntilUp(alive);
    console.log(`soak: ${SECONDS} s at concurrency ${CONCURRENCY} against ${ORIGIN} (server log: ${LOG})`);
    const statuses = new Map<number, number>();
    const kinds = new Map<string, number>();
    const latencies: number[] = [];
    const fiveXx: string[] = [];
    let networkErrors = 0;
    const end = Date.now() + SECONDS * 1000;
    let nextReport = Date.now() + 60_000;

    async function worker() {
      while (Date.now() < end && alive()) {
        const shot = pick(MIX)();
        const started = performance.now();
        try {
          const response = await fetch(`${ORIGIN}${shot.path}`, { redirect: "manual", ...shot.init });
          await response.arrayBuffer();
          latencies.push(performance.now() - started);
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
          kinds.set(shot.kind, (kinds.get(shot.kind) ?? 0) + 1);
          if (response.status >= 500 && fiveXx.length < 20) fiveXx.push(`${shot.init?.method ?? "GET"} ${shot.path} (${shot.kind}): ${response.status}`);
        } catch {
          networkErrors++;
        }
        if (Date.now() > nextReport) {
          nextReport = Date.now() + 60_000;
          console.log(`  ${Math.round((SECONDS * 1000 - (end - Date.now())) / 1000)} s: ${latencies.length} requests`);
        }
      }
    }
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));

    let stayedUp = alive();
    if (stayedUp) {
      try {
        stayedUp = (await fetch(`${ORIGIN}/`)).ok;
      } catch {
        stayedUp = false;
      }
    }
    const sorted = [...latencies].sort((a, b) => a - b);
    const serverErrors = [...statuses].filter(([status]) => status >= 500).reduce((sum, [, n]) => sum + n, 0);
    console.log(`requests: ${latencies.length} (${(latencies.length / SECONDS).toFixed(1)}/s), network errors: ${networkErrors}`);
    console.log(`by kind: ${[...kinds].map(([kind, n]) => `${kind} ${n}`).join(", ")}`);
    console.log(`statuses: ${[...statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status}: ${n}`).join(", ")}`);
    console.log(`5xx: ${serverErrors}${fiveXx.length ? `\n  ${fiveXx.join("\n  ")}` : ""}`);
    console.log(`latency: p50 ${percentile(sorted, 50).toFixed(0)} ms, p99 ${percentile(sorted, 99).toFixed(0)} ms`);
    console.log(`server stayed up: ${stayedUp ? "yes" : `no (${exited ?? "not answering"}; see ${LOG})`}`);
    process.exitCode = stayedUp && serverErrors === 0 && networkErrors === 0 ? 0 : 1;
  } finally {
    if (alive()) {
      const gone = new Promise((resolve) => server.once("exit", resolve));
      try {
        process.kill(-server.pid!, "SIGTERM");
      } catch {
        // already gone
      }
      await gone;
    }
    // The log stream closes with the process: the server's pipes may still be flushing into it.
  }
}

await main();
