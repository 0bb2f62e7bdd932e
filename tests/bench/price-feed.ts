// `node tests/bench/price-feed.ts`: times the CPU part of one price-job run for a 40,000-item feed
// (skins, stickers, containers, keys) in the Skinport /v1/items shape and for the same 40,000 items x 4
// markets in the multi-market shape (JSON.parse, the zod check, name mapping and the comparison with
// the stored prices), and counts the write statements. docs/features/price-feed.md quotes it.
// Node runs the same V8 as workerd; D1's own work is not CPU time of the Worker.
import { performance } from "node:perf_hooks";
import { buildCatalogue } from "../../migrations/seed/sql.ts";
import { chunk, planPriceUpdate, validateFeed, type StoredPrices } from "../../app/domain/price-feed.ts";
import { WEAR_NAMES } from "../../app/domain/wear.ts";

const FEED_SIZE = 40_000;
const ROWS_PER_STATEMENT = 500; // app/server/jobs/price-job.server.ts
const ITEM_ROWS_PER_STATEMENT = 1_500; // the same, for stickers, containers and keys
const MARKET_ROWS_PER_STATEMENT = 1_000; // app/server/jobs/price-write.server.ts

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
function feedItems(): ReturnType<typeof item>[] {
  const names: string[] = [];
  const seen = new Set<string>();
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
  names.push(...seen);
  for (const sticker of catalogue.stickers) names.push(`Sticker | ${sticker.name}`);
  for (const crate of catalogue.crates) names.push(crate.name);
  for (const key of catalogue.keys) names.push(key.name);
  for (let index = names.length; names.length < FEED_SIZE; index++) names.push(`Some Case ${index}`);
  return names.map((name, index) => item(name, index));
}
/** The same names with a price on each of the four markets, in each market's own entry shape (csgo-trader's prices_v6.json). */
function marketDocument(items: ReturnType<typeof item>[]): Record<string, unknown> {
  return Object.fromEntries(
    items.map((item, index) => {
      const dollars = item.suggested_price;
      return [
        item.market_hash_name,
        {
          steam: { last_24h: +(dollars * 1.2).toFixed(2), last_7d: +(dollars * 1.18).toFixed(2), last_30d: dollars, last_90d: dollars },
          skinport: { suggested_price: +(dollars * 1.1).toFixed(2), starting_at: index % 13 === 0 ? null : +(dollars * 1.05).toFixed(2) },
          buff163: { starting_at: { price: dollars, doppler: null }, highest_order: { price: +(dollars * 0.97).toFixed(2) } },
          csfloat: index % 10 === 0 ? null : { price: +(dollars * 1.02).toFixed(2) },
          bitskins: null,
          lootfarm: +(dollars * 1.3).toFixed(2),
        },
      ];
    }),
  );
}

const items = feedItems();
const report = {
  skinport: measure(JSON.stringify(items), "api.skinport.com"),
  markets: measure(JSON.stringify(marketDocument(items)), "prices.csgotrader.app"),
};
console.log(JSON.stringify(report, null, 2));

function measure(body: string, feedSource: string) {
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
    plan = planPriceUpdate(feed.items, stored, feedSource);
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
    (["sticker", "crate", "key", "vanilla_knife", "vanilla_knife_stattrak"] as const).reduce(
      (sum, kind) =>
        sum +
        chunk(
          plan!.itemPrices.filter((row) => row.kind === kind),
          ITEM_ROWS_PER_STATEMENT,
        ).length,
      0,
    ) +
    chunk(plan!.itemHistory, ITEM_ROWS_PER_STATEMENT).length +
    chunk(plan!.skinMarketPrices, MARKET_ROWS_PER_STATEMENT).length +
    chunk(plan!.itemMarketPrices, MARKET_ROWS_PER_STATEMENT).length +
    6; // the lease check, the two retention deletes, the two copies of the markets into today's history, the run's record
  return {
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
      skinMarketPrices: plan!.skinMarketPrices.length,
      itemMarketPrices: plan!.itemMarketPrices.length,
    },
    writeStatements: statements,
  };
}
