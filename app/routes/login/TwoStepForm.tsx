import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { CooldownText, useCountdown } from "~/components/Cooldown";
import { Field, FormError, SubmitButton } from "~/components/forms";

const ACTION = "/login?mode=two-step";

/** The second step of signing in: the code of the authenticator app, or a recovery code (checked by the server only). */
export function TwoStepForm({ result, retryAfterSeconds }: { result?: SubmissionResult<string[]>; retryAfterSeconds?: number }) {
  const [form, fields] = useForm<{ code: string }>({ id: "two-step", lastResult: result });
  const remaining = useCountdown(retryAfterSeconds ?? 0);
  return (
    <Form method="post" action={ACTION} {...getFormProps(form)} className="space-y-4">
      <FormError form={form} />
      <input type="hidden" name="intent" value="two-step" />
      <p className="text-sm text-muted">Your password is right. Open your authenticator app and type the code it shows for SkinVault.</p>
      <Field
        label="Code"
        meta={fields.code}
        hint="6 digits from the app, or one of your recovery codes."
        inputProps={{ autoComplete: "one-time-code", autoFocus: true, spellCheck: false }}
      />
      <CooldownText remaining={remaining} />
      <SubmitButton pendingText="Checking…" formAction={ACTION} intent="two-step" disabled={remaining > 0}>
        Sign in
      </SubmitButton>
      <p>
        <Link to="/login?mode=login" className="text-sm text-accent underline">
          Start over
        </Link>
      </p>
    </Form>
  );
}
