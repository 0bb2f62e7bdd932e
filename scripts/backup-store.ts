// What `npm run backup` and `npm run restore` share (docs/operations/backup-and-restore.md): the
// target (the local state beside a wrangler config, or the deployed D1 and R2), wrangler's D1
// commands, the image bucket opened through wrangler's getPlatformProxy, and the backup's manifest.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { getPlatformProxy, unstable_readConfig, unstable_splitSqlQuery } from "wrangler";
import { wranglerCommand } from "./package-bin.ts";

// wrangler's type declarations import packages it bundles and does not ship (@cloudflare/workers-utils),
// so its Config and PlatformProxy types do not resolve here; these are the documented shapes we use.
interface WranglerConfig {
  compatibility_date?: string;
  d1_databases: { binding: string; database_name?: string; migrations_dir?: string }[];
  r2_buckets: { binding: string; bucket_name?: string }[];
}
const readConfig = unstable_readConfig as unknown as (args: { config: string }) => WranglerConfig;
const startPlatformProxy = getPlatformProxy as unknown as (options: {
  configPath: string;
  envFiles: string[];
  persist: { path: string };
}) => Promise<{ env: { IMAGES: R2Bucket }; dispose: () => Promise<void> }>;

const root = fileURLToPath(new URL("../", import.meta.url));

export interface Target {
  remote: boolean;
  /** The wrangler config whose D1 and R2 bindings are backed up; its local state is `.wrangler/state` beside it. */
  config: string;
}

export const BACKUP_FORMAT = 1;
export const MANIFEST = "manifest.json";
export const DATABASE_FILE = "database.sql";

export interface BackedUpImage {
  key: string;
  /** Under the backup's folder: `images/` and the bytes' SHA-256, so no key can name a path. */
  file: string;
  size: number;
  sha256: string;
  /** As R2 gives them (cacheExpiry as an ISO string). */
  httpMetadata: Record<string, string>;
  customMetadata: Record<string, string>;
}

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  createdAt: string;
  source: "local" | "remote";
  database: {
    name: string;
    file: typeof DATABASE_FILE;
    sha256: string;
    /** The last row of `d1_migrations`: a backup loads only into a checkout whose migrations end there. */
    lastMigration: string | null;
    /** Rows per table when the export was taken; restore checks the loaded database against them. */
    rows: Record<string, number>;
  };
  bucket: string;
  images: BackedUpImage[];
}

export function targetFromArgs(values: { remote?: boolean; config?: string }): Target {
  return { remote: values.remote ?? false, config: resolve(values.config ?? join(root, "wrangler.toml")) };
}

function bindings(target: Target) {
  const config = readConfig({ config: target.config });
  const database = config.d1_databases.find((d1) => d1.binding === "DB");
  const bucket = config.r2_buckets.find((r2) => r2.binding === "IMAGES");
  if (!database?.database_name || !bucket?.bucket_name) throw new Error(`${target.config} has no DB database or IMAGES bucket binding`);
  return {
    databaseName: database.database_name,
    bucketName: bucket.bucket_name,
    migrationsDir: resolve(dirname(target.config), database.migrations_dir ?? "migrations"),
    compatibilityDate: config.compatibility_date ?? "2026-08-01",
  };
}

/** The D1 database's and the R2 bucket's names in the config. */
export function names(target: Target): { databaseName: string; bucketName: string } {
  const { databaseName, bucketName } = bindings(target);
  return { databaseName, bucketName };
}

/** The name of the newest migration file of the checkout (what `d1_migrations` ends with once applied). */
export function lastMigrationInCheckout(target: Target): string | null {
  const files = readdirSync(bindings(target).migrationsDir)
    .filter((name) => name.endsWith(".sql"))
    .sort();
  return files.at(-1) ?? null;
}

