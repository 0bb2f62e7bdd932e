// The login page's intents, one function each: a redirect (Post/Redirect/Get) or the reply to show.
import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { LOGIN_RATE_LIMIT_MESSAGE, REGISTER_RATE_LIMIT_MESSAGE, RESET_RATE_LIMIT_MESSAGE, SECOND_FACTOR_RATE_LIMIT_MESSAGE } from "~/domain/rate-limits";
import { TWO_FACTOR_MESSAGES, twoStepLoginSchema } from "~/forms/account-security";
import { safeReturnPath } from "~/domain/same-site-path";
import { ACCOUNT_FAILURES, forgotSchema, HONEYPOT_FIELD, loginSchema, registerSchema, resendConfirmationSchema } from "~/forms/auth";
import { register, requestPasswordReset, resendConfirmation } from "~/server/auth/accounts.server";
import { authenticateForm } from "~/server/auth/authenticator.server";
import { deviceLabel } from "~/server/auth/device.server";
import { knownDeviceQueries } from "~/server/auth/known-devices.server";
import { clientAddress } from "~/server/auth/rate-limit.server";
import { endPendingLogin, readPendingLogin, startPendingLogin } from "~/server/auth/pending-login.server";
import { startSession } from "~/server/auth/session.server";
import { hasSecondFactor, verifySecondFactor } from "~/server/auth/two-factor.server";
import { userSessionCookie } from "~/server/features/consent.server";
import { failedForm, type ActionFailure } from "~/server/http/action-failures.server";
import { formReply, parseForm } from "~/server/http/form-reply.server";

/** What the login page's forms need besides Conform's reply: the address to confirm, a cooldown. */
export type LoginExtra = { unconfirmedEmail?: string; retryAfterSeconds?: number; pendingGone?: true };

/** The second step of signing in, for an account with two-step sign-in on. */
export const TWO_STEP_PATH = "/login?mode=two-step";

/** Passwords are never sent back to the browser. */
const HIDDEN_FIELDS = ["password"];
const REGISTERED = "/login?mode=login&notice=registered";
const RESET_SENT = "/login?mode=forgot&notice=reset-sent";

/** A 429's answer: when to retry, in the header and for the page's countdown. */
const tooMany = (retryAfterSeconds: number) => ({ status: 429, headers: { "Retry-After": String(retryAfterSeconds) } });

/** A filled-in honeypot is a bot: it gets the ordinary answer and nothing happens. */
const isBot = (form: FormData) => {
  const value = form.get(HONEYPOT_FIELD);
  return value !== null && value !== "";
};

export async function loginIntent(context: AppLoadContext, request: Request, form: FormData) {
  const outcome = await authenticateForm(context, request, form);
  if (outcome.ok) {
    const redirectTo = safeReturnPath(form.get("redirectTo"), "/profile");
    // With the second factor on, the password leaves a pending state (not a session) and the code's page is next.
    if (await hasSecondFactor(context.db, outcome.userId)) {
      return redirect(TWO_STEP_PATH, { headers: { "Set-Cookie": await startPendingLogin(context.env, outcome.userId, redirectTo) } });
    }
    return signedIn(context, request, outcome.userId, redirectTo);
  }
  // The authenticator validates with the same schema; this reply carries its messages and the e-mail back.
  const submission = parseForm(form, loginSchema);
  const refuse = (formError: string, init: { status?: number; headers?: HeadersInit; extra?: LoginExtra } = {}) =>
    formReply<LoginExtra>("login", submission.reply({ formErrors: [formError], hideFields: HIDDEN_FIELDS }), init);
  switch (outcome.reason) {
    case "validation":
      return formReply<LoginExtra>("login", submission.reply({ hideFields: HIDDEN_FIELDS }));
    case "rate-limited":
      return refuse(LOGIN_RATE_LIMIT_MESSAGE, { ...tooMany(outcome.retryAfterSeconds), extra: { retryAfterSeconds: outcome.retryAfterSeconds } });
    case "unconfirmed":
      return refuse("Your e-mail address is not confirmed yet. Please click the link in the confirmation e-mail we sent you.", {
        status: 403,
        extra: { unconfirmedEmail: outcome.email },
      });
    default:
      return refuse("Invalid login credentials");
  }
}

/**
 * A new session (a new id at every login) and the way on, with the consented user_session cookie;
 * a device the account has not signed in from before is mailed about (known-devices.server.ts).
 */
async function signedIn(context: AppLoadContext, request: Request, userId: string, redirectTo: string, extraCookies: string[] = []) {
  const device = deviceLabel(request.headers.get("User-Agent"));
  const now = Date.now();
  const noted = await knownDeviceQueries(context.db, context.env.APP_ORIGIN, userId, device, now);
  const headers = new Headers({ "Set-Cookie": await startSession(context.db, context.env, userId, device, now, noted) });
  for (const cookie of extraCookies) headers.append("Set-Cookie", cookie);
  // The non-essential user_session cookie is written only with cookie consent.
  const userSession = userSessionCookie(request, userId);
  if (userSession) headers.append("Set-Cookie", userSession);
  return redirect(redirectTo, { headers });
}

