// Community sticker crafts: what admins decide, and who may see which. The crafts live in
// sticker_crafts beside the official ones (author_id set, a status); the official queries stay in
// sticker-crafts.server.ts and are reused here, and a player's submission is written by the one
// craft form's write (craft-writes.server.ts), which counts against the limits judged here.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, asc, desc, eq, exists, inArray, isNotNull, lt, sql, type SQL } from "drizzle-orm";
import { isCraftVisibleTo, SUBMISSION_WINDOW_MS, type CraftStatus, type ModerationAction } from "~/domain/community-crafts";
import { craftStickerPrice, craftTotals } from "~/domain/sticker-crafts";
import type { Database } from "../db/client.server";
import {
  craftModerationLog,
  craftReports,
  craftSubmissions,
  itemMarketPrices,
  skins,
  skinWears,
  stickerCrafts,
  stickerCraftStickers,
  stickers,
  users,
} from "../db/schema.server";
import { deleteImagesOfDeletedCrafts } from "../http/uploads.server";
import { enqueueMailWhereQueries, type MailMessage } from "../mail/outbox.server";
import { craftCardColumns, craftSkinColumns, priceOfEnabledWearOn } from "./catalogue.server";
import { catalogueStickerIdOf, craftStickerIdsQuery, stickerIdsOf } from "./stickers.server";
import { craftDecisionMail } from "../mail/craft-mails.server";
import { craftQuery, craftSkinPriceQuery, craftStickersQuery, deleteCraft } from "./sticker-crafts.server";
import { DEFAULT_MARKET_CHOICE, type MarketChoice } from "~/domain/markets";

export const isCommunity = isNotNull(stickerCrafts.authorId);
export const published = eq(stickerCrafts.status, "published");

// ---------------------------------------------------------------- reads

/**
 * A craft sticker's price as the craft page takes it: the feed's price of its catalogue sticker (on
 * `market`, that market's row of item_market_prices), else the typed one.
 */
function craftStickerCents(market: MarketChoice): SQL {
  const catalogueId = catalogueStickerIdOf(stickerCraftStickers.name);
  const m = itemMarketPrices;
  const feed =
    market === "cheapest"
      ? sql`(select ${stickers.priceCents} from ${stickers} where ${stickers.id} = ${catalogueId})`
      : sql`(select ${m.priceCents} from ${m} where ${m.kind} = 'sticker' and ${m.itemId} = ${catalogueId} and ${m.market} = ${market})`;
  return sql`coalesce(nullif(${feed}, 0), ${stickerCraftStickers.priceCents})`;
}

/**
 * Every published craft, official and community, newest first, with its skin, the skin's cheapest
 * price and its stickers' total (priced as on the craft page, on `market`): the gallery, its order
 * and its stats.
 */
export function galleryCraftsQuery(db: Database, market: MarketChoice = DEFAULT_MARKET_CHOICE) {
  return db
    .select({
      ...craftCardColumns,
      placementImage: stickerCrafts.placementImage,
      skinMinCents: sql<number | null>`(select min(${priceOfEnabledWearOn(market)}) from ${skinWears} where ${skinWears.skinId} = ${stickerCrafts.skinId})`.as(
        "skin_min_cents",
      ),
      stickersCents:
        sql<number>`(select coalesce(sum(${craftStickerCents(market)}), 0) from ${stickerCraftStickers} where ${stickerCraftStickers.craftId} = ${stickerCrafts.id})`.as(
          "stickers_cents",
        ),
    })
    .from(stickerCrafts)
    .innerJoin(skins, eq(skins.id, stickerCrafts.skinId))
    .where(published)
    .orderBy(desc(stickerCrafts.createdAt), desc(stickerCrafts.id));
}

/** Who may see a craft: its status and author (no row: no such craft). */
export function craftVisibilityQuery(db: Database, id: number) {
  return db
    .select({ status: stickerCrafts.status, authorId: stickerCrafts.authorId, rejectionReason: stickerCrafts.rejectionReason })
    .from(stickerCrafts)
    .where(eq(stickerCrafts.id, id))
    .limit(1);
}

