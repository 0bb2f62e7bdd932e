// The backup's SQL (scripts/backup-store.ts, loadableDump): `wrangler d1 export`'s statements in an
// order that loads into an empty SQLite with foreign keys on, as D1 has them, and the counts and the
// schema version read from the same statements.
import { DatabaseSync } from "node:sqlite";
import { expect, it } from "vitest";
import { loadableDump } from "../../scripts/backup-store.ts";

// The shape of an export: each table's CREATE then its rows, a child before the parent a later
// migration rebuilt, a foreign key to a unique index created after the rows, D1's own table.
const EXPORT = `PRAGMA defer_foreign_keys=TRUE;
CREATE TABLE IF NOT EXISTS "d1_migrations"(
		id         INTEGER PRIMARY KEY AUTOINCREMENT,
		name       TEXT UNIQUE,
		applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL
);
INSERT INTO "d1_migrations" ("id","name","applied_at") VALUES(1,'0000_init.sql','2026-12-01 21:04:00');
INSERT INTO "d1_migrations" ("id","name","applied_at") VALUES(2,'0001_users.sql','2026-12-01 21:04:01');
CREATE TABLE _cf_KV (key TEXT PRIMARY KEY, value BLOB) WITHOUT ROWID;
INSERT INTO "_cf_KV" ("key","value") VALUES('internal',NULL);
CREATE TABLE \`sessions\` (\`id\` text PRIMARY KEY NOT NULL, \`user_id\` text NOT NULL, FOREIGN KEY (\`user_id\`) REFERENCES \`users\`(\`id\`) ON UPDATE no action ON DELETE cascade);
INSERT INTO "sessions" ("id","user_id") VALUES('s1','u1');
CREATE TABLE \`weapons\` (\`id\` integer PRIMARY KEY NOT NULL, \`category\` text NOT NULL, FOREIGN KEY (\`category\`) REFERENCES \`categories\`(\`name\`));
INSERT INTO "weapons" ("id","category") VALUES(1,'Rifles');
CREATE TABLE \`categories\` (\`id\` integer PRIMARY KEY NOT NULL, \`name\` text NOT NULL);
INSERT INTO "categories" ("id","name") VALUES(1,'Rifles');
CREATE TABLE \`users\` (\`id\` text PRIMARY KEY NOT NULL, \`email\` text NOT NULL, \`note\` text);
INSERT INTO "users" ("id","email","note") VALUES('u1','a@example.test','two lines;
and a semicolon');
CREATE TABLE \`empty\` (\`id\` integer PRIMARY KEY);
DELETE FROM sqlite_sequence;
INSERT INTO "sqlite_sequence" ("name","seq") VALUES('d1_migrations',2);
CREATE UNIQUE INDEX \`categories_name_unique\` ON \`categories\` (\`name\`);
`;

it("loads into an empty database with foreign keys on, every row in place", () => {
  const dump = loadableDump(EXPORT);
  const db = new DatabaseSync(":memory:");
  db.exec("PRAGMA foreign_keys = ON");
  db.exec(dump.sql);
  expect(db.prepare("SELECT note FROM users").get()).toEqual({ note: "two lines;\nand a semicolon" });
  expect(db.prepare("SELECT count(*) AS n FROM sessions").get()).toEqual({ n: 1 });
  expect(db.prepare("SELECT seq FROM sqlite_sequence WHERE name = 'd1_migrations'").get()).toEqual({ seq: 2 });
  expect(db.prepare("PRAGMA foreign_key_check").all()).toEqual([]);
  expect(db.prepare("SELECT name FROM sqlite_master WHERE name LIKE '_cf_%'").all()).toEqual([]);
});

it("the export as it came does not load, which is why the backup reorders it", () => {
  const db = new DatabaseSync(":memory:");
  db.exec("PRAGMA foreign_keys = ON");
  expect(() => db.exec(EXPORT.replace(/^CREATE TABLE _cf_KV.*\n.*\n/m, ""))).toThrow(/no such table: main.users|foreign key mismatch/);
});

it("counts each table's rows and names the last migration from the same statements", () => {
  const dump = loadableDump(EXPORT);
  expect(dump.rows).toEqual({ categories: 1, d1_migrations: 2, empty: 0, sessions: 1, users: 1, weapons: 1 });
  expect(dump.lastMigration).toBe("0001_users.sql");
});