/** The second step: a code of the app (or a recovery code) for the account the pending state names; then the session starts. */
export async function twoStepIntent(context: AppLoadContext, request: Request, form: FormData) {
  const intent = "two-step";
  const submission = parseForm(form, twoStepLoginSchema);
  const reply = (options: { formErrors?: string[]; fieldErrors?: Record<string, string[]> } = {}) => submission.reply({ ...options, hideFields: ["code"] });
  const pending = await readPendingLogin(context.env, request);
  if (!pending) return formReply<LoginExtra>(intent, reply({ formErrors: [TWO_FACTOR_MESSAGES.pendingGone] }), { extra: { pendingGone: true } });
  if (submission.status !== "success") return formReply<LoginExtra>(intent, reply());
  const checked = await verifySecondFactor(context, pending.userId, submission.value.code);
  if (!checked.ok) {
    if (checked.reason === "rate-limited") {
      const { retryAfterSeconds } = checked;
      return formReply<LoginExtra>(intent, reply({ formErrors: [SECOND_FACTOR_RATE_LIMIT_MESSAGE] }), {
        ...tooMany(retryAfterSeconds),
        extra: { retryAfterSeconds },
      });
    }
    return formReply<LoginExtra>(intent, reply({ fieldErrors: { code: [TWO_FACTOR_MESSAGES.wrongSignInCode] } }));
  }
  return signedIn(context, request, pending.userId, safeReturnPath(pending.redirectTo, "/profile"), [await endPendingLogin(context.env)]);
}

export async function registerIntent(context: AppLoadContext, request: Request, form: FormData) {
  if (isBot(form)) return redirect(REGISTERED);
  const submission = parseForm(form, registerSchema);
  if (submission.status !== "success") return formReply<LoginExtra>("register", submission.reply({ hideFields: HIDDEN_FIELDS }));
  const registered = await register(context, submission.value.email, submission.value.password, clientAddress(request));
  if (!registered.ok) {
    const result = submission.reply({ formErrors: [REGISTER_RATE_LIMIT_MESSAGE], hideFields: HIDDEN_FIELDS });
    return formReply<LoginExtra>("register", result, tooMany(registered.rateLimited.retryAfterSeconds));
  }
  return redirect(REGISTERED);
}

export async function forgotIntent(context: AppLoadContext, request: Request, form: FormData) {
  if (isBot(form)) return redirect(RESET_SENT);
  const submission = parseForm(form, forgotSchema);
  if (submission.status !== "success") return formReply<LoginExtra>("forgot", submission.reply());
  const requested = await requestPasswordReset(context, submission.value.email, clientAddress(request));
  if (!requested.ok) {
    const { retryAfterSeconds } = requested;
    return formReply<LoginExtra>("forgot", submission.reply({ formErrors: [RESET_RATE_LIMIT_MESSAGE] }), {
      ...tooMany(retryAfterSeconds),
      extra: { retryAfterSeconds },
    });
  }
  return redirect(RESET_SENT);
}

export async function resendConfirmationIntent(context: AppLoadContext, form: FormData) {
  const submission = parseForm(form, resendConfirmationSchema);
  if (submission.status !== "success") return formReply<LoginExtra>("resend-confirmation", submission.reply());
  const limit = await resendConfirmation(context, submission.value.email);
  if (!limit.allowed) {
    const result = submission.reply({ formErrors: ["A confirmation e-mail was sent a moment ago. Please wait a few minutes before asking again."] });
    return formReply<LoginExtra>("resend-confirmation", result, {
      ...tooMany(limit.retryAfterSeconds),
      extra: { unconfirmedEmail: submission.value.email, retryAfterSeconds: limit.retryAfterSeconds },
    });
  }
  return redirect("/login?mode=login&notice=confirmation-sent");
}

// A Map: the intent is the posted one, and an object would answer "__proto__" with its prototype.
const FAILURES = new Map([
  ["login", ACCOUNT_FAILURES.login],
  ["register", ACCOUNT_FAILURES.register],
  ["forgot", ACCOUNT_FAILURES.forgot],
  ["resend-confirmation", ACCOUNT_FAILURES.resendConfirmation],
  ["two-step", TWO_FACTOR_MESSAGES.signInFailed],
]);

/** An intent the database failed (`answeringDatabaseFailures`): its form as typed (never a password) with the message. */
export function failedIntent(failure: ActionFailure) {
  const known = FAILURES.get(failure.intent);
  const intent = known ? failure.intent : "login";
  return failedForm<LoginExtra>(failure, known ?? ACCOUNT_FAILURES.login, { intent, hide: [...HIDDEN_FIELDS, "code"] });
}
