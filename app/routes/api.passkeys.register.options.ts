import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { PASSKEY_MESSAGES, passkeyOptionsSchema } from "~/forms/passkeys";
import { registrationOptions } from "~/server/auth/passkey-ceremony.server";
import { getSessionUser } from "~/server/auth/session.server";
import { answeringDatabaseFailures } from "~/server/http/action-failures.server";
import { jsonAnswer, jsonRefusal, postOnly, readJsonWith } from "~/server/http/json-body.server";

// Adding a passkey, step 1 of 2 (the security page's "Add a passkey"): the options for
// `navigator.credentials.create()`, their challenge in a signed cookie. JSON in and out.

export const loader = postOnly;

export const action = answeringDatabaseFailures(registrationOptionsAction, () => jsonRefusal({ status: 503, message: PASSKEY_MESSAGES.addFailed }));

async function registrationOptionsAction({ request, context }: ActionFunctionArgs) {
  const body = await readJsonWith(request, passkeyOptionsSchema);
  if (!body.ok) return jsonRefusal(body);
  const user = await getSessionUser(context);
  if (!user) return jsonRefusal({ status: 401, message: PASSKEY_MESSAGES.signedOut });
  const begun = await registrationOptions(context, request, user);
  if (!begun.ok) return jsonRefusal(begun);
  return jsonAnswer({ options: begun.options }, 200, { "Set-Cookie": begun.cookie });
}
