// A price chart drawn from a ChartModel the loader built on the server (app/domain/price-chart.ts):
// the SVG, its axis labels and a data table are plain HTML, so the chart shows without JavaScript.
// With JavaScript, hovering or focusing the chart (arrow keys, Home, End) shows a tooltip with the
// day and its prices. This file imports no d3: the paths arrive finished.
import { useId, useState, type KeyboardEvent, type PointerEvent } from "react";
import { chartLayout, dayXPercent, nearestDay, priceYPercent, type ChartModel } from "~/domain/chart-positions";
import { longDay, priceOrNoData } from "~/domain/price-history";
import { useHydrated } from "./useHydrated";
import type { Money } from "~/domain/money";
import { useMoney } from "./money";

/** Stroke colours of up to three series, each with a dash pattern so colour is not the only cue. */
const SERIES_STYLES = [
  { stroke: "var(--color-accent)", dash: undefined, swatch: "border-t-2 border-solid border-accent" },
  { stroke: "#7cc4ff", dash: "6 4", swatch: "border-t-2 border-dashed border-[#7cc4ff]" },
  { stroke: "#c9a0ff", dash: "2 3", swatch: "border-t-2 border-dotted border-[#c9a0ff]" },
] as const;

export interface PriceChartProps {
  model: ChartModel;
  /** The chart's accessible name and caption, e.g. "Field-Tested price, last 30 days". */
  title: string;
  /** One sentence for assistive technology: what the lines show (min, average, max, latest). */
  description: string;
  testId?: string;
}

