import { Form, useFetcher } from "@remix-run/react";
import { useCallback, useState } from "react";
import { formatShortDate } from "~/domain/dates";
import type { ShownTracker } from "~/domain/resell";

import { VARIANT_NAMES } from "~/domain/variants";
import { formatCalendarDate } from "~/domain/trade-lock";
import { editTrackerHref, saleTrackerHref } from "~/domain/tracker-paths";
import { formatFloat, WEAR_NAMES } from "~/domain/wear";
import { replyError, type FormReply } from "~/forms/reply";
import { FloatBar } from "./FloatBar";
import { SubmitButton } from "./forms";
import { TrackerDialog } from "./TrackerDialog";
import { TrackerMarkets } from "./TrackerMarkets";
import { TradeLockBadge } from "./TradeLock";
import { useHydrated } from "./useHydrated";
import { FallbackImage } from "./FallbackImage";
import type { Money } from "~/domain/money";
import { useMoney } from "./money";

function formatBreakEven(cents: number | null, money: Money): string {
  return cents === null ? "none" : money.format(cents);
}

function formatUpdated(ms: number | null): string {
  return ms === null ? "No Data" : formatShortDate(ms);
}

/**
 * One tracked purchase. Edit is a link to the form page, carrying `returnTo` (the list's way back)
 * for its save and Cancel (a dialog in place with JavaScript); Record sale and Undo sale carry it too;
 * Delete posts (a fetcher with JavaScript, showing 'Deleting...'); the card goes once the server
 * deleted it. `onMessage` receives the success text of an edit made in the dialog.
 */
