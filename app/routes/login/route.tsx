import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { CooldownText, useCountdown } from "~/components/Cooldown";
import { Notice } from "~/components/basics";
import { Field, HoneypotField, SubmitButton } from "~/components/forms";
import { pageMeta } from "~/components/page-meta";
import { noticeText } from "~/domain/notices";
import { safeReturnPath } from "~/domain/same-site-path";
import { LOGIN_RATE_LIMIT_MESSAGE, REGISTER_RATE_LIMIT_MESSAGE, RESET_RATE_LIMIT_MESSAGE } from "~/domain/rate-limits";
import { forgotSchema, HONEYPOT_FIELD, loginSchema, registerSchema, resendConfirmationSchema } from "~/forms/auth";
import { register, requestPasswordReset, resendConfirmation } from "~/server/auth/accounts.server";
import { authenticateForm } from "~/server/auth/authenticator.server";
import { clientAddress } from "~/server/auth/rate-limit.server";
import { getSessionUser, startSession } from "~/server/auth/session.server";
import { userSessionCookie } from "~/server/features/consent.server";
import { readCappedFormData } from "~/server/http/form-body.server";

const MODES = ["login", "register", "forgot"] as const;
type Mode = (typeof MODES)[number];

type ActionResult = {
  intent: Mode | "resend-confirmation";
  /** Conform's reply: the fields' messages and the e-mail as typed (never a password). */
  result?: SubmissionResult<string[]>;
  formError?: string;
  unconfirmedEmail?: string;
  retryAfterSeconds?: number;
};

/** Passwords are never sent back to the browser. */
const HIDDEN_FIELDS = ["password"];

function modeOf(value: string | null): Mode {
  return MODES.find((mode) => mode === value) ?? "login";
}

