import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { safeReturnPath } from "~/domain/same-site-path";
import { PASSKEY_MESSAGES, passkeySignInSchema } from "~/forms/passkeys";
import { deviceLabel } from "~/server/auth/device.server";
import { endCeremony, finishSignIn } from "~/server/auth/passkey-ceremony.server";
import { clientAddress } from "~/server/auth/rate-limit.server";
import { sessionCookieFor } from "~/server/auth/session.server";
import { userSessionCookie } from "~/server/features/consent.server";
import { answeringDatabaseFailures } from "~/server/http/action-failures.server";
import { jsonAnswer, jsonRefusal, postOnly, readJsonWith } from "~/server/http/json-body.server";

// Signing in with a passkey, step 2 of 2: the browser's answer. Checked, a session starts (a new
// id, as at every login) with no code asked: a passkey with user verification is both factors.
// Refusals count as failed logins under the password's limits.

export const loader = postOnly;

export const action = answeringDatabaseFailures(signInAction, () => jsonRefusal({ status: 503, message: PASSKEY_MESSAGES.signInFailed }));

async function signInAction({ request, context }: ActionFunctionArgs) {
  const body = await readJsonWith(request, passkeySignInSchema);
  if (!body.ok) return jsonRefusal(body);
  const device = deviceLabel(request.headers.get("User-Agent"));
  const signedIn = await finishSignIn(context, request, body.value.response, clientAddress(request), device);
  const headers = new Headers({ "Set-Cookie": await endCeremony(context.env) });
  if (!signedIn.ok) return jsonRefusal(signedIn, headers);
  headers.append("Set-Cookie", await sessionCookieFor(context.env, signedIn.sessionId));
  // The non-essential user_session cookie is written only with cookie consent, as at a password login.
  const userSession = userSessionCookie(request, signedIn.userId);
  if (userSession) headers.append("Set-Cookie", userSession);
  return jsonAnswer({ redirectTo: safeReturnPath(body.value.redirectTo ?? null, "/profile") }, 200, headers);
}
