import { env } from "cloudflare:test";
import { expect, it } from "vitest";

const runPriceSeed = () => env.DB.batch(env.TEST_PRICE_SEED.map((sql) => env.DB.prepare(sql)));
const today = () => new Date().toISOString().slice(0, 10);
const yesterday = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
const all = async <T>(sql: string) => (await env.DB.prepare(sql).all<T>()).results;

it("the seed backfills variant prices and history ending today, only into empty tables, keeping a job's prices", { timeout: 30_000 }, async () => {
  // A price job's StatTrak price is kept.
  await env.DB.prepare("INSERT INTO skin_variant_prices (skin_id, variant, wear, price_cents) VALUES ('ak-47-redline', 'stattrak', 'FT', 424242)").run();
  await runPriceSeed();
  // The variant table was not empty, so no demo variant prices were added; history covers normal and the job's row.
  expect(await all("SELECT count(*) AS n FROM skin_variant_prices")).toEqual([{ n: 1 }]);

  await env.DB.batch([env.DB.prepare("DELETE FROM skin_variant_prices"), env.DB.prepare("DELETE FROM price_history")]);
  await runPriceSeed();

  // StatTrak 1.6 to 2.5 times, Souvenir 1.5 to 4 times the normal price (to the cent: a 3-cent skin
  // rounds), only where the skin has the variant.
  const ratios = await all<{ variant: string; low: number; high: number; wrong: number }>(`
    SELECT v.variant, min(v.price_cents * 1.0 / w.price_cents) AS low, max(v.price_cents * 1.0 / w.price_cents) AS high,
      sum(CASE WHEN (v.variant = 'stattrak' AND s.stattrak = 0) OR (v.variant = 'souvenir' AND s.souvenir = 0) THEN 1 ELSE 0 END) AS wrong
    FROM skin_variant_prices v JOIN skin_wears w USING (skin_id, wear) JOIN skins s ON s.id = v.skin_id
    WHERE w.price_cents >= 100 GROUP BY v.variant ORDER BY v.variant`);
  expect(ratios.map((r) => r.variant)).toEqual(["souvenir", "stattrak"]);
  for (const { variant, low, high, wrong } of ratios) {
    expect(wrong).toBe(0);
    const [min, max] = variant === "stattrak" ? [1.6, 2.5] : [1.5, 4];
    expect(low).toBeGreaterThanOrEqual(min - 0.01);
    expect(high).toBeLessThanOrEqual(max + 0.01);
  }

  // Every priced wear and variant has 3 days ending today, today's being the current price.
  const [series] = await all<{ normal: number; variants: number; priced: number; days: number; first: string; last: string }>(`
    SELECT (SELECT count(*) FROM skin_wears WHERE enabled = 1 AND price_cents > 0) AS priced,
      (SELECT count(*) FROM skin_variant_prices) AS variants,
      (SELECT count(DISTINCT skin_id || wear) FROM price_history WHERE variant = 'normal') AS normal,
      (SELECT count(*) FROM price_history) AS days, (SELECT min(day) FROM price_history) AS first, (SELECT max(day) FROM price_history) AS last`);
  expect(series!.normal).toBe(series!.priced);
  expect(series!.days).toBe(3 * (series!.priced + series!.variants));
  expect(series!.last).toBe(today());
  expect(
    await all(`SELECT count(*) AS n FROM price_history h JOIN skin_wears w USING (skin_id, wear)
    WHERE h.variant = 'normal' AND h.day = date('now') AND h.price_cents <> w.price_cents`),
  ).toEqual([{ n: 0 }]);
  const [moved] = await all<{ n: number }>(`SELECT count(*) AS n FROM price_history h JOIN skin_wears w USING (skin_id, wear)
    WHERE h.variant = 'normal' AND h.day = '${yesterday()}' AND h.price_cents <> w.price_cents`);
  expect(moved!.n).toBeGreaterThan(series!.priced / 2);

  // Deterministic, and never again once history exists (a job's rows stay as they are).
  const before = await all("SELECT * FROM price_history WHERE skin_id = 'ak-47-redline' ORDER BY variant, wear, day");
  await env.DB.prepare("UPDATE price_history SET price_cents = 1 WHERE skin_id = 'awp-asiimov'").run();
  await runPriceSeed();
  expect(await all("SELECT * FROM price_history WHERE skin_id = 'ak-47-redline' ORDER BY variant, wear, day")).toEqual(before);
  expect(await all("SELECT DISTINCT price_cents FROM price_history WHERE skin_id = 'awp-asiimov'")).toEqual([{ price_cents: 1 }]);
  await env.DB.batch([env.DB.prepare("DELETE FROM skin_variant_prices"), env.DB.prepare("DELETE FROM price_history")]);
  await runPriceSeed();
  expect(await all("SELECT * FROM price_history WHERE skin_id = 'ak-47-redline' ORDER BY variant, wear, day")).toEqual(before);
});
