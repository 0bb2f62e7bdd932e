// Beside the float bar (wear.ts), in a module of its own: only the pages with a float bar load it.
/**
 * Where a float lies within the skin's own range, (float - min) / (max - min), from 0 at its
 * lowest to 1 at its highest: what trade-up calculators work with. Null outside the range or for a
 * range of one value.
 */
export function floatWithinRange(value: number, minFloat: number, maxFloat: number): number | null {
  const [low, high] = minFloat <= maxFloat ? [minFloat, maxFloat] : [maxFloat, minFloat];
  if (!(high > low) || !(value >= low && value <= high)) return null;
  return Math.min(1, Math.max(0, (value - low) / (high - low)));
}

/** "Float in its range: 0.3750 (37.5 %)"; null where `floatWithinRange` is. */
export function floatWithinRangeText(value: number, minFloat: number, maxFloat: number): string | null {
  const position = floatWithinRange(value, minFloat, maxFloat);
  return position === null ? null : `Float in its range: ${position.toFixed(4)} (${(position * 100).toFixed(1)} %)`;
}
