import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
// @ts-ignore -- the server build exists only after `npm run build`; typecheck runs before it.
import * as build from "../build/server";
import { createLoadContext, type Env } from "./load-context";

const handleRemixRequest = createRequestHandler(build as unknown as ServerBuild);

export default {
  async fetch(request, env, ctx): Promise<Response> {
    const context = createLoadContext(env, (promise) => ctx.waitUntil(promise));
    const response = await handleRemixRequest(request, context);
    if (env.ENVIRONMENT === "production") return response;
    const headers = new Headers(response.headers);
    headers.set("X-D1-Round-Trips", String(context.d1RoundTrips()));
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  },

  async scheduled(_controller, _env, _ctx): Promise<void> {
    // Scheduled jobs (mail outbox, price feed) are registered here as they are built.
  },
} satisfies ExportedHandler<Env>;
