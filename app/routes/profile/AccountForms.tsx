import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import type { FormConstraint } from "~/components/client-checks";
import type { z } from "zod";
import { Field, FormError, SubmitButton } from "~/components/forms";
import type { changePasswordSchema, deleteAccountSchema } from "~/forms/auth";

// The server checks the forms (ADR 097: no schema in the browser) and answers with its messages.

function AccountSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="max-w-md space-y-4">
      <h2 id={id} className="text-xl font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function ChangePasswordForm({ result, constraint }: { result?: SubmissionResult<string[]>; constraint: FormConstraint }) {
  const [form, fields] = useForm<z.output<typeof changePasswordSchema>>({
    id: "change-password",
    lastResult: result,
    constraint,
  });
  return (
    <AccountSection id="password-heading" title="Change password">
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <input type="hidden" name="intent" value="change-password" />
        <FormError form={form} />
        <Field label="Current password" meta={fields.currentPassword} type="password" inputProps={{ autoComplete: "current-password" }} />
        <Field label="New password" meta={fields.newPassword} type="password" inputProps={{ autoComplete: "new-password" }} />
        <Field label="Confirm new password" meta={fields.confirmPassword} type="password" inputProps={{ autoComplete: "new-password" }} />
        <SubmitButton intent="change-password" pendingText="Updating password...">
          Update password
        </SubmitButton>
      </Form>
    </AccountSection>
  );
}

/** Deleting the account is a step of its own (`?dialog=delete-account`), confirmed by typing DELETE. */
export function DeleteAccountForm({ open, result }: { open: boolean; result?: SubmissionResult<string[]> }) {
  const [form, fields] = useForm<z.output<typeof deleteAccountSchema>>({
    id: "delete-account",
    lastResult: result,
  });
  return (
    <AccountSection id="delete-heading" title="Delete account">
      {open || result ? (
        <Form method="post" {...getFormProps(form)} className="space-y-4 rounded-lg border border-red-700 p-4">
          <input type="hidden" name="intent" value="delete-account" />
          <p>This removes your account, favourites, loadouts, resell trackers and sticker crafts for good. This action cannot be undone.</p>
          <FormError form={form} />
          <Field label="Type DELETE to confirm" meta={fields.confirm} inputProps={{ autoComplete: "off" }} />
          <div className="flex gap-3">
            <SubmitButton
              intent="delete-account"
              pendingText="Deleting account..."
              className="rounded-md bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-600 disabled:opacity-50"
            >
              Delete my account
            </SubmitButton>
            <Link to="/profile" className="rounded-md border border-line px-4 py-2">
              Cancel
            </Link>
          </div>
        </Form>
      ) : (
        <Link to="/profile?dialog=delete-account" className="inline-block rounded-md border border-red-700 px-4 py-2 text-red-300">
          Delete account
        </Link>
      )}
    </AccountSection>
  );
}
