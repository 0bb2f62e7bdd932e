// The form kit every form of the product uses: fields that take Conform's field metadata (from
// `useForm`, fed by the same zod schema the action parses with), so the label, the input, its
// error list, aria-invalid and aria-describedby always agree, with JavaScript or without.
import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import { useEffect, useState, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from "react";
import { ErrorList } from "./form-parts";

export { ErrorList, FormError, SubmitButton, useIsSubmitting, type ListOfErrors } from "./form-parts";

const inputClass = "w-full rounded-md border border-line bg-panel-2 px-3 py-2";
const labelClass = "mb-1 block text-sm font-medium";

/** A field's initial value as text (a hidden id, a stored image URL): "" when it has none or is not text. */
export function initialText(meta: { initialValue?: unknown }): string {
  return typeof meta.initialValue === "string" ? meta.initialValue : "";
}

/**
 * A text field's text as the page shows it, for what follows it as a person types (a Save that
 * waits for a title, the strength rules): undefined on the server and until the form's code has
 * run, then what the field holds (text typed while the form was the server's HTML stays in it),
 * then each input. It reads the field; it does not touch the person's events.
 */
export function useFieldText(formId: string, name: string): string | undefined {
  const [text, setText] = useState<string>();
  useEffect(() => {
    const isText = (node: unknown): node is HTMLInputElement | HTMLTextAreaElement => node instanceof HTMLInputElement || node instanceof HTMLTextAreaElement;
    const field = document.forms.namedItem(formId)?.elements.namedItem(name);
    if (isText(field)) setText(field.value);
    const onInput = (event: Event) => {
      if (isText(event.target) && event.target.name === name && event.target.form?.id === formId) setText(event.target.value);
    };
    document.addEventListener("input", onInput);
    return () => document.removeEventListener("input", onInput);
  }, [formId, name]);
  return text;
}

type InputType = "text" | "email" | "password" | "search" | "tel" | "url" | "number" | "date" | "file";
type ExtraInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, "name" | "id" | "type" | "defaultValue" | "form">;

interface FieldBase {
  label: ReactNode;
  meta: FieldMetadata<unknown>;
  /** A short help text under the control, read with it (aria-describedby). */
  hint?: ReactNode;
  /** The control's id where a page names it (the craft editor's `#name`); Conform's otherwise. */
  id?: string;
}

/** The ids that tie a field's label, control, hint and error list together. */
function fieldIds({ meta, id, hint }: FieldBase) {
  const controlId = id ?? meta.id;
  const errorId = id ? `${id}-error` : meta.errorId;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const invalid = Boolean(meta.errors?.length);
  const describedBy = [hintId, invalid ? errorId : undefined].filter(Boolean).join(" ");
  return {
    errorId,
    hintId,
    control: { id: controlId, "aria-invalid": invalid || undefined, "aria-describedby": describedBy || undefined },
  };
}

/** Label, control, hint and error list of one field. */
function FieldShell({ field, ids, children }: { field: FieldBase; ids: ReturnType<typeof fieldIds>; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={ids.control.id} className={labelClass}>
        {field.label}
      </label>
      {children}
      {field.hint ? (
        <div id={ids.hintId} className="mt-1 text-sm text-muted">
          {field.hint}
        </div>
      ) : null}
      <ErrorList id={ids.errorId} errors={field.meta.errors} />
    </div>
  );
}

/** Label, input and error list for one field; `type` picks the input. */
export function Field({ type = "text", inputProps, ...field }: FieldBase & { type?: InputType; inputProps?: ExtraInputProps }) {
  const ids = fieldIds(field);
  const { key, ...props } = getInputProps(field.meta, { type, ariaAttributes: false });
  return (
    <FieldShell field={field} ids={ids}>
      <input key={key} {...props} {...ids.control} {...inputProps} className={inputProps?.className ?? inputClass} />
    </FieldShell>
  );
}

type FieldProps = Omit<Parameters<typeof Field>[0], "type">;

export function NumberField(props: FieldProps) {
  return <Field {...props} type="number" inputProps={{ inputMode: "decimal", ...props.inputProps }} />;
}

export function DateField(props: FieldProps) {
  return <Field {...props} type="date" />;
}

/** A file input; the form needs `encType="multipart/form-data"`. */
export function FileField(props: FieldProps) {
  return <Field {...props} type="file" inputProps={{ className: "block w-full text-sm", ...props.inputProps }} />;
}

/** A checkbox with its label beside it; checked, it sends "on". */
export function CheckboxField({ label, meta }: { label: ReactNode; meta: FieldMetadata<unknown> }) {
  const { key, ...props } = getInputProps(meta, { type: "checkbox" });
  return (
    <div>
      <label className="flex items-center gap-2 text-sm">
        <input key={key} {...props} />
        {label}
      </label>
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

export function SelectField({
  options,
  placeholder,
  selectProps,
  ...field
}: FieldBase & {
  options: readonly { value: string; label: string }[];
  /** A first, empty choice ("Choose a weapon"). */
  placeholder?: string;
  selectProps?: Omit<SelectHTMLAttributes<HTMLSelectElement>, "name" | "id" | "defaultValue" | "form">;
}) {
  const ids = fieldIds(field);
  const { key, ...props } = getSelectProps(field.meta, { ariaAttributes: false });
  return (
    <FieldShell field={field} ids={ids}>
      <select key={key} {...props} {...ids.control} {...selectProps} className={selectProps?.className ?? inputClass}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

export function TextareaField({
  textareaProps,
  ...field
}: FieldBase & { textareaProps?: Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "name" | "id" | "defaultValue" | "form"> }) {
  const ids = fieldIds(field);
  const { key, ...props } = getTextareaProps(field.meta, { ariaAttributes: false });
  return (
    <FieldShell field={field} ids={ids}>
      <textarea key={key} {...props} {...ids.control} {...textareaProps} className={textareaProps?.className ?? `${inputClass} min-h-24`} />
    </FieldShell>
  );
}

/** Hidden from people (and assistive technology); bots that fill it in are ignored. */
export function HoneypotField({ name }: { name: string }) {
  return (
    <div aria-hidden="true" style={{ position: "absolute", left: "-10000px", width: 1, height: 1, overflow: "hidden" }}>
      <label htmlFor={`hp-${name}`}>Leave this field empty</label>
      <input id={`hp-${name}`} name={name} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}
