// Community sticker crafts: what players submit, what admins decide, and who may see which. The
// crafts live in sticker_crafts beside the official ones (author_id set, a status); the official
// queries and writes stay in sticker-crafts.server.ts and are reused here.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, asc, desc, eq, exists, inArray, isNotNull, lt, sql, type SQL } from "drizzle-orm";
import {
  isCraftVisibleTo,
  MAX_PENDING_CRAFTS,
  MAX_SUBMISSIONS_PER_DAY,
  SUBMISSION_WINDOW_MS,
  submissionLimitReached,
  type CraftStatus,
  type ModerationAction,
  type SubmissionLimit,
} from "~/domain/community-crafts";
import { formatDollars, priceRange } from "~/domain/money";
import { IMAGE_FORMATS } from "~/domain/images";
import { craftImageKey, craftImageUrl, craftStickerPrice, craftTotals, keyOfImageUrl } from "~/domain/sticker-crafts";
import type { Database } from "../db/client.server";
import {
  craftModerationLog,
  craftReports,
  craftSubmissions,
  mailOutbox,
  skins,
  stickerCrafts,
  stickerCraftStickers,
  stickers,
  users,
} from "../db/schema.server";
import { COMMUNITY_IMAGE_METADATA, deleteImagesUnder, putImages, type CheckedImage } from "../http/uploads.server";
import type { MailMessage } from "../mail/outbox.server";
import { craftCardColumns, craftSkinColumns } from "./catalogue.server";
import { craftDecisionMail } from "../mail/craft-mails.server";
import { craftQuery, craftSkinPriceQuery, craftStickersQuery, deleteCraft, deleteImages, insertStickersFrom, type StickerRow } from "./sticker-crafts.server";

const isCommunity = isNotNull(stickerCrafts.authorId);
const published = eq(stickerCrafts.status, "published");

// ---------------------------------------------------------------- reads

