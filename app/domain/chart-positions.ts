// Where a day and a price sit in a price chart, as percentages of its box, and the axes' labels.
// Without d3, so the browser works them out itself from the few numbers the loader's chart model
// (app/domain/price-chart.ts) carries: its days, price domain and ticks.
import type { Money } from "./money";
import { rangeDays, shortDay } from "./price-history";

export interface ChartSeries {
  key: string;
  label: string;
  values: (number | null)[];
  /** The line in the chart's viewBox; a day without a price breaks it. */
  path: string;
  /** Days with a price between two without: drawn as dots, since a one-point line shows nothing. */
  dots: string;
}

/** The chart a loader builds on the server (buildChartModel in ./price-chart.ts) and the browser draws. */
export interface ChartModel {
  width: number;
  height: number;
  /** The chart spans `dayCount` consecutive days up to `lastDay` (see `chartLayout`). */
  lastDay: string;
  dayCount: number;
  /** The lowest and highest price in cents the chart's height spans (see `priceYPercent`). */
  domain: [number, number];
  /** The days labelled on the x axis, by index. */
  xTickDays: number[];
  /** The prices in US cents (round amounts of the page's currency, so not always whole cents) with a grid line and a label. */
  yTickCents: number[];
  series: ChartSeries[];
}

/** Chart coordinates keep two decimals: a finer step cannot be seen and only lengthens the page. */
export const round = (value: number) => Math.round(value * 100) / 100;

/** Day `index` of `dayCount`, as a percentage from the left; a single day sits in the middle. */
export function dayXPercent(index: number, dayCount: number): number {
  return dayCount <= 1 ? 50 : round((index / (dayCount - 1)) * 100);
}

/** The day nearest to a point `percent` from the left of the chart. */
export function nearestDay(percent: number, dayCount: number): number {
  if (dayCount <= 1) return 0;
  return Math.min(dayCount - 1, Math.max(0, Math.round((percent / 100) * (dayCount - 1))));
}

/** A price in cents, as a percentage from the top of a chart whose lowest and highest prices are `domain`. */
export function priceYPercent(cents: number, [low, high]: readonly [number, number]): number {
  return round(((high - cents) / (high - low)) * 100);
}

export interface ChartTick {
  /** Percentage from the left (x) or from the top (y). */
  percent: number;
  label: string;
}

/** Amounts in the page's currency, without minor units when every tick is whole ("€25"), else with them. */
function priceTickLabels(ticks: readonly number[], money: Money): string[] {
  const labels = ticks.map((cents) => money.format(cents));
  return labels.every((label) => label.endsWith(".00")) ? labels.map((label) => label.slice(0, -3)) : labels;
}

/** The chart's days, and its axes' ticks with their places and labels. */
export function chartLayout(model: ChartModel, money: Money): { days: string[]; xTicks: ChartTick[]; yTicks: ChartTick[] } {
  const days = rangeDays(model.dayCount, model.lastDay);
  const yLabels = priceTickLabels(model.yTickCents, money);
  return {
    days,
    xTicks: model.xTickDays.map((i) => ({ percent: dayXPercent(i, days.length), label: shortDay(days[i]!) })),
    yTicks: model.yTickCents.map((cents, i) => ({ percent: priceYPercent(cents, model.domain), label: yLabels[i]! })),
  };
}
