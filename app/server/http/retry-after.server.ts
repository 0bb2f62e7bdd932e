import type { HeadersFunction } from "@remix-run/cloudflare";

/**
 * A route's `headers` export for pages whose action can answer 429: Remix keeps only Set-Cookie
 * from an action's headers unless the route says otherwise, and every 429 must say when to retry.
 * (The Worker adds a default `Retry-After` to any 429 still without one.)
 */
export const retryAfterHeaders: HeadersFunction = ({ actionHeaders, loaderHeaders }) => {
  const headers = new Headers();
  const retryAfter = actionHeaders.get("Retry-After") ?? loaderHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  for (const name of ["Cache-Control", "Vary"]) {
    const value = loaderHeaders.get(name);
    if (value) headers.set(name, value);
  }
  return headers;
};