/** A player's own crafts, newest first: the profile's My Crafts tab. */
export function myCraftsQuery(db: Database, owner: SQL) {
  return db
    .select({
      id: stickerCrafts.id,
      name: stickerCrafts.name,
      status: stickerCrafts.status,
      rejectionReason: stickerCrafts.rejectionReason,
      ingameImage: stickerCrafts.ingameImage,
      submittedAt: stickerCrafts.submittedAt,
      ...craftSkinColumns,
    })
    .from(stickerCrafts)
    .innerJoin(skins, eq(skins.id, stickerCrafts.skinId))
    .where(eq(stickerCrafts.authorId, owner))
    .orderBy(desc(stickerCrafts.createdAt), desc(stickerCrafts.id));
}

/** The catalogue stickers a form names by id. */
export function stickersByIdsQuery(db: Database, ids: readonly number[]) {
  return db
    .select({ id: stickers.id, name: stickers.name, image: stickers.image })
    .from(stickers)
    .where(inArray(stickers.id, ids.length > 0 ? [...ids] : [0]));
}

const authorEmail = sql<string>`${users.email}`.as("author_email");

/** Crafts waiting for review, oldest submission first. */
export function moderationQueueQuery(db: Database) {
  return db
    .select({ id: stickerCrafts.id, name: stickerCrafts.name, submittedAt: stickerCrafts.submittedAt, authorEmail, ...craftSkinColumns })
    .from(stickerCrafts)
    .innerJoin(skins, eq(skins.id, stickerCrafts.skinId))
    .innerJoin(users, eq(users.id, stickerCrafts.authorId))
    .where(eq(stickerCrafts.status, "pending"))
    .orderBy(asc(stickerCrafts.submittedAt), asc(stickerCrafts.id));
}

/** Published community crafts, newest first, which an admin may unpublish. */
export function publishedCommunityQuery(db: Database) {
  return db
    .select({ id: stickerCrafts.id, name: stickerCrafts.name, version: stickerCrafts.version, authorEmail })
    .from(stickerCrafts)
    .innerJoin(users, eq(users.id, stickerCrafts.authorId))
    .where(and(published, isCommunity))
    .orderBy(desc(stickerCrafts.createdAt), desc(stickerCrafts.id));
}

export const MODERATION_LOG_LIMIT = 50;

/** The latest moderation decisions: who, when, what. */
export function moderationLogQuery(db: Database) {
  return db
    .select({
      id: craftModerationLog.id,
      craftId: craftModerationLog.craftId,
      craftName: craftModerationLog.craftName,
      action: craftModerationLog.action,
      reason: craftModerationLog.reason,
      createdAt: craftModerationLog.createdAt,
      adminEmail: sql<string | null>`${users.email}`.as("admin_email"),
    })
    .from(craftModerationLog)
    .leftJoin(users, eq(users.id, craftModerationLog.adminId))
    .orderBy(desc(craftModerationLog.createdAt), desc(craftModerationLog.id))
    .limit(MODERATION_LOG_LIMIT);
}

/** What a moderation action needs: the craft, its state and its author's address (null: an official craft). */
export function moderationTargetQuery(db: Database, id: number) {
  return db
    .select({
      id: stickerCrafts.id,
      name: stickerCrafts.name,
      status: stickerCrafts.status,
      version: stickerCrafts.version,
      authorEmail: sql<string | null>`${users.email}`.as("author_email"),
    })
    .from(stickerCrafts)
    .leftJoin(users, eq(users.id, stickerCrafts.authorId))
    .where(eq(stickerCrafts.id, id))
    .limit(1);
}

// ---------------------------------------------------------------- the craft page

/**
 * A craft's page as visitors see it (the detail page and the moderation preview), in one batch
 * with the viewer's session; null when there is no such craft or the viewer may not see it.
 */
