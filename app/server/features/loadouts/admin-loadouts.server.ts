import { count, desc, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { unlessRepeated } from "../../db/failures.server";
import { officialLoadouts, officialLoadoutSlots } from "../../db/schema.server";

/** Every official loadout, newest first, with how many slots it fills: the admin's list. */
export function officialLoadoutListQuery(db: Database) {
  return db
    .select({
      id: officialLoadouts.id,
      title: officialLoadouts.title,
      description: officialLoadouts.description,
      updatedAt: officialLoadouts.updatedAt,
      slots: count(officialLoadoutSlots.slot),
    })
    .from(officialLoadouts)
    .leftJoin(officialLoadoutSlots, eq(officialLoadoutSlots.loadoutId, officialLoadouts.id))
    .groupBy(officialLoadouts.id)
    .orderBy(desc(officialLoadouts.createdAt), desc(officialLoadouts.id));
}

export function officialLoadoutQuery(db: Database, id: number) {
  return db
    .select({ id: officialLoadouts.id, title: officialLoadouts.title, description: officialLoadouts.description })
    .from(officialLoadouts)
    .where(eq(officialLoadouts.id, id))
    .limit(1);
}

export interface OfficialLoadoutInput {
  title: string;
  description: string | null;
}

/** A new official loadout; "repeated" when this admin's form with `formKey` made one already (ADR 090), and nothing is written. */
export async function createOfficialLoadout(
  db: Database,
  input: OfficialLoadoutInput,
  adminId: string,
  formKey: string | null = null,
): Promise<number | "repeated"> {
  const now = new Date();
  const insert = db
    .insert(officialLoadouts)
    .values({ ...input, createdBy: adminId, formKey, createdAt: now, updatedAt: now })
    .returning({ id: officialLoadouts.id });
  const rows = await unlessRepeated(insert, formKey, "official_loadouts.form_key");
  return rows === "repeated" ? rows : rows[0]!.id;
}

/**
 * False when the loadout does not exist (any more). `updated_at` is the slot editor's version, so it
 * always moves forward (a clock that repeats a millisecond must not bring an old version back).
 */
export async function updateOfficialLoadout(db: Database, id: number, input: OfficialLoadoutInput): Promise<boolean> {
  const rows = await db
    .update(officialLoadouts)
    .set({ ...input, updatedAt: sql`max(${Date.now()}, ${officialLoadouts.updatedAt} + 1)` })
    .where(eq(officialLoadouts.id, id))
    .returning({ id: officialLoadouts.id });
  return rows.length > 0;
}

/** Its slots go with it (foreign key cascade). False when it did not exist. */
export async function deleteOfficialLoadout(db: Database, id: number): Promise<boolean> {
  const rows = await db.delete(officialLoadouts).where(eq(officialLoadouts.id, id)).returning({ id: officialLoadouts.id });
  return rows.length > 0;
}
