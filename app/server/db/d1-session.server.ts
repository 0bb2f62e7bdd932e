import { signedSiteCookie } from "../platform/site-cookie.server";

/**
 * D1 read replication through the Sessions API (docs/features/replica-reads.md). A visitor's read
 * may go to the nearest replica ("first-unconstrained"); a signed-in user continues from the
 * bookmark of their last request, so they always see their own writes; a write starts at the
 * primary. The bookmark travels in a signed browser-session cookie, so a forged one is ignored.
 */
interface D1SessionEnv {
  DB: D1Database;
  ENVIRONMENT: string;
  SESSION_SECRET?: string;
}

/** What D1 and the local simulator hand out: `00000000-00000011-00000000-<32 hex>`. */
const BOOKMARK_FORMAT = /^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/;

/** A browser-session cookie (no Max-Age): the bookmark matters only while the user keeps browsing. */
function bookmarkCookie(env: D1SessionEnv) {
  return signedSiteCookie(env, "skinvault_d1");
}

async function readBookmark(env: D1SessionEnv, request: Request): Promise<string | null> {
  const cookie = bookmarkCookie(env);
  if (!cookie) return null;
  try {
    const value: unknown = await cookie.parse(request.headers.get("Cookie"));
    return typeof value === "string" && BOOKMARK_FORMAT.test(value) ? value : null;
  } catch {
    return null;
  }
}

export interface D1RequestSession {
  /** The binding this request's queries use: a session where the runtime has one, else the database. */
  binding: D1Database;
  /** The Set-Cookie header that carries the session's latest bookmark to the next request, or null. */
  bookmarkCookie: () => Promise<string | null>;
}

export async function openD1Session(env: D1SessionEnv, request: Request, signedIn: boolean): Promise<D1RequestSession> {
  const none = { binding: env.DB, bookmarkCookie: () => Promise.resolve(null) };
  if (typeof env.DB.withSession !== "function") return none;
  const reading = request.method === "GET" || request.method === "HEAD";
  if (!signedIn) {
    return { binding: env.DB.withSession(reading ? "first-unconstrained" : "first-primary") as unknown as D1Database, bookmarkCookie: none.bookmarkCookie };
  }
  const incoming = await readBookmark(env, request);
  const session = env.DB.withSession(incoming ?? "first-primary");
  return {
    binding: session as unknown as D1Database,
    bookmarkCookie: async () => {
      const latest = session.getBookmark();
      const cookie = bookmarkCookie(env);
      if (!cookie || !latest || latest === incoming || !BOOKMARK_FORMAT.test(latest)) return null;
      return cookie.serialize(latest);
    },
  };
}
