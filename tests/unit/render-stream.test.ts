import { createElement, Suspense } from "react";
import { renderToString } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server.node";
import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { renderToWebStream } from "~/server/http/render-stream.server";

const noErrors = {
  nonce: "n0nce",
  signal: new AbortController().signal,
  onError: (error: unknown) => {
    throw error;
  },
};

/** The chunks React's Node renderer writes, as it writes them (no trim). */
function rawChunks(element: Parameters<typeof renderToString>[0]) {
  return new Promise<Uint8Array[]>((resolve, reject) => {
    const chunks: Uint8Array[] = [];
    const sink = new Writable({
      write(chunk: Uint8Array, _encoding, done) {
        chunks.push(new Uint8Array(chunk));
        done();
      },
      final(done) {
        resolve(chunks);
        done();
      },
    });
    const { pipe } = renderToPipeableStream(element, { onAllReady: () => pipe(sink), onShellError: reject, onError: reject });
  });
}

async function rendered(element: Parameters<typeof renderToString>[0]) {
  const { body, allReady } = await renderToWebStream(element, noErrors);
  await allReady;
  return new Response(body).text();
}

describe("renderToWebStream", () => {
  // React's Node renderer fills 2 KB buffers with short pieces of text; a character of two to four
  // bytes that did not fit in what was left of one used to leave zero bytes in the page.
  it.each([
    ["an en dash (3 bytes)", "–"],
    ["an e acute (2 bytes)", "é"],
    ["an emoji (4 bytes)", "🔫"],
  ])("sends the same text as renderToString when %s crosses a buffer's end", async (_, character) => {
    for (let shift = 0; shift < 8; shift++) {
      const pieces = Array.from({ length: 60 }, (_, i) => createElement("li", { key: i }, `${"a".repeat(20 + shift)}${character.repeat(5)}`));
      const element = createElement("ul", null, pieces);
      const html = await rendered(element);
      expect(html).not.toContain("\0");
      expect(html).toBe(renderToString(element));
    }
  });

  // The canary of the trim (docs/workarounds.md): React fixed the padding after 18
  // (facebook/react#26228). When this fails, the React in use no longer pads: drop `withoutPadding`.
  it("React's Node renderer still leaves zero bytes at the end of a full buffer, which the adapter cuts", async () => {
    let padded = 0;
    for (let shift = 0; shift < 8; shift++) {
      const pieces = Array.from({ length: 60 }, (_, i) => createElement("li", { key: i }, `${"a".repeat(20 + shift)}${"–".repeat(5)}`));
      const chunks = await rawChunks(createElement("ul", null, pieces));
      padded += chunks.filter((chunk) => chunk.length === 2048 && chunk[chunk.length - 1] === 0).length;
    }
    expect(padded).toBeGreaterThan(0);
  });

  it("waits for suspended parts and keeps the document in order", async () => {
    // As Remix's hydration-data transfer does: throw the promise until it has settled.
    let value: string | undefined;
    const later = new Promise<string>((resolve) => setTimeout(resolve, 5, "ready")).then((result) => {
      value = result;
    });
    function Late() {
      if (value === undefined) throw later;
      return createElement("span", null, value);
    }
    const html = await rendered(createElement("div", null, createElement(Suspense, { fallback: "loading" }, createElement(Late))));
    expect(html).toBe("<div><!--$--><span>ready</span><!--/$--></div>");
  });

  it("stops quietly when the reader goes away before the page is done", async () => {
    const errors: unknown[] = [];
    let release!: () => void;
    const later = new Promise<void>((resolve) => (release = resolve));
    let done = false;
    function Late() {
      if (!done) throw later.then(() => (done = true));
      return createElement("span", null, "late");
    }
    const { body, allReady } = await renderToWebStream(createElement("div", null, createElement(Suspense, { fallback: "loading" }, createElement(Late))), {
      ...noErrors,
      onError: (error) => errors.push(error),
    });
    await body.cancel();
    release();
    await allReady.catch(() => {});
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(errors).toEqual([]);
  });
});
