// Visitors' reports of published community crafts (docs/features/sticker-crafts.md): their
// writing, and what the moderation queue lists of them. Dismissing them is a moderation decision
// (community-crafts.server.ts).
import { and, desc, eq, sql } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { craftReports, stickerCrafts } from "../db/schema.server";
import { isCommunity, published } from "./community-crafts.server";

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
