import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { AdminSaveButton } from "~/components/AdminSaveButton";
import { useClientChecks } from "~/components/client-checks";
import { Field, FormError, initialText, TextareaField } from "~/components/forms";
import { FORM_KEY_FIELD } from "~/forms/form-key";
import { TITLE_REQUIRED } from "~/forms/official-loadout-texts";

export interface OfficialLoadoutValues {
  id: number | null;
  title: string;
  description: string | null;
}

/**
 * The title and description of an official loadout (its slots have their own editor at
 * `/admin/loadouts/{id}/edit`). `stored` is the loadout as saved, or null for a new one, whose
 * form carries its page's `formKey` (ADR 090).
 */
export function OfficialLoadoutForm({
  stored,
  formKey,
  result,
}: {
  stored: OfficialLoadoutValues | null;
  formKey: string | null;
  result?: SubmissionResult<string[]>;
}) {
  const checks = useClientChecks(
    () => import("~/forms/official-loadout"),
    (module) => module.officialLoadoutSchema,
  );
  const [form, fields] = useForm({
    id: "official-loadout",
    lastResult: result,
    defaultValue: { id: stored?.id ? String(stored.id) : undefined, title: stored?.title ?? "", description: stored?.description ?? "" },
    onValidate: checks.onValidate,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const id = initialText(fields.id);
  return (
    <Form method="post" {...getFormProps(form)} {...checks.formProps} className="max-w-2xl space-y-4" aria-labelledby="editor-heading">
      <h1 id="editor-heading" className="text-2xl font-bold">
        {stored?.id ? `Edit “${stored.title}”` : "New official loadout"}
      </h1>
      <FormError form={form} />
      {id ? <input type="hidden" name="id" value={id} /> : null}
      {formKey && !id ? <input type="hidden" name={FORM_KEY_FIELD} value={formKey} /> : null}
      <Field label="Title" meta={fields.title} inputProps={{ "aria-required": true }} />
      <TextareaField label="Description" meta={fields.description} textareaProps={{ rows: 4 }} />
      <AdminSaveButton missing={(fields.title.value ?? "").trim() === "" ? TITLE_REQUIRED : null}>Save loadout</AdminSaveButton>
    </Form>
  );
}
