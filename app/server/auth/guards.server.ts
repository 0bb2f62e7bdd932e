import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { getSessionUser, type SessionUser } from "./session.server";

/** Sends a visitor without a session to /login. */
export async function requireUser(context: AppLoadContext): Promise<SessionUser> {
  const user = await getSessionUser(context);
  if (!user) throw redirect("/login");
  return user;
}

/** Spec section 6: unauthenticated visitors go to /login, signed-in non-admins to /. */
export async function requireAdmin(context: AppLoadContext): Promise<SessionUser> {
  const user = await requireUser(context);
  if (!user.isAdmin) throw redirect("/");
  return user;
}
