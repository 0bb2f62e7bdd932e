import type { BatchItem, BatchResponse } from "drizzle-orm/batch";
import type { Database } from "./client.server";

type Queries = readonly [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]];

interface Pending {
  queries: Queries;
  resolve: (results: unknown[]) => void;
  reject: (error: unknown) => void;
}

/**
 * Remix runs the root loader and the route loaders of a request concurrently. Each asks this
 * batcher for its reads; every read asked for in the same turn of the event loop goes to D1 as one
 * `db.batch`, so a page costs one round trip however many loaders it has.
 */
export function createQueryBatcher(db: Database) {
  let pending: Pending[] = [];

  async function flush() {
    const group = pending;
    pending = [];
    const all = group.flatMap((entry) => [...entry.queries]) as unknown as Queries;
    try {
      const results = (await db.batch(all)) as readonly unknown[];
      let offset = 0;
      for (const entry of group) {
        entry.resolve(results.slice(offset, offset + entry.queries.length));
        offset += entry.queries.length;
      }
    } catch (error) {
      for (const entry of group) entry.reject(error);
    }
  }

  return function load<T extends Queries>(queries: T): Promise<BatchResponse<T>> {
    return new Promise((resolve, reject) => {
      if (pending.length === 0) setTimeout(flush, 0);
      pending.push({ queries, resolve: resolve as (results: unknown[]) => void, reject });
    });
  };
}
export type QueryBatcher = ReturnType<typeof createQueryBatcher>;
