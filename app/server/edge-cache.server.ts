import { describeError } from "./errors.server";
import { createNonce } from "./security-headers.server";
import { edgeCacheControl, edgeCacheKeysFor } from "~/domain/edge-cache";

/** Workers' shared cache of this location (`caches.default`; the DOM's CacheStorage type lacks it). */
function edgeCache(): Cache {
  return (caches as CacheStorage & { default: Cache }).default;
}

/** Headers that belong to one answer, never to a kept copy. */
const PER_RESPONSE_HEADERS = ["X-D1-Round-Trips", "X-Cache", "Vary"];

/** The kept page for `key`, or null. A cache that fails is a miss: the page is rendered instead. */
export async function readEdgeCache(key: string): Promise<Response | null> {
  try {
    return (await edgeCache().match(key)) ?? null;
  } catch (error) {
    console.error(`[edge-cache] read failed: ${describeError(error)}`);
    return null;
  }
}

/**
 * A kept page with a nonce of its own: the CSP header and every `nonce` attribute get a fresh one,
 * so no two answers share a nonce even when they share the HTML.
 */
export function withFreshNonce(kept: Response): Response {
  const headers = new Headers(kept.headers);
  const policy = headers.get("Content-Security-Policy");
  if (!policy?.includes("'nonce-")) return new Response(kept.body, { status: kept.status, headers });
  const nonce = createNonce();
  headers.set("Content-Security-Policy", policy.replace(/'nonce-[^']*'/g, `'nonce-${nonce}'`));
  return new HTMLRewriter()
    .on("[nonce]", {
      element(element) {
        element.setAttribute("nonce", nonce);
      },
    })
    .transform(new Response(kept.body, { status: kept.status, headers }));
}

/**
 * Sends `rendered` on and keeps a copy under `key` in the background (the body is read once and
 * split). Returns the response to send, marked with the edge's Cache-Control.
 */
export function storeInEdgeCache(key: string, rendered: Response, seconds: number, waitUntil: (promise: Promise<unknown>) => void): Response {
  const headers = new Headers(rendered.headers);
  headers.set("Cache-Control", edgeCacheControl(seconds));
  if (!rendered.body) return new Response(null, { status: rendered.status, headers });
  const [toClient, toCache] = rendered.body.tee();
  const keptHeaders = new Headers(headers);
  for (const name of PER_RESPONSE_HEADERS) keptHeaders.delete(name);
  const kept = new Response(toCache, { status: rendered.status, headers: keptHeaders });
  waitUntil(
    edgeCache().put(key, kept).catch((error: unknown) => {
      console.error(`[edge-cache] store failed: ${describeError(error)}`);
    }),
  );
  return new Response(toClient, { status: rendered.status, headers });
}

/**
 * Drops the kept copies of the given pages (every banner state) in this location, after an admin's
 * change. Other locations keep theirs until they expire (EDGE_CACHE_SECONDS at most).
 */
export async function purgeEdgeCache(origin: string, buildVersion: string, pathsAndSearches: readonly string[]): Promise<void> {
  try {
    await Promise.all(edgeCacheKeysFor(origin, buildVersion, pathsAndSearches).map((key) => edgeCache().delete(key)));
  } catch (error) {
    console.error(`[edge-cache] purge failed: ${describeError(error)}`);
  }
}
