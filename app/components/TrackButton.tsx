import { useLocation } from "@remix-run/react";
import { useCallback, useState } from "react";
import { TRACKED_NOTICES } from "~/domain/tracked-notices";
import { newTrackerHref } from "~/domain/tracker-paths";
import { useReturnPath } from "./FavoriteButton";
import { lazyPart } from "./lazy-part";

// The dialog brings the form kit; it loads when a player first opens it, so pages with skin cards
// do not carry it on their first visit.
const TrackerDialog = lazyPart(
  "TrackerDialog",
  () => import("./TrackerDialog").then((module) => module.TrackerDialog),
  <span aria-live="polite">Loading...</span>,
);

/** What the form said on coming back to this page (`?notice=added&tracked=SKIN`), for this skin's button. */
function returnedNotice(search: string, skinId: string): string | null {
  if (!search.includes("tracked=")) return null;
  const params = new URLSearchParams(search);
  const key = params.get("notice");
  return params.get("tracked") === skinId && key !== null && Object.hasOwn(TRACKED_NOTICES, key) ? TRACKED_NOTICES[key as keyof typeof TRACKED_NOTICES] : null;
}

/**
 * 'Track' on a card, 'Track Resell' on the skin page: a link to the form page, which comes back to
 * this page and says it here; a dialog with JavaScript, which says it in place.
 */
export function TrackButton({ skinId, label, className }: { skinId: string; label: string; className: string }) {
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const { search } = useLocation();
  const href = newTrackerHref(skinId, useReturnPath());
  const shown = open ? null : (message ?? returnedNotice(search, skinId));
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
      {shown ? (
        <span role="status" className="text-sm text-green-300">
          {shown}
        </span>
      ) : null}
      {open ? <TrackerDialog src={href} action={href} title="Track Resell" submitLabel="Add Tracker" onClose={close} onDone={done} /> : null}
    </>
  );
}
