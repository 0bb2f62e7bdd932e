import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { endSession } from "~/server/session.server";

export async function loader() {
  return redirect("/profile");
}

/** Ends the session: its row is deleted and the cookie cleared. */
export async function action({ context }: ActionFunctionArgs) {
  const cookie = await endSession(context.db, context.env, context.sessionId);
  return redirect("/login?mode=login&notice=logged-out", { headers: { "Set-Cookie": cookie } });
}