export async function loadCraftPage(
  context: AppLoadContext,
  id: number,
  viewer: Promise<{ id: string; isAdmin: boolean } | null>,
  market: MarketChoice = DEFAULT_MARKET_CHOICE,
) {
  const { db } = context;
  const [[found, stickerRows, prices, visibility], user] = await Promise.all([
    context.load([craftQuery(db, id), craftStickersQuery(db, id, market), craftSkinPriceQuery(db, id, market), craftVisibilityQuery(db, id)]),
    viewer,
  ]);
  const craft = found[0];
  const access = visibility[0];
  if (!craft || !access || !isCraftVisibleTo(access, user)) return null;
  const price = prices[0] ?? { minCents: null, maxCents: null };
  const stickerPrices = stickerRows.map((s) =>
    craftStickerPrice({
      marketCents: s.marketCents,
      marketUpdatedAt: s.marketUpdatedAt,
      typedCents: s.priceCents,
      typedUpdatedAt: s.lastUpdated?.getTime() ?? null,
    }),
  );
  const totals = craftTotals(
    price.minCents,
    stickerPrices.map((p) => p.priceCents),
  );
  const { version: _version, updatedAt, ...shown } = craft;
  return {
    craft: { ...shown, updatedAt: updatedAt.getTime(), community: access.authorId !== null, status: access.status, rejectionReason: access.rejectionReason },
    stickers: stickerRows.map(({ marketCents: _market, marketUpdatedAt: _updated, priceCents: _typed, lastUpdated: _typedAt, ...s }, index) => ({
      ...s,
      priceCents: stickerPrices[index]!.priceCents,
      priceSource: stickerPrices[index]!.source,
      lastUpdated: stickerPrices[index]!.updatedAt,
      share: totals.shares[index] ?? null,
    })),
    skinPrice: { minCents: price.minCents, maxCents: price.maxCents },
    totals: { stickersCents: totals.stickersCents, craftCents: totals.craftCents },
  };
}
export type CraftPage = NonNullable<Awaited<ReturnType<typeof loadCraftPage>>>;

// ---------------------------------------------------------------- a player's writes

/** The author's pending crafts other than the one being edited. */
export const pendingOthers = (authorId: string | SQL, editingId: number) =>
  sql<number>`(select count(*) from ${stickerCrafts} where ${stickerCrafts.authorId} = ${authorId} and ${stickerCrafts.status} = 'pending' and ${stickerCrafts.id} <> ${editingId})`;
/** The author's submissions in the last 24 hours, deleted crafts' included. */
export const submissionsLastDay = (authorId: string | SQL, now: number) =>
  sql<number>`(select count(*) from ${craftSubmissions} where ${craftSubmissions.authorId} = ${authorId} and ${craftSubmissions.submittedAt} > ${now - SUBMISSION_WINDOW_MS})`;

/** The counts the limits judge, for the submit page to say so before the player fills it in. */
export function submissionCountsQuery(db: Database, owner: SQL, now: number) {
  return db
    .select({ pendingOthers: pendingOthers(owner, 0).as("pending_others"), lastDay: submissionsLastDay(owner, now).as("last_day") })
    .from(users)
    .where(eq(users.id, owner));
}

/** Deletes one of the author's own crafts (any state) and its images (an R2 fault is logged); null when it is not theirs. */
export async function deleteOwnCraft(
  db: Database,
  bucket: R2Bucket,
  id: number,
  authorId: string,
): Promise<{ status: CraftStatus; stickerIds: number[] } | null> {
  // The sticker pages that list it, read in the same batch before it goes.
  const [stickerRows, [deleted]] = await db.batch([
    craftStickerIdsQuery(db, [id]),
    db
      .delete(stickerCrafts)
      .where(and(eq(stickerCrafts.id, id), eq(stickerCrafts.authorId, authorId)))
      .returning({ status: stickerCrafts.status }),
  ]);
  if (!deleted) return null;
  await deleteImagesOfDeletedCrafts(bucket, [id], "my crafts");
  return { status: deleted.status, stickerIds: stickerIdsOf(stickerRows) };
}

