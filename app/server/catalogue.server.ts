import { asc, count, eq, sql } from "drizzle-orm";
import type { Database } from "./db/client.server";
import { categories, skins, weapons } from "./db/schema.server";

export function listCategoriesQuery(db: Database) {
  return db.select({ name: categories.name }).from(categories).orderBy(asc(categories.position));
}

export function findCategoryQuery(db: Database, name: string) {
  return db.select({ name: categories.name }).from(categories).where(eq(categories.name, name)).limit(1);
}

/** Weapons of a category, each with its skin count and the image of one of its skins. */
export function weaponCardsQuery(db: Database, category: string) {
  return db
    .select({
      name: weapons.name,
      defaultImage: weapons.image,
      skinCount: count(skins.id),
      skinImage: sql<string | null>`min(${skins.image})`,
    })
    .from(weapons)
    .leftJoin(skins, eq(skins.weapon, weapons.name))
    .where(eq(weapons.category, category))
    .groupBy(weapons.name)
    .orderBy(asc(weapons.name));
}
