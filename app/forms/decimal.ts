/**
 * A number as a person writes it in a form's field: plain decimal digits, a point and a minus sign
 * ("16", "16.50", ".5", "-1"), spaces around allowed. Anything else is NaN, which each field refuses
 * with its own message: `Number()` (Conform's default) would read "0x10" as 16, "1e3" as 1000,
 * "0b11" as 3 and "Infinity" as a number.
 */
export function parseDecimal(text: string): number {
  const trimmed = text.trim();
  return PLAIN_DECIMAL.test(trimmed) ? Number(trimmed) : NaN;
}

const PLAIN_DECIMAL = /^-?(?:\d+(?:\.\d*)?|\.\d+)$/;
