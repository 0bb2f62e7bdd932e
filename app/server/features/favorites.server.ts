import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import { weaponSkinCardColumns } from "./catalogue.server";
import { ACCOUNT_LIMITS } from "~/domain/limits";
import type { Database } from "../db/client.server";
import { belowLimit } from "../db/limits.server";
import { skins, skinWears, userFavorites } from "../db/schema.server";
import { requestOwner } from "../auth/session.server";

/** Favourites belong to `owner`: a user id, or `sessionOwner(...)` to read them in a page's batch. */
type Owner = string | SQL;

export function favoriteSkinIdsQuery(db: Database, owner: Owner) {
  return db.select({ skinId: userFavorites.skinId }).from(userFavorites).where(eq(userFavorites.userId, owner));
}

/** The owner's favourite skins as cards, the latest favourite first. */
export function favoriteSkinsQuery(db: Database, owner: Owner) {
  return db
    .select(weaponSkinCardColumns)
    .from(userFavorites)
    .innerJoin(skins, eq(skins.id, userFavorites.skinId))
    .leftJoin(skinWears, eq(skinWears.skinId, skins.id))
    .where(eq(userFavorites.userId, owner))
    .groupBy(skins.id)
    .orderBy(desc(userFavorites.createdAt), skins.name);
}

/**
 * Adds a favourite; adding it again changes nothing (the primary key and ON CONFLICT DO NOTHING,
 * so concurrent adds leave one row). "skin-not-found" when the skin does not exist, "limit" when the
 * user has ACCOUNT_LIMITS.favorites other favourites already.
 */
export async function addFavorite(db: Database, userId: string, skinId: string): Promise<"added" | "skin-not-found" | "limit"> {
  const [found, , kept] = await db.batch([
    db.select({ id: skins.id }).from(skins).where(eq(skins.id, skinId)).limit(1),
    db
      .insert(userFavorites)
      .select(
        db
          .select({
            userId: sql<string>`${userId}`.as("user_id"),
            skinId: skins.id,
            createdAt: sql<Date>`cast(unixepoch('subsec') * 1000 as integer)`.as("created_at"),
          })
          .from(skins)
          .where(and(eq(skins.id, skinId), belowLimit(userFavorites.userId, userId, ACCOUNT_LIMITS.favorites))),
      )
      .onConflictDoNothing(),
    favoriteQuery(db, userId, skinId),
  ]);
  if (found.length === 0) return "skin-not-found";
  return kept.length > 0 ? "added" : "limit";
}

/** The user's favourite of this skin (one row), or none. */
export function favoriteQuery(db: Database, userId: string, skinId: string) {
  return db
    .select({ skinId: userFavorites.skinId })
    .from(userFavorites)
    .where(and(eq(userFavorites.userId, userId), eq(userFavorites.skinId, skinId)))
    .limit(1);
}

export async function removeFavorite(db: Database, userId: string, skinId: string): Promise<void> {
  await db.delete(userFavorites).where(and(eq(userFavorites.userId, userId), eq(userFavorites.skinId, skinId)));
}

/**
 * The signed-in visitor's favourite skin ids, asked in the page's batch (call it in the same tick
 * as the page's own `context.load`); none without a session, at no cost.
 */
export function loadFavoriteIds(context: AppLoadContext): Promise<string[]> {
  if (!context.sessionId) return Promise.resolve([]);
  return context.load([favoriteSkinIdsQuery(context.db, requestOwner(context))]).then(([rows]) => rows.map((row) => row.skinId));
}
