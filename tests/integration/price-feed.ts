// A stand-in for the price providers, started in Node by Vitest's globalSetup: /v1/items in
// Skinport's shape (an array) and /latest/prices_v6.json in the multi-market shape (an object keyed
// by market hash name, csgo-trader's). The job under test fetches either; tests steer it through
// POST /__control: { mode: "ok", items: [...] } serves the items at /v1/items, { markets: {...} }
// the document at /latest/prices_v6.json, "fail" answers 503, "hang" never answers,
// "garbage" answers HTML, "shape" answers JSON of the wrong shape, "huge" streams `bytes` bytes of
// a JSON array (no Content-Length) until the job stops reading, "declared" sends a Content-Length
// of `bytes` and then nothing; `delayMs` delays an answer.
// GET /__log reads how many times the feed was fetched. Test files run at once in several workers:
// each file that steers the stand-in keeps its own state by adding `?channel=NAME` to its control,
// log and feed URLs (no channel: the default one).
import type { ServerResponse } from "node:http";
import { startStandIn } from "./stand-in";

type Mode = "ok" | "fail" | "hang" | "garbage" | "shape" | "huge" | "declared";

/** Listens on PRICE_FEED_PORT (the Vitest config picks a free one, so checkouts can run at once). */
interface ChannelState {
  mode: Mode;
  items: string;
  markets: string;
  delayMs: number;
  bytes: number;
  fetches: number;
}

export default async function setup(): Promise<() => Promise<void>> {
  const channels = new Map<string, ChannelState>();
  const channelOf = (url: URL) => {
    const name = url.searchParams.get("channel") ?? "";
    let state = channels.get(name);
    if (!state) channels.set(name, (state = { mode: "ok", items: "[]", markets: "{}", delayMs: 0, bytes: 0, fetches: 0 }));
    return state;
  };
  return startStandIn(Number(process.env.PRICE_FEED_PORT ?? 8892), (request, body, response) => {
    const url = new URL(request.url ?? "/", "http://stand-in");
    const state = channelOf(url);
    if (url.pathname === "/__control") {
      const control = JSON.parse(body) as {
        mode?: Mode;
        items?: unknown[];
        markets?: Record<string, unknown>;
        delayMs?: number;
        bytes?: number;
        reset?: boolean;
      };
      if (control.mode) state.mode = control.mode;
      if (control.items) state.items = JSON.stringify(control.items);
      if (control.markets) state.markets = JSON.stringify(control.markets);
      if (control.delayMs !== undefined) state.delayMs = control.delayMs;
      if (control.bytes !== undefined) state.bytes = control.bytes;
      if (control.reset) state.fetches = 0;
      response.end("ok");
      return;
    }
    if (url.pathname === "/__log") {
      response.setHeader("Content-Type", "application/json");
      response.end(JSON.stringify({ fetches: state.fetches }));
      return;
    }
    const multiMarket = url.pathname === "/latest/prices_v6.json";
    if (url.pathname !== "/v1/items" && !multiMarket) {
      response.statusCode = 404;
      response.end("Not Found");
      return;
    }
    state.fetches++;
    const { mode, bytes, items, markets } = state;
    if (mode === "hang") return; // never answers: the job's timeout has to end it
    if (mode === "declared") {
      // Says how long the body is, then sends none of it: a job that reads it waits for its timeout.
      response.setHeader("Content-Type", "application/json");
      response.setHeader("Content-Length", String(bytes));
      response.flushHeaders();
      return;
    }
    if (mode === "huge") {
      streamArray(response, bytes);
      return;
    }
    setTimeout(() => {
      if (mode === "fail") {
        response.statusCode = 503;
        response.end("Service Unavailable");
        return;
      }
      response.setHeader("Content-Type", mode === "garbage" ? "text/html" : "application/json");
      if (mode === "garbage") response.end("<html><body>Bad gateway</body></html>");
      else if (mode === "shape") response.end(JSON.stringify({ items: JSON.parse(items) as unknown }));
      else response.end(multiMarket ? markets : items);
    }, state.delayMs);
  });
}

/** Writes `[` and items up to `bytes` bytes (never `]`), heeding backpressure, until the reader goes away. */
function streamArray(response: ServerResponse, bytes: number): void {
  const piece = Buffer.from(
    `${JSON.stringify({ market_hash_name: "★ StatTrak™ Karambit | Doppler (Factory New)", currency: "USD", min_price: 1 })},`.repeat(500),
  );
  let sent = 0;
  let gone = false;
  response.on("close", () => (gone = true));
  response.on("error", () => (gone = true));
  response.setHeader("Content-Type", "application/json");
  response.write("[");
  const more = () => {
    while (!gone && sent < bytes) {
      sent += piece.length;
      if (!response.write(piece)) {
        response.once("drain", more);
        return;
      }
    }
    if (!gone) response.end();
  };
  more();
}
