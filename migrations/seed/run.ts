// Seeds the local D1: the full catalogue (upserted, so re-running changes nothing and never
// overwrites prices a price job has written) and, only when their tables are empty, the demo
// loadouts and sticker crafts, and while their tables are empty demo StatTrak/Souvenir prices and
// 90 days of demo price history; last, each weapon case's expected value from the prices it then
// holds (ADR 086). Usage: node migrations/seed/run.ts [--persist-to DIR]
// With --remote it writes the catalogue alone into the deployed D1 (docs/operations/deploy.md): the
// price job brings real prices, admins make the official loadouts and crafts.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CASE_VALUE_INPUTS_SQL, caseValueStatements, type CaseValueInputs } from "./case-values.ts";
import { demoExchangeRateStatements } from "./demo-rates.ts";
import {
  buildCatalogue,
  catalogueStatements,
  demoCraftStatements,
  demoLoadoutStatements,
  demoMarketPriceStatements,
  demoPriceHistoryStatements,
  demoVariantPriceStatements,
} from "./sql.ts";
import { wranglerCommand } from "../../scripts/package-bin.ts";

/** Days of demo price history the seed writes into an empty price_history (docs/features/price-history.md). */
const HISTORY_DAYS = 90;

function wrangler(args: string[]): string {
  const result = spawnSync(...wranglerCommand(args), {
    encoding: "utf8",
    env: { ...process.env, WRANGLER_SEND_METRICS: "false" },
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) {
    throw new Error(`wrangler ${args.join(" ")} failed:\n${result.stdout}\n${result.stderr}`);
  }
  return result.stdout;
}

const persistArgs = (() => {
  const index = process.argv.indexOf("--persist-to");
  return index === -1 ? [] : ["--persist-to", process.argv[index + 1]!];
})();

const remote = process.argv.includes("--remote");
const target = remote ? ["--remote"] : ["--local", ...persistArgs];

/** Runs one or more SELECT statements (`;` between them): each one's rows, in order. */
function queryEach(sql: string): unknown[][] {
  const output = wrangler(["d1", "execute", "DB", ...target, "--json", "--command", sql]);
  return (JSON.parse(output) as { results: unknown[] }[]).map((result) => result.results);
}

const query = <T>(sql: string) => queryEach(sql)[0] as T[];

function execute(statements: string[]): void {
  const dir = mkdtempSync(join(tmpdir(), "skinvault-seed-"));
  try {
    const file = join(dir, "seed.sql");
    writeFileSync(file, statements.join("\n"));
    wrangler(["d1", "execute", "DB", ...target, "--file", file]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const started = Date.now();
/** One line per step, so a run of 20 to 30 seconds shows where it is. */
const step = (text: string) => console.log(`[seed ${((Date.now() - started) / 1000).toFixed(1)} s] ${text}`);
const database = remote ? "the remote D1" : "the local D1";

step("Reading the catalogue from @ianlucas/cs2-lib");
const catalogue = buildCatalogue();
const statements = catalogueStatements(catalogue, Date.now());

step(`Asking ${database} which demo content it already holds`);
const [existing] = query<{ loadouts: number; crafts: number }>(
  "SELECT (SELECT count(*) FROM official_loadouts) AS loadouts, (SELECT count(*) FROM sticker_crafts) AS crafts",
);
if (!remote) {
  if (existing!.loadouts === 0) statements.push(...demoLoadoutStatements(catalogue));
  if (existing!.crafts === 0) statements.push(...demoCraftStatements(catalogue));
  // They guard themselves in SQL: variant prices only into an empty skin_variant_prices, market prices
  // only into empty market tables, history only into an empty price_history, none over a row a price job wrote.
  statements.push(...demoVariantPriceStatements(), ...demoMarketPriceStatements(Date.now()), ...demoPriceHistoryStatements(HISTORY_DAYS));
  // Only for currencies without a rate: a rates job's rows stay.
  statements.push(...demoExchangeRateStatements());
}

step(`Writing ${statements.length} statements into ${database} (the longest step)`);
execute(statements);

step(`Working out each weapon case's expected value from the prices in ${database}`);
const [caseItems, caseSkins, caseKnives] = queryEach(
  `${CASE_VALUE_INPUTS_SQL.items};\n${CASE_VALUE_INPUTS_SQL.skins};\n${CASE_VALUE_INPUTS_SQL.vanillaKnives}`,
) as [CaseValueInputs["items"], CaseValueInputs["skins"], CaseValueInputs["vanillaKnives"]];
execute(caseValueStatements({ items: caseItems, skins: caseSkins, vanillaKnives: caseKnives }, Date.now()));

step(`Counting the rows of ${database}`);
const [counts] = query<Record<string, number>>(
  `SELECT ${[
    "categories",
    "weapons",
    "skins",
    "skin_wears",
    "crates",
    "collections",
    "skin_crates",
    "vanilla_knives",
    "crate_vanilla_knives",
    "skin_collections",
    "case_values",
    "stickers",
    "official_loadouts",
    "official_loadout_slots",
    "sticker_crafts",
    "sticker_craft_stickers",
    "skin_variant_prices",
    "skin_market_prices",
    "item_market_prices",
    "price_history",
    "item_price_history",
  ]
    .map((table) => `(SELECT count(*) FROM ${table}) AS ${table}`)
    .join(", ")}`,
);
console.log(remote ? "Seeded the remote D1 (the catalogue; the price job writes prices):" : "Seeded the local D1 (prices are demo data):");
for (const [table, count] of Object.entries(counts!)) console.log(`  ${table.padEnd(24)} ${count}`);
