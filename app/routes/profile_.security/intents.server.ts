// The security page's intents, one function each: a redirect (Post/Redirect/Get) or the reply to show.
import type { SubmissionResult } from "@conform-to/react";
import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { CURRENT_PASSWORD_RATE_LIMIT_MESSAGE, EMAIL_CHANGE_RATE_LIMIT_MESSAGE, SECOND_FACTOR_RATE_LIMIT_MESSAGE } from "~/domain/rate-limits";
import {
  changeEmailSchema,
  EMAIL_CHANGE_MESSAGES,
  revokeOtherSessionsSchema,
  revokeSessionSchema,
  SECURITY_MESSAGES,
  SECURITY_PATH,
  totpCancelSchema,
  totpConfirmSchema,
  totpDisableSchema,
  totpStartSchema,
  TWO_FACTOR_MESSAGES,
} from "~/forms/account-security";
import { PASSKEY_MESSAGES, removePasskeySchema } from "~/forms/passkeys";
import { revokeOtherSessions, revokeSession } from "~/server/auth/account-sessions.server";
import { requestEmailChange } from "~/server/auth/email-change.server";
import { removePasskey } from "~/server/auth/passkeys.server";
import { cancelTotpSetup, confirmTotpSetup, disableTotp, startTotpSetup, type SecondFactorCheck } from "~/server/auth/two-factor.server";
import { securityNoticeMail } from "~/server/mail/security-mail.server";
import type { SessionUser } from "~/server/auth/session.server";
import { failedForm, TRY_AGAIN, type ActionFailure } from "~/server/http/action-failures.server";
import { formReply, parseForm } from "~/server/http/form-reply.server";

const noticed = (key: string) => redirect(`${SECURITY_PATH}?notice=${key}`, 303);

/** Every reply of the page carries the recovery codes field: the codes, once, right after turning the factor on. */
export type SecurityExtra = { recoveryCodes: string[] | null };
const NO_CODES: SecurityExtra = { recoveryCodes: null };

type ReplyOptions = { formErrors?: string[]; fieldErrors?: Record<string, string[]> };

/** A refused code: 400 with the message, or 429 with when to try again. */
function codeRefusal(
  intent: string,
  reply: (options: ReplyOptions) => SubmissionResult<string[]>,
  checked: Exclude<SecondFactorCheck, { ok: true }>,
  wrong: string,
) {
  if (checked.reason === "rate-limited") {
    return formReply<SecurityExtra>(intent, reply({ formErrors: [SECOND_FACTOR_RATE_LIMIT_MESSAGE] }), {
      status: 429,
      headers: { "Retry-After": String(checked.retryAfterSeconds) },
      extra: NO_CODES,
    });
  }
  return formReply<SecurityExtra>(intent, reply({ fieldErrors: { code: [wrong] } }), { status: 400, extra: NO_CODES });
}

/** Begins the setup: a fresh key, shown as a QR code and as text until a code confirms it. */
export async function totpStartIntent(context: AppLoadContext, user: SessionUser, form: FormData) {
  const submission = parseForm(form, totpStartSchema);
  if (submission.status !== "success") return formReply<SecurityExtra>("totp-start", submission.reply(), { extra: NO_CODES });
  if (!(await startTotpSetup(context.db, user.id))) {
    return formReply<SecurityExtra>("totp-start", submission.reply({ formErrors: [TWO_FACTOR_MESSAGES.alreadyOn] }), { status: 409, extra: NO_CODES });
  }
  return redirect(`${SECURITY_PATH}#two-step-heading`, 303);
}

/** Confirms the setup with a code: the factor is on and the recovery codes are shown, once (this answer is not a redirect). */
export async function totpConfirmIntent(context: AppLoadContext, user: SessionUser, form: FormData) {
  const intent = "totp-confirm";
  const submission = parseForm(form, totpConfirmSchema);
  if (submission.status !== "success") return formReply<SecurityExtra>(intent, submission.reply(), { extra: NO_CODES });
  const mail = securityNoticeMail(user.email, context.env.APP_ORIGIN, "totp-on");
  const confirmed = await confirmTotpSetup(context, user.id, context.sessionId, submission.value.code, mail);
  if (!confirmed.ok) return codeRefusal(intent, (options) => submission.reply({ ...options, hideFields: ["code"] }), confirmed, TWO_FACTOR_MESSAGES.wrongCode);
  return formReply<SecurityExtra>(intent, { status: "success", initialValue: null }, { status: 200, extra: { recoveryCodes: confirmed.recoveryCodes } });
}

export async function totpCancelIntent(context: AppLoadContext, user: SessionUser, form: FormData) {
  const submission = parseForm(form, totpCancelSchema);
  if (submission.status !== "success") return formReply<SecurityExtra>("totp-cancel", submission.reply(), { extra: NO_CODES });
  await cancelTotpSetup(context.db, user.id);
  return noticed("totp-cancelled");
}

/** Turns the factor off after a current code (or a recovery code); the notice mail goes out. */
export async function totpDisableIntent(context: AppLoadContext, user: SessionUser, form: FormData) {
  const intent = "totp-disable";
  const submission = parseForm(form, totpDisableSchema);
  if (submission.status !== "success") return formReply<SecurityExtra>(intent, submission.reply(), { extra: NO_CODES });
  const mail = securityNoticeMail(user.email, context.env.APP_ORIGIN, "totp-off");
  const checked = await disableTotp(context, user.id, submission.value.code, mail);
  if (!checked.ok)
    return codeRefusal(intent, (options) => submission.reply({ ...options, hideFields: ["code"] }), checked, TWO_FACTOR_MESSAGES.wrongSignInCode);
  return noticed("totp-off");
}

