import { applyD1Migrations, env } from "cloudflare:test";
import "../fixtures/fail-on-console-error";

await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
const seeded = await env.DB.prepare("SELECT count(*) AS n FROM skins").first<{ n: number }>();
if (!seeded?.n) {
  // D1 batches are capped in size, so the seed goes in slices.
  for (let i = 0; i < env.TEST_SEED.length; i += 50) {
    await env.DB.batch(env.TEST_SEED.slice(i, i + 50).map((sql) => env.DB.prepare(sql)));
  }
}
