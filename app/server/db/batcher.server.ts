import type { BatchItem, BatchResponse } from "drizzle-orm/batch";
import type { Database } from "./client.server";

/** A page's reads: drizzle query builders, as drizzle's `db.batch` takes them. */
type Reads = readonly [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]];

interface Pending {
  reads: Reads;
  resolve: (results: unknown[]) => void;
  reject: (error: unknown) => void;
}

/**
 * Remix runs the root loader and the route loaders of a request concurrently. Each asks this
 * batcher for its reads; every read asked for in the same turn of the event loop goes to D1 in one
 * `db.batch` (one round trip), so a page costs one round trip however many loaders it has. Each
 * loader gets its own reads' rows back, typed and mapped by drizzle. A read asked after the loader
 * awaited another goes in a batch of its own: a loader asks for all its reads, the session's
 * (`getSessionUser`) included, before it awaits any of them.
 */
export function createQueryBatcher(db: Database) {
  let pending: Pending[] = [];

  async function flush() {
    const group = pending;
    pending = [];
    const all = group.flatMap((entry) => [...entry.reads]) as unknown as Reads;
    try {
      const results = (await db.batch(all)) as readonly unknown[];
      let offset = 0;
      for (const entry of group) {
        entry.resolve(results.slice(offset, offset + entry.reads.length));
        offset += entry.reads.length;
      }
    } catch (error) {
      for (const entry of group) entry.reject(error);
    }
  }

  return function load<T extends Reads>(reads: T): Promise<BatchResponse<T>> {
    return new Promise((resolve, reject) => {
      // flush settles every waiting load itself, a failed batch included: nothing is left to await.
      if (pending.length === 0) setTimeout(() => void flush(), 0);
      pending.push({ reads, resolve: resolve as (results: unknown[]) => void, reject });
    });
  };
}
export type QueryBatcher = ReturnType<typeof createQueryBatcher>;
