import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { loginPath } from "~/domain/same-site-path";
import { SECURITY_PATH } from "~/forms/account-security-path";
import { getSessionUser, requestOwner } from "~/server/auth/session.server";
import { loadAccountData } from "~/server/features/account-data.server";

/** "Download my data": the signed-in player's data as a JSON file; a visitor goes to the login, then back to the security page. */
export async function loader({ context }: LoaderFunctionArgs) {
  // Asked for in one tick: the session and the data go to D1 as one batch.
  const [user, data] = await Promise.all([getSessionUser(context), context.sessionId ? loadAccountData(context, requestOwner(context)) : null]);
  if (!user || !data) throw redirect(loginPath(SECURITY_PATH));
  const day = new Date().toISOString().slice(0, 10);
  return new Response(`${JSON.stringify({ exportedAt: new Date().toISOString(), ...data }, null, 2)}\n`, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="skinvault-data-${day}.json"`,
      "Cache-Control": "private, no-store",
    },
  });
}
