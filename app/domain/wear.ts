import type { Money } from "./money.ts";

export const WEARS = ["FN", "MW", "FT", "WW", "BS"] as const;
export type Wear = (typeof WEARS)[number];

export const WEAR_NAMES: Record<Wear, string> = {
  FN: "Factory New",
  MW: "Minimal Wear",
  FT: "Field-Tested",
  WW: "Well-Worn",
  BS: "Battle-Scarred",
};

/** Float band of each wear, [min, max). Battle-Scarred includes 1. */
export const WEAR_BANDS: Record<Wear, { min: number; max: number }> = {
  FN: { min: 0, max: 0.07 },
  MW: { min: 0.07, max: 0.15 },
  FT: { min: 0.15, max: 0.38 },
  WW: { min: 0.38, max: 0.45 },
  BS: { min: 0.45, max: 1 },
};

export function isWear(value: unknown): value is Wear {
  return typeof value === "string" && (WEARS as readonly string[]).includes(value);
}

/** A wear is possible for a skin when its band overlaps the skin's float range. */
export function isWearEnabled(wear: Wear, minFloat: number, maxFloat: number): boolean {
  const band = WEAR_BANDS[wear];
  return minFloat < band.max && maxFloat > band.min;
}

export function enabledWears(minFloat: number, maxFloat: number): Wear[] {
  return WEARS.filter((wear) => isWearEnabled(wear, minFloat, maxFloat));
}

/** The wear whose band holds a float value; null when the value is outside 0..1. */
export function wearForFloat(value: number): Wear | null {
  if (!Number.isFinite(value) || value < 0 || value > 1) return null;
  return WEARS.find((wear) => value < WEAR_BANDS[wear].max) ?? "BS";
}

/**
 * Spec: a wear outside the skin's float range is 'Not possible'; a possible wear without a price
 * (0 cents) is 'No Data'; otherwise its price in the player's currency. Used by the skin page and any other
 * place that shows a wear's price.
 */
export function wearPriceLabel(wear: { enabled: boolean; priceCents: number } | undefined, money: Money): string {
  if (!wear?.enabled) return "Not possible";
  return wear.priceCents > 0 ? money.format(wear.priceCents) : "No Data";
}

/*
 * The float bar (skin page, tracker cards, resell form): the 0 to 1 scale with the five wear
 * bands, the skin's own float range on it, and a float marked. Positions are percentages of the
 * scale, so the bar is drawn with CSS alone and fits any width.
 */

/** Where a float sits on the 0 to 1 scale, in percent of its length (clamped to the scale, 2 decimals). */
export function floatPercent(value: number): number {
  const clamped = Math.min(1, Math.max(0, Number.isFinite(value) ? value : 0));
  return Math.round(clamped * 10_000) / 100;
}

/** A float as the bar's texts show it: two decimals ("0.07"). */
const twoDecimals = (value: number) => value.toFixed(2);

/** "0.00–0.07": the floats a wear covers. */
export function wearBandText(wear: Wear): string {
  const band = WEAR_BANDS[wear];
  return `${twoDecimals(band.min)}–${twoDecimals(band.max)}`;
}

/** "Float range 0.00 to 0.80": the skin's possible floats. */
export function floatRangeText(minFloat: number, maxFloat: number): string {
  return `Float range ${twoDecimals(minFloat)} to ${twoDecimals(maxFloat)}`;
}

export interface FloatBarBand {
  wear: Wear;
  /** Start and length on the scale, in percent. */
  start: number;
  width: number;
  /** The band overlaps the skin's float range (and the wear is enabled, where that is known). */
  possible: boolean;
  /** "Factory New (0.00–0.07): $12.34", "... : Not possible", or without a price where none is known. */
  text: string;
}

/**
 * The five bands for a skin whose floats run from `minFloat` to `maxFloat`. `wears` (the skin
 * page's price chips) names each wear's price and whether it is enabled; without it a band is
 * possible when it overlaps the range and carries no price.
 */
export function floatBarBands(minFloat: number, maxFloat: number, wears?: readonly { wear: Wear; enabled: boolean; price: string }[]): FloatBarBand[] {
  return WEARS.map((wear) => {
    const band = WEAR_BANDS[wear];
    const known = wears?.find((row) => row.wear === wear);
    const possible = isWearEnabled(wear, minFloat, maxFloat) && (wears === undefined || known?.enabled === true);
    const start = floatPercent(band.min);
    const label = `${WEAR_NAMES[wear]} (${wearBandText(wear)})`;
    return {
      wear,
      start,
      width: Math.round((floatPercent(band.max) - start) * 100) / 100,
      possible,
      text: !possible ? `${label}: Not possible` : known ? `${label}: ${known.price}` : label,
    };
  });
}

/** The skin's float range on the scale, in percent: where it starts and how long it is. */
export function floatRangeSpan(minFloat: number, maxFloat: number): { start: number; width: number } {
  const [low, high] = minFloat <= maxFloat ? [minFloat, maxFloat] : [maxFloat, minFloat];
  const start = floatPercent(low);
  return { start, width: Math.round((floatPercent(high) - start) * 100) / 100 };
}

/**
 * A float as the pages show it: cut (never rounded) to `decimals` places, 4 unless a page shows
 * more ("0.1499" for 0.149999, "0.0700", "1.0000"). Rounding could show a float just below a band
 * edge as the edge, and so in the next band ("0.1500" beside Minimal Wear); cut, the shown number
 * is always in the float's own band, since every edge (0.07, 0.15, 0.38, 0.45) has at most 4
 * decimals. It cuts the shortest decimal that reads back as the same number (`String`), not the
 * binary value times a power of ten, so 0.29 stays "0.2900".
 */
export function formatFloat(value: number, decimals = 4): string {
  // Below 1e-6 `String` writes an exponent ("1e-7"); cut to the 4 or 6 decimals shown, such a float is 0.
  const [whole = "0", fraction = ""] = (Math.abs(value) < 1e-6 ? "0" : String(value)).split(".");
  return `${whole}.${fraction.padEnd(decimals, "0").slice(0, decimals)}`;
}

export interface FloatMarker {
  value: number;
  percent: number;
  wear: Wear;
  /** Inside the skin's float range. */
  inRange: boolean;
  /** "Float 0.2000 (Field-Tested)", and ", outside this skin's range" when it is. */
  text: string;
}

/**
 * A float marked on the bar (a tracked item's, or the one being typed); null when there is none
 * or it is not a float (not a number, or outside 0 to 1).
 */
export function floatMarker(value: number | null | undefined, minFloat: number, maxFloat: number): FloatMarker | null {
  if (value === null || value === undefined) return null;
  const wear = wearForFloat(value);
  if (wear === null) return null;
  const inRange = value >= Math.min(minFloat, maxFloat) && value <= Math.max(minFloat, maxFloat);
  const text = `Float ${formatFloat(value)} (${WEAR_NAMES[wear]})${inRange ? "" : ", outside this skin's range"}`;
  return { value, percent: floatPercent(value), wear, inRange, text };
}

/** What a float field holds as a number: null when it is empty or not a number. */
export function parseFloatInput(text: string | null | undefined): number | null {
  const trimmed = (text ?? "").trim();
  if (trimmed === "") return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : null;
}
