import type { HeadersFunction } from "@remix-run/cloudflare";

/**
 * A route's `headers` export for pages whose action can answer 429 (and, as `catalogueHeaders`,
 * every catalogue page): the page's `Cache-Control` and `Vary` as its loader decided, and the
 * action's `Retry-After`. Remix keeps only Set-Cookie from an action's headers unless the route
 * passes them on, and every 429 must say when to retry; the Worker's 60-second default is only for
 * a 429 that says nothing. (The Worker makes the answer to a post `private, no-store` whatever the
 * loader said, `notKeptUnlessPrivate`.)
 */
export const retryAfterHeaders: HeadersFunction = ({ actionHeaders, loaderHeaders, errorHeaders }) => {
  const headers = new Headers();
  const retryAfter = actionHeaders.get("Retry-After") ?? loaderHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  // An error page (a 404 the loader threw) sends its own rules.
  const source = errorHeaders ?? loaderHeaders;
  for (const name of ["Cache-Control", "Vary"]) {
    const value = source.get(name);
    if (value) headers.set(name, value);
  }
  return headers;
};
