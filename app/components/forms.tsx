// The form kit every form of the product uses: fields that take Conform's field metadata (from
// `useForm`, fed by the same zod schema the action parses with), so the label, the input, its
// error list, aria-invalid and aria-describedby always agree, with JavaScript or without.
import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata, type FormMetadata } from "@conform-to/react";
import { useFormAction, useNavigation, type FetcherWithComponents } from "@remix-run/react";
import { buttonClass } from "./basics";
import type { ButtonHTMLAttributes, InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";

export type ListOfErrors = readonly (string | null | undefined)[] | null | undefined;

const inputClass = "w-full rounded-md border border-line bg-panel-2 px-3 py-2";
const labelClass = "mb-1 block text-sm font-medium";

/** A field's (or a form's) messages; `id` is what the control's aria-describedby names. */
export function ErrorList({ id, errors }: { id?: string; errors: ListOfErrors }) {
  const messages = [...new Set(errors?.filter((error): error is string => Boolean(error)))];
  if (!messages.length) return null;
  return (
    <ul id={id} className="mt-1 space-y-0.5 text-sm text-red-400">
      {messages.map((message) => (
        <li key={message}>{message}</li>
      ))}
    </ul>
  );
}

/** A field's initial value as text (a hidden id, a stored image URL): "" when it has none or is not text. */
export function initialText(meta: { initialValue?: unknown }): string {
  return typeof meta.initialValue === "string" ? meta.initialValue : "";
}

/** The form-level error (`submission.reply({ formErrors })`), announced as an alert. */
export function FormError({ form }: { form: Pick<FormMetadata<Record<string, unknown>>, "errorId" | "errors"> }) {
  const messages = form.errors?.filter(Boolean);
  if (!messages?.length) return null;
  return (
    <div id={form.errorId} role="alert" className="rounded-md border border-red-600 bg-panel px-3 py-2 text-sm text-red-300">
      {messages.length === 1 ? messages[0] : <ErrorList errors={messages} />}
    </div>
  );
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

/**
 * Whether a form is being submitted: the fetcher's, or else a navigation to `formAction` (the
 * current route's action by default) carrying `intent` when one is given, and every field of
 * `fields` (a row's id, where a page has one form per row).
 */
export function useIsSubmitting({
  fetcher,
  formAction,
  intent,
  fields,
}: {
  fetcher?: Pick<FetcherWithComponents<unknown>, "state" | "formData">;
  formAction?: string;
  intent?: string;
  fields?: Record<string, string>;
} = {}): boolean {
  const navigation = useNavigation();
  const routeAction = useFormAction();
  const carries = (formData: FormData | undefined) =>
    (!intent || formData?.get("intent") === intent) && Object.entries(fields ?? {}).every(([name, value]) => formData?.get(name) === value);
  if (fetcher) return fetcher.state === "submitting" && carries(fetcher.formData);
  return navigation.state === "submitting" && navigation.formAction === (formAction ?? routeAction) && carries(navigation.formData);
}

/**
 * A submit button that says `pendingText` and is disabled while its form submits (with
 * JavaScript; without it the browser shows its own progress). Pass the form's `fetcher`, or its
 * `formAction` when it posts elsewhere than the current route, its `intent` when the route
 * has several forms, and `fields` when several forms share an intent.
 */
export function SubmitButton({
  children,
  pendingText,
  fetcher,
  formAction,
  intent,
  fields,
  className = buttonClass,
  disabled,
  ...props
}: {
  children: ReactNode;
  pendingText: string;
  fetcher?: Pick<FetcherWithComponents<unknown>, "state" | "formData">;
  formAction?: string;
  intent?: string;
  /** Fields the submitted form carries too, so only this row's button says it is pending. */
  fields?: Record<string, string>;
} & Omit<ButtonHTMLAttributes<HTMLButtonElement>, "type" | "formAction" | "children">) {
  const submitting = useIsSubmitting({ fetcher, formAction, intent, fields });
  return (
    <button type="submit" {...props} className={className} disabled={disabled || submitting} aria-disabled={submitting || undefined}>
      {submitting ? pendingText : children}
    </button>
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
