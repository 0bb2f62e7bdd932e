import type { AppLoadContext, EntryContext, HandleErrorFunction } from "@remix-run/cloudflare";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import partChunks from "virtual:part-chunks";
import { loadEveryPart, RenderedParts } from "~/components/lazy-part";
import { NonceContext } from "~/components/nonce";
import { describeError } from "~/server/http/errors.server";
import { renderDocument } from "~/server/http/render-document.server";
import { applySecurityHeaders, createNonce } from "~/server/http/security-headers.server";

/**
 * How long single fetch waits for a loader's promises before it rejects them (Remix reads this
 * export); the render is given one more second to send what it has.
 */
export const streamTimeout = 5_000;

/**
 * What Remix reports. Expected answers are not crashes: a thrown Response (a redirect, a 404), a
 * 4xx the router makes itself (405 for a POST to a page without an action, 404 for no route), and
 * aborted requests are not logged. Real errors get one line (see `describeError`).
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (error instanceof Response) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  // A 5xx the router answers itself carries the error's text as its public `data`.
  const cause = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}${typeof error.data === "string" && error.data ? `: ${error.data}` : ""}`
    : describeError(error);
  console.error(`[remix] ${request.method} ${new URL(request.url).pathname}: ${cause}`);
};

/** `modulepreload` links to the files of the parts a page rendered: fetched with its other scripts. */
function partPreloads(names: Set<string>): string {
  const files = new Set([...names].flatMap((name) => partChunks[name] ?? []));
  return [...files].map((file) => `<link rel="modulepreload" href="${file}"/>`).join("");
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const controller = new AbortController();
  const timeout = setTimeout(() => controller.abort(), streamTimeout + 1_000);
  let status = responseStatusCode;
  const nonce = createNonce();
  // The parts render in full, as the browser hydrates them, and the head preloads their files (ADR 097).
  await loadEveryPart();
  const renderedParts = new Set<string>();

  const { body, allReady } = await renderDocument(
    <NonceContext.Provider value={nonce}>
      <RenderedParts.Provider value={renderedParts}>
        <RemixServer context={remixContext} url={request.url} nonce={nonce} />
      </RenderedParts.Provider>
    </NonceContext.Provider>,
    remixContext,
    {
      nonce,
      signal: controller.signal,
      onError(error: unknown) {
        if (!controller.signal.aborted) console.error(`[render] ${describeError(error)}`);
        status = 500;
      },
    },
    () => partPreloads(renderedParts),
  );
  // The body is the whole document, written once every part is ready (ADR 083), so crawlers and
  // browsers without JavaScript get the same complete page.
  allReady.then(
    () => clearTimeout(timeout),
    () => clearTimeout(timeout),
  );

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  // Under `remix vite:dev` the dev server injects inline scripts without the nonce.
  applySecurityHeaders(responseHeaders, {
    nonce: import.meta.env.DEV ? undefined : nonce,
    production: loadContext.env?.ENVIRONMENT === "production",
  });
  return new Response(body, { headers: responseHeaders, status });
}
