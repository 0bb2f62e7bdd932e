import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form } from "@remix-run/react";
import { FORM_KEY_FIELD } from "~/forms/form-key";
import { MAX_TRADE_UP_NAME_LENGTH, saveTradeUpSchema } from "~/forms/trade-up";
import { Field, FormError, SubmitButton } from "./forms";

/** The trade-up page's 'Save' for a signed-in player: a name, and the contract (`query`) posted to `action` with the page's `formKey` (ADR 090). */
export function SaveTradeUpForm({
  action,
  query,
  formKey,
  result,
}: {
  action: string;
  query: string;
  formKey: string | null;
  result?: SubmissionResult<string[]>;
}) {
  const [form, fields] = useForm({
    id: "save",
    lastResult: result,
    constraint: getZodConstraint(saveTradeUpSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: saveTradeUpSchema }),
    shouldRevalidate: "onInput",
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
        hint={`Up to ${MAX_TRADE_UP_NAME_LENGTH} characters; it is listed under My trade-ups on your profile.`}
        inputProps={{ autoComplete: "off" }}
      />
      <SubmitButton formAction={action} intent="save" pendingText="Saving...">
        Save
      </SubmitButton>
    </Form>
  );
}
