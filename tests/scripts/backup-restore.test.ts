// The restore drill (docs/operations/backup-and-restore.md): a local SkinVault with players' data
// and uploaded images is backed up with `npm run backup`, its D1 and R2 are wiped, and
// `npm run restore` brings it back: every table's rows (counts and a hash of their contents), every
// image the database names with its metadata, sessions that still sign in, a share link and an
// image that answer as before. It runs the scripts as an operator does, against a state of its own.
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { createHash } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildCatalogue, catalogueStatements } from "../../migrations/seed/sql.ts";
import { TABLES_SQL } from "../../scripts/backup-store.ts";
import { nodePasswordService } from "../../workers/node-password.ts";
import { PIXEL_PNG, png } from "../fixtures/images.ts";
import { freePort, projectConfigIn, root, startWranglerDev, wrangler } from "./wrangler-dev.ts";

const PASSWORD = "drill-pass-1";
// 32 base64url characters, as the app makes them (app/domain/loadout-sharing.ts).
const SHARE_TOKEN = "DrillShareToken_0123456789abcdef";
const SKINS = ["ak-47-redline", "m4a4-asiimov"];

let dir: string;
let config: string;
let base: string;
let port: number;
let server: { stop: () => Promise<void> } | undefined;
let backupFolder: string;

type Tables = Record<string, { rows: number; sha256: string }>;

/** What a player and a visitor see, before the backup and again after the restore. */
interface Observed {
  profile: { status: number; showsEmail: boolean };
  share: { status: number; showsTitle: boolean };
  image: { status: number; contentType: string | null; sha256: string };
  imageToVisitor: number;
}
let before: Observed;
let tablesBefore: Tables;
let stickerId: number;
let craftImagePath: string;
let aliceCookie: string;
let bobCookie: string;

const sha256 = (bytes: Uint8Array | string) => createHash("sha256").update(bytes).digest("hex");

function npmScript(script: "backup" | "restore", args: string[]) {
  return spawnSync(process.execPath, [join(root, "scripts", `${script}.ts`), ...args, "--config", config], { cwd: root, encoding: "utf8" });
}

/** Every table's row count and a hash of its rows (sorted, so the order of the rows on disk does not matter). */
function tableContents(): Tables {
  const d1Dir = join(dir, ".wrangler/state/v3/d1/miniflare-D1DatabaseObject");
  const file = readdirSync(d1Dir).find((name) => name.endsWith(".sqlite") && name !== "metadata.sqlite");
  const db = new DatabaseSync(join(d1Dir, file!), { readOnly: true });
  try {
    const tables = db
      .prepare(TABLES_SQL)
      .all()
      .map((row) => String(row.name));
    return Object.fromEntries(
      tables.map((table) => {
        const rows = db
          .prepare(`SELECT * FROM "${table}"`)
          .all()
          .map((row) => JSON.stringify(row))
          .sort();
        return [table, { rows: rows.length, sha256: sha256(rows.join("\n")) }];
      }),
    );
  } finally {
    db.close();
  }
}

async function get(path: string, cookie?: string): Promise<Response> {
  return fetch(`${base}${path}`, { headers: cookie ? { Cookie: cookie } : {}, redirect: "manual" });
}

async function observe(): Promise<Observed> {
  const profile = await get("/profile", aliceCookie);
  const share = await get(`/loadouts/shared/${SHARE_TOKEN}`);
  const image = await get(craftImagePath, bobCookie);
  const imageBytes = new Uint8Array(await image.arrayBuffer());
  const toVisitor = await get(craftImagePath);
  await toVisitor.arrayBuffer();
  return {
    profile: { status: profile.status, showsEmail: (await profile.text()).includes("alice@drill.test") },
    share: { status: share.status, showsTitle: (await share.text()).includes("Drill loadout") },
    image: { status: image.status, contentType: image.headers.get("Content-Type"), sha256: sha256(imageBytes) },
    imageToVisitor: toVisitor.status,
  };
}

