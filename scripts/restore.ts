// `npm run restore -- FOLDER [--config FILE]`: loads a backup of `npm run backup` (its folder, or any
// file in it) into an empty local D1, then puts back the images the restored database names.
// `--remote --confirm DATABASE_NAME` does the same to the deployed D1 and bucket; the name must be the
// database's own, so nothing is written to production by a slip. It refuses, before writing anything, a
// backup whose files do not match their manifest, a backup of another schema version than the
// checkout's migrations, and a database that holds any table. docs/operations/backup-and-restore.md.
import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { parseArgs } from "node:util";
import {
  BACKUP_FORMAT,
  MANIFEST,
  d1,
  lastMigrationInCheckout,
  names,
  IMAGE_URLS_SQL,
  TABLES_SQL,
  counts,
  countsSql,
  imageKeys,
  openBucket,
  queryEach,
  sha256,
  tableNames,
  targetFromArgs,
  type BackupManifest,
} from "./backup-store.ts";

function refuse(message: string): never {
  console.error(`Nothing restored: ${message}`);
  process.exit(1);
}

const { values, positionals } = parseArgs({
  options: { remote: { type: "boolean" }, confirm: { type: "string" }, config: { type: "string" } },
  allowPositionals: true,
  strict: true,
});
if (positionals.length !== 1) refuse("name one backup: npm run restore -- backups/skinvault-local-…");
const target = targetFromArgs(values);
const { databaseName, bucketName } = names(target);
if (target.remote && values.confirm !== databaseName) {
  refuse(`restoring the deployed database overwrites production; add --confirm ${databaseName} to mean it.`);
}

const given = resolve(positionals[0]!);
if (!existsSync(given)) refuse(`${given} does not exist.`);
const folder = statSync(given).isDirectory() ? given : dirname(given);
if (!existsSync(join(folder, MANIFEST))) refuse(`${folder} has no ${MANIFEST}: not a folder of npm run backup.`);
const manifest = JSON.parse(readFileSync(join(folder, MANIFEST), "utf8")) as BackupManifest;
const format: unknown = manifest.format;
if (format !== BACKUP_FORMAT) refuse(`the backup is of format ${String(format)}; this checkout reads format ${BACKUP_FORMAT}.`);

const sqlFile = join(folder, manifest.database.file);
if (!existsSync(sqlFile) || sha256(readFileSync(sqlFile)) !== manifest.database.sha256) refuse(`${sqlFile} is missing or not the file the manifest names.`);
const damaged = manifest.images.filter((image) => !existsSync(join(folder, image.file)) || sha256(readFileSync(join(folder, image.file))) !== image.sha256);
if (damaged.length > 0) refuse(`${damaged.length} image files are missing or changed, e.g. ${damaged[0]!.file} (${damaged[0]!.key}).`);

const checkout = lastMigrationInCheckout(target);
if (manifest.database.lastMigration !== checkout) {
  refuse(
    `the backup's schema ends with migration ${manifest.database.lastMigration}, this checkout's with ${checkout}. ` +
      "Check out the commit whose migrations end with the backup's (git log -- migrations/), restore there, then apply the newer migrations.",
  );
}

const where = target.remote ? `the deployed D1 ${databaseName}` : `the local D1 beside ${target.config}`;
const existing = tableNames(queryEach(target, TABLES_SQL)[0]!);
if (existing.length > 0) {
  refuse(
    `${where} is not empty (${existing.length} tables, e.g. ${existing.slice(0, 3).join(", ")}). Restore only into an empty database: ` +
      (target.remote ? "create a new D1 and point wrangler.toml's database_id at it." : "delete .wrangler/state/v3/d1 (and v3/r2) first."),
  );
}

console.log(`Loading ${manifest.database.file} (${manifest.createdAt}) into ${where}`);
d1(target, "execute", ["--file", sqlFile, ...(target.remote ? ["--yes"] : [])]);
// A table the backup names but the load did not make fails this query, and so the restore.
const [countRows, urlRows] = queryEach(target, `${countsSql(Object.keys(manifest.database.rows))}; ${IMAGE_URLS_SQL}`);
const rows = counts(countRows!);
const differing = Object.keys({ ...manifest.database.rows, ...rows }).filter((table) => rows[table] !== manifest.database.rows[table]);
if (differing.length > 0) {
  console.error(
    `The loaded database differs from the backup's counts in ${differing.map((table) => `${table} (${rows[table] ?? 0} of ${manifest.database.rows[table] ?? 0})`).join(", ")}.`,
  );
  process.exit(1);
}

const referenced = imageKeys(urlRows!);
const inBackup = new Map(manifest.images.map((image) => [image.key, image]));
const missing = referenced.filter((key) => !inBackup.has(key));
console.log(
  `Putting back ${referenced.length - missing.length} images the database names into ${target.remote ? "the deployed" : "the local"} bucket ${bucketName}`,
);
const { bucket, dispose } = await openBucket(target);
try {
  for (const key of referenced) {
    const image = inBackup.get(key);
    if (!image) continue;
    const { cacheExpiry, ...httpMetadata } = image.httpMetadata;
    await bucket.put(key, readFileSync(join(folder, image.file)), {
      httpMetadata: { ...httpMetadata, ...(cacheExpiry ? { cacheExpiry: new Date(cacheExpiry) } : {}) },
      customMetadata: image.customMetadata,
    });
  }
} finally {
  await dispose();
}

const total = Object.values(rows).reduce((sum, count) => sum + count, 0);
const unreferenced = manifest.images.length - (referenced.length - missing.length);
console.log(`Restored ${total} rows in ${Object.keys(rows).length} tables and ${referenced.length - missing.length} images.`);
if (unreferenced > 0) console.log(`Left out ${unreferenced} images of the backup that no row names (replaced or deleted uploads).`);
if (missing.length > 0) {
  console.error(`${missing.length} images the database names are not in the backup; their pages show no image:`);
  for (const key of missing) console.error(`  ${key}`);
  process.exit(2);
}
