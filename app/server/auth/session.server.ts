import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, gt, lte, ne, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
// Relative: vite.config.ts loads this file (through the dev load context) without the ~ alias.
import type { CurrencyCode } from "../../domain/currency";
import { isAdminEmail } from "../../domain/roles";
import type { Database } from "../db/client.server";
import { sessions, users } from "../db/schema.server";
import { signedSiteCookie, siteCookieName } from "../platform/site-cookie.server";
import { randomToken } from "./tokens.server";

export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** A session's "last seen" moves at most this often: one small write per session every few minutes, not one per page. */
export const SESSION_SEEN_EVERY_MS = 10 * 60 * 1000;

interface SessionEnv {
  ENVIRONMENT: string;
  SESSION_SECRET?: string;
}

export function sessionCookieName(env: SessionEnv): string {
  return siteCookieName(env, "skinvault_session");
}

/**
 * The signed session cookie. There is no built-in secret: development's comes from `.dev.vars`,
 * production's from `wrangler secret`.
 */
export function createSessionCookie(env: SessionEnv) {
  const cookie = signedSiteCookie(env, "skinvault_session", SESSION_TTL_MS / 1000);
  if (!cookie) throw new Error("SESSION_SECRET is not set");
  return cookie;
}

/**
 * Reads the session id from a request's cookie. A bad signature, or a value that is not even
 * well-formed (forged, truncated, `%%%`), counts as no session: the visitor is simply signed out.
 */
export async function readSessionId(env: SessionEnv, request: Request): Promise<string | null> {
  // Without a secret nobody can be signed in (logging in then fails loudly).
  if (!env.SESSION_SECRET) return null;
  let value: unknown;
  try {
    value = await createSessionCookie(env).parse(request.headers.get("Cookie"));
  } catch {
    return null;
  }
  return typeof value === "string" && value.length > 0 ? value : null;
}

export interface SessionUser {
  id: string;
  email: string;
  isAdmin: boolean;
  /** The currency the player chose in their account; null: none (docs/features/currency.md). */
  currency: CurrencyCode | null;
}

export function sessionUserQuery(db: Database, sessionId: string, now: number) {
  return db
    .select({ id: users.id, email: users.email, currency: users.currency, startedAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sessionId), gt(sessions.expiresAt, new Date(now))))
    .limit(1);
}

const memo = new WeakMap<AppLoadContext, Promise<SessionUser | null>>();

/**
 * The signed-in user, read in the page's single batch: call it synchronously at the start of a
 * loader so it joins the same `context.load` tick. Root and route share one query per request.
 * A session whose row is gone (logged out elsewhere, revoked, expired) is simply no user.
 */
export function getSessionUser(context: AppLoadContext): Promise<SessionUser | null> {
  let promise = memo.get(context);
  if (!promise) {
    const sessionId = context.sessionId;
    promise = sessionId
      ? context.load([sessionUserQuery(context.db, sessionId, Date.now())]).then(([rows]) => {
          const row = rows[0];
          if (!row) return null;
          noteSessionSeen(context, sessionId, (row.lastSeenAt ?? row.startedAt).getTime());
          return { id: row.id, email: row.email, currency: row.currency, isAdmin: isAdminEmail(row.email, context.env.ADMIN_EMAILS) };
        })
      : Promise.resolve(null);
    memo.set(context, promise);
    // A failed read is not kept: the page rendered after a failed action asks again.
    promise.catch(() => memo.delete(context));
  }
  return promise;
}

/**
 * Moves the session's "last seen" forward when it is older than SESSION_SEEN_EVERY_MS, after the
 * response (`waitUntil`): the page's one read batch stays a read, and a session browsing for an
 * hour costs about six small writes, not one per page.
 */
function noteSessionSeen(context: AppLoadContext, sessionId: string, lastSeen: number) {
  const now = Date.now();
  if (now - lastSeen < SESSION_SEEN_EVERY_MS) return;
  const write = context.db
    .update(sessions)
    .set({ lastSeenAt: new Date(now) })
    .where(eq(sessions.id, sessionId))
    .then(
      () => undefined,
      (error: unknown) => console.error("session last-seen update failed", error),
    );
  context.waitUntil(write);
}

/**
 * The statements of a fresh session (a new id) for `userId`, for a caller's batch, with the
 * account's expired sessions cleared; with `condition`, the session starts only where it holds
 * when the batch runs (a passkey's sign-in: only the request that spent the challenge).
 */
export function newSessionQueries(db: Database, userId: string, device: string, now: number, condition?: SQL) {
  const id = randomToken(32);
  const expired = db.delete(sessions).where(and(eq(sessions.userId, userId), lte(sessions.expiresAt, new Date(now))));
  if (!condition) {
    const values = { id, userId, expiresAt: new Date(now + SESSION_TTL_MS), createdAt: new Date(now), lastSeenAt: new Date(now), device };
    return { id, queries: [expired, db.insert(sessions).values(values)] as const };
  }
  // An insert of a select names every column, in the table's order.
  const started = db.insert(sessions).select((qb) =>
    qb
      .select({
        id: sql<string>`${id}`.as("id"),
        userId: users.id,
        expiresAt: sql<number>`${now + SESSION_TTL_MS}`.as("expires_at"),
        createdAt: sql<number>`${now}`.as("created_at"),
        lastSeenAt: sql<number>`${now}`.as("last_seen_at"),
        device: sql<string>`${device}`.as("device"),
      })
      .from(users)
      .where(and(eq(users.id, userId), condition)),
  );
  return { id, queries: [expired, started] as const };
}

/** The Set-Cookie header of a session id. */
export function sessionCookieFor(env: SessionEnv, sessionId: string): Promise<string> {
  return createSessionCookie(env).serialize(sessionId);
}

/**
 * A fresh session row and the Set-Cookie header for it (a new id at every login), with its rough
 * device; `alsoInBatch` joins the same batch (the known device and its mail), all or nothing.
 */
export async function startSession(
  db: Database,
  env: SessionEnv,
  userId: string,
  device: string,
  now = Date.now(),
  alsoInBatch: readonly BatchItem<"sqlite">[] = [],
): Promise<string> {
  const session = newSessionQueries(db, userId, device, now);
  await db.batch([...session.queries, ...alsoInBatch]);
  return sessionCookieFor(env, session.id);
}

/** Deletes the session row and returns a Set-Cookie header that clears the cookie. */
export async function endSession(db: Database, env: SessionEnv, sessionId: string | null): Promise<string> {
  if (sessionId) await db.delete(sessions).where(eq(sessions.id, sessionId));
  return createSessionCookie(env).serialize("", { maxAge: 0, expires: new Date(0) });
}

/** Revokes every session of a user except `keepSessionId`. */
export function revokeOtherSessionsQuery(db: Database, userId: string, keepSessionId: string | null) {
  return keepSessionId
    ? db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)))
    : db.delete(sessions).where(eq(sessions.userId, userId));
}

/**
 * The signed-in user's id as a subquery on the session row, so a page can ask for the user's own
 * rows in the same batch that reads the session (one round trip). No session: matches nothing.
 */
export function sessionOwner(db: Database, sessionId: string | null, now: number): SQL {
  if (!sessionId) return sql`(select null)`;
  const owner = db
    .select({ userId: sessions.userId })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), gt(sessions.expiresAt, new Date(now))));
  return sql`(${owner})`;
}

/** The owner of this request's rows: the session's user (see `sessionOwner`). */
export function requestOwner(context: AppLoadContext): SQL {
  return sessionOwner(context.db, context.sessionId, Date.now());
}
