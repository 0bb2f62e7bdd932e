import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { FORM_KEY_FIELD } from "~/forms/form-key";
import type { z } from "zod";
import type { saveTradeUpSchema } from "~/forms/trade-up";
import type { FormConstraint } from "./client-checks";
import { Field, FormError, SubmitButton } from "./forms";

/**
 * The trade-up page's 'Save' for a signed-in player: a name, and the contract (`query`) posted to
 * `action` with the page's `formKey` (ADR 090). The action checks it (`constraint`: the name's
 * attributes from its schema, from the loader).
 */
export function SaveTradeUpForm({
  action,
  query,
  formKey,
  constraint,
  result,
}: {
  action: string;
  query: string;
  formKey: string | null;
  constraint: FormConstraint;
  result?: SubmissionResult<string[]>;
}) {
  const [form, fields] = useForm<z.output<typeof saveTradeUpSchema>>({
    id: "save",
    lastResult: result,
    constraint,
  });
  return (
    <Form method="post" action={action} {...getFormProps(form)} className="space-y-3">
      <input type="hidden" name="intent" value="save" />
      <input type="hidden" name="contract" value={query} />
      {formKey ? <input type="hidden" name={FORM_KEY_FIELD} value={formKey} /> : null}
      <FormError form={form} />
      <Field
        label="Name"
        meta={fields.name}
        hint={`Up to ${fields.name.maxLength} characters; it is listed under My trade-ups on your profile.`}
        inputProps={{ autoComplete: "off" }}
      />
      <SubmitButton formAction={action} intent="save" pendingText="Saving...">
        Save
      </SubmitButton>
    </Form>
  );
}
