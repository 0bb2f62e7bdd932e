import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { ACCOUNT_LIMITS } from "~/domain/limits";
import { currentPriceCents, type LoadedTracker, type WearPrice } from "~/domain/resell";
import type { TrackerInput } from "~/forms/resell";
import type { Database } from "../../db/client.server";
import { belowLimit } from "../../db/limits.server";
import { resellTrackers, skins, skinWears } from "../../db/schema.server";
import { requestOwner } from "../../auth/session.server";

/** Trackers belong to `owner`: a user id, or `sessionOwner(...)` to read them in a page's batch. */
type Owner = string | SQL;

const trackerColumns = {
  id: resellTrackers.id,
  skinId: resellTrackers.skinId,
  skinName: skins.name,
  skinImage: skins.image,
  weapon: skins.weapon,
  rarityColor: skins.rarityColor,
  minFloat: skins.minFloat,
  maxFloat: skins.maxFloat,
  lastPriceUpdate: skins.lastPriceUpdate,
  buyPriceCents: resellTrackers.buyPriceCents,
  wear: resellTrackers.wear,
  wearValue: resellTrackers.wearValue,
  notes: resellTrackers.notes,
  boughtAt: resellTrackers.boughtAt,
  createdAt: resellTrackers.createdAt,
  updatedAt: resellTrackers.updatedAt,
};

/** The owner's trackers, newest first (spec section 7). */
export function trackersQuery(db: Database, owner: Owner) {
  return db
    .select(trackerColumns)
    .from(resellTrackers)
    .innerJoin(skins, eq(skins.id, resellTrackers.skinId))
    .where(eq(resellTrackers.userId, owner))
    .orderBy(desc(resellTrackers.createdAt), desc(resellTrackers.id));
}

/** One of the owner's trackers; another user's is no row. */
export function trackerQuery(db: Database, owner: Owner, id: number) {
  return db
    .select(trackerColumns)
    .from(resellTrackers)
    .innerJoin(skins, eq(skins.id, resellTrackers.skinId))
    .where(and(eq(resellTrackers.id, id), eq(resellTrackers.userId, owner)))
    .limit(1);
}

/** Wear prices of every skin the owner tracks (or of one tracker's skin with `trackerId`). */
export function trackerWearsQuery(db: Database, owner: Owner, trackerId?: number) {
  const tracked = db
    .select({ skinId: resellTrackers.skinId })
    .from(resellTrackers)
    .where(trackerId === undefined ? eq(resellTrackers.userId, owner) : and(eq(resellTrackers.userId, owner), eq(resellTrackers.id, trackerId)));
  return db
    .select({ skinId: skinWears.skinId, wear: skinWears.wear, enabled: skinWears.enabled, priceCents: skinWears.priceCents })
    .from(skinWears)
    .where(inArray(skinWears.skinId, tracked));
}

export type TrackerRow = Awaited<ReturnType<typeof trackersQuery>>[number];
export type WearRow = Awaited<ReturnType<typeof trackerWearsQuery>>[number];

/** Each tracker with its current price (spec section 9). */
export function withCurrentPrices(trackers: readonly TrackerRow[], wears: readonly WearRow[]) {
  const bySkin = new Map<string, WearPrice[]>();
  for (const row of wears) bySkin.set(row.skinId, [...(bySkin.get(row.skinId) ?? []), row]);
  return trackers.map((tracker) => ({ ...tracker, currentCents: currentPriceCents(tracker.wear, bySkin.get(tracker.skinId) ?? []) }));
}

/** A new tracker, unless the user has ACCOUNT_LIMITS.trackers already: then "limit". */
export async function createTracker(db: Database, userId: string, input: TrackerInput): Promise<number | "limit"> {
  const [row] = await db.all<{ id: number }>(sql`
    insert into ${resellTrackers} (user_id, skin_id, buy_price_cents, wear_value, wear, notes, bought_at)
    select ${userId}, ${input.skinId}, ${input.buyPriceCents}, ${input.wearValue}, ${input.wear}, ${input.notes}, ${input.boughtAt}
    where ${belowLimit(resellTrackers.userId, userId, ACCOUNT_LIMITS.trackers)}
    returning id`);
  return row?.id ?? "limit";
}

/** Updates the owner's tracker (its skin stays); false when it is not theirs or gone. */
export async function updateTracker(db: Database, userId: string, id: number, input: Omit<TrackerInput, "skinId">): Promise<boolean> {
  const rows = await db
    .update(resellTrackers)
    .set({
      wear: input.wear,
      wearValue: input.wearValue,
      buyPriceCents: input.buyPriceCents,
      notes: input.notes,
      boughtAt: input.boughtAt,
      updatedAt: sql`(cast(unixepoch('subsec') * 1000 as integer))`,
    })
    .where(and(eq(resellTrackers.id, id), eq(resellTrackers.userId, userId)))
    .returning({ id: resellTrackers.id });
  return rows.length > 0;
}

/** Deletes the owner's tracker; false when it is not theirs or gone. */
export async function deleteTracker(db: Database, userId: string, id: number): Promise<boolean> {
  const rows = await db
    .delete(resellTrackers)
    .where(and(eq(resellTrackers.id, id), eq(resellTrackers.userId, userId)))
    .returning({ id: resellTrackers.id });
  return rows.length > 0;
}

/**
 * The signed-in visitor's trackers with current prices, read in the page's batch (call it in the
 * same tick as the page's other reads); none without a session.
 */
export function loadTrackers(context: AppLoadContext): Promise<LoadedTracker[]> {
  if (!context.sessionId) return Promise.resolve([]);
  const owner = requestOwner(context);
  return context.load([trackersQuery(context.db, owner), trackerWearsQuery(context.db, owner)]).then(([trackers, wears]) =>
    withCurrentPrices(trackers, wears).map((tracker) => ({
      ...tracker,
      createdAt: tracker.createdAt.getTime(),
      updatedAt: tracker.updatedAt.getTime(),
      lastPriceUpdate: tracker.lastPriceUpdate?.getTime() ?? null,
    })),
  );
}
