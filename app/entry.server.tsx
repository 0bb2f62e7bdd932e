import type { AppLoadContext, EntryContext, HandleErrorFunction } from "@remix-run/cloudflare";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { NonceContext } from "~/components/nonce";
import { describeError } from "~/server/http/errors.server";
import { renderToWebStream } from "~/server/http/render-stream.server";
import { preloadServerHandoff } from "~/server/http/server-handoff.server";
import { applySecurityHeaders, createNonce } from "~/server/http/security-headers.server";

const ABORT_DELAY = 5_000;

/**
 * What Remix reports. Expected answers are not crashes: a thrown Response (a redirect, a 404), a
 * 4xx the router makes itself (405 for a POST to a page without an action, 404 for no route), and
 * aborted requests are not logged. Real errors get one line (see `describeError`).
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (error instanceof Response) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  const cause = isRouteErrorResponse(error) ? (error as { error?: unknown }).error ?? error.statusText : error;
  console.error(`[remix] ${request.method} ${new URL(request.url).pathname}: ${describeError(cause)}`);
};

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const controller = new AbortController();
  const timeout = setTimeout(() => controller.abort(), ABORT_DELAY);
  let status = responseStatusCode;
  const nonce = createNonce();

  await preloadServerHandoff(remixContext);
  const { body, allReady } = await renderToWebStream(
    <NonceContext.Provider value={nonce}>
      <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
    </NonceContext.Provider>,
    {
      nonce,
      signal: controller.signal,
      onError(error: unknown) {
        if (!controller.signal.aborted) console.error(`[render] ${describeError(error)}`);
        status = 500;
      },
    },
  );
  allReady.then(() => clearTimeout(timeout), () => clearTimeout(timeout));

  // Crawlers and no-JavaScript-sensitive clients get the whole document at once.
  if (isbot(request.headers.get("user-agent") || "")) await allReady;

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  // Under `remix vite:dev` the dev server injects inline scripts without the nonce.
  applySecurityHeaders(responseHeaders, {
    nonce: import.meta.env.DEV ? undefined : nonce,
    production: loadContext.env?.ENVIRONMENT === "production",
  });
  return new Response(body, { headers: responseHeaders, status });
}
