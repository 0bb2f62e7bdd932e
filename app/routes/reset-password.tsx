import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { buttonClass, Notice } from "~/components/basics";
import { lazyPart } from "~/components/lazy-part";
import { pageMeta } from "~/components/page-meta";
import { RESET_FIX_REQUIREMENTS, RESET_PASSWORDS_DONT_MATCH } from "~/domain/password-rules";
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
const PASSWORD_FIELDS = ["newPassword", "confirmPassword"];

/** Validates the token (opening the link spends nothing): form, invalid, or success after the POST. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  if (url.searchParams.get("status") === "success") return { state: "success" as const };
  const token = url.searchParams.get("token");
  if (!token) return { state: "invalid" as const, message: MISSING_TOKEN };
  try {
    // Asked for before any await, so it joins the root loader's session read: one round trip.
    const [rows] = await context.load([resetTokenQuery(context.db, hashToken(token), Date.now())]);
    if (rows.length === 0) return { state: "invalid" as const, message: INVALID_TOKEN };
  } catch (error) {
    console.error(error);
    return data({ state: "invalid" as const, message: ACCOUNT_FAILURES.validateToken }, { status: 503 });
  }
  return { state: "form" as const, token };
}

export const action = answeringDatabaseFailures(setNewPassword, (failure) =>
  failedForm(failure, ACCOUNT_FAILURES.resetPassword, { intent: INTENT, hide: PASSWORD_FIELDS }),
);

async function setNewPassword({ request, context }: ActionFunctionArgs) {
  const body = await readCappedFormData(request);
  if (!body.ok) return formRefusal(INTENT, body.message, body.status);
  const submission = parseForm(body.form, resetPasswordSchema);
  const reply = (formError: string, status: number) =>
    formReply(INTENT, submission.reply({ formErrors: [formError], hideFields: PASSWORD_FIELDS }), { status });
  if (submission.status !== "success") {
    const errors = submission.error ?? {};
    const formError = errors.token?.length ? "Invalid or missing token." : errors.newPassword?.length ? RESET_FIX_REQUIREMENTS : RESET_PASSWORDS_DONT_MATCH;
    return reply(formError, 400);
  }
  const ok = await resetPassword(context, submission.value.token, submission.value.newPassword);
  if (!ok) return reply(INVALID_TOKEN, 400);
  return redirect("/reset-password?status=success");
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
        <ResetPasswordForm token={loaderData.token} result={reply?.result} />
      )}
    </div>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Reset password", description: "Choose a new password for your SkinVault account.", path: "/reset-password", noindex: true });
