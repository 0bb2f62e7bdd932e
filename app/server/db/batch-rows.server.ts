import type { Query } from "drizzle-orm";

/** A drizzle prepared select, as its D1 batch uses it (`fields` is drizzle-internal: the selected fields, flattened). */
export interface PreparedRead {
  getQuery(): Query;
  mapResult(response: unknown, isFromBatch?: boolean): unknown;
  readonly fields?: readonly unknown[];
}

/**
 * Maps a batch answer as drizzle does, with a check drizzle lacks: D1 answers a batch's rows as
 * objects keyed by column name and drizzle reads their values by position, so two selected columns
 * of one name (two unnamed `null`s, the `id` of two joined tables) become one and every later value
 * lands in the wrong field. Such a query throws, naming its SQL, instead of answering wrong values.
 */
export function batchResultMapper(prepared: PreparedRead): (response: D1Result) => unknown {
  const width = prepared.fields?.length;
  return (response) => {
    const first = response.results[0];
    if (width !== undefined && first && Object.keys(first).length !== width) {
      throw new Error(`Two selected columns share a name (give each its own with .as()): ${prepared.getQuery().sql}`);
    }
    return prepared.mapResult(response, true);
  };
}
