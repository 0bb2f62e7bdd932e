import { and, asc, desc, eq, exists, isNull, like, sql, type SQL } from "drizzle-orm";
import { searchKey } from "~/domain/catalogue";
import { IMAGE_FORMATS } from "~/domain/images";
import { craftImageKey, craftImageUrl, keyOfImageUrl, type CraftImageSlot } from "~/domain/sticker-crafts";
import type { Database } from "../db/client.server";
import { skins, skinWears, stickerCrafts, stickerCraftStickers, stickers } from "../db/schema.server";
import { craftCardColumns } from "./catalogue.server";
import { catalogueStickerIdOf } from "./stickers.server";
import { COMMUNITY_IMAGE_METADATA, deleteImagesUnder, putImages, type CheckedImage } from "../http/uploads.server";

/** Every official craft, newest first, with its skin: the admin list (community crafts have their queue). */
export function allCraftsQuery(db: Database) {
  return db
    .select({ ...craftCardColumns, placementImage: stickerCrafts.placementImage, updatedAt: stickerCrafts.updatedAt })
    .from(stickerCrafts)
    .innerJoin(skins, eq(skins.id, stickerCrafts.skinId))
    .where(isNull(stickerCrafts.authorId))
    .orderBy(desc(stickerCrafts.createdAt), desc(stickerCrafts.id));
}

export function craftQuery(db: Database, id: number) {
  return db
    .select({
      ...craftCardColumns,
      placementImage: stickerCrafts.placementImage,
      externalCraftLink: stickerCrafts.externalCraftLink,
      version: stickerCrafts.version,
      updatedAt: stickerCrafts.updatedAt,
    })
    .from(stickerCrafts)
    .innerJoin(skins, eq(skins.id, stickerCrafts.skinId))
    .where(eq(stickerCrafts.id, id))
    .limit(1);
}

/**
 * A craft's stickers in order, each with the catalogue sticker of exactly its name (when there is
 * one, and only one) and that sticker's market price and last update.
 */
export function craftStickersQuery(db: Database, craftId: number) {
  return db
    .select({
      position: stickerCraftStickers.position,
      name: stickerCraftStickers.name,
      image: stickerCraftStickers.image,
      priceCents: stickerCraftStickers.priceCents,
      externalLink: stickerCraftStickers.externalLink,
      lastUpdated: stickerCraftStickers.lastUpdated,
      stickerId: sql<number | null>`${stickers.id}`.as("sticker_id"),
      marketCents: sql<number | null>`${stickers.priceCents}`.as("market_cents"),
      marketUpdatedAt: sql<number | null>`${stickers.lastPriceUpdate}`.as("market_updated_at"),
    })
    .from(stickerCraftStickers)
    .leftJoin(stickers, eq(stickers.id, catalogueStickerIdOf(stickerCraftStickers.name)))
    .where(eq(stickerCraftStickers.craftId, craftId))
    .orderBy(asc(stickerCraftStickers.position));
}

const priceOfEnabledWear = sql`case when ${skinWears.enabled} = 1 and ${skinWears.priceCents} > 0 then ${skinWears.priceCents} end`;

/** The lowest and highest known price of the craft's skin over its possible wears. */
export function craftSkinPriceQuery(db: Database, craftId: number) {
  return db
    .select({
      minCents: sql<number | null>`min(${priceOfEnabledWear})`,
      maxCents: sql<number | null>`max(${priceOfEnabledWear})`,
    })
    .from(skinWears)
    .where(eq(skinWears.skinId, sql`(select ${stickerCrafts.skinId} from ${stickerCrafts} where ${stickerCrafts.id} = ${craftId})`));
}

export const PICKER_LIMIT = 10;

/** Catalogue stickers whose name contains every word of the query, for the admin's picker. */
export function stickerSearchQuery(db: Database, query: string) {
  const words = query.split(/\s+/).map(searchKey).filter(Boolean).slice(0, 6);
  if (words.length === 0)
    return db
      .select({ id: stickers.id, name: stickers.name, image: stickers.image })
      .from(stickers)
      .where(sql`0`);
  return db
    .select({ id: stickers.id, name: stickers.name, image: stickers.image })
    .from(stickers)
    .where(and(...words.map((word) => like(stickers.searchKey, `%${word}%`))))
    .orderBy(sql`length(${stickers.name})`, asc(stickers.name))
    .limit(PICKER_LIMIT);
}

export function stickerByIdQuery(db: Database, id: number) {
  return db.select({ id: stickers.id, name: stickers.name, image: stickers.image }).from(stickers).where(eq(stickers.id, id)).limit(1);
}

export function skinByIdQuery(db: Database, id: string) {
  return db.select({ id: skins.id, name: skins.name, image: skins.image }).from(skins).where(eq(skins.id, id)).limit(1);
}

// ---------------------------------------------------------------- admin writes

