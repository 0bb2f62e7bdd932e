import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { PASSKEY_MESSAGES, passkeyOptionsSchema } from "~/forms/passkeys";
import { signInOptions } from "~/server/auth/passkey-ceremony.server";
import { answeringDatabaseFailures } from "~/server/http/action-failures.server";
import { jsonAnswer, jsonRefusal, postOnly, readJsonWith } from "~/server/http/json-body.server";

// Signing in with a passkey, step 1 of 2 (the login page's "Sign in with a passkey"): the options
// for `navigator.credentials.get()`, their challenge in a signed cookie. No database: nothing is
// written for a visitor who only asks.

export const loader = postOnly;

export const action = answeringDatabaseFailures(signInOptionsAction, () => jsonRefusal({ status: 503, message: PASSKEY_MESSAGES.signInFailed }));

async function signInOptionsAction({ request, context }: ActionFunctionArgs) {
  const body = await readJsonWith(request, passkeyOptionsSchema);
  if (!body.ok) return jsonRefusal(body);
  const begun = await signInOptions(context, request);
  return jsonAnswer({ options: begun.options }, 200, { "Set-Cookie": begun.cookie });
}
