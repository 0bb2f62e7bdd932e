import { useCallback, useState } from "react";

import { formatMinorUnits } from "~/domain/currency";
import { formatProfitIn, portfolioSummary, type ShownTracker, type TrackedItem, type TrackerView } from "~/domain/resell";
import { Notice } from "./basics";
import { TrackerCard } from "./TrackerCard";
import { useLocalClock } from "./TradeLock";
import { useMoney } from "./money";

export const EMPTY_TRACKERS = "You have no resell trackers yet.";
/** A view without items while the account has trackers in the other. */
const EMPTY_VIEWS: Record<TrackerView, string> = {
  open: "Nothing open: every tracked item is sold.",
  sold: "No sold items yet. Record a sale from an open item's card.",
};

/**
 * The portfolio above the list: a summary of every tracked item, not only the page shown (beyond the
 * spec). Its items' amounts are in minor units of the page's currency (`shownItems`).
 */
export function PortfolioSummary({ trackers, timeZone, now }: { trackers: readonly TrackedItem[]; timeZone: string; now: number }) {
  const { currency } = useMoney().rate;
  const write = (minorUnits: number) => formatMinorUnits(minorUnits, currency);
  const summary = portfolioSummary(trackers, timeZone, now);
  const items: [string, string][] = [
    ["Items", String(summary.items)],
    ["Total invested", write(summary.investedCents)],
    ["Open value", summary.unpriced === summary.items ? "No Data" : write(summary.valueCents)],
    ["Open profit", formatProfitIn(summary.profit, currency)],
    ["Realised profit", summary.realised ? formatProfitIn(summary.realised, currency) : "None sold yet"],
    ["Fees paid", write(summary.feesCents)],
    ["Tradeable now", `${summary.tradeable} of ${summary.items}`],
  ];
  return (
    <section aria-labelledby="portfolio-heading" className="rounded-lg border border-line bg-panel p-4">
      <h2 id="portfolio-heading" className="mb-2 text-sm font-semibold uppercase tracking-wide text-muted">
        Portfolio
      </h2>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4 xl:grid-cols-7" data-testid="portfolio-summary">
        {items.map(([label, value]) => (
          <div key={label}>
            <dt className="text-xs text-muted">{label}</dt>
            <dd className="font-semibold">{value}</dd>
          </div>
        ))}
      </dl>
      {summary.unpriced > 0 ? (
        <p className="mt-2 text-xs text-muted">
          {summary.unpriced} {summary.unpriced === 1 ? "item has" : "items have"} no price data and {summary.unpriced === 1 ? "is" : "are"} left out of value
          and profit.
        </p>
      ) : null}
    </section>
  );
}

/** The tracker cards (a page of them) with the time zone correction and the in-place edit message. */
export function TrackerList({
  trackers,
  timeZone: serverTimeZone,
  now: serverNow,
  returnTo,
  notice,
  summary,
  view = "open",
}: {
  trackers: readonly ShownTracker[];
  timeZone: string;
  now: number;
  returnTo: string;
  notice: string | null;
  /** Every tracked item, for the portfolio summary above the cards; none: no summary. */
  summary?: readonly TrackedItem[];
  /** The view shown (`?view=`), for its empty text. */
  view?: TrackerView;
}) {
  const { timeZone, now } = useLocalClock(serverTimeZone, serverNow);
  const [message, setMessage] = useState<string | null>(null);
  const onMessage = useCallback((text: string) => setMessage(text), []);
  const shown = message ?? notice;
  return (
    <div className="space-y-4">
      {shown ? <Notice>{shown}</Notice> : null}
      {summary && summary.length > 0 ? <PortfolioSummary trackers={summary} timeZone={timeZone} now={now} /> : null}
      {trackers.length === 0 ? (
        <p>{summary && summary.length > 0 ? EMPTY_VIEWS[view] : EMPTY_TRACKERS}</p>
      ) : (
        <ul className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3" aria-label="Resell trackers">
          {trackers.map((tracker) => (
            <li key={tracker.id}>
              <TrackerCard tracker={tracker} timeZone={timeZone} now={now} returnTo={returnTo} onMessage={onMessage} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
