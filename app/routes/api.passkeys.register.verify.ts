import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { SECURITY_PATH } from "~/forms/account-security-path";
import { addPasskeySchema, PASSKEY_MESSAGES } from "~/forms/passkeys";
import { endCeremony, finishRegistration } from "~/server/auth/passkey-ceremony.server";
import { getSessionUser } from "~/server/auth/session.server";
import { answeringDatabaseFailures } from "~/server/http/action-failures.server";
import { jsonAnswer, jsonRefusal, postOnly, readJsonWith } from "~/server/http/json-body.server";
import { securityNoticeMail } from "~/server/mail/security-mail.server";

// Adding a passkey, step 2 of 2: the browser's answer and the passkey's name. Checked, the passkey
// is added and the account is mailed a notice; the answer says where the page goes next.

export const loader = postOnly;

export const action = answeringDatabaseFailures(registrationAction, () => jsonRefusal({ status: 503, message: PASSKEY_MESSAGES.addFailed }));

async function registrationAction({ request, context }: ActionFunctionArgs) {
  const body = await readJsonWith(request, addPasskeySchema);
  if (!body.ok) return jsonRefusal(body);
  const user = await getSessionUser(context);
  if (!user) return jsonRefusal({ status: 401, message: PASSKEY_MESSAGES.signedOut });
  const mail = securityNoticeMail(user.email, context.env.APP_ORIGIN, "passkey-added");
  const added = await finishRegistration(context, request, user, body.value.name, body.value.response, mail);
  // The challenge is spent (or was never good): the browser forgets it either way.
  const headers = { "Set-Cookie": await endCeremony(context.env) };
  if (!added.ok) return jsonRefusal(added, headers);
  return jsonAnswer({ redirectTo: `${SECURITY_PATH}?notice=passkey-added` }, 200, headers);
}
