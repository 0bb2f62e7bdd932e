import type { ReactNode } from "react";
// React's Node renderer (react-dom's published `server.node` export) packs the HTML into 2 KB
// buffers with `encodeInto`; its browser build (what Workers resolve `react-dom/server` to) encodes
// every text piece into its own small array, which cost a fifth of a rendered page's CPU time.
// `nodejs_compat` gives it `util` and `setImmediate`.
import { renderToPipeableStream } from "react-dom/server.node";
import { Writable } from "node:stream";

export interface RenderedStream {
  body: ReadableStream<Uint8Array>;
  /** Settles when every Suspense boundary has rendered (what crawlers wait for). */
  allReady: Promise<void>;
}

interface RenderOptions {
  nonce: string;
  signal: AbortSignal;
  onError: (error: unknown) => void;
}

/** `renderToReadableStream`'s contract, on the Node renderer: resolves once the shell is ready. */
export function renderToWebStream(element: ReactNode, { nonce, signal, onError }: RenderOptions) {
  return new Promise<RenderedStream>((resolveShell, rejectShell) => {
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    // A reader that went away (a client that closed the connection, a caller that only wanted the
    // headers) is no server error: what is left renders (the data is loaded; the signal bounds it)
    // into nothing, quietly.
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      start(streamController) {
        controller = streamController;
      },
      cancel() {
        cancelled = true;
      },
    });
    let allReadyDone!: () => void;
    let allReadyFailed!: (error: unknown) => void;
    const allReady = new Promise<void>((resolve, reject) => {
      allReadyDone = resolve;
      allReadyFailed = reject;
    });
    // The Node writable `pipe` is documented to take: chunks go straight into the web stream. The
    // web stream's reader sets the pace, so the writable buffers nothing (each write is done at once).
    const sink = new Writable({
      write(chunk: Uint8Array, _encoding, done) {
        if (!cancelled) controller.enqueue(withoutPadding(chunk));
        done();
      },
      final(done) {
        if (!cancelled) controller.close();
        done();
      },
      destroy(error, done) {
        if (error && !cancelled) controller.error(error);
        done(null);
      },
    });
    const { pipe, abort } = renderToPipeableStream(element, {
      nonce,
      // The page's data is loaded before rendering starts, so the only boundaries left are Remix's
      // hydration-data transfer, ready a few microtasks later: waiting for them keeps the document
      // in order (no hidden segments moved into place by script), as the browser build sends it.
      onShellReady() {
        resolveShell({ body, allReady });
      },
      onShellError(error) {
        allReadyFailed(error);
        rejectShell(error);
      },
      onAllReady() {
        pipe(sink);
        allReadyDone();
      },
      onError(error) {
        if (!cancelled) onError(error);
      },
    });
    allReady.catch(() => {});
    if (signal.aborted) abort(signal.reason);
    else signal.addEventListener("abort", () => abort(signal.reason), { once: true });
  });
}

const BUFFER_SIZE = 2048;

/**
 * React 18's published Node renderer sends its whole 2 KB buffer when the next character does not fit, also
 * when a character of two to four bytes left one to three bytes of it unwritten: zero bytes. A NUL
 * of the page's own text that happened to end a full buffer would go with them; no reader sees it.
 */
function withoutPadding(chunk: Uint8Array) {
  if (chunk.length !== BUFFER_SIZE) return chunk;
  let end = chunk.length;
  while (end > chunk.length - 3 && chunk[end - 1] === 0) end--;
  return end === chunk.length ? chunk : chunk.subarray(0, end);
}
