/**
 * The one Cookie-header parser (the signed session cookie goes through Remix's cookie, which also
 * verifies it). Names are matched exactly; the first of a repeated name wins, as browsers send the
 * most specific path first.
 */
export function cookiePairs(header: string | null): Map<string, string> {
  const pairs = new Map<string, string>();
  for (const part of (header ?? "").split(";")) {
    const index = part.indexOf("=");
    if (index < 0) continue;
    const name = part.slice(0, index).trim();
    if (name && !pairs.has(name)) pairs.set(name, part.slice(index + 1).trim());
  }
  return pairs;
}

/** One cookie's decoded value; null when it is absent or not valid percent-encoding. */
export function cookieValue(header: string | null, name: string): string | null {
  const raw = cookiePairs(header).get(name);
  if (raw === undefined) return null;
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

/** The attributes of the site's plain cookies (consent, `user_session`): Secure over HTTPS. */
export function cookieAttributes(request: Request): string {
  const secure = new URL(request.url).protocol === "https:" ? "; Secure" : "";
  return `Path=/; HttpOnly; SameSite=Lax${secure}`;
}

/** Non-essential: holds the signed-in user's id for 7 days, written only with consent (features/consent). */
export const USER_SESSION_COOKIE = "user_session";

/** For the logout, a declined consent and a deleted account: expires `user_session` in the browser. */
export function expireUserSessionCookie(request: Request): string {
  return `${USER_SESSION_COOKIE}=; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; ${cookieAttributes(request)}`;
}