export function TrackerCard({
  tracker,
  timeZone,
  now,
  returnTo,
  onMessage,
}: {
  tracker: ShownTracker;
  timeZone: string;
  now: number;
  returnTo: string;
  onMessage: (message: string) => void;
}) {
  const money = useMoney();
  const remover = useFetcher<FormReply>();
  const hydrated = useHydrated();
  const [editing, setEditing] = useState(false);
  const deleting = remover.state !== "idle";
  // Its amounts in the page's currency, typed ones as typed (written by the page's loader).
  const { shown } = tracker;
  const sold = shown.sale !== null;
  const editHref = `/resell-tracker/${tracker.id}/edit`;
  const saleHref = saleTrackerHref(tracker.id, returnTo);
  const close = useCallback(() => setEditing(false), []);
  const done = useCallback(
    (message: string) => {
      setEditing(false);
      onMessage(message);
    },
    [onMessage],
  );
  return (
    <article id={`tracker-${tracker.id}`} className="flex scroll-mt-20 flex-col gap-3 rounded-lg border border-line bg-panel p-4" data-testid="tracker-card">
      <div className="flex items-start gap-3">
        {/* The same link as the name's beside it: out of the tab order and hidden from screen readers, which would meet a link without a name. */}
        <a href={`/skins/${encodeURIComponent(tracker.skinId)}`} className="shrink-0" tabIndex={-1} aria-hidden="true">
          <FallbackImage sources={[tracker.skinImage]} alt="" className="h-16 w-24 object-contain" />
        </a>
        <div className="min-w-0">
          <h3 className="font-semibold">
            <a href={`/skins/${encodeURIComponent(tracker.skinId)}`} className="hover:text-accent">
              {tracker.skinName}
            </a>
          </h3>
          <p className="text-sm text-muted">
            {tracker.variant !== "normal" ? <>{VARIANT_NAMES[tracker.variant]} · </> : null}
            {WEAR_NAMES[tracker.wear]}
            {tracker.wearValue !== null ? <> · Float {formatFloat(tracker.wearValue)}</> : null}
          </p>
          <p className="text-sm text-muted">Bought {formatCalendarDate(tracker.boughtAt)}</p>
          {tracker.soldAt ? (
            <p className="text-sm text-muted">
              Sold {formatCalendarDate(tracker.soldAt)} on {tracker.saleMarketName}
            </p>
          ) : null}
        </div>
      </div>
      <FloatBar minFloat={tracker.minFloat} maxFloat={tracker.maxFloat} marker={tracker.wearValue} rangeLine={tracker.wearValue !== null} />
      {sold ? null : <TradeLockBadge boughtAt={tracker.boughtAt} timeZone={timeZone} now={now} />}
      {tracker.notes ? <p className="whitespace-pre-line break-words text-sm">{tracker.notes}</p> : null}
      <dl className="grid grid-cols-3 gap-2 text-sm">
        <div>
          <dt className="text-muted">Buy price</dt>
          <dd className="font-semibold">{shown.buy}</dd>
        </div>
        {shown.sale ? (
          <>
            <div>
              <dt className="text-muted">Sale price</dt>
              <dd className="font-semibold">{shown.sale.price}</dd>
            </div>
            <div>
              <dt className="text-muted">Fee ({tracker.saleFeeLabel})</dt>
              <dd className="font-semibold">{shown.sale.fee}</dd>
            </div>
          </>
        ) : (
          <div>
            <dt className="text-muted">Current price</dt>
            <dd className="font-semibold">{shown.current}</dd>
          </div>
        )}
        <div className={sold ? "col-span-3" : ""}>
          <dt className="text-muted">{sold ? "Realised profit after fee" : "Profit"}</dt>
          <dd className={`font-semibold ${shown.gain > 0 ? "text-green-300" : shown.gain < 0 ? "text-red-300" : ""}`} data-testid="tracker-profit">
            {shown.profit}
          </dd>
        </div>
      </dl>
      {sold || tracker.shownMarkets.length === 0 ? null : <TrackerMarkets rows={tracker.shownMarkets} item={tracker.skinName} />}
      {sold ? null : (
        <p className="text-xs text-muted" data-testid="break-even">
          Break-even sale price after fees: {tracker.breakEven.map(({ market, cents }) => `${market} ${formatBreakEven(cents, money)}`).join(" · ")}
        </p>
      )}
      <p className="text-xs text-muted">Last price update: {formatUpdated(tracker.lastPriceUpdate)}</p>
      <div className="mt-auto flex flex-wrap items-center gap-2">
        <a
          href={editTrackerHref(tracker.id, returnTo)}
          className="rounded-md border border-line px-3 py-2 text-sm font-semibold hover:border-accent"
          onClick={(event) => {
            event.preventDefault();
            setEditing(true);
          }}
        >
          Edit
        </a>
        <a href={saleHref} className="rounded-md border border-line px-3 py-2 text-sm font-semibold hover:border-accent">
          {sold ? "Correct sale" : "Record sale"}
        </a>
        {sold ? (
          <Form method="post" action={saleHref}>
            <input type="hidden" name="intent" value="undo" />
            <input type="hidden" name="redirectTo" value={returnTo} />
            <SubmitButton
              intent="undo"
              formAction={saleHref}
              pendingText="Undoing..."
              className="rounded-md border border-line px-3 py-2 text-sm font-semibold hover:border-accent"
            >
              Undo sale
            </SubmitButton>
          </Form>
        ) : null}
        <remover.Form method="post" action="/resell-tracker">
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="trackerId" value={tracker.id} />
          <input type="hidden" name="redirectTo" value={returnTo} />
          {hydrated ? <input type="hidden" name="respond" value="data" /> : null}
          <button
            type="submit"
            disabled={deleting}
            className="rounded-md border border-red-700 px-3 py-2 text-sm font-semibold text-red-300 hover:bg-red-950 disabled:opacity-60"
          >
            {deleting ? "Deleting..." : "Delete"}
          </button>
        </remover.Form>
        {remover.state === "idle" && replyError(remover.data) ? (
          <span role="alert" className="text-sm text-red-300">
            {replyError(remover.data)}
          </span>
        ) : null}
      </div>
      {editing ? <TrackerDialog src={editHref} action={editHref} title="Edit Tracker" submitLabel="Save Changes" onClose={close} onDone={done} /> : null}
    </article>
  );
}
