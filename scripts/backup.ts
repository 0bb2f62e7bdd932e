// `npm run backup [-- --remote] [--out DIR] [--config FILE]`: a folder `DIR/skinvault-{local|remote}-{UTC
// time}` (DIR defaults to `backups/`) holding the database as SQL (`wrangler d1 export`), every object
// of the image bucket with its metadata, and manifest.json naming them with their SHA-256, the
// database's last migration and its rows per table. `npm run restore -- FOLDER` loads it again.
// docs/operations/backup-and-restore.md says where to keep it and how often to take one.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import {
  BACKUP_FORMAT,
  DATABASE_FILE,
  MANIFEST,
  d1,
  loadableDump,
  names,
  openBucket,
  sha256,
  targetFromArgs,
  type BackedUpImage,
  type BackupManifest,
} from "./backup-store.ts";

const { values } = parseArgs({
  options: { remote: { type: "boolean" }, out: { type: "string" }, config: { type: "string" } },
  strict: true,
});
const target = targetFromArgs(values);
const createdAt = new Date();
const folder = resolve(values.out ?? "backups", `skinvault-${target.remote ? "remote" : "local"}-${createdAt.toISOString().replace(/[:.]/g, "-")}`);
mkdirSync(join(folder, "images"), { recursive: true });
const where = target.remote ? "the deployed" : "the local";

console.log(`Exporting ${where} D1 to ${join(folder, DATABASE_FILE)}`);
const exported = join(folder, "export.sql");
d1(target, "export", ["--output", exported, ...(target.remote ? ["--skip-confirmation"] : [])]);
const { sql, rows, lastMigration } = loadableDump(readFileSync(exported, "utf8"));
writeFileSync(join(folder, DATABASE_FILE), sql);
rmSync(exported);

console.log(`Copying ${where} image bucket`);
const images: BackedUpImage[] = [];
const { bucket, dispose } = await openBucket(target);
try {
  let cursor: string | undefined;
  do {
    const page = await bucket.list({ cursor, include: ["httpMetadata", "customMetadata"] });
    for (const listed of page.objects) {
      const object = await bucket.get(listed.key);
      if (!object) continue; // deleted since the listing
      const bytes = new Uint8Array(await object.arrayBuffer());
      const hash = sha256(bytes);
      writeFileSync(join(folder, "images", hash), bytes);
      const httpMetadata = Object.fromEntries(
        Object.entries(object.httpMetadata ?? {}).map(([name, value]) => [name, value instanceof Date ? value.toISOString() : String(value)]),
      );
      images.push({ key: object.key, file: `images/${hash}`, size: bytes.byteLength, sha256: hash, httpMetadata, customMetadata: object.customMetadata ?? {} });
    }
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
} finally {
  await dispose();
}

const manifest: BackupManifest = {
  format: BACKUP_FORMAT,
  createdAt: createdAt.toISOString(),
  source: target.remote ? "remote" : "local",
  database: { name: names(target).databaseName, file: DATABASE_FILE, sha256: sha256(sql), lastMigration, rows },
  bucket: names(target).bucketName,
  images,
};
writeFileSync(join(folder, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
const total = Object.values(rows).reduce((sum, count) => sum + count, 0);
console.log(`Backed up ${total} rows in ${Object.keys(rows).length} tables (schema ${lastMigration}) and ${images.length} images to:`);
console.log(folder);
