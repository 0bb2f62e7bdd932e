// Search server time without the local runtime's overhead: the Worker's own search code (plan,
// both queries in one batch, ranking) run in Node on a read-only copy of the benchmark's D1
// SQLite file, one query at a time. Run by tests/bench/run.ts, which reads the JSON it writes.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { writeFileSync } from "node:fs";
import { DatabaseSync, type SQLInputValue } from "node:sqlite";
import { expect, test } from "vitest";
import { createDatabase } from "~/server/db/client.server";
import { loadSearchResults } from "~/server/features/catalogue.server";

/** Just enough of the D1 binding for drizzle's batch: prepare, bind and batch. */
function d1OverSqlite(sqlite: DatabaseSync): D1Database {
  const prepare = (query: string) => {
    let params: SQLInputValue[] = [];
    const statement = {
      bind(...values: SQLInputValue[]) {
        params = values;
        return statement;
      },
      all: () => Promise.resolve({ results: sqlite.prepare(query).all(...params), success: true, meta: {} }),
    };
    return statement;
  };
  const batch = (statements: { all: () => Promise<unknown> }[]) => Promise.all(statements.map((s) => s.all()));
  return { prepare, batch } as unknown as D1Database; // only the methods drizzle's batch calls
}

test("search server time", async () => {
  const file = process.env.BENCH_D1_FILE;
  const queries = JSON.parse(process.env.BENCH_SEARCH_QUERIES ?? "[]") as string[];
  const rounds = Number(process.env.BENCH_SEARCH_ROUNDS ?? 10);
  expect(file, "BENCH_D1_FILE").toBeTruthy();
  const db = createDatabase(d1OverSqlite(new DatabaseSync(file!, { readOnly: true })));
  // The batcher's one-tick wait is left out: this times the database and the ranking only.
  const context = { db, load: db.batch.bind(db) } as unknown as AppLoadContext;
  const times: number[] = [];
  for (let round = 0; round <= rounds; round++) {
    for (const query of queries) {
      const started = performance.now();
      const results = await loadSearchResults(context, query);
      const elapsed = performance.now() - started;
      if (round > 0) times.push(elapsed);
      if (round === 0 && query === "ak47 redlin") expect(results[0]?.name).toBe("AK-47 | Redline");
    }
  }
  times.sort((a, b) => a - b);
  const at = (p: number) => Math.round(times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)]! * 100) / 100;
  writeFileSync(process.env.BENCH_OUTPUT!, JSON.stringify({ samples: times.length, p50Ms: at(50), p95Ms: at(95), maxMs: at(100) }));
});
