import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { expireUserSessionCookie } from "~/server/features/consent.server";
import { endSession } from "~/server/auth/session.server";

export async function loader() {
  return redirect("/profile");
}

/** Ends the session: its row is deleted, the session cookie cleared and user_session expired. */
export async function action({ request, context }: ActionFunctionArgs) {
  const headers = new Headers({ "Set-Cookie": await endSession(context.db, context.env, context.sessionId) });
  headers.append("Set-Cookie", expireUserSessionCookie(request));
  return redirect("/login?mode=login&notice=logged-out", { headers });
}
