import { describeError } from "./errors.server";
import { createNonce } from "./security-headers.server";
import { edgeCacheControl, edgeCacheKeysFor } from "~/server/http/edge-cache-plan.server";

/** Workers' shared cache of this location (`caches.default`; the DOM's CacheStorage type lacks it). */
function edgeCache(): Cache {
  return (caches as CacheStorage & { default: Cache }).default;
}

/** Headers that belong to one answer, never to a kept copy. */
const PER_RESPONSE_HEADERS = ["X-D1-Round-Trips", "X-Cache", "Vary"];
/** When the kept copy was stored (ms); read back to bound the isolate's copy, never sent. */
const STORED_AT = "X-Edge-Cache-Stored-At";
/**
 * The page's `Vary` (`Cookie`), kept under a name of its own: the location's cache would match a
 * kept `Vary` against the request's cookies, while the key already holds what the page varies with.
 * A hit sends it again as `Vary`, as the rendered page did, so a cache in front keeps them apart.
 */
const KEPT_VARY = "X-Edge-Cache-Vary";

/**
 * A kept page, with the nonce it was rendered with. The isolate keeps the hottest ones for a few
 * seconds, so a hit need not ask the location's cache at all; an admin's purge reaches only this
 * isolate's copies, which is why they live so briefly.
 */
interface KeptPage {
  status: number;
  headers: [string, string][];
  /** The page's bytes, cut where the nonce was: a hit joins them with a fresh one. */
  pieces: Uint8Array<ArrayBuffer>[];
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

const encoder = new TextEncoder();

/** The old nonce is 128 random bits, so cutting at its text cuts exactly at its uses. */
function keptPage(status: number, headers: Headers, html: string, until: number): KeptPage {
  const nonce = nonceOf(headers);
  const pieces = (nonce ? html.split(nonce) : [html]).map((piece) => encoder.encode(piece));
  return { status, headers: [...headers], pieces, nonce, until };
}

/**
 * A kept page with a nonce of its own in the CSP header and the page's `nonce` attributes, so no
 * two answers share a nonce even when they share the HTML. Joining bytes costs a seventh of
 * replacing the nonce in the text and encoding it again.
 */
function answerWith(page: KeptPage): Response {
  const headers = new Headers(page.headers);
  headers.delete(STORED_AT);
  const vary = headers.get(KEPT_VARY);
  headers.delete(KEPT_VARY);
  if (vary) headers.set("Vary", vary);
  if (!page.nonce) return new Response(page.pieces[0], { status: page.status, headers });
  const nonce = createNonce();
  headers.set("Content-Security-Policy", headers.get("Content-Security-Policy")!.replaceAll(`'nonce-${page.nonce}'`, `'nonce-${nonce}'`));
  const nonceBytes = encoder.encode(nonce);
  const length = page.pieces.reduce((sum, piece) => sum + piece.length, nonceBytes.length * (page.pieces.length - 1));
  const body = new Uint8Array(length);
  let offset = 0;
  page.pieces.forEach((piece, index) => {
    if (index > 0) {
      body.set(nonceBytes, offset);
      offset += nonceBytes.length;
    }
    body.set(piece, offset);
    offset += piece.length;
  });
  return new Response(body, { status: page.status, headers });
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
    const page = keptPage(kept.status, kept.headers, await kept.text(), Math.min(now + ISOLATE_COPY_MS, storedAt + seconds * 1000));
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
  const vary = headers.get("Vary");
  if (vary) keptHeaders.set(KEPT_VARY, vary);
  const keep = async () => {
    const html = await new Response(toCache).text();
    keepInIsolate(key, keptPage(rendered.status, keptHeaders, html, now + Math.min(ISOLATE_COPY_MS, seconds * 1000)));
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