/** Signs one of the user's other sessions out; another user's session, or one gone, is a 404. */
export async function revokeSessionIntent(context: AppLoadContext, user: SessionUser, form: FormData) {
  const intent = "revoke-session";
  const submission = parseForm(form, revokeSessionSchema);
  if (submission.status !== "success") return formReply<SecurityExtra>(intent, submission.reply(), { status: 404, extra: NO_CODES });
  const outcome = await revokeSession(context.db, user.id, context.sessionId, submission.value.session);
  switch (outcome) {
    case "ok":
      return noticed("session-ended");
    case "current":
      return formReply<SecurityExtra>(intent, submission.reply({ formErrors: [SECURITY_MESSAGES.currentSession] }), { status: 409, extra: NO_CODES });
    default:
      return formReply<SecurityExtra>(intent, submission.reply({ formErrors: [SECURITY_MESSAGES.sessionNotFound] }), { status: 404, extra: NO_CODES });
  }
}

/** "Sign out everywhere else": every session of the user but this one ends. */
export async function revokeOtherSessionsIntent(context: AppLoadContext, user: SessionUser, form: FormData) {
  const submission = parseForm(form, revokeOtherSessionsSchema);
  if (submission.status !== "success") return formReply<SecurityExtra>("revoke-other-sessions", submission.reply(), { extra: NO_CODES });
  const ended = await revokeOtherSessions(context.db, user.id, context.sessionId);
  return noticed(ended > 0 ? "others-ended" : "no-others");
}

/**
 * Asks for a new e-mail address with the current password: the link goes to the new address, a
 * notice to the current one. The answer is the same whether another account holds the new address
 * or not (ADR 006); a wrong password says so, and counts.
 */
export async function changeEmailIntent(context: AppLoadContext, user: SessionUser, form: FormData) {
  const intent = "change-email";
  const submission = parseForm(form, changeEmailSchema);
  const reply = (options: ReplyOptions, status = 400, headers?: HeadersInit) =>
    formReply<SecurityExtra>(intent, submission.reply({ ...options, hideFields: ["currentPassword"] }), { status, headers, extra: NO_CODES });
  if (submission.status !== "success") return reply({});
  const asked = await requestEmailChange(context, user, submission.value.email, submission.value.currentPassword);
  if (asked.ok) return noticed("email-change-sent");
  switch (asked.reason) {
    case "wrong-password":
      return reply({ fieldErrors: { currentPassword: [EMAIL_CHANGE_MESSAGES.wrongPassword] } });
    case "same-address":
      return reply({ fieldErrors: { email: [EMAIL_CHANGE_MESSAGES.sameAddress] } });
    case "rate-limited":
      return reply({ formErrors: [CURRENT_PASSWORD_RATE_LIMIT_MESSAGE] }, 429, { "Retry-After": String(asked.retryAfterSeconds) });
    default:
      return reply({ formErrors: [EMAIL_CHANGE_RATE_LIMIT_MESSAGE] }, 429, { "Retry-After": String(asked.retryAfterSeconds) });
  }
}

/** Removes one of the user's passkeys, named by its handle (a notice mail goes out); another user's, or one gone, is a 404. */
export async function passkeyRemoveIntent(context: AppLoadContext, user: SessionUser, form: FormData) {
  const intent = "passkey-remove";
  const submission = parseForm(form, removePasskeySchema);
  if (submission.status !== "success") return formReply<SecurityExtra>(intent, submission.reply(), { status: 404, extra: NO_CODES });
  const mail = securityNoticeMail(user.email, context.env.APP_ORIGIN, "passkey-removed");
  if (!(await removePasskey(context.db, user.id, submission.value.passkey, mail))) {
    return formReply<SecurityExtra>(intent, submission.reply({ formErrors: [PASSKEY_MESSAGES.notFound] }), { status: 404, extra: NO_CODES });
  }
  return noticed("passkey-removed");
}

// A Map: the intent is the posted one, and an object would answer "__proto__" with its prototype.
const FAILURES = new Map<string, string>([
  ["revoke-session", SECURITY_MESSAGES.revokeFailed],
  ["revoke-other-sessions", SECURITY_MESSAGES.revokeOthersFailed],
  ["totp-start", TWO_FACTOR_MESSAGES.startFailed],
  ["totp-confirm", TWO_FACTOR_MESSAGES.confirmFailed],
  ["totp-cancel", TWO_FACTOR_MESSAGES.cancelFailed],
  ["totp-disable", TWO_FACTOR_MESSAGES.disableFailed],
  ["change-email", EMAIL_CHANGE_MESSAGES.requestFailed],
  ["passkey-remove", PASSKEY_MESSAGES.removeFailed],
]);

/** An intent the database failed (`answeringDatabaseFailures`): its form with the message. */
export function failedIntent(failure: ActionFailure) {
  return failedForm<SecurityExtra>(failure, FAILURES.get(failure.intent) ?? TRY_AGAIN, { hide: ["code", "currentPassword"], extra: NO_CODES });
}
