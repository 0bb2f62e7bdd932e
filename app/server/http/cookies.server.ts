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
