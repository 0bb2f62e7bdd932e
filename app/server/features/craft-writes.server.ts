// Saving a sticker craft from the one craft form (docs/features/sticker-crafts.md): an admin's save and a player's
// submission are one write, whose differences are parameters: a submission holds a ticket (the
// limits, the ownership) and sends the craft (back) to the moderators, and a community craft's
// images are stored private. Each write is one batch; a new craft's images go to R2 after it
// (they are keyed by its id), an edit's before it; images of a failed write are removed again.
import { and, eq, exists, inArray, not, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { MAX_PENDING_CRAFTS, MAX_SUBMISSIONS_PER_DAY, submissionLimitReached, type SubmissionLimit } from "~/domain/community-crafts";
import { IMAGE_FORMATS } from "~/domain/images";
import { craftImageKey, craftImageUrl, keyOfImageUrl, type CraftImageSlot } from "~/domain/sticker-crafts";
import type { Database } from "../db/client.server";
import { unlessRepeated } from "../db/failures.server";
import { craftSubmissions, stickerCrafts, stickerCraftStickers, users } from "../db/schema.server";
import { COMMUNITY_IMAGE_METADATA, deleteImagesUnder, putImages, type CheckedImage } from "../http/uploads.server";
import { pendingOthers, submissionsLastDay } from "./community-crafts.server";

export interface StickerRow {
  position: number;
  name: string;
  /** A catalogue image URL, one of this craft's image URLs, or null. */
  image: string | null;
  /** An upload for this position (the admin's editor only). */
  upload: CheckedImage | null;
  priceCents: number | null;
  externalLink: string | null;
}

export interface CraftInput {
  name: string;
  description: string | null;
  skinId: string;
  externalCraftLink: string | null;
  ingame: { upload: CheckedImage | null; remove: boolean };
  placement: { upload: CheckedImage | null; remove: boolean };
  stickers: StickerRow[];
}

export interface CraftWrite {
  input: CraftInput;
  /** The craft edited, at the version the form opened; null for a new craft. */
  editing: { id: number; version: number } | null;
  /** Who saves: the admin, or the player whose submission it is (a new craft's `created_by`). */
  userId: string;
  /** A player's submission: within the limits, their own craft only, and (back) to pending. */
  moderated: boolean;
  /** A community craft's images are marked, so the image route serves them only once it is published. */
  privateImages: boolean;
  /** The form's key (ADR 090), kept with a submission's ticket or on an admin's new craft: the same form posted twice writes once. */
  formKey: string | null;
}

/** `repeated`: the form's ticket was there already, the same submission posted twice; nothing written. */
export type WriteOutcome =
  { status: "saved"; id: number; repeated?: true } | { status: "limit"; limit: SubmissionLimit } | { status: "not-found" } | { status: "conflict" };

type Statements = [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]];

/** Where each upload goes (a key of its own) and the URL pages show for it. */
function plannedUploads(craftId: number, input: CraftInput, version: string) {
  const uploads: { key: string; image: CheckedImage; url: string }[] = [];
  const plan = (slot: CraftImageSlot, image: CheckedImage | null) => {
    if (!image) return null;
    const key = craftImageKey(craftId, slot, IMAGE_FORMATS[image.format].ext, version);
    const url = craftImageUrl(key, version);
    uploads.push({ key, image, url });
    return url;
  };
  const ingame = plan("ingame", input.ingame.upload);
  const placement = plan("placement", input.placement.upload);
  const stickerImages = input.stickers.map((s) => plan({ sticker: s.position }, s.upload) ?? s.image);
  return { uploads, ingame, placement, stickerImages };
}

/** An upload's URL written inside the batch that inserts its craft, from the craft's new id. */
function newImageUrl(slot: string, image: CheckedImage | null, version: string): SQL | null {
  return image ? sql`'/images/' || ${stickerCrafts.id} || ${`/${slot}-${version}.${IMAGE_FORMATS[image.format].ext}?v=${version}`}` : null;
}

