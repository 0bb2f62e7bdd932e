import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { ACCOUNT_DATA_RATE_LIMIT_MESSAGE, decide } from "~/domain/rate-limits";
import { loginPath } from "~/domain/same-site-path";
import { SECURITY_PATH } from "~/forms/account-security-path";
import { hitQueries, rateLimitsFor, stateAfterHit } from "~/server/auth/rate-limit.server";
import { getSessionUser, requestOwner } from "~/server/auth/session.server";
import { loadAccountData } from "~/server/features/account-data.server";

/**
 * "Download my data": the signed-in player's data as a JSON file; a visitor goes to the login, then
 * back to the security page. Each download counts for the account (10 an hour), in the same batch
 * as the read; past the limit, a 429 with Retry-After and nothing written out.
 */
export async function loader({ context }: LoaderFunctionArgs) {
  const now = Date.now();
  const rule = rateLimitsFor(context.env).accountDataByAccount;
  // Asked for in one tick: the session, the count and the data go to D1 as one batch.
  const [user, counted, data] = await Promise.all([
    getSessionUser(context),
    context.sessionId ? context.load(hitQueries(context.db, rule, requestOwner(context), now)) : null,
    context.sessionId ? loadAccountData(context, requestOwner(context)) : null,
  ]);
  if (!user || !counted || !data) throw redirect(loginPath(SECURITY_PATH));
  const state = stateAfterHit(counted, now);
  const decision = decide(rule, { count: state.count - 1, windowStart: state.windowStart }, now);
  const noStore = { "Cache-Control": "private, no-store" };
  if (!decision.allowed) {
    return new Response(`${ACCOUNT_DATA_RATE_LIMIT_MESSAGE}\n`, {
      status: 429,
      headers: { ...noStore, "Content-Type": "text/plain; charset=utf-8", "Retry-After": String(decision.retryAfterSeconds) },
    });
  }
  const day = new Date(now).toISOString().slice(0, 10);
  return new Response(`${JSON.stringify({ exportedAt: new Date(now).toISOString(), ...data }, null, 2)}\n`, {
    headers: { ...noStore, "Content-Type": "application/json; charset=utf-8", "Content-Disposition": `attachment; filename="skinvault-data-${day}.json"` },
  });
}
