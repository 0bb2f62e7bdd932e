// The parts of a form that need no form library: its messages, its alert, its submit button. The
// field kit (forms.tsx) builds on them; a page whose form has no fields (a single button) takes
// them from here and so loads none of Conform (docs/performance.md, "First-visit JavaScript").
import type { FormMetadata, SubmissionResult } from "@conform-to/react";
import { useFormAction, useNavigation, type FetcherWithComponents } from "@remix-run/react";
import type { ButtonHTMLAttributes, ReactNode } from "react";
import { buttonClass } from "./basics";

export type ListOfErrors = readonly (string | null | undefined)[] | null | undefined;

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

/**
 * Whether a form is being submitted: the fetcher's, or else a navigation to `formAction` (the
 * current route's action by default) carrying `intent` when one is given, and every field of
 * `fields` (a row's id, where a page has one form per row). It stays true while the page loads its
 * data again after the post ("loading", the submission still attached), so a second click in that
 * window cannot post the same form twice.
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
  // A plain load (a link, `fetcher.load`) is "loading" too, but carries no form data.
  const carries = (formData: FormData | undefined) =>
    formData !== undefined &&
    (!intent || formData.get("intent") === intent) &&
    Object.entries(fields ?? {}).every(([name, value]) => formData.get(name) === value);
  if (fetcher) return fetcher.state !== "idle" && carries(fetcher.formData);
  return navigation.state !== "idle" && navigation.formAction === (formAction ?? routeAction) && carries(navigation.formData);
}

/**
 * A submit button that says `pendingText` and is disabled while its form submits and the page
 * then loads its data again (with JavaScript; without it the browser shows its own progress).
 * Pass the form's `fetcher`, or its `formAction` when it posts elsewhere than the current route,
 * its `intent` when the route has several forms, and `fields` when several forms share an intent.
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

/**
 * A form whose only control is its button (hidden values, no fields, so no form kit): its
 * attributes and, for `FormError`, the refusal in its action's reply (the form-level messages).
 */
export function buttonFormState(id: string, result: Pick<SubmissionResult<string[]>, "error"> | undefined) {
  const errors = result?.error?.[""] ?? undefined;
  const errorId = `${id}-error`;
  return { formProps: { id, "aria-describedby": errors ? errorId : undefined }, formError: { errorId, errors } };
}
