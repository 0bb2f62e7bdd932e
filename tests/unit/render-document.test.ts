// `renderDocument` renders a page as one string when Remix's hydration data is read beforehand
// into the context's typed `renderMeta.streamCache` (ADR 083). These render through Remix's own
// request handler, `RemixServer`, `Scripts` and `StreamTransfer` as published: if a Remix release
// stops reading the cache, its `StreamTransfer` suspends, the page falls back to the streaming
// renderer, and the first test fails.
import { createRequestHandler, type EntryContext, type ServerBuild } from "@remix-run/cloudflare";
import { RemixServer, Scripts, useLoaderData } from "@remix-run/react";
import { createElement, lazy, Suspense } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import * as streaming from "~/server/http/render-stream.server";
import { renderDocument } from "~/server/http/render-document.server";

afterEach(() => vi.restoreAllMocks());

const Later = lazy(() => Promise.resolve({ default: () => createElement("p", null, "loaded later") }));

function Root() {
  const { greeting, when } = useLoaderData<{ greeting: string; when: Date }>();
  return createElement(
    "html",
    { lang: "en" },
    createElement(
      "body",
      null,
      createElement("p", null, `${greeting} – ${when.toISOString()}`),
      createElement(Suspense, { fallback: "…" }, createElement(Later)),
      createElement(Scripts),
    ),
  );
}

async function handleDocument(request: Request, status: number, headers: Headers, context: EntryContext): Promise<Response> {
  const { body } = await renderDocument(createElement(RemixServer, { context, url: request.url }), context, {
    nonce: "n0nce",
    signal: request.signal,
    onError: (error) => {
      throw error;
    },
  });
  headers.set("Content-Type", "text/html");
  return new Response(body, { status, headers });
}

function buildWith(lazyPart: boolean): ServerBuild {
  const root = lazyPart ? Root : () => createElement("html", null, createElement("body", null, createElement(Greeting), createElement(Scripts)));
  return {
    mode: "production",
    entry: { module: { default: handleDocument } },
    routes: {
      root: {
        id: "root",
        path: "",
        module: { default: root, loader: () => ({ greeting: "Grüße 🔫", when: new Date(Date.UTC(2026, 10, 27)) }) },
      },
    },
    assets: {
      entry: { imports: [], module: "/entry.js" },
      routes: {
        root: {
          id: "root",
          path: "",
          module: "/root.js",
          hasAction: false,
          hasLoader: true,
          hasClientAction: false,
          hasClientLoader: false,
          hasErrorBoundary: false,
        },
      },
      url: "/manifest.js",
      version: "test",
    },
    publicPath: "/",
    assetsBuildDirectory: "public",
    future: { v3_fetcherPersist: true, v3_relativeSplatPath: true, v3_throwAbortReason: true, v3_lazyRouteDiscovery: true, v3_singleFetch: true },
    isSpaMode: false,
  };
}

function Greeting() {
  const { greeting } = useLoaderData<{ greeting: string }>();
  return createElement("p", null, greeting);
}

describe("renderDocument", () => {
  it("renders a Remix page with its hydration data as one string, without the streaming renderer", async () => {
    const fallback = vi.spyOn(streaming, "renderToWebStream");
    const response = await createRequestHandler(buildWith(false))(new Request("https://skinvault.test/"));
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(html.startsWith("<!DOCTYPE html><html>")).toBe(true);
    expect(html).toContain("<p>Grüße 🔫</p>");
    // The loader's data, as Remix's StreamTransfer writes it, then the stream's end.
    expect(html).toContain("window.__remixContext.streamController.enqueue(");
    expect(html).toContain("Grüße 🔫");
    expect(html).toContain("window.__remixContext.streamController.close();");
    expect(html).not.toContain("<!--$!-->");
    expect(fallback).not.toHaveBeenCalled();
  });

  it("renders a part that suspends (a lazy component's first render) with the streaming renderer, in full", async () => {
    const fallback = vi.spyOn(streaming, "renderToWebStream");
    const response = await createRequestHandler(buildWith(true))(new Request("https://skinvault.test/"));
    const html = await response.text();
    expect(fallback).toHaveBeenCalledTimes(1);
    expect(html).toContain("<p>loaded later</p>");
    expect(html).toContain("2026-11-27T00:00:00.000Z");
    expect(html).toContain("window.__remixContext.streamController.close();");
    expect(html).not.toContain("<!--$!-->");
  });
});