// ---------------------------------------------------------------- moderation

/** The status a craft must have for an action, and the one it gets. */
const TRANSITIONS: Record<ModerationAction, { from: CraftStatus; to: CraftStatus }> = {
  published: { from: "pending", to: "published" },
  rejected: { from: "pending", to: "rejected" },
  unpublished: { from: "published", to: "rejected" },
};

/** Whether the log entry with this id exists: the condition the rest of a moderation batch holds on. */
const logEntry = (db: Database, entry: string) =>
  exists(
    db
      .select({ one: sql`1` })
      .from(craftModerationLog)
      .where(eq(craftModerationLog.id, entry)),
  );

export type ModerationOutcome = { status: "done" } | { status: "not-found" } | { status: "conflict" };

/**
 * One moderation decision in one batch: the log entry (written only while the craft still has
 * the status and the version the admin saw), then the craft's new status and the author's mail,
 * both holding only while that entry exists.
 */
export async function moderateCraft(
  db: Database,
  decision: { id: number; version: number; action: ModerationAction; reason: string | null; adminId: string; craftName: string; mail: MailMessage },
  now = Date.now(),
): Promise<ModerationOutcome> {
  const entry = crypto.randomUUID();
  const { from, to } = TRANSITIONS[decision.action];
  const logged = logEntry(db, entry);
  const results = await db.batch([
    db.insert(craftModerationLog).select(
      db
        .select({
          // drizzle wants every column, in the table's order.
          id: sql`${entry}`.as("id"),
          craftId: stickerCrafts.id,
          craftName: stickerCrafts.name,
          adminId: sql`${decision.adminId}`.as("admin_id"),
          action: sql`${decision.action}`.as("action"),
          reason: sql`${decision.reason}`.as("reason"),
          createdAt: sql`${now}`.as("created_at"),
        })
        .from(stickerCrafts)
        .where(and(eq(stickerCrafts.id, decision.id), eq(stickerCrafts.status, from), eq(stickerCrafts.version, decision.version), isCommunity)),
    ),
    db
      .update(stickerCrafts)
      .set({ status: to, rejectionReason: to === "rejected" ? decision.reason : null, version: sql`${stickerCrafts.version} + 1` })
      .where(and(eq(stickerCrafts.id, decision.id), logged))
      .returning({ id: stickerCrafts.id }),
    ...enqueueMailWhereQueries(db, decision.mail, logged, now),
    // Taken down, its reports are answered.
    ...(decision.action === "unpublished" ? [db.delete(craftReports).where(and(eq(craftReports.craftId, decision.id), logged))] : []),
  ]);
  if ((results[1] as { id: number }[]).length === 1) return { status: "done" };
  const [current] = await db
    .select({ status: stickerCrafts.status })
    .from(stickerCrafts)
    .where(and(eq(stickerCrafts.id, decision.id), isCommunity));
  return current ? { status: "conflict" } : { status: "not-found" };
}

/** A log entry for a community craft as it is now, written only while `where` holds for it. */
function insertLogEntry(
  db: Database,
  entry: string,
  where: SQL,
  fields: { adminId: string; action: "deleted" | "dismissed"; reason: string | null; now: number },
) {
  return db.insert(craftModerationLog).select(
    db
      .select({
        // drizzle wants every column, in the table's order.
        id: sql`${entry}`.as("id"),
        craftId: stickerCrafts.id,
        craftName: stickerCrafts.name,
        adminId: sql`${fields.adminId}`.as("admin_id"),
        action: sql`${fields.action}`.as("action"),
        reason: sql`${fields.reason}`.as("reason"),
        createdAt: sql`${fields.now}`.as("created_at"),
      })
      .from(stickerCrafts)
      .where(and(where, isCommunity)),
  );
}

/**
 * An admin deletes a community craft, from the queue or the admin list: one batch writes the log
 * entry, queues the author's mail and deletes the craft (the last two only while the entry exists);
 * then its images leave R2 (an R2 fault is logged). False when there is no such community craft.
 */
