import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
// @ts-ignore -- the server build exists only after `npm run build`; typecheck runs before it.
import * as build from "../build/server";
import { hasSessionCookie, notKeptUnlessPrivate, privateUnlessSaid } from "../app/server/http/caching.server";
import { edgeCacheSeconds, isStorable, planEdgeCache } from "../app/server/http/edge-cache-plan.server";
import { DEFAULT_RETRY_AFTER_SECONDS } from "../app/domain/rate-limits";
import { readConsent } from "../app/server/features/consent.server";
import { readCurrencyCookie } from "../app/server/features/currency.server";
import { STORED_CURRENCY } from "../app/domain/currency";
import { purgeEdgeCache, readEdgeCache, storeInEdgeCache } from "../app/server/http/edge-cache.server";
import { describeError } from "../app/server/http/errors.server";
import { isCrossOriginWrite } from "../app/server/http/origin-check.server";
import { plainErrorResponse, screenRequest } from "../app/server/http/request-guard.server";
import { runScheduled } from "../app/server/jobs/scheduled.server";
import { applySecurityHeaders } from "../app/server/http/security-headers.server";
import { wasmPasswordService } from "./argon2-password";
import { createLoadContext } from "./load-context";

const serverBuild = build as unknown as ServerBuild;
const handleRemixRequest = createRequestHandler(serverBuild);
const buildVersion = serverBuild.assets.version;

function withBaseline(response: Response, production: boolean): Response {
  const headers = new Headers(response.headers);
  // Documents get the full set (with the CSP) in entry.server; redirects, data, API answers and
  // the Worker's own refusals get the baseline here.
  if (!headers.has("X-Content-Type-Options")) applySecurityHeaders(headers, { production });
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

export default {
  async fetch(request, env, ctx): Promise<Response> {
    const production = env.ENVIRONMENT === "production";
    try {
      if (isCrossOriginWrite(request)) {
        const headers = new Headers({ "Content-Type": "text/plain; charset=utf-8" });
        applySecurityHeaders(headers, { production });
        return new Response("Cross-origin request refused.", { status: 403, headers });
      }
      const screened = await screenRequest(request);
      if (!screened.ok) return withBaseline(plainErrorResponse(request, screened.refusal), production);
      const url = new URL(screened.request.url);
      const seconds = edgeCacheSeconds(env.EDGE_CACHE_SECONDS);
      const plan = planEdgeCache({
        method: screened.request.method,
        url,
        signedIn: hasSessionCookie(screened.request.headers.get("Cookie")),
        consent: readConsent(screened.request),
        currency: readCurrencyCookie(screened.request) ?? STORED_CURRENCY,
        buildVersion,
        seconds,
      });
      if (plan.cache) {
        const hit = await readEdgeCache(plan.key, seconds);
        if (hit) {
          if (!production) {
            hit.headers.set("X-Cache", "HIT");
            hit.headers.set("X-D1-Round-Trips", "0");
          }
          return hit;
        }
      }
      const pageRequest = plan.url ? new Request(plan.url, screened.request) : screened.request;
      const waitUntil = (promise: Promise<unknown>) => ctx.waitUntil(promise);
      const purge = (paths: string[]) => waitUntil(purgeEdgeCache(url.origin, buildVersion, paths));
      const context = await createLoadContext(pageRequest, env, waitUntil, wasmPasswordService, purge);
      let response = withBaseline(await handleRemixRequest(pageRequest, context), production);
      const storable = isStorable({
        status: response.status,
        cacheControl: response.headers.get("Cache-Control"),
        setsCookie: response.headers.has("Set-Cookie"),
      });
      if (plan.cache && storable) {
        response = storeInEdgeCache(plan.key, response, seconds, waitUntil);
      } else if (!(plan.url && storable)) {
        // A page the edge would keep but for EDGE_CACHE_SECONDS=0 keeps its route's word; anything else is for this request only.
        notKeptUnlessPrivate(response.headers, { method: screened.request.method, status: response.status });
      }
      privateUnlessSaid(response.headers);
      if (!production) response.headers.set("X-Cache", plan.cache ? "MISS" : "BYPASS");
      const bookmark = await context.d1BookmarkCookie();
      if (bookmark) response.headers.append("Set-Cookie", bookmark);
      if (context.d1RoundTrips) response.headers.set("X-D1-Round-Trips", String(context.d1RoundTrips()));
      // Every 429 says when to come back; routes set the exact time, this is the safety net.
      if (response.status === 429 && !response.headers.has("Retry-After")) response.headers.set("Retry-After", String(DEFAULT_RETRY_AFTER_SECONDS));
      return response;
    } catch (error) {
      // Nothing may escape to the runtime: an uncaught error is a bare 500 with a stack trace in
      // development, and bursts of them brought `wrangler dev` down.
      console.error(`[fetch] ${request.method} ${new URL(request.url).pathname}: ${describeError(error)}`);
      return withBaseline(
        plainErrorResponse(request, { status: 500, title: "Server Error", message: "Something went wrong on our end. Please try again." }),
        production,
      );
    }
  },

  async scheduled(controller, env, _ctx): Promise<void> {
    await runScheduled(controller.cron, env);
  },
} satisfies ExportedHandler<Env>;