/** Without this Remix keeps only Set-Cookie from the action: a 429 keeps its Retry-After. */
export { retryAfterHeaders as headers } from "~/server/http/retry-after.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await getSessionUser(context);
  const url = new URL(request.url);
  const redirectTo = safeReturnPath(url.searchParams.get("redirectTo"), "/profile");
  if (user) throw redirect(redirectTo);
  return {
    mode: modeOf(url.searchParams.get("mode")),
    /** Where a successful login goes: a checked same-site path (the page that sent the visitor here). */
    redirectTo: redirectTo === "/profile" ? null : redirectTo,
    notice: noticeText("login", url.searchParams.get("notice")),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const fail = (status: number, result: ActionResult, headers?: HeadersInit) => data(result, { status, headers });
  const body = await readCappedFormData(request);
  if (!body.ok) return fail(body.status, { intent: "login", formError: body.message });
  const form = body.form;
  const intent = String(form.get("intent") ?? "");
  const ip = clientAddress(request);

  if (intent === "login") {
    const outcome = await authenticateForm(context, request, form);
    // The authenticator validates with the same schema; this reply carries its messages and the e-mail back.
    const result = parseWithZod(form, { schema: loginSchema }).reply({ hideFields: HIDDEN_FIELDS });
    if (outcome.ok) {
      const headers = new Headers({ "Set-Cookie": await startSession(context.db, context.env, outcome.userId) });
      // The non-essential user_session cookie is written only with cookie consent.
      const userSession = userSessionCookie(request, outcome.userId);
      if (userSession) headers.append("Set-Cookie", userSession);
      return redirect(safeReturnPath(form.get("redirectTo"), "/profile"), { headers });
    }
    switch (outcome.reason) {
      case "validation":
        return fail(400, { intent, result });
      case "rate-limited":
        return data({ intent, result, formError: LOGIN_RATE_LIMIT_MESSAGE, retryAfterSeconds: outcome.retryAfterSeconds } satisfies ActionResult, {
          status: 429,
          headers: { "Retry-After": String(outcome.retryAfterSeconds) },
        });
      case "unconfirmed":
        return fail(403, {
          intent,
          result,
          unconfirmedEmail: outcome.email,
          formError: "Your e-mail address is not confirmed yet. Please click the link in the confirmation e-mail we sent you.",
        });
      default:
        return fail(400, { intent, result, formError: "Invalid login credentials" });
    }
  }

  if (intent === "register" || intent === "forgot") {
    // A filled-in honeypot is a bot: it gets the ordinary answer and nothing happens.
    if (String(form.get(HONEYPOT_FIELD) ?? "") !== "") {
      return redirect(intent === "register" ? "/login?mode=login&notice=registered" : "/login?mode=forgot&notice=reset-sent");
    }
  }

  if (intent === "register") {
    const submission = parseWithZod(form, { schema: registerSchema });
    const result = submission.reply({ hideFields: HIDDEN_FIELDS });
    if (submission.status !== "success") return fail(400, { intent, result });
    const registered = await register(context, submission.value.email, submission.value.password, ip);
    if (!registered.ok) {
      return data({ intent, result, formError: REGISTER_RATE_LIMIT_MESSAGE } satisfies ActionResult, {
        status: 429,
        headers: { "Retry-After": String(registered.rateLimited.retryAfterSeconds) },
      });
    }
    return redirect("/login?mode=login&notice=registered");
  }

  if (intent === "forgot") {
    const submission = parseWithZod(form, { schema: forgotSchema });
    const result = submission.reply();
    if (submission.status !== "success") return fail(400, { intent, result });
    let requested: Awaited<ReturnType<typeof requestPasswordReset>>;
    try {
      requested = await requestPasswordReset(context, submission.value.email, ip);
    } catch (error) {
      console.error(error);
      return fail(503, { intent, result, formError: "Failed to send password reset email. Please try again." });
    }
    if (!requested.ok) {
      return data(
        { intent, result, formError: RESET_RATE_LIMIT_MESSAGE, retryAfterSeconds: requested.retryAfterSeconds } satisfies ActionResult,
        { status: 429, headers: { "Retry-After": String(requested.retryAfterSeconds) } },
      );
    }
    return redirect("/login?mode=forgot&notice=reset-sent");
  }

  if (intent === "resend-confirmation") {
    const submission = parseWithZod(form, { schema: resendConfirmationSchema });
    if (submission.status !== "success") return fail(400, { intent, result: submission.reply() });
    const limit = await resendConfirmation(context, submission.value.email);
    if (!limit.allowed) {
      return fail(429, {
        intent,
        unconfirmedEmail: submission.value.email,
        formError: "A confirmation e-mail was sent a moment ago. Please wait a few minutes before asking again.",
        retryAfterSeconds: limit.retryAfterSeconds,
      }, { "Retry-After": String(limit.retryAfterSeconds) });
    }
    return redirect("/login?mode=login&notice=confirmation-sent");
  }

  return fail(400, { intent: "login", formError: "Unknown action." });
}

const TABS: { mode: Mode; label: string }[] = [
  { mode: "login", label: "Login" },
  { mode: "register", label: "Register" },
  { mode: "forgot", label: "Forgot password" },
];

/**
 * One Conform form per mode, fed by the action's reply. Spec section 5: login and sign-up pass the
 * e-mail and password to the server without client checks, so the shared schema runs on the
 * server only (which also keeps zod out of the page most newcomers open first).
 */
function useAuthForm(id: Mode, result: ActionResult | undefined) {
  return useForm<{ email: string; password: string }>({ id, lastResult: result?.intent === id ? result.result : undefined });
}

