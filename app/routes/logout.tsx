import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { expireUserSessionCookie } from "~/server/http/cookies.server";
import { endSession } from "~/server/auth/session.server";
import { answeringDatabaseFailures } from "~/server/http/action-failures.server";

export function loader() {
  return redirect("/profile");
}

/** Ends the session: its row is deleted, the session cookie cleared and user_session expired. */
/** Should the session row stay, the cookie stays too: the profile says so, and logging out can be tried again. */
export const action = answeringDatabaseFailures(logOut, () => redirect("/profile?notice=logout-failed", 303));

async function logOut({ request, context }: ActionFunctionArgs) {
  const headers = new Headers({ "Set-Cookie": await endSession(context.db, context.env, context.sessionId) });
  headers.append("Set-Cookie", expireUserSessionCookie(request));
  return redirect("/login?mode=login&notice=logged-out", { headers });
}
