import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { getSessionUser, type SessionUser } from "./session.server";

/** Spec section 6: unauthenticated visitors go to /login, signed-in non-admins to /. */
export async function requireAdmin(context: AppLoadContext): Promise<SessionUser> {
  const user = await getSessionUser(context);
  if (!user) throw redirect("/login");
  if (!user.isAdmin) throw redirect("/");
  return user;
}