/** Sticker rows selected from the craft row itself, so they exist only while `where` holds for it. */
function insertStickersFrom(db: Database, stickers: readonly StickerRow[], images: readonly (string | SQL | null)[], craftWhere: SQL, now: Date) {
  return stickers.map((sticker, index) =>
    db.insert(stickerCraftStickers).select(
      db
        .select({
          // drizzle wants every column, in the table's order; a NULL id becomes the next rowid.
          id: sql`null`.as("id"),
          craftId: stickerCrafts.id,
          name: sql`${sticker.name}`.as("name"),
          image: sql`${images[index] ?? null}`.as("image"),
          priceCents: sql`${sticker.priceCents}`.as("price_cents"),
          externalLink: sql`${sticker.externalLink}`.as("external_link"),
          position: sql`${sticker.position}`.as("position"),
          lastUpdated: sql`${now.getTime()}`.as("last_updated"),
        })
        .from(stickerCrafts)
        .where(craftWhere),
    ),
  );
}

// ---------------------------------------------------------------- a submission's ticket

/**
 * The submission's own row, written only while the limits allow it and, for an edit, only while
 * the craft is still the author's, pending or rejected, at the version they edited. Every other
 * statement of the batch holds only while this row exists, so the check and the writes are one
 * transaction: parallel submissions cannot pass the limits together.
 */
