import { lazy, Suspense, useCallback, useState } from "react";

// The dialog brings the form kit and its schema (zod); it loads when a player first opens it, so
// pages with skin cards do not carry it on their first visit.
const TrackerDialog = lazy(() => import("./TrackerDialog").then((module) => ({ default: module.TrackerDialog })));

/** 'Track' on a card, 'Track Resell' on the skin page: a link to the form page, a dialog with JavaScript. */
export function TrackButton({ skinId, label, className }: { skinId: string; label: string; className: string }) {
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const href = `/resell-tracker/new?skin=${encodeURIComponent(skinId)}`;
  const close = useCallback(() => setOpen(false), []);
  const done = useCallback((text: string) => {
    setMessage(text);
    setOpen(false);
  }, []);
  return (
    <>
      <a
        href={href}
        className={className}
        onClick={(event) => {
          event.preventDefault();
          setMessage(null);
          setOpen(true);
        }}
      >
        {label}
      </a>
      {message ? (
        <span role="status" className="text-sm text-green-300">
          {message}
        </span>
      ) : null}
      {open ? (
        <Suspense fallback={<span aria-live="polite">Loading...</span>}>
          <TrackerDialog src={href} action={href} title="Track Resell" submitLabel="Add Tracker" onClose={close} onDone={done} />
        </Suspense>
      ) : null}
    </>
  );
}
