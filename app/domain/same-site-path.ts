const BASE = "http://same-site.invalid";

/**
 * `value` as the browser will resolve it ("/x?y#z", dot segments and `%2e` removed), when that is a
 * path on this site; null for anything that could leave it: an absolute or protocol-relative URL, a
 * backslash or control character (browsers read `/\evil.example` and `/\t/evil.example` as
 * `//evil.example`; React Router 6 does not refuse them: SECURITY.md), or a path that only becomes
 * `//host` once resolved (`/.//evil.example`, `/%2e//evil.example`, `/x/..//evil.example`).
 */
export function resolveSameSitePath(value: string): string | null {
  if (!value.startsWith("/") || value.startsWith("//") || value.includes("\\")) return null;
  if ([...value].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f)) return null;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE || url.pathname.startsWith("//")) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** A path on this site ("/x?y"), never one that resolves to an absolute or protocol-relative URL. */
export function isSameSitePath(value: string): boolean {
  return resolveSameSitePath(value) !== null;
}

/** The longest return path a form or link may carry. */
export const MAX_RETURN_PATH = 2048;

/** `value`, resolved, when it is a same-site path of reasonable length, else `fallback`. */
export function safeReturnPath(value: unknown, fallback: string): string {
  return (typeof value === "string" && value.length <= MAX_RETURN_PATH && resolveSameSitePath(value)) || fallback;
}

/** A same-site path with its fragment replaced by `hash` (without '#'), to come back to a card's place. */
export function withHash(path: string, hash: string): string {
  const base = path.split("#")[0] ?? path;
  return `${base}#${hash}`;
}

/** The login page, coming back to `returnTo` afterwards. */
export function loginPath(returnTo: string): string {
  return `/login?redirectTo=${encodeURIComponent(returnTo)}`;
}

/** A same-site path with `?notice=KEY` set (replacing any notice it had), for Post/Redirect/Get; "/" for any other. */
export function withNotice(path: string, notice: string): string {
  const url = new URL(resolveSameSitePath(path) ?? "/", BASE);
  url.searchParams.set("notice", notice);
  return `${url.pathname}${url.search}${url.hash}`;
}
