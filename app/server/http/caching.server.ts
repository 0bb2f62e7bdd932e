import { cookiePairs } from "./cookies.server";

/**
 * Cache rules for catalogue pages. Anonymous pages are the same for everyone, so a CDN may keep
 * them briefly and serve a stale copy while it fetches a fresh one; a signed-in visitor's page can
 * carry personal state (favourites, admin links), so only their own browser may keep it.
 */
export const SESSION_COOKIE_NAMES = ["skinvault_session", "__Host-skinvault_session"] as const;

export const ANONYMOUS_CATALOGUE_CACHE = "public, max-age=0, s-maxage=60, stale-while-revalidate=300";
export const SIGNED_IN_CACHE = "private, no-cache";
/** An answer no cache may keep: a form's reply or redirect, an error page the edge cache did not keep. */
export const NOT_KEPT_CACHE = "private, no-store";
/** Built assets carry a content hash in their name, so they never change. */
export const IMMUTABLE_CACHE = "public, max-age=31536000, immutable";

export function hasSessionCookie(cookieHeader: string | null): boolean {
  const pairs = cookiePairs(cookieHeader);
  return SESSION_COOKIE_NAMES.some((name) => pairs.has(name));
}

export function catalogueCacheControl(cookieHeader: string | null): string {
  return hasSessionCookie(cookieHeader) ? SIGNED_IN_CACHE : ANONYMOUS_CATALOGUE_CACHE;
}

/**
 * The Worker's last word on an answer that says nothing of caching: it is its visitor's own
 * (`private, no-cache`). That is every signed-in answer (page, `.data`, redirect) but the catalogue
 * routes', which say so themselves, and every anonymous one the edge cache does not keep (it marks
 * what it keeps first). A route's own `Cache-Control` (a catalogue page, an image, the CSV export)
 * stands. Loaders' headers reach the answer only through a route's `headers` export, so this is
 * where a page without one gets its rule.
 */
export function privateUnlessSaid(headers: Headers): void {
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", SIGNED_IN_CACHE);
}

/**
 * The Worker's word on an answer the edge cache did not keep: the reply to a write (any method but
 * GET and HEAD) and a 4xx or 5xx page are for this one request, so a rule the route took from its
 * page's loader (`public, s-maxage=...`, a catalogue page's) does not stand: no shared cache in
 * front may keep a 429, a refused form or a 404 for a URL the edge never stores (issue 59).
 */
export function notKeptUnlessPrivate(headers: Headers, answer: { method: string; status: number }): void {
  const read = answer.method === "GET" || answer.method === "HEAD";
  if (read && answer.status < 400) return;
  const said = headers.get("Cache-Control");
  if (said === null || !/\b(private|no-store)\b/i.test(said)) headers.set("Cache-Control", NOT_KEPT_CACHE);
}
