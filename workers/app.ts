import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
// @ts-ignore -- the server build exists only after `npm run build`; typecheck runs before it.
import * as build from "../build/server";
import { cleanupExpired } from "../app/server/cleanup.server";
import { createDatabase } from "../app/server/db/client.server";
import { runMailJob } from "../app/server/mail/job.server";
import { isCrossOriginWrite } from "../app/server/origin-check.server";
import { applySecurityHeaders } from "../app/server/security-headers.server";
import { wasmPasswordService } from "./argon2-password";
import { createLoadContext, type Env } from "./load-context";

const handleRemixRequest = createRequestHandler(build as unknown as ServerBuild);

export default {
  async fetch(request, env, ctx): Promise<Response> {
    if (isCrossOriginWrite(request)) {
      const headers = new Headers({ "Content-Type": "text/plain; charset=utf-8" });
      applySecurityHeaders(headers, { production: env.ENVIRONMENT === "production" });
      return new Response("Cross-origin request refused.", { status: 403, headers });
    }
    const context = await createLoadContext(request, env, (promise) => ctx.waitUntil(promise), wasmPasswordService);
    const response = await handleRemixRequest(request, context);
    const headers = new Headers(response.headers);
    // Documents get the full set (with the CSP) in entry.server; redirects, data and API answers
    // get the baseline here.
    if (!headers.has("X-Content-Type-Options")) applySecurityHeaders(headers, { production: env.ENVIRONMENT === "production" });
    if (env.ENVIRONMENT !== "production") headers.set("X-D1-Round-Trips", String(context.d1RoundTrips()));
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  },

  async scheduled(_controller, env, _ctx): Promise<void> {
    const db = createDatabase(env.DB);
    const [mail] = await Promise.all([runMailJob(db, env), cleanupExpired(db)]);
    if (mail.failed > 0) console.warn(`[mail] claimed ${mail.claimed}, sent ${mail.sent}, failed ${mail.failed}`);
  },
} satisfies ExportedHandler<Env>;