async function logIn(email: string, ip: string): Promise<string> {
  const response = await fetch(`${base}/login?mode=login`, {
    method: "POST",
    body: new URLSearchParams({ intent: "login", email, password: PASSWORD }),
    headers: { "CF-Connecting-IP": ip },
    redirect: "manual",
  });
  await response.arrayBuffer();
  const cookie = /^(skinvault_session=[^;]+)/.exec(response.headers.getSetCookie().find((header) => header.startsWith("skinvault_session=")) ?? "");
  if (response.status !== 302 || !cookie) throw new Error(`logging in as ${email} answered ${response.status}`);
  return cookie[1]!;
}

/** The players' data the drill restores, written before the server starts (sessions and uploads come through its forms). */
async function seedStatements(): Promise<string[]> {
  const catalogue = buildCatalogue();
  const keep = new Set(SKINS);
  const stickers = catalogue.stickers.slice(0, 2);
  stickerId = stickers[0]!.id;
  const small = {
    ...catalogue,
    skins: catalogue.skins.filter((skin) => keep.has(skin.id)),
    wears: catalogue.wears.filter((wear) => keep.has(wear.skinId)),
    crates: [],
    keys: [],
    collections: [],
    skinCrates: [],
    crateStickers: [],
    skinCollections: [],
    stickers,
    vanillaKnives: [],
    crateVanillaKnives: [],
  };
  const hash = await nodePasswordService.hash(PASSWORD);
  const now = Date.parse("2026-11-20T12:00:00Z");
  const tradeUp = JSON.stringify([{ skinId: "ak-47-redline", float: 0.2, variant: "normal", count: 10 }]);
  return [
    ...catalogueStatements(small, now),
    `INSERT INTO users (id, email, password_hash, email_confirmed_at, created_at) VALUES
       ('drill-alice', 'alice@drill.test', '${hash}', ${now}, ${now}), ('drill-bob', 'bob@drill.test', '${hash}', ${now}, ${now});`,
    `INSERT INTO user_loadouts (id, user_id, title, description, budget_cents) VALUES (1, 'drill-alice', 'Drill loadout', 'Kept in a backup', 50000);`,
    `INSERT INTO user_loadout_slots (loadout_id, slot, skin_id, wear) VALUES (1, 'ak47_tside', 'ak-47-redline', 'FT'), (1, 'm4a4_ctside', 'm4a4-asiimov', 'FT');`,
    `INSERT INTO loadout_shares (token, loadout_id, show_description) VALUES ('${SHARE_TOKEN}', 1, 1);`,
    `INSERT INTO resell_trackers (user_id, skin_id, buy_price_cents, wear, bought_at, variant) VALUES ('drill-alice', 'ak-47-redline', 1200, 'FT', '2026-10-01', 'normal');`,
    `INSERT INTO resell_trackers (user_id, skin_id, buy_price_cents, wear, bought_at, variant, sale_price_cents, sold_at, sale_market, sale_fee_cents)
       VALUES ('drill-alice', 'm4a4-asiimov', 9000, 'FT', '2026-10-02', 'stattrak', 11000, '2026-11-01', 'steam', 1430);`,
    `INSERT INTO user_favorites (user_id, skin_id) VALUES ('drill-alice', 'ak-47-redline'), ('drill-alice', 'm4a4-asiimov'), ('drill-bob', 'ak-47-redline');`,
    `INSERT INTO price_alerts (user_id, skin_id, wear, target_cents) VALUES ('drill-alice', 'ak-47-redline', 'FT', 900);`,
    `INSERT INTO saved_trade_ups (user_id, name, inputs) VALUES ('drill-alice', 'Drill trade-up', '${tradeUp}');`,
  ];
}

