import { sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";

/**
 * The condition of a capped insert: `owner` has fewer than `limit` rows in the table of
 * `ownerColumn`. Written into the insert's own statement (`INSERT ... SELECT ... WHERE`), so
 * requests racing each other each see the rows the others wrote and none can overshoot.
 */
export function belowLimit(ownerColumn: SQLiteColumn, owner: string, limit: number): SQL {
  return sql`(select count(*) from ${ownerColumn.table} where ${ownerColumn} = ${owner}) < ${limit}`;
}