export async function deleteCommunityCraft(
  db: Database,
  bucket: R2Bucket,
  removal: { id: number; reason: string | null; adminId: string; mail: MailMessage },
  now = Date.now(),
): Promise<boolean> {
  const entry = crypto.randomUUID();
  const logged = logEntry(db, entry);
  const results = await db.batch([
    insertLogEntry(db, entry, eq(stickerCrafts.id, removal.id), { adminId: removal.adminId, action: "deleted", reason: removal.reason, now }),
    ...enqueueMailWhereQueries(db, removal.mail, logged, now),
    db
      .delete(stickerCrafts)
      .where(and(eq(stickerCrafts.id, removal.id), logged))
      .returning({ id: stickerCrafts.id }),
  ]);
  if ((results[3] as { id: number }[]).length === 0) return false;
  await deleteImagesOfDeletedCrafts(bucket, [removal.id], "admin");
  return true;
}

/**
 * An admin deletes a craft from anywhere in the admin: an official one at once, a community one
 * through the moderation log and its author's mail. False when there is no such craft.
 */
export async function deleteCraftAsAdmin(
  context: AppLoadContext,
  id: number,
  adminId: string,
  reason: string | null,
): Promise<{ stickerIds: number[] } | null> {
  const { db, env } = context;
  const [[target], stickerRows] = await db.batch([moderationTargetQuery(db, id), craftStickerIdsQuery(db, [id])]);
  if (!target) return null;
  const mail = target.authorEmail === null ? null : craftDecisionMail(target.authorEmail, env.APP_ORIGIN, { id, name: target.name }, "deleted", reason);
  const deleted = mail === null ? await deleteCraft(db, env.IMAGES, id) : await deleteCommunityCraft(db, env.IMAGES, { id, reason, adminId, mail });
  // The sticker pages that listed it, read before it went.
  return deleted ? { stickerIds: stickerIdsOf(stickerRows) } : null;
}

// ---------------------------------------------------------------- reports

/** What waits for moderators: crafts pending review, and open reports of published crafts. */
export function moderationCountsQuery(db: Database) {
  return db
    .select({
      pending: sql<number>`(select count(*) from ${stickerCrafts} where ${stickerCrafts.status} = 'pending')`.as("pending"),
      // Table-qualified by hand: inside sql`` drizzle names a column without its table.
      reports: sql<number>`(select count(*) from craft_reports r join sticker_crafts c on c.id = r.craft_id where c.status = 'published')`.as("reports"),
    })
    .from(sql`(select 1)`);
}

/**
 * An admin dismisses a craft's open reports: a log entry (saying how many) and the reports' removal
 * in one batch; false when the craft has none.
 */
export async function dismissReports(db: Database, craftId: number, adminId: string, now = Date.now()): Promise<boolean> {
  const entry = crypto.randomUUID();
  const open = sql<number>`(select count(*) from ${craftReports} where ${craftReports.craftId} = ${craftId})`;
  const results = await db.batch([
    insertLogEntry(db, entry, and(eq(stickerCrafts.id, craftId), sql`${open} > 0`)!, {
      adminId,
      action: "dismissed",
      reason: null,
      now,
    }),
    db
      .update(craftModerationLog)
      .set({ reason: sql`${open} || case when ${open} = 1 then ' report' else ' reports' end` })
      .where(eq(craftModerationLog.id, entry)),
    db
      .delete(craftReports)
      .where(and(eq(craftReports.craftId, craftId), logEntry(db, entry)))
      .returning({ id: craftReports.id }),
  ]);
  return (results[2] as { id: string }[]).length > 0;
}

/** Submissions older than the daily window count for nothing any more. */
export function expiredSubmissionsQuery(db: Database, now: number) {
  return db.delete(craftSubmissions).where(lt(craftSubmissions.submittedAt, new Date(now - SUBMISSION_WINDOW_MS)));
}
