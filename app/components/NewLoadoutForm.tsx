import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { FormError, SubmitButton } from "~/components/forms";
import { LoadoutDetailsFields } from "~/components/LoadoutDetailsFields";
import type { z } from "zod";
import { FORM_KEY_FIELD } from "~/forms/form-key";
import type { createLoadoutSchema } from "~/forms/loadouts";

/** The form of /loadouts/new (app/routes/loadouts.new.tsx), its code loaded apart (a lazy part, ADR 097). */
export function NewLoadoutForm({ formKey, currencySign, result }: { formKey: string | null; currencySign: string; result?: SubmissionResult<string[]> }) {
  // The server checks the form and answers with its messages (ADR 097: no schema in the browser).
  const [form, fields] = useForm<z.output<typeof createLoadoutSchema>>({
    id: "create-loadout",
    lastResult: result,
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <FormError form={form} />
      {formKey ? <input type="hidden" name={FORM_KEY_FIELD} value={formKey} /> : null}
      <LoadoutDetailsFields fields={fields} currencySign={currencySign} />
      <div className="flex flex-wrap gap-2">
        <SubmitButton pendingText="Creating...">Create Loadout</SubmitButton>
        <Link to="/loadouts" className="rounded-md border border-line px-4 py-2 font-semibold hover:border-accent">
          Back
        </Link>
      </div>
    </Form>
  );
}
