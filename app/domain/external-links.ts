/**
 * Links out of the site (a sticker craft's external link, a sticker's market link). Players and
 * admins type them, so the product only points to a link whose destination a visitor can read:
 * an absolute `https:` URL with a host and without a user name or password
 * (`https://steamcommunity.com@evil.example/` goes to evil.example, the usual fake-login shape).
 * Every link out goes through the leaving page (`/leaving?to=...`), which names the host as the
 * browser will read it (the WHATWG URL parser: the one browsers use) and never redirects by itself.
 */

export const MAX_LINK_LENGTH = 2048;
export const LINK_RULE = "Links must be web addresses starting with https://, without a user name or password.";
/** The leaving page's heading for a link it refuses. */
export const LINK_REFUSED = "This link cannot be opened from SkinVault.";

/** The path of the leaving page. */
export const LEAVING_PATH = "/leaving";

export interface ExternalLink {
  /** The link as the browser reads it (the parser's serialisation: a punycode host, escaped path). */
  href: string;
  /** The destination host (and port, when it is not 443) as the browser reads it. */
  host: string;
}

/** `value` as an accepted link out, or null: not an absolute `https:` URL with a host, carrying credentials, or too long. */
export function parseExternalLink(value: string): ExternalLink | null {
  if (value.length === 0 || value.length > MAX_LINK_LENGTH) return null;
  // The parser silently drops tabs and line breaks inside a URL and spaces around it, reads a
  // backslash as a slash and `https:///host` as `https://host`: what is stored must read as it goes.
  if (/\p{Cc}/u.test(value) || value.trim() !== value || value.includes("\\") || !/^https:\/\/[^/]/i.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" || url.hostname === "" || url.username !== "" || url.password !== "") return null;
  if (url.href.length > MAX_LINK_LENGTH) return null;
  return { href: url.href, host: url.host };
}

export function isExternalLink(value: string): boolean {
  return parseExternalLink(value) !== null;
}

/** The leaving page for a stored link, and the host it names; null when the link is not (or no longer) accepted, so nothing is shown. */
export function leavingLink(value: string | null): { path: string; host: string } | null {
  const link = value === null ? null : parseExternalLink(value);
  return link ? { path: `${LEAVING_PATH}?to=${encodeURIComponent(link.href)}`, host: link.host } : null;
}
