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

/**
 * The query parameters a page reads for what it shows (filters, sort, view, search, price range,
 * wear, variant and market,
 * side, tab, the edited or reviewed object, the login form's mode and way on, a mailed link's token): all a way back
 * needs to keep of the URL. A notice is not kept: it was said once.
 */
const PAGE_STATE_PARAMETERS = new Set([
  "sort",
  "view",
  "type",
  "rarity",
  "crate",
  "collection",
  "range",
  "wear",
  "variant",
  "market",
  "q",
  "lang",
  "kind",
  "side",
  "tab",
  "page",
  "slot",
  "skin",
  "edit",
  "craft",
  "mode",
  "redirectTo",
  "token",
]);
/** The longest way back a link or field of a page carries (the weapon grid repeats it in every card). */
export const MAX_WAY_BACK = 512;
const MAX_WAY_BACK_VALUE = 120;
const MAX_WAY_BACK_HASH = 64;

/**
 * The way back to the page at `value` ("/weapons/AK-47?sort=price-asc#card"), as links and hidden
 * fields carry it: the path, the page-state parameters with values of at most 120 characters, as
 * many as fit in 512 characters, and a short fragment. Nothing else of the request URL is echoed, so
 * a 60 KB query string does not reach every card of a page. "/" for a path that is not on this
 * site or too long.
 */
export function wayBack(value: string): string {
  if (remembered?.value !== value) remembered = { value, answer: findWayBack(value) };
  return remembered.answer;
}

/** The last way back found: a page's cards ask for the same one, once each, in a render. */
let remembered: { value: string; answer: string } | undefined;

function findWayBack(value: string): string {
  const resolved = resolveSameSitePath(value);
  if (resolved === null) return "/";
  const url = new URL(resolved, BASE);
  if (url.pathname.length > MAX_WAY_BACK) return "/";
  const kept = new URLSearchParams();
  let length = url.pathname.length;
  for (const [name, given] of url.searchParams) {
    if (!PAGE_STATE_PARAMETERS.has(name) || given === "" || given.length > MAX_WAY_BACK_VALUE) continue;
    const pair = new URLSearchParams([[name, given]]).toString();
    if (length + 1 + pair.length > MAX_WAY_BACK) break;
    kept.append(name, given);
    length += 1 + pair.length;
  }
  const search = kept.size === 0 ? "" : `?${kept.toString()}`;
  const hash = url.hash.length <= MAX_WAY_BACK_HASH ? url.hash : "";
  return `${url.pathname}${search}${hash}`;
}

/** Fragments the URL parser keeps as written: putting one after a way back needs no parsing. */
const PLAIN_FRAGMENT = /^[\w.~%-]+$/;

/**
 * The login page, coming back to `returnTo` (its way back) afterwards, at `#fragment` if given:
 * the same as `loginPath(returnTo#fragment)`, without parsing the page's path again for each card.
 */
export function loginPath(returnTo: string, fragment?: string): string {
  let back = wayBack(returnTo);
  if (fragment !== undefined) {
    // The URL parser drops spaces at the end of what it reads, not before a '#': "/x " is "/x", and
    // "/x #f" is "/x%20#f". So a path ending in a space takes the long way too.
    if (!PLAIN_FRAGMENT.test(fragment) || back === "/" || returnTo.endsWith(" ")) back = wayBack(`${returnTo.split("#")[0]}#${fragment}`);
    else back = `${back.split("#")[0]}${fragment.length < MAX_WAY_BACK_HASH ? `#${fragment}` : ""}`;
  }
  return `/login?redirectTo=${encodeURIComponent(back)}`;
}

/** A same-site path with `?notice=KEY` set (replacing any notice it had), for Post/Redirect/Get; "/" for any other. */
export function withNotice(path: string, notice: string): string {
  const url = new URL(resolveSameSitePath(path) ?? "/", BASE);
  url.searchParams.set("notice", notice);
  return `${url.pathname}${url.search}${url.hash}`;
}
