// The price job's fetch step: one GET of the feed, within a time limit and a size cap, parsed and
// checked against either of its shapes (app/domain/price-feed.ts).
import { validateFeed, type FeedParseResult } from "~/domain/price-feed";
import type { PriceFeedEnv } from "./price-job.server";

export const DEFAULT_PRICE_FEED_TIMEOUT_MS = 15_000;
/**
 * The most of a feed's body a run reads, in bytes; a longer body (or a Content-Length above it) is
 * refused. The largest feed we plan for, the tests' 40,000 items (every market name of the
 * catalogue and 15,000 it lacks), is 17.5 MB; a feed of Skinport's shape read as text (two bytes a
 * character once one ★ or ™ is in it) and parsed takes about 3 bytes of memory a byte of body
 * (Node 24: 17.6 MB, 54 MB; 25 MB, 78 MB). 24 MiB is about 55,000 such items, and keeps a run well
 * within the isolate's 128 MB; without a cap, a broken or hostile feed would exhaust it.
 */
export const MAX_FEED_BYTES = 24 * 1024 * 1024;

/** Fetches and checks the feed; every fault (status, timeout, non-JSON, shape) becomes an error text. */
export async function fetchFeed(env: PriceFeedEnv): Promise<FeedParseResult> {
  const timeout = Number(env.PRICE_FEED_TIMEOUT_MS ?? DEFAULT_PRICE_FEED_TIMEOUT_MS) || DEFAULT_PRICE_FEED_TIMEOUT_MS;
  let text: string;
  try {
    const response = await fetch(env.PRICE_FEED_URL!, { headers: { Accept: "application/json" }, signal: AbortSignal.timeout(timeout) });
    if (!response.ok) {
      await response.body?.cancel();
      return { ok: false, error: `Feed answered ${response.status} ${response.statusText}`.trim() };
    }
    const declared = Number(response.headers.get("Content-Length") ?? 0);
    if (declared > MAX_FEED_BYTES) {
      await response.body?.cancel();
      return { ok: false, error: `Feed declares ${declared} bytes, more than the ${MAX_FEED_BYTES} a run reads (too large)` };
    }
    const read = await readTextUpTo(response.body, MAX_FEED_BYTES);
    if (read === null) return { ok: false, error: `Feed is larger than the ${MAX_FEED_BYTES} bytes a run reads (too large); reading stopped there` };
    text = read;
  } catch (error) {
    const name = error instanceof Error ? error.name : "";
    if (name === "TimeoutError" || name === "AbortError") return { ok: false, error: `Feed did not answer within ${timeout} ms (timeout)` };
    return { ok: false, error: `Feed unreachable: ${error instanceof Error ? error.message : String(error)}` };
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { ok: false, error: `Feed answered with something that is not JSON (${text.slice(0, 40).replace(/\s+/g, " ")}...)` };
  }
  return validateFeed(body);
}

/** A body as text, or null as soon as it passes `limit` bytes (the rest is never read). */
export async function readTextUpTo(body: ReadableStream<Uint8Array> | null, limit: number): Promise<string | null> {
  if (!body) return "";
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const parts: string[] = [];
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    if (bytes > limit) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    parts.push(decoder.decode(value, { stream: true }));
  }
  parts.push(decoder.decode());
  return parts.join("");
}
