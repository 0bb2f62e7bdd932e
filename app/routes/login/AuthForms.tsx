import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { CooldownText, useCountdown } from "~/components/Cooldown";
import { Field, FormError, HoneypotField, SubmitButton } from "~/components/forms";
import { HONEYPOT_FIELD } from "~/forms/honeypot";
import { PasskeySignIn } from "./PasskeySignIn";

/**
 * One Conform form per mode, fed by the action's reply. Spec section 5: login and sign-up pass the
 * e-mail and password to the server without client checks, so the shared schema runs on the
 * server only (which also keeps zod out of the page most newcomers open first).
 */
function useAuthForm(id: string, result: SubmissionResult<string[]> | undefined) {
  return useForm<{ email: string; password: string }>({ id, lastResult: result });
}

export function LoginForm({
  redirectTo,
  result,
  unconfirmedEmail,
}: {
  redirectTo: string | null;
  result?: SubmissionResult<string[]>;
  unconfirmedEmail?: string;
}) {
  const [form, fields] = useAuthForm("login", result);
  const action = redirectTo ? `/login?mode=login&redirectTo=${encodeURIComponent(redirectTo)}` : "/login?mode=login";
  return (
    <>
      <Form method="post" action={action} {...getFormProps(form)} className="space-y-4">
        <FormError form={form} />
        <input type="hidden" name="intent" value="login" />
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <Field label="Email" meta={fields.email} type="email" inputProps={{ autoComplete: "email" }} />
        <Field label="Password" meta={fields.password} type="password" inputProps={{ autoComplete: "current-password" }} />
        <SubmitButton pendingText="Logging in…" formAction={action} intent="login">
          Login
        </SubmitButton>
      </Form>
      {unconfirmedEmail ? (
        <Form method="post" action="/login?mode=login" className="space-y-2">
          <input type="hidden" name="intent" value="resend-confirmation" />
          <input type="hidden" name="email" value={unconfirmedEmail} />
          <SubmitButton pendingText="Sending…" formAction="/login?mode=login" intent="resend-confirmation" className="text-sm text-accent underline">
            Send the confirmation e-mail again
          </SubmitButton>
        </Form>
      ) : null}
      <PasskeySignIn redirectTo={redirectTo} />
    </>
  );
}

export function RegisterForm({ result }: { result?: SubmissionResult<string[]> }) {
  const [form, fields] = useAuthForm("register", result);
  return (
    <Form method="post" action="/login?mode=register" {...getFormProps(form)} className="relative space-y-4">
      <FormError form={form} />
      <input type="hidden" name="intent" value="register" />
      <HoneypotField name={HONEYPOT_FIELD} />
      <Field label="Email" meta={fields.email} type="email" inputProps={{ autoComplete: "email" }} />
      <Field
        label="Password"
        meta={fields.password}
        type="password"
        hint="Password must be at least 6 characters."
        inputProps={{ autoComplete: "new-password" }}
      />
      <SubmitButton pendingText="Registering…" formAction="/login?mode=register" intent="register">
        Register
      </SubmitButton>
    </Form>
  );
}

/** A refused request for a reset link may come with a cooldown, counted down in the browser. */
export function ForgotForm({ result, retryAfterSeconds }: { result?: SubmissionResult<string[]>; retryAfterSeconds?: number }) {
  const [form, fields] = useAuthForm("forgot", result);
  const remaining = useCountdown(retryAfterSeconds ?? 0);
  return (
    <Form method="post" action="/login?mode=forgot" {...getFormProps(form)} className="relative space-y-4">
      <FormError form={form} />
      <input type="hidden" name="intent" value="forgot" />
      <HoneypotField name={HONEYPOT_FIELD} />
      <p className="text-sm text-muted">Enter your e-mail address and we will send you a link to reset your password.</p>
      <Field label="Email" meta={fields.email} type="email" inputProps={{ autoComplete: "email" }} />
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
  );
}
