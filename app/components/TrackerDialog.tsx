import { useFetcher } from "@remix-run/react";
import { useEffect, useId, useRef } from "react";
import type { TrackerFormContext } from "~/forms/resell";
import { TrackerForm, type TrackerDefaults } from "./TrackerForm";
import { TrackerLoginPrompt } from "./TrackerPage";

/** What the form pages' loaders answer (`/resell-tracker/new`, `/resell-tracker/ID/edit`). */
export interface TrackerPageData {
  signedIn: boolean;
  loginHref: string;
  form: TrackerFormContext | null;
  defaults?: TrackerDefaults;
  /** The page the form's link was followed from (`redirectTo`, checked), where its save goes back. */
  returnTo?: string;
  /** Cancel without JavaScript: back there, at the card. */
  cancelHref?: string;
}

/**
 * The resell form in place (JavaScript only): loads the form page's data with a fetcher and shows
 * the same form in a modal dialog; Escape or Cancel closes it.
 */
export function TrackerDialog({
  src,
  action,
  title,
  submitLabel,
  onClose,
  onDone,
}: {
  src: string;
  action: string;
  title: string;
  submitLabel: string;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const page = useFetcher<TrackerPageData>();
  const ref = useRef<HTMLDialogElement>(null);
  const headingId = useId();
  const { load } = page;
  useEffect(() => {
    load(src);
  }, [load, src]);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  const data = page.data;
  return (
    <dialog
      ref={ref}
      onClose={onClose}
      aria-labelledby={headingId}
      className="w-[min(36rem,calc(100vw-2rem))] rounded-xl border border-line bg-panel p-5 text-ink backdrop:bg-black/70"
      data-testid="tracker-dialog"
    >
      <h2 id={headingId} className="mb-4 text-xl font-bold">
        {title}
      </h2>
      {!data ? (
        <p aria-live="polite">Loading...</p>
      ) : !data.form ? (
        <p>Not found.</p>
      ) : !data.signedIn ? (
        <TrackerLoginPrompt text="Log in to track what you bought to resell." loginHref={data.loginHref} />
      ) : (
        <TrackerForm
          context={data.form}
          defaults={data.defaults}
          action={action}
          submitLabel={submitLabel}
          cancelHref={src}
          inDialog
          onDone={onDone}
          onCancel={() => ref.current?.close()}
        />
      )}
    </dialog>
  );
}
