import { createCookie } from "@remix-run/cloudflare";

/** The settings a site cookie reads (the session's and the D1 bookmark's). */
interface SiteCookieEnv {
  ENVIRONMENT: string;
  SESSION_SECRET?: string;
}

/** A cookie of the whole site: `__Host-` prefixed (and so Secure) in production. */
export function siteCookieName(env: SiteCookieEnv, name: string): string {
  return env.ENVIRONMENT === "production" ? `__Host-${name}` : name;
}

/**
 * A signed, HttpOnly cookie of the whole site, signed with SESSION_SECRET (comma-separated, newest
 * first); null without a secret. Built per request because the secret arrives with the request.
 */
export function signedSiteCookie(env: SiteCookieEnv, name: string, maxAgeSeconds?: number) {
  const secret = env.SESSION_SECRET;
  if (!secret) return null;
  return createCookie(siteCookieName(env, name), {
    httpOnly: true,
    sameSite: "lax",
    secure: env.ENVIRONMENT === "production",
    path: "/",
    maxAge: maxAgeSeconds,
    secrets: secret.split(",").map((s) => s.trim()),
  });
}

/**
 * The object a signed site cookie of the request holds (the pending second step's, a passkey
 * ceremony's): null without a secret, and for a cookie that is missing, unsigned, forged, malformed
 * or not an object.
 */
export async function readSignedObject(env: SiteCookieEnv, name: string, request: Request): Promise<Record<string, unknown> | null> {
  const cookie = signedSiteCookie(env, name);
  if (!cookie) return null;
  let value: unknown;
  try {
    value = await cookie.parse(request.headers.get("Cookie"));
  } catch {
    return null;
  }
  return typeof value === "object" && value !== null ? (value as Record<string, unknown>) : null;
}
