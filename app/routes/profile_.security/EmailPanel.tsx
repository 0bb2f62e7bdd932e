import { getFormProps, useForm } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { Field, FormError, SubmitButton } from "~/components/forms";
import { SECURITY_PATH } from "~/forms/account-security-path";
import { resultFor, type FormReply } from "~/forms/reply";

/**
 * The account's e-mail address, and the form that asks for a new one (checked by the server): the
 * change waits for the link mailed to the new address, and the page says so meanwhile.
 */
export function EmailPanel({ email, pendingEmail, reply }: { email: string; pendingEmail: string | null; reply: FormReply | undefined }) {
  const [form, fields] = useForm<{ email: string; currentPassword: string }>({ id: "change-email", lastResult: resultFor(reply, "change-email") });
  return (
    <section aria-labelledby="email-heading" className="max-w-2xl space-y-4">
      <h2 id="email-heading" className="text-xl font-bold">
        E-mail address
      </h2>
      <p>
        You sign in with <strong>{email}</strong>, and mail about your account goes there.
      </p>
      {pendingEmail ? (
        <p className="text-sm" data-testid="pending-email">
          Waiting for confirmation: a link went to <strong>{pendingEmail}</strong>. Until it is used, your address stays the one above.
        </p>
      ) : null}
      <Form method="post" action={SECURITY_PATH} {...getFormProps(form)} className="space-y-3">
        <input type="hidden" name="intent" value="change-email" />
        <FormError form={form} />
        <Field label="New e-mail address" meta={fields.email} type="email" inputProps={{ autoComplete: "email" }} />
        <Field label="Current password" meta={fields.currentPassword} type="password" inputProps={{ autoComplete: "current-password" }} />
        <SubmitButton intent="change-email" formAction={SECURITY_PATH} pendingText="Sending the link…">
          Change e-mail address
        </SubmitButton>
      </Form>
    </section>
  );
}
