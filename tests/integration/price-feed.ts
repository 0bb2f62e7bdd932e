// A stand-in for the price provider's /v1/items (Skinport's shape), started in Node by Vitest's
// globalSetup. The job under test fetches /v1/items; tests steer it through POST /__control:
// { mode: "ok", items: [...] } serves the items, "fail" answers 503, "hang" never answers,
// "garbage" answers HTML, "shape" answers JSON of the wrong shape, "huge" streams `bytes` bytes of
// a JSON array (no Content-Length) until the job stops reading, "declared" sends a Content-Length
// of `bytes` and then nothing; `delayMs` delays an answer.
// GET /__log reads how many times the feed was fetched.
import type { ServerResponse } from "node:http";
import { startStandIn } from "./stand-in";

type Mode = "ok" | "fail" | "hang" | "garbage" | "shape" | "huge" | "declared";

/** Listens on PRICE_FEED_PORT (the Vitest config picks a free one, so checkouts can run at once). */
export default async function setup(): Promise<() => Promise<void>> {
  let mode: Mode = "ok";
  let items = "[]";
  let delayMs = 0;
  let bytes = 0;
  let fetches = 0;
  return startStandIn(Number(process.env.PRICE_FEED_PORT ?? 8892), (request, body, response) => {
    if (request.url === "/__control") {
      const control = JSON.parse(body) as { mode?: Mode; items?: unknown[]; delayMs?: number; bytes?: number; reset?: boolean };
      if (control.mode) mode = control.mode;
      if (control.items) items = JSON.stringify(control.items);
      if (control.delayMs !== undefined) delayMs = control.delayMs;
      if (control.bytes !== undefined) bytes = control.bytes;
      if (control.reset) fetches = 0;
      response.end("ok");
      return;
    }
    if (request.url === "/__log") {
      response.setHeader("Content-Type", "application/json");
      response.end(JSON.stringify({ fetches }));
      return;
    }
    if (!request.url?.startsWith("/v1/items")) {
      response.statusCode = 404;
      response.end("Not Found");
      return;
    }
    fetches++;
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
      else response.end(items);
    }, delayMs);
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
