import { drizzle } from "drizzle-orm/d1";

// No relational schema: the queries are built from the tables themselves, and passing the schema
// would make every request (one client each) rebuild drizzle's relation map.
export function createDatabase(d1: D1Database) {
  return drizzle(d1);
}
export type Database = ReturnType<typeof createDatabase>;
