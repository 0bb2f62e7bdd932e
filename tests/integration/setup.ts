import { applyD1Migrations, env } from "cloudflare:test";
import { caseValueStatements } from "../../migrations/seed/case-values";
import { failOnConsoleErrors } from "../fixtures/fail-on-console-error";
import { caseValueInputs } from "./helpers";

// Test files run one after another in one workerd per Vitest worker (`isolate: false`,
// docs/operations/testing.md), so each file starts from the state a new workerd had: D1 migrated and
// seeded, no images, whatever the file before it wrote.
failOnConsoleErrors();

await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
const { results: tables } = await env.DB.prepare(
  "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name <> 'd1_migrations'",
).all<{ name: string }>();
// One transaction, whose foreign keys are checked at its end, when every table is empty; the
// AUTOINCREMENT counters start again, so ids are those of a new database.
await env.DB.batch([
  env.DB.prepare("PRAGMA defer_foreign_keys = ON"),
  ...tables.map(({ name }) => env.DB.prepare(`DELETE FROM "${name}"`)),
  env.DB.prepare("DELETE FROM sqlite_sequence"),
]);
// D1 batches are capped in size, so the seed goes in slices.
for (let i = 0; i < env.TEST_SEED.length; i += 50) {
  await env.DB.batch(env.TEST_SEED.slice(i, i + 50).map((sql) => env.DB.prepare(sql)));
}
// Last, as the seed does: each weapon case's expected value from the prices just seeded.
await env.DB.batch(caseValueStatements(await caseValueInputs(), Date.UTC(2026, 0, 1)).map((sql) => env.DB.prepare(sql)));

for (let listed = await env.IMAGES.list(); listed.objects.length > 0; listed = await env.IMAGES.list()) {
  await env.IMAGES.delete(listed.objects.map((object) => object.key));
}