/** Every published craft, official and community, newest first, with its skin: the gallery and its stats. */
export function galleryCraftsQuery(db: Database) {
  return db
    .select({ ...craftCardColumns, placementImage: stickerCrafts.placementImage })
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
export async function loadCraftPage(context: AppLoadContext, id: number, viewer: Promise<{ id: string; isAdmin: boolean } | null>) {
  const { db } = context;
  const [[found, stickerRows, prices, visibility], user] = await Promise.all([
    context.load([craftQuery(db, id), craftStickersQuery(db, id), craftSkinPriceQuery(db, id), craftVisibilityQuery(db, id)]),
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
    skinPrice: { range: priceRange(price.minCents, price.maxCents), minCents: price.minCents },
    totals: { stickers: formatDollars(totals.stickersCents), craft: totals.craftCents === null ? null : formatDollars(totals.craftCents) },
  };
}
export type CraftPage = NonNullable<Awaited<ReturnType<typeof loadCraftPage>>>;

// ---------------------------------------------------------------- a player's writes

export interface CommunityCraftInput {
  name: string;
  description: string | null;
  skinId: string;
  externalCraftLink: string | null;
  /** Catalogue stickers at their positions (name and image from the catalogue, no price or link). */
  stickers: StickerRow[];
  ingame: CheckedImage | null;
  placement: { upload: CheckedImage | null; remove: boolean };
}

export type SubmitOutcome =
  { status: "submitted"; id: number } | { status: "limit"; limit: SubmissionLimit } | { status: "not-found" } | { status: "conflict" };

/** The author's pending crafts other than the one being edited. */
const pendingOthers = (authorId: string | SQL, editingId: number) =>
  sql<number>`(select count(*) from ${stickerCrafts} where ${stickerCrafts.authorId} = ${authorId} and ${stickerCrafts.status} = 'pending' and ${stickerCrafts.id} <> ${editingId})`;
/** The author's submissions in the last 24 hours, deleted crafts' included. */
const submissionsLastDay = (authorId: string | SQL, now: number) =>
  sql<number>`(select count(*) from ${craftSubmissions} where ${craftSubmissions.authorId} = ${authorId} and ${craftSubmissions.submittedAt} > ${now - SUBMISSION_WINDOW_MS})`;

/** The counts the limits judge, for the submit page to say so before the player fills it in. */
export function submissionCountsQuery(db: Database, owner: SQL, now: number) {
  return db
    .select({ pendingOthers: pendingOthers(owner, 0).as("pending_others"), lastDay: submissionsLastDay(owner, now).as("last_day") })
    .from(users)
    .where(eq(users.id, owner));
}

/**
 * The submission's own row, written only while the limits allow it and, for an edit, only while
 * the craft is still the author's, pending or rejected, at the version they edited. Every other
 * statement of the batch holds only while this row exists, so the check and the writes are one
 * transaction: parallel submissions cannot pass the limits together.
 */
function insertTicket(db: Database, ticket: string, authorId: string, now: number, editing: { id: number; version: number } | null) {
  const editable = editing
    ? exists(
        db
          .select({ one: sql`1` })
          .from(stickerCrafts)
          .where(
            and(
              eq(stickerCrafts.id, editing.id),
              eq(stickerCrafts.authorId, authorId),
              inArray(stickerCrafts.status, ["pending", "rejected"]),
              eq(stickerCrafts.version, editing.version),
            ),
          ),
      )
    : undefined;
  return db.insert(craftSubmissions).select(
    db
      .select({
        // drizzle wants every column, in the table's order.
        id: sql`${ticket}`.as("id"),
        authorId: users.id,
        craftId: sql`${editing?.id ?? null}`.as("craft_id"),
        submittedAt: sql`${now}`.as("submitted_at"),
      })
      .from(users)
      .where(
        and(
          eq(users.id, authorId),
          sql`${pendingOthers(authorId, editing?.id ?? 0)} < ${MAX_PENDING_CRAFTS}`,
          sql`${submissionsLastDay(authorId, now)} < ${MAX_SUBMISSIONS_PER_DAY}`,
          editable,
        ),
      ),
  );
}

/** After the batch: whether the ticket went in, and else the counts and the edited craft's state that refused it. */
function submissionVerdict(db: Database, ticket: string, authorId: string, now: number, editingId: number) {
  return db
    .select({
      craftId: sql<number | null>`(select ${craftSubmissions.craftId} from ${craftSubmissions} where ${craftSubmissions.id} = ${ticket})`.as("ticket_craft"),
      ticketed: sql<number>`exists(select 1 from ${craftSubmissions} where ${craftSubmissions.id} = ${ticket})`.as("ticketed"),
      pendingOthers: pendingOthers(authorId, editingId).as("pending_others"),
      lastDay: submissionsLastDay(authorId, now).as("last_day"),
      editable:
        sql<number>`exists(select 1 from ${stickerCrafts} where ${stickerCrafts.id} = ${editingId} and ${stickerCrafts.authorId} = ${authorId} and ${stickerCrafts.status} in ('pending', 'rejected'))`.as(
          "editable",
        ),
    })
    .from(users)
    .where(eq(users.id, authorId));
}

type Verdict = Awaited<ReturnType<typeof submissionVerdict>>[number] | undefined;

function refusal(verdict: Verdict, editing: boolean): Exclude<SubmitOutcome, { status: "submitted" }> {
  if (!verdict) return { status: "not-found" };
  if (editing && !verdict.editable) return { status: "not-found" };
  const limit = submissionLimitReached(verdict);
  if (limit) return { status: "limit", limit };
  return { status: "conflict" };
}

const ticketCraft = (ticket: string) => sql`(select ${craftSubmissions.craftId} from ${craftSubmissions} where ${craftSubmissions.id} = ${ticket})`;
const ticketExists = (db: Database, ticket: string) =>
  exists(
    db
      .select({ one: sql`1` })
      .from(craftSubmissions)
      .where(eq(craftSubmissions.id, ticket)),
  );

/** A new community craft: ticket, craft, its stickers and its image URLs in one batch; then the images go to R2. */
export async function submitNewCraft(db: Database, bucket: R2Bucket, authorId: string, input: CommunityCraftInput, now = Date.now()): Promise<SubmitOutcome> {
  const ticket = crypto.randomUUID();
  const version = now.toString(36);
  const at = new Date(now);
  const ownCraft = eq(stickerCrafts.id, ticketCraft(ticket));
  const imageUrl = (slot: "ingame" | "placement", image: CheckedImage | null) =>
    image ? sql`'/images/' || ${stickerCrafts.id} || ${`/${slot}-${version}.${IMAGE_FORMATS[image.format].ext}?v=${version}`}` : null;
  const results = await db.batch([
    insertTicket(db, ticket, authorId, now, null),
    db.insert(stickerCrafts).select(
      db
        .select({
          // drizzle wants every column, in the table's order; a NULL id becomes the next rowid.
          id: sql`null`.as("id"),
          name: sql`${input.name}`.as("name"),
          description: sql`${input.description}`.as("description"),
          ingameImage: sql`null`.as("ingame_image"),
          placementImage: sql`null`.as("placement_image"),
          skinId: sql`${input.skinId}`.as("skin_id"),
          externalCraftLink: sql`${input.externalCraftLink}`.as("external_craft_link"),
          createdBy: sql`${authorId}`.as("created_by"),
          version: sql`1`.as("version"),
          createdAt: sql`${now}`.as("created_at"),
          updatedAt: sql`${now}`.as("updated_at"),
          authorId: craftSubmissions.authorId,
          status: sql`'pending'`.as("status"),
          rejectionReason: sql`null`.as("rejection_reason"),
          submittedAt: craftSubmissions.submittedAt,
        })
        .from(craftSubmissions)
        .where(eq(craftSubmissions.id, ticket)),
    ),
    // Inside the batch nothing else writes, so the newest craft is the one just inserted.
    db
      .update(craftSubmissions)
      .set({ craftId: sql`(select max(${stickerCrafts.id}) from ${stickerCrafts})` })
      .where(eq(craftSubmissions.id, ticket)),
    db
      .update(stickerCrafts)
      .set({ ingameImage: imageUrl("ingame", input.ingame), placementImage: imageUrl("placement", input.placement.upload) })
      .where(ownCraft),
    ...(insertStickersFrom(
      db,
      { stickers: input.stickers },
      input.stickers.map((s) => s.image),
      ownCraft,
      at,
    ) as []),
    submissionVerdict(db, ticket, authorId, now, 0),
  ]);
  const verdict = (results[results.length - 1] as Verdict[])[0];
  const id = verdict?.craftId;
  if (!verdict?.ticketed || !id) return refusal(verdict, false);
  try {
    await putImages(bucket, plannedImages(id, input, version), COMMUNITY_IMAGE_METADATA);
  } catch (error) {
    // Nothing of a failed submission stays, nor does it count against the author's limits.
    await db.batch([db.delete(stickerCrafts).where(eq(stickerCrafts.id, id)), db.delete(craftSubmissions).where(eq(craftSubmissions.id, ticket))]);
    await deleteImagesUnder(bucket, `${id}/`);
    throw error;
  }
  return { status: "submitted", id };
}

function plannedImages(craftId: number, input: CommunityCraftInput, version: string) {
  const planned: { slot: "ingame" | "placement"; key: string; image: CheckedImage; url: string }[] = [];
  for (const [slot, image] of [
    ["ingame", input.ingame],
    ["placement", input.placement.upload],
  ] as const) {
    if (!image) continue;
    const key = craftImageKey(craftId, slot, IMAGE_FORMATS[image.format].ext, version);
    planned.push({ slot, key, image, url: craftImageUrl(key, version) });
  }
  return planned;
}

/**
 * An edit of the author's own pending or rejected craft, which goes back to the queue: the new
 * images go to R2 first, under keys of their own (so nothing stored is replaced), then one batch
 * (ticket, stickers replaced, craft updated). Should R2 fail, D1 is never asked; should the batch
 * fail or be refused (a limit, a moderator's decision meanwhile), the new images are removed
 * again, and the craft stays exactly as it was. After a save, the images nothing refers to any
 * more are removed.
 */
export async function resubmitCraft(
  db: Database,
  bucket: R2Bucket,
  authorId: string,
  editing: { id: number; version: number },
  input: CommunityCraftInput,
  now = Date.now(),
): Promise<SubmitOutcome> {
  const ticket = crypto.randomUUID();
  const version = now.toString(36);
  const planned = plannedImages(editing.id, input, version);
  const urlOf = (slot: "ingame" | "placement") => planned.find((p) => p.slot === slot)?.url;
  await putImages(bucket, planned, COMMUNITY_IMAGE_METADATA);
  const written = planned.map((p) => p.key);
  const ingame = urlOf("ingame");
  const placement = urlOf("placement") ?? (input.placement.remove ? null : undefined);
  const held = and(eq(stickerCrafts.id, editing.id), ticketExists(db, ticket))!;
  const results = await db
    .batch([
      insertTicket(db, ticket, authorId, now, editing),
      db.delete(stickerCraftStickers).where(and(eq(stickerCraftStickers.craftId, editing.id), ticketExists(db, ticket))),
      ...(insertStickersFrom(
        db,
        { stickers: input.stickers },
        input.stickers.map((s) => s.image),
        held,
        new Date(now),
      ) as []),
      db
        .update(stickerCrafts)
        .set({
          name: input.name,
          description: input.description,
          skinId: input.skinId,
          externalCraftLink: input.externalCraftLink,
          ...(ingame === undefined ? {} : { ingameImage: ingame }),
          ...(placement === undefined ? {} : { placementImage: placement }),
          status: "pending",
          rejectionReason: null,
          version: sql`${stickerCrafts.version} + 1`,
          submittedAt: new Date(now),
          updatedAt: new Date(now),
        })
        .where(held)
        .returning({ ingameImage: stickerCrafts.ingameImage, placementImage: stickerCrafts.placementImage }),
      submissionVerdict(db, ticket, authorId, now, editing.id),
    ])
    .catch(async (error: unknown) => {
      await deleteImages(bucket, written);
      throw error;
    });
  const verdict = (results[results.length - 1] as Verdict[])[0];
  const updated = (results[results.length - 2] as { ingameImage: string | null; placementImage: string | null }[])[0];
  if (!verdict?.ticketed || !updated) {
    await deleteImages(bucket, written);
    return refusal(verdict, true);
  }
  const referenced = [updated.ingameImage, updated.placementImage].map(keyOfImageUrl).filter((key): key is string => key !== null);
  await deleteImagesUnder(bucket, `${editing.id}/`, new Set(referenced));
  return { status: "submitted", id: editing.id };
}

/** Deletes one of the author's own crafts (any state) and its images; null when it is not theirs. */
export async function deleteOwnCraft(db: Database, bucket: R2Bucket, id: number, authorId: string): Promise<{ status: CraftStatus } | null> {
  const [deleted] = await db
    .delete(stickerCrafts)
    .where(and(eq(stickerCrafts.id, id), eq(stickerCrafts.authorId, authorId)))
    .returning({ status: stickerCrafts.status });
  if (!deleted) return null;
  await deleteImagesUnder(bucket, `${id}/`);
  return deleted;
}

/** Removes the images of crafts whose rows are gone (a deleted account's). */
export async function deleteCraftImages(bucket: R2Bucket, craftIds: readonly number[]): Promise<void> {
  for (const id of craftIds) await deleteImagesUnder(bucket, `${id}/`);
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
    enqueueMailWhen(db, decision.mail, logged, now),
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

/** Queues a mail only while `condition` holds, as one statement of the caller's batch. */
function enqueueMailWhen(db: Database, message: MailMessage, condition: SQL, now: number) {
  return db.insert(mailOutbox).select(
    db
      .select({
        // drizzle wants every column, in the table's order.
        id: sql`${crypto.randomUUID()}`.as("id"),
        to: sql`${message.to}`.as("to"),
        subject: sql`${message.subject}`.as("subject"),
        text: sql`${message.text}`.as("text"),
        html: sql`${message.html}`.as("html"),
        status: sql`'pending'`.as("status"),
        attempts: sql`0`.as("attempts"),
        nextAttemptAt: sql`${now}`.as("next_attempt_at"),
        claimedUntil: sql`null`.as("claimed_until"),
        lastError: sql`null`.as("last_error"),
        createdAt: sql`${now}`.as("created_at"),
        sentAt: sql`null`.as("sent_at"),
      })
      .from(sql`(select 1)`)
      .where(condition),
  );
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
 * then its images leave R2. False when there is no such community craft.
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
    enqueueMailWhen(db, removal.mail, logged, now),
    db
      .delete(stickerCrafts)
      .where(and(eq(stickerCrafts.id, removal.id), logged))
      .returning({ id: stickerCrafts.id }),
  ]);
  if ((results[2] as { id: number }[]).length === 0) return false;
  await deleteImagesUnder(bucket, `${removal.id}/`);
  return true;
}

/**
 * An admin deletes a craft from anywhere in the admin: an official one at once, a community one
 * through the moderation log and its author's mail. False when there is no such craft.
 */
export async function deleteCraftAsAdmin(context: AppLoadContext, id: number, adminId: string, reason: string | null): Promise<boolean> {
  const { db, env } = context;
  const [target] = await moderationTargetQuery(db, id);
  if (!target) return false;
  if (target.authorEmail === null) return deleteCraft(db, env.IMAGES, id);
  const mail = craftDecisionMail(target.authorEmail, env.APP_ORIGIN, { id, name: target.name }, "deleted", reason);
  return deleteCommunityCraft(db, env.IMAGES, { id, reason, adminId, mail });
}

// ---------------------------------------------------------------- reports

/**
 * A visitor's report of a published community craft, written only while it is published; false
 * when it is not (or does not exist, or is an official craft).
 */
export async function reportCraft(db: Database, report: { craftId: number; reporterId: string | null; reason: string }): Promise<boolean> {
  const inserted = await db
    .insert(craftReports)
    .select(
      db
        .select({
          // drizzle wants every column, in the table's order.
          id: sql`${crypto.randomUUID()}`.as("id"),
          craftId: stickerCrafts.id,
          reporterId: sql`${report.reporterId}`.as("reporter_id"),
          reason: sql`${report.reason}`.as("reason"),
          createdAt: sql`${Date.now()}`.as("created_at"),
        })
        .from(stickerCrafts)
        .where(and(eq(stickerCrafts.id, report.craftId), published, isCommunity)),
    )
    .returning({ id: craftReports.id });
  return inserted.length === 1;
}

const reportCount = sql<number>`count(${craftReports.id})`.as("report_count");

/** Published crafts with open reports, the most reported first. */
export function reportedCraftsQuery(db: Database) {
  return db
    .select({ id: stickerCrafts.id, name: stickerCrafts.name, reports: reportCount, latestAt: sql<number>`max(${craftReports.createdAt})`.as("latest_at") })
    .from(craftReports)
    .innerJoin(stickerCrafts, eq(stickerCrafts.id, craftReports.craftId))
    .where(published)
    .groupBy(stickerCrafts.id)
    .orderBy(desc(reportCount), desc(sql`latest_at`));
}

export const REPORTS_SHOWN = 20;

/** A craft's open reports, newest first (the latest few, for the review). */
export function craftReportsQuery(db: Database, craftId: number) {
  return db
    .select({ id: craftReports.id, reason: craftReports.reason, createdAt: craftReports.createdAt })
    .from(craftReports)
    .where(eq(craftReports.craftId, craftId))
    .orderBy(desc(craftReports.createdAt), desc(craftReports.id))
    .limit(REPORTS_SHOWN);
}

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
