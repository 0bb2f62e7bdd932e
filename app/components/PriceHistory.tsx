// The price history of a skin page (range, wear and market) or a sticker page (range and market):
// range (7, 30, 90 days), wear and market are links that change the URL
// (`?range=90&wear=FT&market=steam`), so they work without JavaScript; min, average and max of the
// range as text, and the chart the loader drew.
import type { ChartModel } from "~/domain/chart-positions";

import { describeSummary, PRICE_RANGES, type HistoryWording, type PriceRange, type PriceSummary } from "~/domain/price-history";
import { WEAR_NAMES, type Wear } from "~/domain/wear";
import { PathLink } from "./links";
import { PriceChart } from "./PriceChart";
import { useMoney } from "./money";

export interface PriceHistoryData {
  range: PriceRange;
  /** The wear charted; null for an item without wears (a sticker). */
  wear: Wear | null;
  /** The skin's enabled wears, for the wear links. */
  wears: Wear[];
  /** Whether the URL named the wear (range links then keep it). */
  wearAsked: boolean;
  /** The market charted (`cheapest`: the cheapest listing across markets, the default). */
  market: string;
  /** How the chart, its description and its absence name what is charted (`historyWording`). */
  wording: HistoryWording;
  /** The market links: each choice and its name. */
  markets: { market: string; label: string }[];
  summary: PriceSummary | null;
  model: ChartModel | null;
}

const linkClass = (current: boolean) =>
  `rounded-md border px-3 py-1 text-sm ${current ? "border-accent bg-accent font-semibold text-black" : "border-line hover:border-accent"}`;

/** Range, wear and market codes need no encoding in a query string. */
function historyHref(path: `/${string}`, range: PriceRange, wear: Wear | null, market: string): `/${string}` {
  return `${path}?range=${range}${wear ? `&wear=${wear}` : ""}${market === "cheapest" ? "" : `&market=${market}`}#price-history`;
}

/** `path`: the page's own path (`/skins/ak-47-redline`, `/stickers/1947`), already encoded. */
export function PriceHistory({ path, history }: { path: `/${string}`; history: PriceHistoryData }) {
  const money = useMoney();
  const { range, wear, wears, wearAsked, market, wording, markets, summary, model } = history;
  return (
    <section id="price-history" aria-labelledby="price-history-heading" className="scroll-mt-20 space-y-3 rounded-lg border border-line bg-panel p-4">
      <h2 id="price-history-heading" className="text-sm font-semibold uppercase tracking-wide text-muted">
        Price history
      </h2>
      <nav aria-label="Price history range" className="flex flex-wrap gap-2">
        {PRICE_RANGES.map((option) => (
          <PathLink
            key={option}
            to={historyHref(path, option, wearAsked ? wear : null, market)}
            preventScrollReset
            aria-current={option === range ? "true" : undefined}
            className={linkClass(option === range)}
          >
            {option} days
          </PathLink>
        ))}
      </nav>
      {wears.length > 1 ? (
        <nav aria-label="Price history wear" className="flex flex-wrap gap-2">
          {wears.map((option) => (
            <PathLink
              key={option}
              to={historyHref(path, range, option, market)}
              preventScrollReset
              aria-current={option === wear ? "true" : undefined}
              className={linkClass(option === wear)}
            >
              <abbr title={WEAR_NAMES[option]} className="no-underline">
                {option}
              </abbr>
            </PathLink>
          ))}
        </nav>
      ) : null}
      <nav aria-label="Price history market" className="flex flex-wrap gap-2">
        {markets.map((option) => (
          <PathLink
            key={option.market}
            to={historyHref(path, range, wearAsked ? wear : null, option.market)}
            preventScrollReset
            aria-current={option.market === market ? "true" : undefined}
            className={linkClass(option.market === market)}
          >
            {option.label}
          </PathLink>
        ))}
      </nav>
      {summary ? (
        <dl className="grid grid-cols-3 gap-2 text-sm" data-testid="price-summary">
          <div>
            <dt className="text-muted">Min</dt>
            <dd className="font-semibold">{money.format(summary.minCents)}</dd>
          </div>
          <div>
            <dt className="text-muted">Average</dt>
            <dd className="font-semibold">{money.format(summary.avgCents)}</dd>
          </div>
          <div>
            <dt className="text-muted">Max</dt>
            <dd className="font-semibold">{money.format(summary.maxCents)}</dd>
          </div>
        </dl>
      ) : null}
      {model && summary ? (
        <PriceChart
          model={model}
          title={`${wording.title}, last ${range} days`}
          description={`${wording.described}: ${describeSummary(summary, range, money)}.`}
          testId="price-chart"
        />
      ) : (
        <p className="text-sm text-muted">
          No price history{wording.absent} in the last {range} days.
        </p>
      )}
    </section>
  );
}
