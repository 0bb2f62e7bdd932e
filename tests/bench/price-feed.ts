// `node tests/bench/price-feed.ts`: times the CPU part of one price-job run for a 40,000-item feed
// (skins, stickers, containers, keys) in the Skinport /v1/items shape (JSON.parse, the zod check, name mapping and the comparison with
// the stored prices), and counts the write statements. docs/features/price-feed.md quotes it.
// Node runs the same V8 as workerd; D1's own work is not CPU time of the Worker.
import { performance } from "node:perf_hooks";
import { buildCatalogue } from "../../migrations/seed/sql.ts";
import { chunk, planPriceUpdate, validateFeed, type StoredPrices } from "../../app/domain/price-feed.ts";
import { WEAR_NAMES } from "../../app/domain/wear.ts";

const FEED_SIZE = 40_000;
const ROWS_PER_STATEMENT = 500; // app/server/jobs/price-job.server.ts
const ITEM_ROWS_PER_STATEMENT = 1_500; // the same, for stickers, containers and keys

const catalogue = buildCatalogue();
const categoryOf = new Map(catalogue.weapons.map((w) => [w.name, w.category]));
const stored: StoredPrices = {
  skins: catalogue.skins,
  wears: catalogue.wears,
  variants: [],
  items: [
    ...catalogue.stickers.map((row) => ({ kind: "sticker" as const, id: row.id, name: row.name, priceCents: row.priceCents, priceSource: "demo" })),
    ...catalogue.crates.map((row) => ({ kind: "crate" as const, id: row.id, name: row.name, priceCents: row.priceCents, priceSource: "demo" })),
    ...catalogue.keys.map((row) => ({ kind: "key" as const, id: row.id, name: row.name, priceCents: row.priceCents, priceSource: "demo" })),
  ],
};

/**
 * Every market name of the catalogue (normal, StatTrak, Souvenir, each enabled wear; every sticker,
 * container and key), then names the catalogue lacks.
 */
function feedItems(): unknown[] {
  const items: unknown[] = [];
  const seen = new Set<string>();
  const item = (name: string, index: number) => ({
    market_hash_name: name,
    currency: "USD",
    suggested_price: 1 + (index % 5000) / 7,
    item_page: `https://skinport.com/item/${encodeURIComponent(name)}`,
    market_page: `https://skinport.com/market?item=${encodeURIComponent(name)}`,
    min_price: index % 11 === 0 ? null : 0.5 + (index % 9000) / 3,
    max_price: 2 + (index % 9000) / 2,
    mean_price: 1 + (index % 9000) / 2.5,
    median_price: 1 + (index % 9000) / 2.6,
    quantity: index % 40,
    created_at: 1_535_988_253,
    updated_at: 1_764_000_000,
  });
  for (const skin of catalogue.skins) {
    const star = ["Knives", "Gloves"].includes(categoryOf.get(skin.weapon) ?? "") ? "★ " : "";
    const base = skin.name.replace(/ \((Phase \d|Ruby|Sapphire|Black Pearl|Emerald)\)$/, "");
    for (const wear of catalogue.wears.filter((w) => w.skinId === skin.id && w.enabled)) {
      const names = [`${star}${base} (${WEAR_NAMES[wear.wear]})`];
      if (skin.stattrak) names.push(`${star}StatTrak™ ${base} (${WEAR_NAMES[wear.wear]})`);
      if (skin.souvenir) names.push(`Souvenir ${base} (${WEAR_NAMES[wear.wear]})`);
      for (const name of names) if (!seen.has(name)) seen.add(name);
    }
  }
  let index = 0;
  for (const name of seen) items.push(item(name, index++));
  for (const sticker of catalogue.stickers) items.push(item(`Sticker | ${sticker.name}`, index++));
  for (const crate of catalogue.crates) items.push(item(crate.name, index++));
  for (const key of catalogue.keys) items.push(item(key.name, index++));
  while (items.length < FEED_SIZE) items.push(item(`Some Case ${index}`, index++));
  return items;
}

const body = JSON.stringify(feedItems());
const runs: number[] = [];
/** This process's CPU time (user and system) per run: on a loaded machine, wall time overstates it. */
const cpu: number[] = [];
const parts: { parse: number; check: number; plan: number }[] = [];
let plan: ReturnType<typeof planPriceUpdate> | undefined;
for (let run = 0; run < 7; run++) {
  const start = performance.now();
  const cpuStart = process.cpuUsage();
  const json: unknown = JSON.parse(body);
  const parsed = performance.now();
  const feed = validateFeed(json);
  if (!feed.ok) throw new Error(feed.error);
  const checked = performance.now();
  plan = planPriceUpdate(feed.items, stored, "api.skinport.com");
  const end = performance.now();
  const used = process.cpuUsage(cpuStart);
  cpu.push((used.user + used.system) / 1000);
  runs.push(end - start);
  parts.push({ parse: Math.round(parsed - start), check: Math.round(checked - parsed), plan: Math.round(end - checked) });
}
const firstRun = parts[0];
const firstCpu = cpu[0]!;
runs.sort((a, b) => a - b);
cpu.sort((a, b) => a - b);
const statements =
  chunk(plan!.wearPrices, ROWS_PER_STATEMENT).length +
  chunk(plan!.variantPrices, ROWS_PER_STATEMENT).length +
  chunk(plan!.changedSkinIds, ROWS_PER_STATEMENT).length * 2 +
  chunk(plan!.history, ROWS_PER_STATEMENT).length +
  (["sticker", "crate", "key"] as const).reduce(
    (sum, kind) =>
      sum +
      chunk(
        plan!.itemPrices.filter((row) => row.kind === kind),
        ITEM_ROWS_PER_STATEMENT,
      ).length,
    0,
  ) +
  chunk(plan!.itemHistory, ITEM_ROWS_PER_STATEMENT).length +
  3; // the two retention deletes and the run's record
console.log(
  JSON.stringify(
    {
      items: FEED_SIZE,
      bodyMegabytes: +(body.length / 1e6).toFixed(1),
      parseCheckMapMs: { slowest: +runs.at(-1)!.toFixed(0), median: +runs[3]!.toFixed(0), best: +runs[0]!.toFixed(0) },
      cpuMs: { first: +firstCpu.toFixed(0), median: +cpu[3]!.toFixed(0), best: +cpu[0]!.toFixed(0) },
      firstRunMs: firstRun,
      matched: plan!.matched,
      unmatched: plan!.unmatched,
      unchanged: plan!.unchanged,
      rowsWritten: {
        prices: plan!.wearPrices.length,
        variantPrices: plan!.variantPrices.length,
        history: plan!.history.length,
        itemPrices: plan!.itemPrices.length,
        itemHistory: plan!.itemHistory.length,
      },
      writeStatements: statements,
    },
    null,
    2,
  ),
);
