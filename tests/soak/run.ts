// `npm run soak`: starts the product as `npm start` does (build, migrate and seed a fresh local
// state, `wrangler dev`) and drives a bounded mixed load against it at concurrency 8: catalogue
// pages, search, failed logins, malformed POSTs and forged cookies, registrations, and signed-in
// writes by a pool of accounts (favourites, trackers, loadouts and their slot picks) with now and
// then an account deleted while its other requests are in flight. Prints the requests, status
// counts, 5xx count, p50/p99 and whether the server stayed up; exits non-zero on a crash or any 5xx.
//
// SOAK_SECONDS (default 60; the full run is 600), SOAK_PORT (8795), SOAK_INSPECTOR_PORT (9795),
// SOAK_CONCURRENCY (8), SOAK_ACCOUNTS (6), SOAK_SKIP_BUILD=1 to reuse an existing build.
import { spawn, spawnSync } from "node:child_process";
import { createWriteStream, rmSync } from "node:fs";
import { ensureDevVars } from "../../workers/dev-vars.ts";

const SECONDS = Number(process.env.SOAK_SECONDS ?? 60);
const PORT = Number(process.env.SOAK_PORT ?? 8795);
const INSPECTOR_PORT = Number(process.env.SOAK_INSPECTOR_PORT ?? 9795);
const CONCURRENCY = Number(process.env.SOAK_CONCURRENCY ?? 8);
const ACCOUNTS = Number(process.env.SOAK_ACCOUNTS ?? 6);
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

const PAGES = [
  "/",
  "/category/Rifles",
  "/category/Knives",
  "/weapons/AK-47",
  "/weapons/AWP",
  "/skins/ak-47-redline",
  "/login",
  "/legal-notice",
  "/no-such-page",
];
const QUERIES = ["ak", "awp asiimov", "karambit fade", "redlin", "deagle", "m4 howl", "glpck fade", "zzzzzz", "usp", "%%%"];
/** Skins with a Field-Tested wear, for favourites, trackers and slot picks. */
const SKINS = [
  { id: "ak-47-redline", slot: "ak47_tside" },
  { id: "awp-asiimov", slot: "awp_tside" },
  { id: "awp-dragon-lore", slot: "awp_ctside" },
];
const form = (fields: Record<string, string>, headers: Record<string, string> = {}) => ({
  method: "POST",
  headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
  body: new URLSearchParams(fields).toString(),
});

