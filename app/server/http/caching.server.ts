import { cookiePairs } from "./cookies.server";

/**
 * Cache rules for catalogue pages. Anonymous pages are the same for everyone, so a CDN may keep
 * them briefly and serve a stale copy while it fetches a fresh one; a signed-in visitor's page can
 * carry personal state (favourites, admin links), so only their own browser may keep it.
 */
export const SESSION_COOKIE_NAMES = ["skinvault_session", "__Host-skinvault_session"] as const;

export const ANONYMOUS_CATALOGUE_CACHE = "public, max-age=0, s-maxage=60, stale-while-revalidate=300";
export const SIGNED_IN_CACHE = "private, no-cache";
/** Built assets carry a content hash in their name, so they never change. */
export const IMMUTABLE_CACHE = "public, max-age=31536000, immutable";

export function hasSessionCookie(cookieHeader: string | null): boolean {
  const pairs = cookiePairs(cookieHeader);
  return SESSION_COOKIE_NAMES.some((name) => pairs.has(name));
}

export function catalogueCacheControl(cookieHeader: string | null): string {
  return hasSessionCookie(cookieHeader) ? SIGNED_IN_CACHE : ANONYMOUS_CATALOGUE_CACHE;
}
