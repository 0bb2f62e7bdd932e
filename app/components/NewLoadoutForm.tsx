import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { useClientChecks } from "~/components/client-checks";
import { FormError, SubmitButton } from "~/components/forms";
import { LoadoutDetailsFields } from "~/components/LoadoutDetailsFields";
import { FORM_KEY_FIELD } from "~/forms/form-key";

/** The form of /loadouts/new (app/routes/loadouts.new.tsx), its code loaded on the page's first use. */
export function NewLoadoutForm({ formKey, result }: { formKey: string | null; result?: SubmissionResult<string[]> }) {
  // With JavaScript the shared schema (loaded when the form is first focused) checks before
  // sending; without it, or before it has arrived, the server does the same.
  const checks = useClientChecks(
    () => import("~/forms/loadouts"),
    (module) => module.createLoadoutSchema,
  );
  const [form, fields] = useForm({
    id: "create-loadout",
    lastResult: result,
    onValidate: checks.onValidate,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" {...getFormProps(form)} {...checks.formProps} className="space-y-4">
      <FormError form={form} />
      {formKey ? <input type="hidden" name={FORM_KEY_FIELD} value={formKey} /> : null}
      <LoadoutDetailsFields fields={fields} />
      <div className="flex flex-wrap gap-2">
        <SubmitButton pendingText="Creating...">Create Loadout</SubmitButton>
        <Link to="/loadouts" className="rounded-md border border-line px-4 py-2 font-semibold hover:border-accent">
          Back
        </Link>
      </div>
    </Form>
  );
}