/** A community craft with an in-game and a placement image, submitted through the app's own form by Bob. */
async function submitCraft(): Promise<void> {
  const form = new FormData();
  const fields = [
    ["intent", "submit"],
    ["name", "Drill craft"],
    ["description", "Made before the backup."],
    ["skinId", "ak-47-redline"],
    ["stickers[0].stickerId", String(stickerId)],
  ];
  for (const [name, value] of fields) form.append(name!, value!);
  form.append("ingameFile", new File([PIXEL_PNG], "shot.png", { type: "image/png" }));
  form.append("placementFile", new File([png(4, 3) as Uint8Array<ArrayBuffer>], "placement.png", { type: "image/png" }));
  const response = await fetch(`${base}/sticker-crafts/submit`, { method: "POST", body: form, headers: { Cookie: bobCookie }, redirect: "manual" });
  const body = await response.text();
  if (response.status !== 302) throw new Error(`submitting the craft answered ${response.status}: ${body.slice(0, 500)}`);
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "skinvault-backup-"));
  config = projectConfigIn(dir);
  port = await freePort();
  base = `http://localhost:${port}`;
  writeFileSync(join(dir, ".dev.vars"), [readFileSync(join(root, ".dev.vars.example"), "utf8"), `APP_ORIGIN=${base}`, "RATE_LIMIT_MULTIPLIER=10"].join("\n"));
  wrangler(config, ["d1", "migrations", "apply", "DB", "--local"]);
  writeFileSync(join(dir, "seed.sql"), (await seedStatements()).join("\n"));
  wrangler(config, ["d1", "execute", "DB", "--local", "--file", join(dir, "seed.sql")]);

  server = await startWranglerDev(config, port);
  aliceCookie = await logIn("alice@drill.test", "10.64.0.1");
  bobCookie = await logIn("bob@drill.test", "10.64.0.2");
  await submitCraft();
  const d1Dir = join(dir, ".wrangler/state/v3/d1/miniflare-D1DatabaseObject");
  const db = new DatabaseSync(
    join(
      d1Dir,
      readdirSync(d1Dir).find((name) => name.endsWith(".sqlite") && name !== "metadata.sqlite")!,
    ),
    { readOnly: true },
  );
  const craft = db.prepare("SELECT ingame_image FROM sticker_crafts WHERE name = 'Drill craft'").get();
  db.close();
  craftImagePath = String(craft!.ingame_image);
  before = await observe();
  await server.stop();
  server = undefined;
  tablesBefore = tableContents();

  const backup = npmScript("backup", ["--out", join(dir, "backups")]);
  expect(backup.status, backup.stderr).toBe(0);
  backupFolder = backup.stdout.trim().split("\n").at(-1)!;
}, 600_000);

afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

it("the seeded data is what a player would notice: signed in, a share link, an image only its author sees", () => {
  expect(before.profile).toEqual({ status: 200, showsEmail: true });
  expect(before.share).toEqual({ status: 200, showsTitle: true });
  expect(before.image).toMatchObject({ status: 200, contentType: "image/png" });
  expect(before.imageToVisitor).toBe(404);
  for (const table of [
    "users",
    "sessions",
    "user_loadouts",
    "user_loadout_slots",
    "loadout_shares",
    "resell_trackers",
    "user_favorites",
    "price_alerts",
    "saved_trade_ups",
    "sticker_crafts",
    "sticker_craft_stickers",
  ]) {
    expect(tablesBefore[table]?.rows, table).toBeGreaterThan(0);
  }
});

it("refuses a backup of another schema version, before touching the database", () => {
  const other = join(dir, "other-schema");
  cpSync(backupFolder, other, { recursive: true });
  const manifest = JSON.parse(readFileSync(join(other, "manifest.json"), "utf8")) as { database: { lastMigration: string } };
  manifest.database.lastMigration = "0001_stickers.sql";
  writeFileSync(join(other, "manifest.json"), JSON.stringify(manifest));
  const restore = npmScript("restore", [other]);
  expect(restore.status).toBe(1);
  expect(restore.stderr).toContain("the backup's schema ends with migration 0001_stickers.sql");
});

it("refuses to load into a database that holds tables", () => {
  const restore = npmScript("restore", [backupFolder]);
  expect(restore.status).toBe(1);
  expect(restore.stderr).toContain("is not empty");
});

it("after a wipe of D1 and R2, restore brings back every row and image, and the site answers as before", async () => {
  rmSync(join(dir, ".wrangler"), { recursive: true, force: true });
  const restore = npmScript("restore", [join(backupFolder, "database.sql")]);
  expect(restore.status, `${restore.stdout}\n${restore.stderr}`).toBe(0);
  expect(restore.stdout).toContain("and 2 images.");
  expect(tableContents()).toEqual(tablesBefore);

  server = await startWranglerDev(config, port);
  expect(await observe()).toEqual(before);
}, 400_000);
