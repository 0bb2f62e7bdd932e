import { and, desc, eq, gt, sql, type SQL } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { sessions } from "../db/schema.server";
import { revokeOtherSessionsQuery } from "./session.server";
import { hashToken } from "./tokens.server";

/**
 * What a page shows of a session: a handle (a hash of its id; the id itself is the cookie's
 * secret part and never leaves the cookie), when it began and was last seen, its rough device,
 * and whether it is the one asking.
 */
export interface AccountSession {
  handle: string;
  startedAt: number;
  lastSeenAt: number;
  device: string | null;
  current: boolean;
}

/** The handle of a session id: 32 hex characters of its SHA-256. */
export function sessionHandle(sessionId: string): string {
  return hashToken(sessionId).slice(0, 32);
}

/** The sessions of `owner` (a session subquery or a user id) that have not expired, most recently seen first. */
export function accountSessionsQuery(db: Database, owner: SQL | string, now: number) {
  const lastSeen = sql`coalesce(${sessions.lastSeenAt}, ${sessions.createdAt})`;
  return db
    .select({ id: sessions.id, startedAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt, device: sessions.device })
    .from(sessions)
    .where(and(typeof owner === "string" ? eq(sessions.userId, owner) : sql`${sessions.userId} = ${owner}`, gt(sessions.expiresAt, new Date(now))))
    .orderBy(desc(lastSeen), desc(sessions.createdAt));
}

type SessionRow = Awaited<ReturnType<typeof accountSessionsQuery>>[number];

/** The rows as a page shows them: the current session first. */
export function toAccountSessions(rows: readonly SessionRow[], currentSessionId: string | null): AccountSession[] {
  const listed = rows.map((row) => ({
    handle: sessionHandle(row.id),
    startedAt: row.startedAt.getTime(),
    lastSeenAt: (row.lastSeenAt ?? row.startedAt).getTime(),
    device: row.device,
    current: row.id === currentSessionId,
  }));
  return [...listed.filter((session) => session.current), ...listed.filter((session) => !session.current)];
}

/**
 * Ends one of the user's own sessions, named by its handle: "not-found" when no session of the
 * user has it (another user's, an ended one, a made-up one), "current" for the asking session
 * (logging out is the way to end that one).
 */
export async function revokeSession(db: Database, userId: string, currentSessionId: string | null, handle: string): Promise<"ok" | "not-found" | "current"> {
  const rows = await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId));
  const match = rows.find((row) => sessionHandle(row.id) === handle);
  if (!match) return "not-found";
  if (match.id === currentSessionId) return "current";
  const deleted = await db
    .delete(sessions)
    .where(and(eq(sessions.id, match.id), eq(sessions.userId, userId)))
    .returning({ id: sessions.id });
  return deleted.length > 0 ? "ok" : "not-found";
}

/** Ends every session of the user but the asking one; answers how many ended. */
export async function revokeOtherSessions(db: Database, userId: string, currentSessionId: string | null): Promise<number> {
  const ended = await revokeOtherSessionsQuery(db, userId, currentSessionId).returning({ id: sessions.id });
  return ended.length;
}
