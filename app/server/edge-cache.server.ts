import { describeError } from "./errors.server";
import { createNonce } from "./security-headers.server";
import { edgeCacheControl, edgeCacheKeysFor } from "~/domain/edge-cache";

/** Workers' shared cache of this location (`caches.default`; the DOM's CacheStorage type lacks it). */
function edgeCache(): Cache {
  return (caches as CacheStorage & { default: Cache }).default;
}

/** Headers that belong to one answer, never to a kept copy. */
const PER_RESPONSE_HEADERS = ["X-D1-Round-Trips", "X-Cache", "Vary"];
/** When the kept copy was stored (ms); read back to bound the isolate's copy, never sent. */
const STORED_AT = "X-Edge-Cache-Stored-At";

/**
 * A kept page as text, with the nonce it was rendered with. The isolate keeps the hottest ones for
 * a few seconds, so a hit need not ask the location's cache at all; an admin's purge reaches only
 * this isolate's copies, which is why they live so briefly.
 */
interface KeptPage {
  status: number;
  headers: [string, string][];
  html: string;
  nonce: string | null;
  /** The isolate serves this copy until then: a few seconds, and never past the kept copy's lifetime. */
  until: number;
}
export const ISOLATE_COPY_MS = 5_000;
const ISOLATE_COPIES = 100;
const isolateCopies = new Map<string, KeptPage>();

function keepInIsolate(key: string, page: KeptPage): void {
  isolateCopies.delete(key);
  if (isolateCopies.size >= ISOLATE_COPIES) isolateCopies.delete(isolateCopies.keys().next().value!);
  isolateCopies.set(key, page);
}

function nonceOf(headers: Headers): string | null {
  return /'nonce-([^']+)'/.exec(headers.get("Content-Security-Policy") ?? "")?.[1] ?? null;
}

/**
 * A kept page with a nonce of its own: the CSP header and the page's `nonce` attributes get a fresh
 * one (the old nonce is 128 random bits, so replacing its text replaces exactly those), so no two
 * answers share a nonce even when they share the HTML.
 */
function answerWith(page: KeptPage): Response {
  const headers = new Headers(page.headers);
  headers.delete(STORED_AT);
  if (!page.nonce) return new Response(page.html, { status: page.status, headers });
  const nonce = createNonce();
  headers.set("Content-Security-Policy", headers.get("Content-Security-Policy")!.replaceAll(`'nonce-${page.nonce}'`, `'nonce-${nonce}'`));
  return new Response(page.html.replaceAll(page.nonce, nonce), { status: page.status, headers });
}

/**
 * The kept page for `key` with a fresh nonce, or null: this isolate's copy while it lasts, else the
 * location's. A cache that fails is a miss: the page is rendered instead.
 */
export async function readEdgeCache(key: string, seconds: number, now = Date.now()): Promise<Response | null> {
  const copy = isolateCopies.get(key);
  if (copy && copy.until > now) return answerWith(copy);
  try {
    const kept = await edgeCache().match(key);
    if (!kept) return null;
    const storedAt = Number(kept.headers.get(STORED_AT)) || now;
    const page: KeptPage = {
      status: kept.status,
      headers: [...kept.headers],
      html: await kept.text(),
      nonce: nonceOf(kept.headers),
      until: Math.min(now + ISOLATE_COPY_MS, storedAt + seconds * 1000),
    };
    keepInIsolate(key, page);
    return answerWith(page);
  } catch (error) {
    console.error(`[edge-cache] read failed: ${describeError(error)}`);
    return null;
  }
}

/**
 * Sends `rendered` on and keeps a copy under `key` in the background (the body is read once and
 * split). Returns the response to send, marked with the edge's Cache-Control.
 */
export function storeInEdgeCache(key: string, rendered: Response, seconds: number, waitUntil: (promise: Promise<unknown>) => void, now = Date.now()): Response {
  const headers = new Headers(rendered.headers);
  headers.set("Cache-Control", edgeCacheControl(seconds));
  if (!rendered.body) return new Response(null, { status: rendered.status, headers });
  const [toClient, toCache] = rendered.body.tee();
  const keptHeaders = new Headers(headers);
  for (const name of PER_RESPONSE_HEADERS) keptHeaders.delete(name);
  keptHeaders.set(STORED_AT, String(now));
  const keep = async () => {
    const html = await new Response(toCache).text();
    keepInIsolate(key, { status: rendered.status, headers: [...keptHeaders], html, nonce: nonceOf(keptHeaders), until: now + Math.min(ISOLATE_COPY_MS, seconds * 1000) });
    await edgeCache().put(key, new Response(html, { status: rendered.status, headers: keptHeaders }));
  };
  waitUntil(
    keep().catch((error: unknown) => {
      console.error(`[edge-cache] store failed: ${describeError(error)}`);
    }),
  );
  return new Response(toClient, { status: rendered.status, headers });
}

/**
 * Drops the kept copies of the given pages (every banner state) in this location and this isolate,
 * after an admin's change. Other locations keep theirs until they expire (EDGE_CACHE_SECONDS at
 * most), other isolates here theirs for ISOLATE_COPY_MS at most.
 */
export async function purgeEdgeCache(origin: string, buildVersion: string, pathsAndSearches: readonly string[]): Promise<void> {
  const keys = edgeCacheKeysFor(origin, buildVersion, pathsAndSearches);
  for (const key of keys) isolateCopies.delete(key);
  try {
    await Promise.all(keys.map((key) => edgeCache().delete(key)));
  } catch (error) {
    console.error(`[edge-cache] purge failed: ${describeError(error)}`);
  }
}
