import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { loginPath } from "~/domain/same-site-path";
import { getSessionUser, type SessionUser } from "./session.server";

/** Sends a visitor without a session to /login, coming back to the page asked for (`redirectTo`, its way back) once logged in. */
export async function requireUser(context: AppLoadContext, request: Request): Promise<SessionUser> {
  const user = await getSessionUser(context);
  if (!user) {
    const url = new URL(request.url);
    throw redirect(loginPath(`${url.pathname}${url.search}`));
  }
  return user;
}

/** Spec section 6: unauthenticated visitors go to /login (and back here after it), signed-in non-admins to /. */
export async function requireAdmin(context: AppLoadContext, request: Request): Promise<SessionUser> {
  const user = await requireUser(context, request);
  if (!user.isAdmin) throw redirect("/");
  return user;
}
