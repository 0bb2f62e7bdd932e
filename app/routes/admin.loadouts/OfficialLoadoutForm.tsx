import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { AdminSaveButton } from "~/components/AdminSaveButton";
import { Field, FormError, initialText, TextareaField, useFieldText } from "~/components/forms";
import type { z } from "zod";
import { FORM_KEY_FIELD } from "~/forms/form-key";
import type { officialLoadoutSchema } from "~/forms/official-loadout";
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
  const [form, fields] = useForm<z.output<typeof officialLoadoutSchema>>({
    id: "official-loadout",
    lastResult: result,
    defaultValue: { id: stored?.id ? String(stored.id) : undefined, title: stored?.title ?? "", description: stored?.description ?? "" },
  });
  const id = initialText(fields.id);
  const title = useFieldText(form.id, fields.title.name) ?? fields.title.value ?? "";
  return (
    <Form method="post" {...getFormProps(form)} className="max-w-2xl space-y-4" aria-labelledby="editor-heading">
      <h1 id="editor-heading" className="text-2xl font-bold">
        {stored?.id ? `Edit “${stored.title}”` : "New official loadout"}
      </h1>
      <FormError form={form} />
      {id ? <input type="hidden" name="id" value={id} /> : null}
      {formKey && !id ? <input type="hidden" name={FORM_KEY_FIELD} value={formKey} /> : null}
      <Field label="Title" meta={fields.title} inputProps={{ "aria-required": true }} />
      <TextareaField label="Description" meta={fields.description} textareaProps={{ rows: 4 }} />
      <AdminSaveButton missing={title.trim() === "" ? TITLE_REQUIRED : null}>Save loadout</AdminSaveButton>
    </Form>
  );
}
