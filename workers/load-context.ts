import type { AppLoadContext } from "@remix-run/cloudflare";
import { createDatabase, type Database } from "../app/server/db/client.server";
import { createQueryBatcher, type QueryBatcher } from "../app/server/db/batcher.server";
import { openD1Session } from "../app/server/db/d1-session.server";
import { countRoundTrips } from "../app/server/db/round-trips.server";
import type { PasswordService } from "../app/server/auth/password.server";
import { readSessionId } from "../app/server/auth/session.server";

declare module "@remix-run/cloudflare" {
  interface AppLoadContext {
    env: Env;
    db: Database;
    /** Reads for a page: everything asked for in one tick goes to D1 as a single batch. */
    load: QueryBatcher;
    /** How many D1 round trips this request has made so far; null in production, which does not count. */
    d1RoundTrips: (() => number) | null;
    waitUntil: (promise: Promise<unknown>) => void;
    /** argon2id hashing (WASM in the Worker, native under `remix vite:dev`). */
    passwords: PasswordService;
    /** The session id from the verified session cookie; its row may be gone (then: signed out). */
    sessionId: string | null;
    /**
     * After an admin's change: drops this location's kept copies of the given anonymous pages
     * (path plus normalised search, e.g. "/loadouts/official/3?side=ct") in the background.
     */
    purgeEdgeCache: (pathsAndSearches: string[]) => void;
    /** After the response: the Set-Cookie that hands a signed-in user's D1 bookmark to their next request, or null. */
    d1BookmarkCookie: () => Promise<string | null>;
  }
}

/**
 * One load context per request: bindings and secrets arrive per request, so nothing is kept. The
 * session cookie is verified here, before Remix runs, so loaders can read the session row in
 * their page's single batch.
 */
export async function createLoadContext(
  request: Request,
  env: Env,
  waitUntil: (promise: Promise<unknown>) => void,
  passwords: PasswordService,
  purgeEdgeCache: (pathsAndSearches: string[]) => void = () => {},
): Promise<AppLoadContext> {
  const sessionId = await readSessionId(env, request);
  const d1 = await openD1Session(env, request, sessionId !== null);
  // Counting wraps every statement in a Proxy; production skips it (no one reads the count there).
  const counted = env.ENVIRONMENT === "production" ? null : countRoundTrips(d1.binding);
  const db = createDatabase(counted?.binding ?? d1.binding);
  return {
    env,
    db,
    load: createQueryBatcher(db),
    d1RoundTrips: counted?.roundTrips ?? null,
    waitUntil,
    passwords,
    sessionId,
    purgeEdgeCache,
    d1BookmarkCookie: d1.bookmarkCookie,
  };
}
