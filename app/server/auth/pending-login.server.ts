import { readSignedObject, signedSiteCookie } from "../platform/site-cookie.server";

/** How long the password step's pending state lasts: time to open the app and type a code. */
export const PENDING_LOGIN_TTL_MS = 5 * 60 * 1000;

interface PendingLoginEnv {
  ENVIRONMENT: string;
  SESSION_SECRET?: string;
}

/** The password step passed for `userId`; a session starts only after the second factor. */
export interface PendingLogin {
  userId: string;
  expiresAt: number;
  /** Where the login goes afterwards (a checked same-site path), or null for the profile. */
  redirectTo: string | null;
}

function pendingCookie(env: PendingLoginEnv) {
  const cookie = signedSiteCookie(env, "skinvault_two_step", PENDING_LOGIN_TTL_MS / 1000);
  if (!cookie) throw new Error("SESSION_SECRET is not set");
  return cookie;
}

/**
 * The Set-Cookie of the pending state: a signed cookie (SESSION_SECRET) naming the account and
 * its expiry, not a session: no page treats it as signed in, and it lasts five minutes.
 */
export function startPendingLogin(env: PendingLoginEnv, userId: string, redirectTo: string | null): Promise<string> {
  const pending: PendingLogin = { userId, expiresAt: Date.now() + PENDING_LOGIN_TTL_MS, redirectTo };
  return pendingCookie(env).serialize(pending);
}

/** The request's pending state, if its signature holds and it has not expired; anything else is none. */
export async function readPendingLogin(env: PendingLoginEnv, request: Request): Promise<PendingLogin | null> {
  const value = await readSignedObject(env, "skinvault_two_step", request);
  if (!value) return null;
  const { userId, expiresAt, redirectTo } = value;
  if (typeof userId !== "string" || typeof expiresAt !== "number" || expiresAt <= Date.now()) return null;
  return { userId, expiresAt, redirectTo: typeof redirectTo === "string" ? redirectTo : null };
}

/** The Set-Cookie that ends the pending state. */
export function endPendingLogin(env: PendingLoginEnv): Promise<string> {
  return pendingCookie(env).serialize("", { maxAge: 0, expires: new Date(0) });
}
