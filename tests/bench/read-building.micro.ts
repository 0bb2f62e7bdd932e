// A micro-benchmark, not part of `npm run bench`: the CPU of handing each anonymous page's reads
// (the shell's included) to D1, per request, in Node, against a D1 stand-in that answers no rows,
// so only the building of the statements is timed. "drizzle" is what a page does (its builders
// through `db.batch`); "prebuilt" binds SQL text drizzle built once (`.toSQL()`), which is what the
// read shapes did per request until 26 November (docs/decisions/048-one-way-to-read.md).
// Run: npx vitest run --config tests/bench/vitest.config.ts tests/bench/read-building.micro.ts
import type { BatchItem } from "drizzle-orm/batch";
import { expect, test } from "vitest";
import { createDatabase, type Database } from "~/server/db/client.server";
import * as catalogue from "~/server/features/catalogue.server";
import { skinChartHistoryQuery, skinVariantPricesQuery } from "~/server/features/price-charts.server";
import { demoPricesQuery } from "~/server/features/shell.server";

/** Enough of a D1 binding for drizzle's batch: statements bind, and a batch answers no rows. */
function emptyD1(): D1Database {
  const statement = { bind: () => statement };
  const batch = (statements: unknown[]) => Promise.resolve(statements.map(() => ({ results: [], success: true, meta: {} })));
  return { prepare: () => statement, batch } as unknown as D1Database;
}

/** A read of a page: a builder drizzle's batch takes, which also shows its SQL (`toSQL`). */
type Read = BatchItem<"sqlite"> & { toSQL(): { sql: string; params: unknown[] } };
type Reads = [Read, ...Read[]];
const SKIN = "ak-47-redline";

/** Each page's reads as its loaders ask for them, the shell's two first. */
const PAGES: Record<string, (db: Database) => Reads> = {
  home: (db) => [
    catalogue.listCategoriesQuery(db),
    demoPricesQuery(db),
    catalogue.listCategoriesQuery(db),
    catalogue.allWeaponsQuery(db),
    catalogue.latestOfficialLoadoutsQuery(db, 3),
    catalogue.latestStickerCraftsQuery(db, 3),
  ],
  category: (db) => [
    catalogue.listCategoriesQuery(db),
    demoPricesQuery(db),
    catalogue.findCategoryQuery(db, "Rifles"),
    catalogue.weaponCardsQuery(db, "Rifles"),
  ],
  weapon: (db) => [
    catalogue.listCategoriesQuery(db),
    demoPricesQuery(db),
    catalogue.findWeaponQuery(db, "AK-47"),
    catalogue.weaponSkinsQuery(db, "AK-47"),
    catalogue.crateNamesOfWeaponQuery(db, "AK-47"),
    catalogue.collectionNamesOfWeaponQuery(db, "AK-47"),
  ],
  skin: (db) => [
    catalogue.listCategoriesQuery(db),
    demoPricesQuery(db),
    catalogue.skinQuery(db, SKIN),
    catalogue.skinWearsQuery(db, SKIN),
    catalogue.crateNamesOfSkinQuery(db, SKIN),
    catalogue.collectionNamesOfSkinQuery(db, SKIN),
    skinChartHistoryQuery(db, SKIN, "2026-10-27", null),
    skinVariantPricesQuery(db, SKIN),
  ],
};

const REQUESTS = 500;
const ROUNDS = 5;

/** Microseconds of this process's CPU (user and system) per request, the median of the rounds: CPU, not wall time, as the machine is shared. */
async function time(run: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 200; i++) await run();
  const rounds: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const started = process.cpuUsage();
    for (let i = 0; i < REQUESTS; i++) await run();
    const { user, system } = process.cpuUsage(started);
    rounds.push((user + system) / REQUESTS);
  }
  rounds.sort((a, b) => a - b);
  return Math.round(rounds[Math.floor(ROUNDS / 2)]! * 10) / 10;
}

test("building the anonymous pages' reads: drizzle's batch against prebuilt text", async () => {
  const d1 = emptyD1();
  const figures: Record<string, { drizzle: number; prebuilt: number }> = {};
  for (const [page, reads] of Object.entries(PAGES)) {
    const texts = reads(createDatabase(d1)).map((read) => read.toSQL());
    figures[page] = {
      drizzle: await time(() => {
        const db = createDatabase(d1);
        return db.batch(reads(db));
      }),
      prebuilt: await time(() => d1.batch(texts.map(({ sql, params }) => d1.prepare(sql).bind(...params)))),
    };
  }
  console.log(`microseconds of CPU per request: ${JSON.stringify(figures)}`);
  expect(Object.keys(figures)).toEqual(Object.keys(PAGES));
}, 600_000);
