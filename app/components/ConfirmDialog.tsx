import { Form, Link, useNavigate } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useIsSubmitting } from "./form-parts";

/**
 * A confirmation step that is a URL state (`?dialog=delete`). The server renders it open, so
 * without JavaScript it is a step on the page; with JavaScript it becomes a modal dialog (focus
 * kept inside, Escape cancels).
 */
export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  pendingLabel,
  cancelHref,
  intent,
  fields = {},
  error,
}: {
  title: string;
  message: string;
  confirmLabel: string;
  pendingLabel: string;
  cancelHref: string;
  intent: string;
  /** Hidden fields the confirming post carries besides `intent` (which row). */
  fields?: Record<string, string>;
  error?: string | null;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  const busy = useIsSubmitting({ intent, fields });

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !dialog.isConnected) return;
    if (dialog.open) dialog.close();
    dialog.showModal();
    return () => dialog.close();
  }, []);

  return (
    <dialog
      ref={ref}
      open
      aria-labelledby="confirm-title"
      aria-describedby="confirm-message"
      onCancel={(event) => {
        event.preventDefault();
        navigate(cancelHref, { replace: true, preventScrollReset: true });
      }}
      className="relative z-40 mx-auto my-4 w-full max-w-md rounded-lg border border-red-600 bg-panel p-5 text-ink backdrop:bg-black/70"
    >
      <h2 id="confirm-title" className="text-lg font-bold">
        {title}
      </h2>
      <p id="confirm-message" className="mt-2 text-sm">
        {message}
      </p>
      {error ? (
        <p role="alert" className="mt-2 text-sm text-red-300">
          {error}
        </p>
      ) : null}
      <div className="mt-4 flex flex-wrap justify-end gap-2">
        <Link to={cancelHref} replace preventScrollReset className="rounded-md border border-line px-4 py-2 font-semibold hover:border-accent">
          Cancel
        </Link>
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value={intent} />
          {Object.entries(fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <button type="submit" disabled={busy} className="rounded-md bg-red-600 px-4 py-2 font-semibold text-white hover:bg-red-500 disabled:opacity-50">
            {busy ? pendingLabel : confirmLabel}
          </button>
        </Form>
      </div>
    </dialog>
  );
}
