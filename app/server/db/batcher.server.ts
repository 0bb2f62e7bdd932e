import type { BatchItem } from "drizzle-orm/batch";
import { batchResultMapper, type PreparedRead } from "./batch-rows.server";
import type { Database } from "./client.server";
import { isShapedRead, type ShapedRead } from "./read-shape.server";

/** A read of a page: a shape with its values (`shape.with(db, ...)`) or any drizzle query builder. */
type Read = ShapedRead<unknown> | BatchItem<"sqlite">;
type Reads = readonly [Read, ...Read[]];

/** The rows of each read, in order, typed as drizzle's own batch would type them. */
export type ReadResults<T extends Reads> = {
  [K in keyof T]: T[K] extends ShapedRead<infer Result> ? Result : T[K] extends BatchItem<"sqlite"> ? T[K]["_"]["result"] : never;
};

/** What drizzle's own D1 batch calls on each builder (`_prepare` is internal, so not in drizzle's types). */
interface PreparableBuilder {
  _prepare(): PreparedRead;
}

/**
 * Sends the reads to D1 as one batch on the database's own binding (one round trip) and maps
 * each answer as drizzle would. A builder is prepared as drizzle's session batch prepares it, so
 * its SQL text is built now; a shape's was built once, on its first use.
 */
export async function runReads<T extends Reads>(db: Database, reads: T): Promise<ReadResults<T>> {
  const d1 = db.$client;
  const statements: D1PreparedStatement[] = [];
  const mappers: ((response: D1Result) => unknown)[] = [];
  for (const read of reads) {
    if (isShapedRead(read)) {
      statements.push(read.shapedStatement);
      mappers.push(read.mapResult);
    } else {
      const prepared = (read as unknown as PreparableBuilder)._prepare();
      const { sql, params } = prepared.getQuery();
      statements.push(d1.prepare(sql).bind(...params));
      mappers.push(batchResultMapper(prepared));
    }
  }
  const responses = await d1.batch(statements);
  return responses.map((response, index) => mappers[index]!(response)) as ReadResults<T>;
}

interface Pending {
  reads: Reads;
  resolve: (results: unknown[]) => void;
  reject: (error: unknown) => void;
}

/**
 * Remix runs the root loader and the route loaders of a request concurrently. Each asks this
 * batcher for its reads; every read asked for in the same turn of the event loop goes to D1 as one
 * batch, so a page costs one round trip however many loaders it has.
 */
export function createQueryBatcher(db: Database) {
  let pending: Pending[] = [];

  async function flush() {
    const group = pending;
    pending = [];
    const all = group.flatMap((entry) => [...entry.reads]) as unknown as Reads;
    try {
      const results = (await runReads(db, all)) as readonly unknown[];
      let offset = 0;
      for (const entry of group) {
        entry.resolve(results.slice(offset, offset + entry.reads.length));
        offset += entry.reads.length;
      }
    } catch (error) {
      for (const entry of group) entry.reject(error);
    }
  }

  return function load<T extends Reads>(reads: T): Promise<ReadResults<T>> {
    return new Promise((resolve, reject) => {
      // flush settles every waiting load itself, a failed batch included: nothing is left to await.
      if (pending.length === 0) setTimeout(() => void flush(), 0);
      pending.push({ reads, resolve: resolve as (results: unknown[]) => void, reject });
    });
  };
}
export type QueryBatcher = ReturnType<typeof createQueryBatcher>;