export interface StickerRow {
  position: number;
  name: string;
  /** A catalogue image URL, one of this craft's image URLs, or the key an upload goes to. */
  image: string | null;
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

/** Sticker rows selected from the craft row itself, so they exist only while `where` holds for it. */
export function insertStickersFrom(db: Database, input: Pick<CraftInput, "stickers">, images: (string | null)[], craftWhere: SQL, now: Date) {
  return input.stickers.map((sticker, index) =>
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

const newestCraft = sql`${stickerCrafts.id} = (select max(id) from ${stickerCrafts})`;

/**
 * A new craft and its stickers in one batch; then its images go to R2 under the new id. Should
 * R2 fail, the craft is removed again, so a failed save leaves nothing behind.
 */
export async function createCraft(db: Database, bucket: R2Bucket, input: CraftInput, adminId: string, version: string): Promise<number> {
  const now = new Date();
  const imageUrl = (slot: "ingame" | "placement", image: CheckedImage | null) =>
    image ? sql`'/images/' || ${stickerCrafts.id} || ${`/${slot}-${version}.${IMAGE_FORMATS[image.format].ext}?v=${version}`}` : null;
  const stickerImages = input.stickers.map((s) =>
    s.upload ? sql`'/images/' || ${stickerCrafts.id} || ${`/stickers/${s.position}-${version}.${IMAGE_FORMATS[s.upload.format].ext}?v=${version}`}` : s.image,
  );
  const [inserted] = await db.batch([
    db
      .insert(stickerCrafts)
      .values({
        name: input.name,
        description: input.description,
        skinId: input.skinId,
        externalCraftLink: input.externalCraftLink,
        createdBy: adminId,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: stickerCrafts.id }),
    db
      .update(stickerCrafts)
      .set({ ingameImage: imageUrl("ingame", input.ingame.upload), placementImage: imageUrl("placement", input.placement.upload) })
      .where(newestCraft),
    ...(insertStickersFrom(db, input, stickerImages as (string | null)[], newestCraft, now) as []),
  ]);
  const id = inserted[0]!.id;
  const { uploads } = plannedUploads(id, input, version);
  try {
    await putImages(bucket, uploads);
  } catch (error) {
    await db.delete(stickerCrafts).where(eq(stickerCrafts.id, id));
    await deleteImagesUnder(bucket, `${id}/`);
    throw error;
  }
  return id;
}

export interface CurrentCraft {
  id: number;
  version: number;
  /** A player's craft: its images are marked, so the image route serves them only once it is published. */
  community: boolean;
  ingameImage: string | null;
  placementImage: string | null;
}

/**
 * Saves an edited craft: images to R2 first (under new keys, marked when the craft is a player's),
 * then the craft and its stickers in one batch in which every statement holds only while the craft
 * still has the version the admin edited; so re-saving replaces the stickers all at once or not at
 * all. A refused or failed batch removes the new images again; after a save, objects under the
 * craft's prefix that nothing refers to any more are removed.
 */
export async function updateCraft(db: Database, bucket: R2Bucket, current: CurrentCraft, input: CraftInput, version: string): Promise<"saved" | "conflict"> {
  const now = new Date();
  const planned = plannedUploads(current.id, input, version);
  await putImages(bucket, planned.uploads, current.community ? COMMUNITY_IMAGE_METADATA : undefined);
  const written = planned.uploads.map((upload) => upload.key);
  const ingameImage = planned.ingame ?? (input.ingame.remove ? null : current.ingameImage);
  const placementImage = planned.placement ?? (input.placement.remove ? null : current.placementImage);
  const unchanged = and(eq(stickerCrafts.id, current.id), eq(stickerCrafts.version, current.version))!;
  const results = await db
    .batch([
      db.delete(stickerCraftStickers).where(
        and(
          eq(stickerCraftStickers.craftId, current.id),
          exists(
            db
              .select({ one: sql`1` })
              .from(stickerCrafts)
              .where(unchanged),
          ),
        ),
      ),
      ...(insertStickersFrom(db, input, planned.stickerImages, unchanged, now) as []),
      db
        .update(stickerCrafts)
        .set({
          name: input.name,
          description: input.description,
          skinId: input.skinId,
          externalCraftLink: input.externalCraftLink,
          ingameImage,
          placementImage,
          version: sql`${stickerCrafts.version} + 1`,
          updatedAt: now,
        })
        .where(unchanged)
        .returning({ id: stickerCrafts.id }),
    ])
    .catch(async (error: unknown) => {
      await deleteImages(bucket, written);
      throw error;
    });
  const updated = results[results.length - 1] as { id: number }[];
  if (updated.length === 0) {
    await deleteImages(bucket, written);
    return "conflict";
  }
  const referenced = [ingameImage, placementImage, ...planned.stickerImages].map(keyOfImageUrl).filter((key): key is string => key !== null);
  await deleteImagesUnder(bucket, `${current.id}/`, new Set(referenced));
  return "saved";
}

/**
 * Deletes an official craft (its stickers go with it) and then every image under its prefix; a
 * community craft is deleted through the moderation log (`deleteCommunityCraft`), never here.
 */
export async function deleteCraft(db: Database, bucket: R2Bucket, id: number): Promise<boolean> {
  const deleted = await db
    .delete(stickerCrafts)
    .where(and(eq(stickerCrafts.id, id), isNull(stickerCrafts.authorId)))
    .returning({ id: stickerCrafts.id });
  if (deleted.length === 0) return false;
  await deleteImagesUnder(bucket, `${id}/`);
  return true;
}

/** Removes the objects a failed save wrote. */
export async function deleteImages(bucket: R2Bucket, keys: readonly string[]): Promise<void> {
  if (keys.length > 0) await bucket.delete([...keys]);
}

/** What an admin save needs to know first: the craft being edited (if any) and the chosen skin. */
export function craftForEditQuery(db: Database, id: number) {
  return db
    .select({
      id: stickerCrafts.id,
      version: stickerCrafts.version,
      ingameImage: stickerCrafts.ingameImage,
      placementImage: stickerCrafts.placementImage,
      community: sql<number>`${stickerCrafts.authorId} is not null`.as("community"),
    })
    .from(stickerCrafts)
    .where(eq(stickerCrafts.id, id))
    .limit(1);
}