/** One request of the anonymous mix; weights are the number of entries. */
const MIX: (() => Shot)[] = [
  ...Array<() => Shot>(8).fill(() => ({ kind: "catalogue", path: pick(PAGES) })),
  ...Array<() => Shot>(3).fill(() => ({ kind: "search", path: `/search?q=${encodeURIComponent(pick(QUERIES))}` })),
  ...Array<() => Shot>(2).fill(() => ({ kind: "suggestions", path: `/api/suggestions?q=${encodeURIComponent(pick(QUERIES))}` })),
  ...Array<() => Shot>(2).fill(() => ({
    kind: "failed login",
    path: "/login?mode=login",
    init: form({ intent: "login", email: `nobody-${randomId()}@soak.test`, password: "wrong-password" }),
  })),
  () => ({
    kind: "registration",
    path: "/login?mode=register",
    init: form({ intent: "register", email: `soak-${randomId()}@soak.test`, password: "soak-pass-1" }),
  }),
  () => ({ kind: "malformed", path: "/login", init: { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" } }),
  () => ({ kind: "malformed", path: "/login", init: { method: "POST", headers: { "Content-Type": "multipart/form-data; boundary=x" }, body: "garbage" } }),
  () => ({ kind: "malformed", path: pick(["/cookie-consent", "/reset-password", "/profile", "/confirm-email"]), init: { method: "POST", body: "%%%" } }),
  () => ({ kind: "malformed", path: "/", init: form({ intent: "nothing" }) }),
  () => ({ kind: "malformed", path: "/login", init: { method: pick(["PUT", "DELETE", "PATCH"]), body: "x" } }),
  () => ({
    kind: "forged cookie",
    path: pick(PAGES),
    init: { headers: { Cookie: pick(["skinvault_session=%%%", "skinvault_session=abc.def", "cookie_consent=%ZZ"]) } },
  }),
];

/** A signed-in account of the pool: its session cookie and the loadouts it made. */
interface Account {
  email: string;
  cookie: string;
  loadouts: number[];
}

/** One request, counted in the run's statistics; answers what came back. */
type Send = (kind: string, path: string, init?: RequestInit) => Promise<{ status: number; location: string | null; text: string }>;

const signedIn = (account: Account, init: RequestInit = {}): RequestInit => ({
  ...init,
  headers: { ...(init.headers as Record<string, string>), Cookie: account.cookie },
});

type Act = (account: Account, send: Send) => Promise<void>;

/** What a signed-in account does, a request or two of its own; weights are the number of entries. */
const ACTS: Act[] = [
  ...Array<Act>(3).fill(async (account, send) => {
    await send(
      "favourite",
      "/favorites",
      signedIn(account, form({ intent: pick(["add", "add", "remove"]), skinId: pick(SKINS).id, redirectTo: "/weapons/AK-47" })),
    );
  }),
  ...Array<Act>(2).fill(async (account, send) => {
    const skin = pick(SKINS);
    await send(
      "tracker",
      `/resell-tracker/new?skin=${skin.id}`,
      signedIn(account, form({ skinId: skin.id, wear: "FT", boughtAt: "2026-01-02", buyPrice: "12.34", notes: "soak" })),
    );
  }),
  async (account, send) => {
    await send("signed-in page", pick(["/profile", "/profile?tab=resell", "/resell-tracker", "/loadouts", "/resell-tracker.csv"]), signedIn(account));
  },
  async (account, send) => {
    const created = await send("loadout", "/loadouts/new", signedIn(account, form({ title: `Soak ${randomId()}` })));
    const id = /\/loadouts\/edit\/(\d+)/.exec(created.location ?? "")?.[1];
    if (id) account.loadouts.push(Number(id));
  },
  ...Array<Act>(2).fill(async (account, send) => {
    if (account.loadouts.length === 0) return;
    const id = pick(account.loadouts);
    const editor = await send("loadout pick", `/loadouts/edit/${id}`, signedIn(account));
    const version = /name="version" value="(\d+)"/.exec(editor.text)?.[1];
    if (!version) return;
    const skin = pick(SKINS);
    await send("loadout pick", `/loadouts/edit/${id}`, signedIn(account, form({ intent: "set-wear", slot: skin.slot, skinId: skin.id, wear: "FT", version })));
  }),
];
/** One signed-in act in this many deletes the account instead (its other requests may still be running). */
const DELETE_ONE_IN = 60;
const PASSWORD = "soak-pass-1";

let addresses = 0;
/** A client address of its own for each new account, clear of the rate limits the failed logins meet. */
const freshAddress = () => `10.77.${(addresses >> 8) & 255}.${addresses++ & 255}`;

/** Registers, confirms (the mailed link, from the development mailbox) and logs in an account. */
async function newAccount(send: Send): Promise<Account> {
  const email = `soak-user-${randomId()}@soak.test`;
  const from = { "CF-Connecting-IP": freshAddress() };
  await send("account", "/login?mode=register", form({ intent: "register", email, password: PASSWORD }, from));
  let token: string | undefined;
  // The outbox is delivered in batches; anonymous registrations may be ahead of this one.
  for (let attempt = 0; attempt < 20 && !token; attempt++) {
    await send("account", "/dev/mailbox", form({ intent: "deliver" }));
    token = /confirm-email\?token=([\w-]+)/.exec((await send("account", `/dev/mailbox?to=${encodeURIComponent(email)}`)).text)?.[1];
  }
  if (!token) throw new Error(`no confirmation mail for ${email}`);
  await send("account", "/confirm-email", form({ intent: "confirm-email", token }, from));
  const login = await fetch(`${ORIGIN}/login?mode=login`, { redirect: "manual", ...form({ intent: "login", email, password: PASSWORD }, from) });
  await login.arrayBuffer();
  const cookie = login.headers
    .getSetCookie()
    .map((header) => /^((?:__Host-)?skinvault_session=[^;]+)/.exec(header)?.[1])
    .find(Boolean);
  if (!cookie) throw new Error(`logging in as ${email} answered ${login.status}`);
  return { email, cookie, loadouts: [] };
}

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
    [
      "wrangler",
      "dev",
      "--port",
      String(PORT),
      "--inspector-port",
      String(INSPECTOR_PORT),
      "--persist-to",
      STATE,
      "--test-scheduled",
      "--var",
      `APP_ORIGIN:${ORIGIN}`,
      "--show-interactive-dev-session=false",
    ],
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
    let deletions = 0;
    const end = Date.now() + SECONDS * 1000;
    let nextReport = Date.now() + 60_000;

    const send: Send = async (kind, path, init) => {
      const started = performance.now();
      try {
        const response = await fetch(`${ORIGIN}${path}`, { redirect: "manual", ...init });
        const text = await response.text();
        latencies.push(performance.now() - started);
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
        if (response.status >= 500 && fiveXx.length < 20) fiveXx.push(`${init?.method ?? "GET"} ${path} (${kind}): ${response.status}`);
        return { status: response.status, location: response.headers.get("Location"), text };
      } catch {
        networkErrors++;
        return { status: 0, location: null, text: "" };
      }
    };

    const accounts = await Promise.all(Array.from({ length: ACCOUNTS }, () => newAccount(send)));

    async function worker() {
      while (Date.now() < end && alive()) {
        if (Math.random() < 0.4) {
          const index = Math.floor(Math.random() * accounts.length);
          const account = accounts[index]!;
          if (Math.floor(Math.random() * DELETE_ONE_IN) === 0) {
            // The account goes while other workers may be sending its requests; a new one takes its place.
            await send("account deletion", "/profile", signedIn(account, form({ intent: "delete-account", confirm: "DELETE" })));
            deletions++;
            accounts[index] = await newAccount(send);
          } else {
            await pick(ACTS)(account, send);
          }
        } else {
          const shot = pick(MIX)();
          await send(shot.kind, shot.path, shot.init);
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
    console.log(`by kind: ${[...kinds].map(([kind, n]) => `${kind} ${n}`).join(", ")}; accounts deleted: ${deletions}`);
    console.log(
      `statuses: ${[...statuses]
        .sort(([a], [b]) => a - b)
        .map(([status, n]) => `${status}: ${n}`)
        .join(", ")}`,
    );
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