/** Text for HTML, escaped as React escapes it. */
function escapeHtml(text: string): string {
  return /[&<>"']/.test(text) ? text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!) : text;
}
const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" };

/**
 * The table's rows, one per day, as the HTML that JSX would render for them. Written as one string
 * because they are most of the page's elements (a skin page's 30 days are 90 of its 320): React
 * renders a string as one piece on the server and leaves it alone when it hydrates, where it
 * would otherwise render and hydrate every cell.
 */
function tableRows(model: ChartModel, days: readonly string[], money: Money): string {
  return days
    .map((day, i) => {
      const cells = model.series.map((series) => `<td class="px-2 py-1">${escapeHtml(priceOrNoData(series.values[i] ?? null, money))}</td>`).join("");
      return `<tr class="border-t border-line"><th scope="row" class="px-2 py-1 font-normal">${escapeHtml(longDay(day))}</th>${cells}</tr>`;
    })
    .join("");
}

export function PriceChart({ model, title, description, testId }: PriceChartProps) {
  const money = useMoney();
  const id = useId();
  const hydrated = useHydrated();
  const [active, setActive] = useState<number | null>(null);
  const { days, xTicks, yTicks } = chartLayout(model, money);
  const dayCount = days.length;
  const last = dayCount - 1;
  const activeX = active === null ? 0 : dayXPercent(active, dayCount);

  function pick(event: PointerEvent<SVGSVGElement>) {
    const box = event.currentTarget.getBoundingClientRect();
    if (box.width === 0) return;
    setActive(nearestDay(((event.clientX - box.left) / box.width) * 100, dayCount));
  }

  function step(event: KeyboardEvent<SVGSVGElement>) {
    const moves: Record<string, (current: number) => number> = {
      ArrowLeft: (current) => Math.max(0, current - 1),
      ArrowRight: (current) => Math.min(last, current + 1),
      Home: () => 0,
      End: () => last,
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    setActive((current) => move(current ?? last));
  }

  return (
    <figure className="space-y-2" data-testid={testId}>
      <figcaption className="text-sm font-semibold">{title}</figcaption>
      {model.series.length > 1 ? (
        <ul className="flex flex-wrap gap-4 text-xs text-muted" aria-label="Legend">
          {model.series.map((series, i) => (
            <li key={series.key} className="flex items-center gap-2">
              <span aria-hidden="true" className={`inline-block w-6 ${SERIES_STYLES[i % SERIES_STYLES.length]!.swatch}`} />
              {series.label}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="relative pb-6 pl-14">
        {/* Axis labels are HTML beside the stretched SVG, so they stay readable at any width. */}
        <div aria-hidden="true" className="absolute inset-y-0 left-0 bottom-6 w-12 text-right text-xs text-muted">
          {yTicks.map((tick) => (
            <span key={tick.label} className="absolute right-0 -translate-y-1/2 whitespace-nowrap" style={{ top: `${tick.percent}%` }}>
              {tick.label}
            </span>
          ))}
        </div>
        <div className="relative h-48 sm:h-56">
          <svg
            role="img"
            aria-labelledby={`${id}-title`}
            aria-describedby={`${id}-desc`}
            viewBox={`0 0 ${model.width} ${model.height}`}
            preserveAspectRatio="none"
            className="h-full w-full overflow-visible rounded border border-line bg-panel focus:outline-2 focus:outline-accent"
            tabIndex={hydrated ? 0 : undefined}
            onPointerMove={hydrated ? pick : undefined}
            onPointerLeave={hydrated ? () => setActive(null) : undefined}
            onFocus={hydrated ? () => setActive((current) => current ?? last) : undefined}
            onBlur={hydrated ? () => setActive(null) : undefined}
            onKeyDown={hydrated ? step : undefined}
            data-testid="price-chart-svg"
          >
            <title id={`${id}-title`}>{title}</title>
            <desc id={`${id}-desc`}>{description}</desc>
            {yTicks.map((tick) => (
              <line
                key={tick.label}
                x1={0}
                x2={model.width}
                y1={(tick.percent / 100) * model.height}
                y2={(tick.percent / 100) * model.height}
                stroke="var(--color-line)"
                vectorEffect="non-scaling-stroke"
              />
            ))}
            {model.series.map((series, i) => {
              const style = SERIES_STYLES[i % SERIES_STYLES.length]!;
              return (
                <g key={series.key} data-series={series.key}>
                  <path
                    d={series.path}
                    fill="none"
                    stroke={style.stroke}
                    strokeWidth={2}
                    strokeDasharray={style.dash}
                    vectorEffect="non-scaling-stroke"
                    strokeLinejoin="round"
                  />
                  {series.dots ? <path d={series.dots} stroke={style.stroke} strokeWidth={5} strokeLinecap="round" vectorEffect="non-scaling-stroke" /> : null}
                </g>
              );
            })}
            {active !== null ? (
              <line
                x1={(activeX / 100) * model.width}
                x2={(activeX / 100) * model.width}
                y1={0}
                y2={model.height}
                stroke="var(--color-muted)"
                strokeDasharray="3 3"
                vectorEffect="non-scaling-stroke"
              />
            ) : null}
          </svg>
          {active !== null
            ? model.series.map((series, i) => {
                const price = series.values[active];
                return price == null ? null : (
                  <span
                    key={series.key}
                    aria-hidden="true"
                    className="pointer-events-none absolute h-2.5 w-2.5 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-surface"
                    style={{ left: `${activeX}%`, top: `${priceYPercent(price, model.domain)}%`, background: SERIES_STYLES[i % SERIES_STYLES.length]!.stroke }}
                  />
                );
              })
            : null}
          {/* Present from the start (empty), so screen readers announce what it later says. */}
          <div
            role="status"
            data-testid={active === null ? undefined : "price-chart-tooltip"}
            className={
              active === null
                ? "sr-only"
                : "pointer-events-none absolute top-2 z-10 -translate-x-1/2 whitespace-nowrap rounded border border-line bg-panel-2 px-2 py-1 text-xs shadow"
            }
            style={active === null ? undefined : { left: `${Math.min(85, Math.max(15, activeX))}%` }}
          >
            {active === null ? null : (
              <>
                <div className="font-semibold">{longDay(days[active]!)}</div>
                {model.series.map((series) => (
                  <div key={series.key}>
                    {model.series.length > 1 ? `${series.label}: ` : ""}
                    {priceOrNoData(series.values[active] ?? null, money)}
                  </div>
                ))}
              </>
            )}
          </div>
        </div>
        <div aria-hidden="true" className="absolute inset-x-0 bottom-0 left-14 h-5 text-xs text-muted">
          {xTicks.map((tick) => (
            <span key={tick.label} className="absolute -translate-x-1/2 whitespace-nowrap" style={{ left: `${tick.percent}%` }}>
              {tick.label}
            </span>
          ))}
        </div>
      </div>
      <details className="text-sm">
        <summary className="cursor-pointer text-muted hover:text-accent">Show the prices as a table</summary>
        <div className="mt-2 rounded border border-line">
          <table className="w-full text-left text-xs">
            <thead className="bg-panel-2">
              <tr>
                <th scope="col" className="px-2 py-1">
                  Day
                </th>
                {model.series.map((series) => (
                  <th key={series.key} scope="col" className="px-2 py-1">
                    {series.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody dangerouslySetInnerHTML={{ __html: tableRows(model, days, money) }} />
          </table>
        </div>
      </details>
    </figure>
  );
}
