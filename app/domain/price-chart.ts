// Price charts: the chart's geometry (scales and paths from d3-scale and d3-shape). Loaders build the geometry on the
// server, so the browser gets finished paths and never loads d3 (docs/features/price-history.md, "Charts are SVG
// rendered on the server"); what follows from a few numbers (the days, the ticks' places and labels) it works out
// itself (./chart-positions.ts), which keeps the page's hydration data small.
import { scaleLinear } from "d3-scale";
import { line } from "d3-shape";
import { round, type ChartModel, type ChartSeries } from "./chart-positions";
import { CURRENCIES, USD_RATE, type Rate } from "./currency";
import { summarisePrices } from "./price-history";

export interface ChartSeriesInput {
  key: string;
  label: string;
  values: readonly (number | null)[];
}

/** The chart's coordinate system; the SVG stretches to its box, its strokes do not scale. */
export const CHART_WIDTH = 1000;
export const CHART_HEIGHT = 300;

/** The y domain in cents: the prices' extent padded by 8 % (a flat line gets ±10 %); null without prices. */
export function priceDomain(values: readonly (number | null)[]): [number, number] | null {
  const summary = summarisePrices(values);
  if (!summary) return null;
  const { minCents: min, maxCents: max } = summary;
  const pad = max > min ? (max - min) * 0.08 : Math.max(1, min * 0.1);
  return [Math.max(0, Math.round(min - pad)), Math.round(max + pad)];
}

/**
 * Four or so price ticks at round amounts of the page's currency (€20, €25, not the €21.34 that $25
 * is), as US cents (not rounded) for their places on the chart, whose geometry is in US cents.
 */
export function priceTicks([low, high]: readonly [number, number], rate: Rate = USD_RATE): number[] {
  // US cents to minor units of the rate's currency and back, without rounding: the tick's amount is what is round.
  const perCent = (rate.perUsd * 10 ** CURRENCIES[rate.currency].minorUnits) / 100;
  return scaleLinear()
    .domain([low * perCent, high * perCent])
    .ticks(4)
    .map((minorUnits) => minorUnits / perCent);
}

/** Geometry of a price chart over consecutive `days` for one or more series; null when no series has a price. */
export function buildChartModel(days: readonly string[], inputs: readonly ChartSeriesInput[], rate: Rate = USD_RATE): ChartModel | null {
  const domain = priceDomain(inputs.flatMap((input) => input.values));
  if (!domain || days.length === 0) return null;
  const x = scaleLinear()
    .domain([0, Math.max(1, days.length - 1)])
    .range(days.length === 1 ? [CHART_WIDTH / 2, CHART_WIDTH / 2] : [0, CHART_WIDTH]);
  const y = scaleLinear().domain(domain).range([CHART_HEIGHT, 0]);
  const draw = line<number | null>()
    .defined((value) => value !== null)
    .x((_, i) => round(x(i)))
    .y((value) => round(y(value!)));
  const series = inputs.map((input): ChartSeries => {
    const values = days.map((_, i) => input.values[i] ?? null);
    const dots = values
      .map((value, i) => (value !== null && values[i - 1] == null && values[i + 1] == null ? `M${round(x(i))},${round(y(value))}h0` : ""))
      .join("");
    return {
      key: input.key,
      label: input.label,
      values,
      path: draw(values) ?? "",
      dots,
    };
  });
  const step = Math.max(1, Math.ceil(days.length / 6));
  return {
    width: CHART_WIDTH,
    height: CHART_HEIGHT,
    lastDay: days.at(-1)!,
    dayCount: days.length,
    domain,
    xTickDays: days.map((_, i) => i).filter((i) => (days.length - 1 - i) % step === 0),
    yTickCents: priceTicks(domain, rate),
    series,
  };
}
