const BASE = "http://same-site.invalid";

/** A path on this site ("/x?y"), never an absolute or protocol-relative URL that leaves it. */
export function isSameSitePath(value: string): boolean {
  if (!value.startsWith("/") || value.startsWith("//") || value.includes("\\")) return false;
  if (/[\u0000-\u001f\u007f]/.test(value)) return false;
  try {
    return new URL(value, BASE).origin === BASE;
  } catch {
    return false;
  }
}

/** The longest return path a form or link may carry. */
export const MAX_RETURN_PATH = 2048;

/** `value` when it is a same-site path of reasonable length, else `fallback`. */
export function safeReturnPath(value: unknown, fallback: string): string {
  return typeof value === "string" && value.length <= MAX_RETURN_PATH && isSameSitePath(value) ? value : fallback;
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

/** A same-site path with `?notice=KEY` set (replacing any notice it had), for Post/Redirect/Get. */
export function withNotice(path: string, notice: string): string {
  const url = new URL(path, "http://same-site.invalid");
  url.searchParams.set("notice", notice);
  return `${url.pathname}${url.search}${url.hash}`;
}
