import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { ErrorList, Field, FormError, SubmitButton, useFieldText } from "~/components/forms";
import { RESET_PASSWORDS_DONT_MATCH, RESET_STRENGTH_RULES, strengthErrors } from "~/domain/password-rules";

function StrengthList({ password, touched }: { password: string; touched: boolean }) {
  return (
    <ul className="mt-2 space-y-0.5 text-sm" aria-label="Password requirements">
      {RESET_STRENGTH_RULES.map((rule) => {
        const met = touched && rule.test(password);
        return (
          <li key={rule.id} className={met ? "text-green-400" : "text-muted"}>
            {met ? "✓ " : "• "}
            {rule.message}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The new password's form of the reset page (app/routes/reset-password.tsx), its code loaded apart
 * (a lazy part, ADR 097); with `needsCode` (two-step sign-in on) it asks for a code of the app too.
 */
export function ResetPasswordForm({ token, needsCode, result }: { token: string; needsCode: boolean; result?: SubmissionResult<string[]> }) {
  const [form, fields] = useForm<{ token: string; newPassword: string; confirmPassword: string; code: string }>({
    id: "reset-password",
    lastResult: result,
  });
  // The strength rules run in the browser as the user types (the same rules the server's schema
  // applies), from the fields' text once the form's code has run (what was typed before stays).
  const typedPassword = useFieldText(form.id, fields.newPassword.name);
  const confirm = useFieldText(form.id, fields.confirmPassword.name) ?? "";
  const hydrated = typedPassword !== undefined;
  const password = typedPassword ?? "";
  const clientErrors = hydrated ? strengthErrors(password) : [];
  const mismatch = hydrated && confirm !== "" && confirm !== password;

  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name={fields.token.name} value={token} />
      <FormError form={form} />
      <Field
        label="New password"
        meta={fields.newPassword}
        type="password"
        hint={<StrengthList password={password} touched={hydrated} />}
        inputProps={{ autoComplete: "new-password" }}
      />
      <div>
        <Field label="Confirm new password" meta={fields.confirmPassword} type="password" inputProps={{ autoComplete: "new-password" }} />
        {mismatch && !fields.confirmPassword.errors?.length ? <ErrorList errors={[RESET_PASSWORDS_DONT_MATCH]} /> : null}
      </div>
      {needsCode ? (
        <Field
          label="Code"
          meta={fields.code}
          hint="Your account has two-step sign-in on: 6 digits from your authenticator app, or one of your recovery codes."
          inputProps={{ autoComplete: "one-time-code", spellCheck: false }}
        />
      ) : null}
      <SubmitButton pendingText="Updating password…" disabled={clientErrors.length > 0 || mismatch}>
        Update password
      </SubmitButton>
    </Form>
  );
}
