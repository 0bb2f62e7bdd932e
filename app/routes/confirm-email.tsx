import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { buttonClass, Notice } from "~/components/basics";
import { pageMeta } from "~/components/page-meta";
import { ACCOUNT_FAILURES } from "~/forms/auth";
import { confirmEmail } from "~/server/auth/accounts.server";
import { answeringDatabaseFailures } from "~/server/http/action-failures.server";
import { replyError } from "~/forms/reply";
import { formText, readCappedFormData } from "~/server/http/form-body.server";
import { formRefusal } from "~/server/http/form-reply.server";

const INVALID = "Invalid or expired confirmation link.";

/** Opening the link spends nothing (mail scanners open links); the button's POST confirms. */
export function loader({ request }: LoaderFunctionArgs) {
  return { token: new URL(request.url).searchParams.get("token") ?? "" };
}

/** A failure keeps the button, so the link can be tried again. */
export const action = answeringDatabaseFailures(confirm, () => formRefusal("confirm-email", ACCOUNT_FAILURES.confirmEmail, 503, { extra: { retry: true } }));

async function confirm({ request, context }: ActionFunctionArgs) {
  const body = await readCappedFormData(request);
  const form = body.ok ? body.form : new FormData();
  const token = formText(form, "token");
  if (form.get("intent") !== "confirm-email" || !token || !(await confirmEmail(context.db, token))) {
    return formRefusal("confirm-email", INVALID, 400);
  }
  return redirect("/login?mode=login&notice=confirmed");
}

export default function ConfirmEmailPage() {
  const { token } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const error = replyError(reply);
  const retry = reply !== undefined && "retry" in reply;
  return (
    <div className="mx-auto max-w-md space-y-4">
      <h1 className="text-2xl font-bold">Confirm your e-mail address</h1>
      {retry ? <Notice tone="error">{error}</Notice> : null}
      {(error && !retry) || !token ? (
        <>
          <Notice tone="error">{error ?? INVALID}</Notice>
          <Link to="/login" className="text-accent underline">
            Go to Login
          </Link>
        </>
      ) : (
        <Form method="post" className="space-y-3">
          <input type="hidden" name="intent" value="confirm-email" />
          <input type="hidden" name="token" value={token} />
          <p className="text-sm text-muted">Press the button to confirm your e-mail address and activate your account.</p>
          <button type="submit" className={buttonClass}>
            Confirm e-mail address
          </button>
        </Form>
      )}
    </div>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Confirm e-mail", description: "Confirm your SkinVault account.", path: "/confirm-email", noindex: true });
