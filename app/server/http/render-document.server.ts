import type { EntryContext } from "@remix-run/cloudflare";
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server.node";
import { renderToWebStream, type RenderedStream } from "./render-stream.server";

type StreamCache = NonNullable<NonNullable<EntryContext["renderMeta"]>["streamCache"]>;

/**
 * Reads Remix's hydration data (the loaders' turbo-stream, `serverHandoffStream`) whole and puts
 * each read, decoded, where `EntryContext["renderMeta"]["streamCache"]` types it: its
 * `StreamTransfer` then finds every part ready and never suspends.
 */
async function preloadHydrationData(context: EntryContext): Promise<void> {
  const stream = context.serverHandoffStream;
  if (!stream || !context.renderMeta) return;
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  const cache: StreamCache = {};
  for (let index = 0; ; index++) {
    const { done, value } = await reader.read();
    cache[index] = Object.assign(Promise.resolve(), { result: { done, value: decoder.decode(value, { stream: true }) } });
    if (done) break;
  }
  reader.releaseLock();
  context.renderMeta.streamCache = cache;
}

/** React's marker of a Suspense boundary left to the browser (a part that suspended or failed). */
const CLIENT_RENDERED_BOUNDARY = "<!--$!-->";

/**
 * Renders a page with React's `renderToString` (the whole document as one string, ADR 083): the
 * streaming renderer encodes each tag and attribute piece on its own, 2.5 ms of the weapon page's
 * 13. Remix's hydration data is read first, so nothing waits; a part that still suspends (a lazy
 * component's first render in an isolate) or fails leaves React's client-rendered marker, and the
 * page is rendered again with the streaming renderer, which waits for it and reports errors.
 */
export async function renderDocument(
  element: ReactNode,
  context: EntryContext,
  options: Parameters<typeof renderToWebStream>[1],
  /** What the head ends with, from what the render found (the links to the page's parts' files). */
  headEnd: () => string = () => "",
): Promise<RenderedStream> {
  await preloadHydrationData(context);
  const rendered = renderToString(element);
  const end = rendered.indexOf("</head>");
  const html = end === -1 ? rendered : `${rendered.slice(0, end)}${headEnd()}${rendered.slice(end)}`;
  if (!html.includes(CLIENT_RENDERED_BOUNDARY)) {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        // The streaming renderer starts a document whose root is <html> with its doctype; this one does not.
        controller.enqueue(new TextEncoder().encode(html.startsWith("<html") ? `<!DOCTYPE html>${html}` : html));
        controller.close();
      },
    });
    return { body, allReady: Promise.resolve() };
  }
  // The first render's `RemixServer` holds a reader of the (read) stream; the cache answers for it.
  if (context.serverHandoffStream) context.serverHandoffStream = new ReadableStream({ start: (controller) => controller.close() });
  return renderToWebStream(element, options);
}
