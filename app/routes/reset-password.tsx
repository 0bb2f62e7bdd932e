import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { buttonClass, Notice } from "~/components/basics";
import { lazyPart } from "~/components/lazy-part";
import { pageMeta } from "~/components/page-meta";
import { RESET_FIX_REQUIREMENTS, RESET_PASSWORDS_DONT_MATCH } from "~/domain/password-rules";
import { SECOND_FACTOR_RATE_LIMIT_MESSAGE } from "~/domain/rate-limits";
import { TWO_FACTOR_MESSAGES } from "~/forms/account-security";
import { ACCOUNT_FAILURES, resetPasswordSchema } from "~/forms/auth";
import { replyError } from "~/forms/reply";
import { resetPassword, resetTokenQuery } from "~/server/auth/accounts.server";
import { hashToken } from "~/server/auth/tokens.server";
import { readCappedFormData } from "~/server/http/form-body.server";
import { formRefusal, formReply, parseForm } from "~/server/http/form-reply.server";
import { answeringDatabaseFailures, failedForm } from "~/server/http/action-failures.server";

const MISSING_TOKEN = "Invalid or missing reset token.";
const INVALID_TOKEN = "Invalid or expired reset token.";
const SUCCESS = "Password updated successfully! You can now log in with your new password.";

const INTENT = "reset-password";
/** Never sent back: the passwords, and the code (spent or not, it is typed afresh). */
const HIDDEN_FIELDS = ["newPassword", "confirmPassword", "code"];

/** Without this Remix keeps only Set-Cookie from the action: a 429 (wrong codes) keeps its Retry-After. */
export { retryAfterHeaders as headers } from "~/server/http/retry-after.server";

/**
 * Validates the token (opening the link spends nothing): form, invalid, or success after the POST.
 * The form asks for a code too when the account has two-step sign-in on.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  if (url.searchParams.get("status") === "success") return { state: "success" as const };
  const token = url.searchParams.get("token");
  if (!token) return { state: "invalid" as const, message: MISSING_TOKEN };
  try {
    // Asked for before any await, so it joins the root loader's session read: one round trip.
    const [rows] = await context.load([resetTokenQuery(context.db, hashToken(token), Date.now())]);
    const link = rows[0];
    if (!link) return { state: "invalid" as const, message: INVALID_TOKEN };
    return { state: "form" as const, token, needsCode: link.secondFactorSince !== null };
  } catch (error) {
    console.error(error);
    return data({ state: "invalid" as const, message: ACCOUNT_FAILURES.validateToken }, { status: 503 });
  }
}

export const action = answeringDatabaseFailures(setNewPassword, (failure) =>
  failedForm(failure, ACCOUNT_FAILURES.resetPassword, { intent: INTENT, hide: HIDDEN_FIELDS }),
);

async function setNewPassword({ request, context }: ActionFunctionArgs) {
  const body = await readCappedFormData(request);
  if (!body.ok) return formRefusal(INTENT, body.message, body.status);
  const submission = parseForm(body.form, resetPasswordSchema);
  const reply = (formError: string, status: number) => formReply(INTENT, submission.reply({ formErrors: [formError], hideFields: HIDDEN_FIELDS }), { status });
  const codeReply = (message: string) => formReply(INTENT, submission.reply({ fieldErrors: { code: [message] }, hideFields: HIDDEN_FIELDS }));
  if (submission.status !== "success") {
    const errors = submission.error ?? {};
    if (errors.code?.length) return codeReply(TWO_FACTOR_MESSAGES.enterSignInCode);
    const formError = errors.token?.length ? "Invalid or missing token." : errors.newPassword?.length ? RESET_FIX_REQUIREMENTS : RESET_PASSWORDS_DONT_MATCH;
    return reply(formError, 400);
  }
  const { token, newPassword, code } = submission.value;
  const reset = await resetPassword(context, token, newPassword, code || undefined);
  if (reset.ok) return redirect("/reset-password?status=success");
  switch (reset.reason) {
    case "code-needed":
      return codeReply(TWO_FACTOR_MESSAGES.enterSignInCode);
    case "wrong-code":
      return codeReply(TWO_FACTOR_MESSAGES.wrongSignInCode);
    case "rate-limited":
      return formReply(INTENT, submission.reply({ formErrors: [SECOND_FACTOR_RATE_LIMIT_MESSAGE], hideFields: HIDDEN_FIELDS }), {
        status: 429,
        headers: { "Retry-After": String(reset.retryAfterSeconds) },
      });
    default:
      return reply(INVALID_TOKEN, 400);
  }
}

// The form's code (Conform, the strength list) loads once the page has hydrated (ADR 097).
const ResetPasswordForm = lazyPart("ResetPasswordForm", () => import("~/components/ResetPasswordForm").then((module) => module.ResetPasswordForm));

export default function ResetPasswordPage() {
  const loaderData = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();

  return (
    <div className="mx-auto max-w-md space-y-4">
      <h1 className="text-2xl font-bold">Reset password</h1>
      {loaderData.state === "success" ? (
        <>
          <Notice>{SUCCESS}</Notice>
          <Link to="/login" className={`${buttonClass} inline-block`}>
            Go to Login
          </Link>
        </>
      ) : loaderData.state === "invalid" || replyError(reply) === INVALID_TOKEN ? (
        <>
          <Notice tone="error">{loaderData.state === "invalid" ? loaderData.message : INVALID_TOKEN}</Notice>
          <Link to="/login?mode=forgot" className="text-accent underline">
            Request a new link
          </Link>{" "}
          <Link to="/login" className="text-accent underline">
            Go to Login
          </Link>
        </>
      ) : (
        <ResetPasswordForm token={loaderData.token} needsCode={loaderData.needsCode} result={reply?.result} />
      )}
    </div>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Reset password", description: "Choose a new password for your SkinVault account.", path: "/reset-password", noindex: true });