/** `wrangler d1 <command> DB --local|--remote --config …`; throws with wrangler's own output when it fails. */
export function d1(target: Target, command: string, args: string[]): string {
  const full = ["d1", command, "DB", target.remote ? "--remote" : "--local", "--config", target.config, ...args];
  const result = spawnSync(...wranglerCommand(full), {
    encoding: "utf8",
    env: { ...process.env, WRANGLER_SEND_METRICS: "false" },
    maxBuffer: 256 * 1024 * 1024,
  });
  if (result.status !== 0) throw new Error(`wrangler ${full.join(" ")} failed:\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

/** Runs SELECT statements (`;` between them): each one's rows, in order. */
export function queryEach(target: Target, sql: string): Record<string, unknown>[][] {
  const output = d1(target, "execute", ["--json", "--command", sql]);
  return (JSON.parse(output) as { results: Record<string, unknown>[] }[]).map((result) => result.results);
}

// Each wrangler call costs seconds, so the scripts ask several of these in one `queryEach`.

/** The database's own tables (not SQLite's, not D1's `_cf_` ones), by name. */
export const TABLES_SQL =
  "SELECT name FROM sqlite_master WHERE type = 'table' AND substr(name, 1, 7) <> 'sqlite_' AND substr(name, 1, 4) <> '_cf_' ORDER BY name";
/** Every uploaded image's URL the database names: a craft's own images and its stickers'. */
export const IMAGE_URLS_SQL =
  "SELECT url FROM (SELECT ingame_image AS url FROM sticker_crafts UNION SELECT placement_image FROM sticker_crafts UNION SELECT image FROM sticker_craft_stickers) WHERE url LIKE '/images/%'";

/** One row: each table's row count under its name. */
export const countsSql = (tables: readonly string[]) => `SELECT ${tables.map((table) => `(SELECT count(*) FROM "${table}") AS "${table}"`).join(", ")}`;

export const tableNames = (rows: Record<string, unknown>[]) => rows.map((row) => String(row.name));

export const counts = (rows: Record<string, unknown>[]): Record<string, number> =>
  Object.fromEntries(Object.entries(rows[0] ?? {}).map(([table, count]) => [table, Number(count)]));

/** The R2 keys behind image URLs (`/images/{key}?v=…`, as keyOfImageUrl in app/domain/sticker-crafts.ts reads them). */
export function imageKeys(rows: Record<string, unknown>[]): string[] {
  return [...new Set(rows.map((row) => String(row.url).slice("/images/".length).split("?")[0]!))].sort();
}

/**
 * The IMAGES bucket as an R2Bucket in Node, through wrangler's getPlatformProxy: the local one in the
 * state beside the config, or the deployed one as a remote binding (wrangler's login). A config of
 * its own holds only that binding, so nothing else of the Worker starts.
 */
export async function openBucket(target: Target): Promise<{ bucket: R2Bucket; dispose: () => Promise<void> }> {
  const { bucketName, compatibilityDate } = bindings(target);
  const dir = mkdtempSync(join(tmpdir(), "skinvault-bucket-"));
  const configPath = join(dir, "wrangler.json");
  writeFileSync(
    configPath,
    JSON.stringify({
      name: "skinvault-backup",
      compatibility_date: compatibilityDate,
      r2_buckets: [{ binding: "IMAGES", bucket_name: bucketName, ...(target.remote ? { remote: true } : {}) }],
    }),
  );
  const proxy = await startPlatformProxy({
    configPath,
    envFiles: [],
    persist: { path: join(dirname(target.config), ".wrangler", "state", "v3") },
  });
  return {
    bucket: proxy.env.IMAGES,
    dispose: async () => {
      await proxy.dispose();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const TABLE_OF_CREATE = /^CREATE TABLE (?:IF NOT EXISTS )?[`"]?(\w+)/i;
const TABLE_OF_INSERT = /^INSERT INTO [`"]?(\w+)/i;
/** `wrangler d1 export` writes one row per INSERT; d1_migrations' rows start with their id and name. */
const MIGRATION_ROW = /^INSERT INTO "d1_migrations" \([^)]*\) VALUES\((\d+),'([^']+)'/;

export interface LoadableDump {
  sql: string;
  /** Rows per table in the dump (every table, empty ones too). */
  rows: Record<string, number>;
  /** The name of d1_migrations' row with the highest id: the schema version. */
  lastMigration: string | null;
}

/**
 * `wrangler d1 export` writes each table's CREATE and then its rows, tables in the order SQLite lists
 * them, so a table a later migration rebuilt (users) comes after tables that reference it, and its
 * own file does not load: "no such table: main.users". This puts the same statements (split as
 * wrangler splits a file for `d1 execute`) in an order that loads into an empty database: the
 * PRAGMAs, every CREATE TABLE, every index (a foreign key may point at a unique index: "foreign key
 * mismatch" without it), the rows table by table with each table after those it references, then the
 * rest (sqlite_sequence) as it came. D1's own `_cf_` tables are left out. The counts and the schema
 * version come from the same statements, so they match the SQL even while the site writes.
 */
export function loadableDump(sql: string): LoadableDump {
  const pragmas: string[] = [];
  const creates: string[] = [];
  const indexes: string[] = [];
  const rows = new Map<string, string[]>();
  const rest: string[] = [];
  let lastMigration: { id: number; name: string } | null = null;
  for (const statement of unstable_splitSqlQuery(sql)) {
    const created = TABLE_OF_CREATE.exec(statement)?.[1];
    const inserted = TABLE_OF_INSERT.exec(statement)?.[1];
    if ((created ?? inserted)?.startsWith("_cf_")) continue;
    if (/^PRAGMA\b/i.test(statement)) pragmas.push(statement);
    else if (created) creates.push(statement);
    else if (/^CREATE (?:UNIQUE )?INDEX\b/i.test(statement)) indexes.push(statement);
    else if (inserted && inserted !== "sqlite_sequence") {
      const table = rows.get(inserted) ?? [];
      table.push(statement);
      rows.set(inserted, table);
      const migration = MIGRATION_ROW.exec(statement);
      if (migration && (!lastMigration || Number(migration[1]) > lastMigration.id)) lastMigration = { id: Number(migration[1]), name: migration[2]! };
    } else rest.push(statement);
  }
  const references = new Map(
    creates.map((statement) => [TABLE_OF_CREATE.exec(statement)![1]!, [...statement.matchAll(/REFERENCES [`"]?(\w+)/gi)].map((match) => match[1]!)]),
  );
  const ordered: string[] = [];
  const placed = new Set<string>();
  const place = (table: string) => {
    if (placed.has(table)) return;
    placed.add(table);
    for (const parent of references.get(table) ?? []) place(parent);
    for (const statement of rows.get(table) ?? []) ordered.push(statement);
  };
  for (const table of [...references.keys(), ...rows.keys()]) place(table);
  return {
    sql: `${[...pragmas, ...creates, ...indexes, ...ordered, ...rest].join(";\n")};\n`,
    rows: Object.fromEntries([...references.keys()].sort().map((table) => [table, rows.get(table)?.length ?? 0])),
    lastMigration: lastMigration?.name ?? null,
  };
}

export const sha256 = (bytes: Uint8Array | string) => createHash("sha256").update(bytes).digest("hex");