export default function LoginPage() {
  const { mode, notice, redirectTo } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionResult | undefined;
  const result = actionData && (actionData.intent === mode || (actionData.intent === "resend-confirmation" && mode === "login")) ? actionData : undefined;
  const remaining = useCountdown(result?.intent === "forgot" ? (result.retryAfterSeconds ?? 0) : 0);
  const [loginForm, loginFields] = useAuthForm("login", result);
  const [registerForm, registerFields] = useAuthForm("register", result);
  const [forgotForm, forgotFields] = useAuthForm("forgot", result);
  const loginAction = redirectTo ? `/login?mode=login&redirectTo=${encodeURIComponent(redirectTo)}` : "/login?mode=login";

  return (
    <div className="mx-auto max-w-md space-y-6">
      <h1 className="text-2xl font-bold">{TABS.find((tab) => tab.mode === mode)?.label}</h1>
      <nav aria-label="Account" className="flex gap-2 border-b border-line">
        {TABS.map((tab) => (
          <Link
            key={tab.mode}
            to={`/login?mode=${tab.mode}`}
            aria-current={tab.mode === mode ? "page" : undefined}
            className={`-mb-px border-b-2 px-3 py-2 text-sm font-medium ${tab.mode === mode ? "border-accent text-accent" : "border-transparent"}`}
          >
            {tab.label}
          </Link>
        ))}
      </nav>

      {notice && !result ? <Notice>{notice}</Notice> : null}
      {result?.formError ? <Notice tone="error">{result.formError}</Notice> : null}

      {mode === "login" ? (
        <>
          <Form method="post" action={loginAction} {...getFormProps(loginForm)} className="space-y-4">
            <input type="hidden" name="intent" value="login" />
            {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
            <Field label="Email" meta={loginFields.email} type="email" inputProps={{ autoComplete: "email" }} />
            <Field label="Password" meta={loginFields.password} type="password" inputProps={{ autoComplete: "current-password" }} />
            <SubmitButton pendingText="Logging in…" formAction={loginAction} intent="login">
              Login
            </SubmitButton>
          </Form>
          {result?.unconfirmedEmail ? (
            <Form method="post" action="/login?mode=login" className="space-y-2">
              <input type="hidden" name="intent" value="resend-confirmation" />
              <input type="hidden" name="email" value={result.unconfirmedEmail} />
              <SubmitButton pendingText="Sending…" formAction="/login?mode=login" intent="resend-confirmation" className="text-sm text-accent underline">
                Send the confirmation e-mail again
              </SubmitButton>
            </Form>
          ) : null}
        </>
      ) : null}

      {mode === "register" ? (
        <Form method="post" action="/login?mode=register" {...getFormProps(registerForm)} className="relative space-y-4">
          <input type="hidden" name="intent" value="register" />
          <HoneypotField name={HONEYPOT_FIELD} />
          <Field label="Email" meta={registerFields.email} type="email" inputProps={{ autoComplete: "email" }} />
          <Field
            label="Password"
            meta={registerFields.password}
            type="password"
            hint="Password must be at least 6 characters."
            inputProps={{ autoComplete: "new-password" }}
          />
          <SubmitButton pendingText="Registering…" formAction="/login?mode=register" intent="register">
            Register
          </SubmitButton>
        </Form>
      ) : null}

      {mode === "forgot" ? (
        <Form method="post" action="/login?mode=forgot" {...getFormProps(forgotForm)} className="relative space-y-4">
          <input type="hidden" name="intent" value="forgot" />
          <HoneypotField name={HONEYPOT_FIELD} />
          <p className="text-sm text-muted">Enter your e-mail address and we will send you a link to reset your password.</p>
          <Field label="Email" meta={forgotFields.email} type="email" inputProps={{ autoComplete: "email" }} />
          <CooldownText remaining={remaining} />
          <SubmitButton pendingText="Sending…" formAction="/login?mode=forgot" intent="forgot" disabled={remaining > 0}>
            Send reset link
          </SubmitButton>
          <p>
            <Link to="/login?mode=login" className="text-sm text-accent underline">
              Back to login
            </Link>
          </p>
        </Form>
      ) : null}
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ matches, data: loaderData }) =>
  pageMeta(matches, {
    title: loaderData?.mode === "register" ? "Register" : loaderData?.mode === "forgot" ? "Forgot password" : "Login",
    description: "Log in to SkinVault, create an account or reset your password.",
    path: "/login",
    noindex: true,
  });