function insertTicket(db: Database, ticket: string, authorId: string, now: number, editing: { id: number; version: number } | null, formKey: string | null) {
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
        formKey: sql`${formKey}`.as("form_key"),
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

const ticketExists = (db: Database, ticket: string) =>
  exists(
    db
      .select({ one: sql`1` })
      .from(craftSubmissions)
      .where(eq(craftSubmissions.id, ticket)),
  );

/** The craft the author's submission with this form key saved (ADR 090), or null. */
function craftOfFormKey(authorId: string, formKey: string | null) {
  return sql<
    number | null
  >`(select ${craftSubmissions.craftId} from ${craftSubmissions} where ${craftSubmissions.authorId} = ${authorId} and ${craftSubmissions.formKey} = ${formKey})`;
}

/**
 * After the batch: whether the ticket went in, and else the counts and the edited craft's state
 * that refused it, or the craft this form's first post saved.
 */
function submissionVerdict(db: Database, ticket: string, write: CraftWrite, now: number, editingId: number) {
  const authorId = write.userId;
  return db
    .select({
      ticketed: sql<number>`exists(select 1 from ${craftSubmissions} where ${craftSubmissions.id} = ${ticket})`.as("ticketed"),
      firstPost: craftOfFormKey(authorId, write.formKey).as("first_post"),
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

function refusal(verdict: Verdict, editing: boolean): WriteOutcome {
  // The same form's second post: refused (its craft's version moved on), but the first post saved it.
  if (verdict?.firstPost) return { status: "saved", id: verdict.firstPost, repeated: true };
  if (!verdict || (editing && !verdict.editable)) return { status: "not-found" };
  const limit = submissionLimitReached(verdict);
  return limit ? { status: "limit", limit } : { status: "conflict" };
}

// ---------------------------------------------------------------- the write

/** Inside a write's batch nothing else writes, so the newest craft is the one it inserted. */
const newestCraft = sql`${stickerCrafts.id} = (select max(${stickerCrafts.id}) from ${stickerCrafts})`;

/**
 * Saves the form's craft: a new one, or an edit (see the module's comment). A submission's ticket,
 * or an admin's new craft, keeps its form's key, unique per author or creator: a second post of the
 * same form writes nothing and answers the craft the first post saved, as `repeated`.
 */
export async function writeCraft(db: Database, bucket: R2Bucket, write: CraftWrite, now = Date.now()): Promise<WriteOutcome> {
  const ticket = write.moderated ? crypto.randomUUID() : null;
  const saving = write.editing ? updateCraft(db, bucket, write, write.editing, ticket, now) : insertCraft(db, bucket, write, ticket, now);
  // A submission keeps the key on its ticket, an admin's new craft on the craft itself.
  const outcome = await unlessRepeated(saving, write.formKey, ticket !== null ? "craft_submissions.form_key" : "sticker_crafts.form_key");
  if (outcome !== "repeated") return outcome;
  const [first] =
    ticket !== null
      ? await db.select({ craftId: craftOfFormKey(write.userId, write.formKey) }).from(sql`(select 1)`)
      : await db
          .select({ craftId: stickerCrafts.id })
          .from(stickerCrafts)
          .where(and(eq(stickerCrafts.createdBy, write.userId), eq(stickerCrafts.formKey, write.formKey!)));
  return first?.craftId ? { status: "saved", id: first.craftId, repeated: true } : { status: "not-found" };
}

/** The columns a save writes on the craft row, the same for a new craft and an edit. */
function craftFields({ input, moderated }: CraftWrite, at: Date) {
  return {
    name: input.name,
    description: input.description,
    skinId: input.skinId,
    externalCraftLink: input.externalCraftLink,
    updatedAt: at,
    // A submission waits for the moderators (again).
    ...(moderated ? { status: "pending" as const, rejectionReason: null, submittedAt: at } : {}),
  };
}

/**
 * A new craft: the ticket (a submission's), the craft, its image URLs and its stickers in one batch;
 * then whatever R2 holds under its new id is removed (a deleted craft's leftovers), and its images
 * go there. A refused ticket takes the craft out again in the same batch; should R2 fail, the craft
 * (and its ticket, so it counts against no limit) is removed.
 */
async function insertCraft(db: Database, bucket: R2Bucket, write: CraftWrite, ticket: string | null, now: number): Promise<WriteOutcome> {
  const { input, userId } = write;
  const at = new Date(now);
  const version = now.toString(36);
  const ticketed = ticket ? ticketExists(db, ticket) : undefined;
  const ownCraft = and(newestCraft, ticketed)!;
  const statements: Statements = [
    db
      .insert(stickerCrafts)
      .values({ ...craftFields(write, at), createdBy: userId, createdAt: at, ...(write.moderated ? { authorId: userId } : { formKey: write.formKey }) })
      .returning({ id: stickerCrafts.id }),
  ];
  if (ticket && ticketed) {
    statements.unshift(insertTicket(db, ticket, userId, now, null, write.formKey));
    statements.push(
      db.delete(stickerCrafts).where(and(newestCraft, not(ticketed))),
      db
        .update(craftSubmissions)
        .set({ craftId: sql`(select max(${stickerCrafts.id}) from ${stickerCrafts})` })
        .where(eq(craftSubmissions.id, ticket)),
    );
  }
  statements.push(
    db
      .update(stickerCrafts)
      .set({ ingameImage: newImageUrl("ingame", input.ingame.upload, version), placementImage: newImageUrl("placement", input.placement.upload, version) })
      .where(ownCraft),
    ...insertStickersFrom(
      db,
      input.stickers,
      input.stickers.map((s) => newImageUrl(`stickers/${s.position}`, s.upload, version) ?? s.image),
      ownCraft,
      at,
    ),
  );
  if (ticket) statements.push(submissionVerdict(db, ticket, write, now, 0));
  const results = await db.batch(statements);
  const verdict = ticket ? (results[results.length - 1] as Verdict[])[0] : undefined;
  if (ticket && !verdict?.ticketed) return refusal(verdict, false);
  const id = (results[ticket ? 1 : 0] as { id: number }[])[0]!.id;
  try {
    // The id is a deleted craft's again when that craft was the newest (sticker_crafts.id has no
    // AUTOINCREMENT); images its delete failed to remove are still under it, and the image route
    // would serve them as this craft's. They go before this craft's own are written.
    await deleteImagesUnder(bucket, `${id}/`);
    await putImages(bucket, plannedUploads(id, input, version).uploads, write.privateImages ? COMMUNITY_IMAGE_METADATA : undefined);
  } catch (error) {
    // Nothing of a failed save stays, nor does it count against its author's limits.
    await db.batch([
      db.delete(stickerCrafts).where(eq(stickerCrafts.id, id)),
      ...(ticket ? [db.delete(craftSubmissions).where(eq(craftSubmissions.id, ticket))] : []),
    ]);
    await deleteImagesUnder(bucket, `${id}/`);
    throw error;
  }
  return { status: "saved", id };
}

/**
 * An edit: the new images go to R2 first, under keys of their own (so nothing stored is replaced),
 * then one batch (a submission's ticket, the stickers replaced, the craft updated) in which every
 * statement holds only while the craft still has the version the form opened (a submission: while
 * its ticket went in). Should R2 fail, D1 is never asked; should the batch fail or be refused, the
 * new images are removed and the craft stays exactly as it was. After a save, the objects under
 * the craft's prefix that nothing refers to any more are removed.
 */
async function updateCraft(
  db: Database,
  bucket: R2Bucket,
  write: CraftWrite,
  editing: { id: number; version: number },
  ticket: string | null,
  now: number,
): Promise<WriteOutcome> {
  const { input } = write;
  const at = new Date(now);
  const planned = plannedUploads(editing.id, input, now.toString(36));
  await putImages(bucket, planned.uploads, write.privateImages ? COMMUNITY_IMAGE_METADATA : undefined);
  const written = planned.uploads.map((upload) => upload.key);
  const held = and(eq(stickerCrafts.id, editing.id), ticket ? ticketExists(db, ticket) : eq(stickerCrafts.version, editing.version))!;
  const ingame = planned.ingame ?? (input.ingame.remove ? null : undefined);
  const placement = planned.placement ?? (input.placement.remove ? null : undefined);
  const statements: Statements = [
    db.delete(stickerCraftStickers).where(
      and(
        eq(stickerCraftStickers.craftId, editing.id),
        exists(
          db
            .select({ one: sql`1` })
            .from(stickerCrafts)
            .where(held),
        ),
      ),
    ),
    ...insertStickersFrom(db, input.stickers, planned.stickerImages, held, at),
    db
      .update(stickerCrafts)
      .set({
        ...craftFields(write, at),
        ...(ingame === undefined ? {} : { ingameImage: ingame }),
        ...(placement === undefined ? {} : { placementImage: placement }),
        version: sql`${stickerCrafts.version} + 1`,
      })
      .where(held)
      .returning({ ingameImage: stickerCrafts.ingameImage, placementImage: stickerCrafts.placementImage }),
  ];
  if (ticket) {
    statements.unshift(insertTicket(db, ticket, write.userId, now, editing, write.formKey));
    statements.push(submissionVerdict(db, ticket, write, now, editing.id));
  }
  const results = await db.batch(statements).catch(async (error: unknown) => {
    await deleteImages(bucket, written);
    throw error;
  });
  const updated = (results[results.length - (ticket ? 2 : 1)] as { ingameImage: string | null; placementImage: string | null }[])[0];
  if (!updated) {
    await deleteImages(bucket, written);
    return ticket ? refusal((results[results.length - 1] as Verdict[])[0], true) : { status: "conflict" };
  }
  const referenced = [updated.ingameImage, updated.placementImage, ...planned.stickerImages].map(keyOfImageUrl).filter((key): key is string => key !== null);
  await deleteImagesUnder(bucket, `${editing.id}/`, new Set(referenced));
  return { status: "saved", id: editing.id };
}

/** Removes the objects a failed save wrote. */
async function deleteImages(bucket: R2Bucket, keys: readonly string[]): Promise<void> {
  if (keys.length > 0) await bucket.delete([...keys]);
}
