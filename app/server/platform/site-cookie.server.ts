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
