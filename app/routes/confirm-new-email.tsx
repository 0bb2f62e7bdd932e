import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { buttonClass, Notice } from "~/components/basics";
import { pageMeta } from "~/components/page-meta";
import { SECURITY_PATH } from "~/forms/account-security-path";
import { replyError } from "~/forms/reply";
import { confirmEmailChange, emailChangeTokenQuery } from "~/server/auth/email-change.server";
import { getSessionUser } from "~/server/auth/session.server";
import { hashToken } from "~/server/auth/tokens.server";
import { answeringDatabaseFailures } from "~/server/http/action-failures.server";
import { formText, readCappedFormData } from "~/server/http/form-body.server";
import { formRefusal } from "~/server/http/form-reply.server";

const INTENT = "confirm-new-email";
const INVALID = "Invalid or expired link. Ask for the change again on your account's security page.";
const TAKEN = "Another SkinVault account has this address now, so the change was not made. Your account keeps its old address.";
const FAILED = "Failed to change your e-mail address. Please try again.";
const VALIDATE_FAILED = "Failed to check the link. Please try again.";

/**
 * The link mailed to a new address opens this page: it checks the link and names the address, and
 * spends nothing (mail scanners open links, ADR 005); the button's POST makes the change.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  if (!token) return { state: "invalid" as const, message: INVALID };
  try {
    // Asked for before any await, so it joins the root loader's session read: one round trip.
    const [rows] = await context.load([emailChangeTokenQuery(context.db, hashToken(token), Date.now())]);
    const change = rows[0];
    if (!change) return { state: "invalid" as const, message: INVALID };
    if (change.taken) return { state: "invalid" as const, message: TAKEN };
    return { state: "form" as const, token, newEmail: change.newEmail };
  } catch (error) {
    console.error(error);
    return data({ state: "invalid" as const, message: VALIDATE_FAILED }, { status: 503 });
  }
}

/** A failure keeps the button, so the link can be tried again. */
export const action = answeringDatabaseFailures(confirm, () => formRefusal(INTENT, FAILED, 503, { extra: { retry: true } }));

async function confirm({ request, context }: ActionFunctionArgs) {
  const body = await readCappedFormData(request);
  const form = body.ok ? body.form : new FormData();
  const token = formText(form, "token");
  if (form.get("intent") !== INTENT || !token) return formRefusal(INTENT, INVALID, 400);
  const changed = await confirmEmailChange(context, token);
  if (!changed.ok) return changed.reason === "taken" ? formRefusal(INTENT, TAKEN, 409) : formRefusal(INTENT, INVALID, 400);
  // Signed in as that account here: back to its security page; anywhere else, to the login with the new address.
  const user = await getSessionUser(context);
  return redirect(user?.id === changed.userId ? `${SECURITY_PATH}?notice=email-changed` : "/login?mode=login&notice=email-changed", 303);
}

export default function ConfirmNewEmailPage() {
  const page = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const error = replyError(reply);
  const retry = reply !== undefined && "retry" in reply;
  return (
    <div className="mx-auto max-w-md space-y-4">
      <h1 className="text-2xl font-bold">Confirm your new e-mail address</h1>
      {retry ? <Notice tone="error">{error}</Notice> : null}
      {(error && !retry) || page.state === "invalid" ? (
        <>
          <Notice tone="error">{error && !retry ? error : page.state === "invalid" ? page.message : INVALID}</Notice>
          <Link to={SECURITY_PATH} className="text-accent underline">
            Sign-in and security
          </Link>
        </>
      ) : (
        <Form method="post" className="space-y-3">
          <input type="hidden" name="intent" value={INTENT} />
          <input type="hidden" name="token" value={page.token} />
          <p className="text-sm text-muted">
            Press the button to make <strong>{page.newEmail}</strong> the address of your SkinVault account. From then on you sign in with it, and your old
            address no longer works.
          </p>
          <button type="submit" className={buttonClass}>
            Confirm new e-mail address
          </button>
        </Form>
      )}
    </div>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Confirm new e-mail",
    description: "Confirm the new e-mail address of your SkinVault account.",
    path: "/confirm-new-email",
    noindex: true,
  });
