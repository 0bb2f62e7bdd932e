import { formatDollars } from "./money.ts";

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
 * (0 cents) is 'No Data'; otherwise its price in dollars. Used by the skin page and any other
 * place that shows a wear's price.
 */
export function wearPriceLabel(wear: { enabled: boolean; priceCents: number } | undefined): string {
  if (!wear?.enabled) return "Not possible";
  return wear.priceCents > 0 ? formatDollars(wear.priceCents) : "No Data";
}
