// Rarity colours as text: the game's palette made readable on the site's dark panels. Apart from
// the rarity ranks (rarity.ts) so that a page that only orders rarities loads none of this maths.

/** The lightest background rarity text sits on (a hovered card or suggestion, `--color-panel-2`). */
export const RARITY_TEXT_BACKGROUND = "#1f2330";
const MIN_TEXT_CONTRAST = 4.5;

function parseHex(hex: string): [number, number, number] | null {
  const match = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!match?.[1]) return null;
  const value = Number.parseInt(match[1], 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function toHex([r, g, b]: [number, number, number]): string {
  return `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, "0")).join("")}`;
}

/** WCAG 2 relative luminance of an sRGB colour. */
function luminance([r, g, b]: [number, number, number]): number {
  const [lr, lg, lb] = [r, g, b].map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * lr + 0.7152 * lg + 0.0722 * lb;
}

/** WCAG 2 contrast ratio of two `#rrggbb` colours (1 to 21); NaN when either is not such a colour. */
export function contrastRatio(a: string, b: string): number {
  const ca = parseHex(a);
  const cb = parseHex(b);
  if (!ca || !cb) return Number.NaN;
  const [hi, lo] = [luminance(ca), luminance(cb)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

function rgbToHsl([r, g, b]: [number, number, number]): [number, number, number] {
  const [rn, gn, bn] = [r / 255, g / 255, b / 255];
  const max = Math.max(rn, gn, bn);
  const min = Math.min(rn, gn, bn);
  const l = (max + min) / 2;
  if (max === min) return [0, 0, l];
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h = max === rn ? (gn - bn) / d + (gn < bn ? 6 : 0) : max === gn ? (bn - rn) / d + 2 : (rn - gn) / d + 4;
  return [h / 6, s, l];
}

function hslToRgb([h, s, l]: [number, number, number]): [number, number, number] {
  if (s === 0) return [l * 255, l * 255, l * 255];
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  const channel = (t: number) => {
    const u = t < 0 ? t + 1 : t > 1 ? t - 1 : t;
    if (u < 1 / 6) return p + (q - p) * 6 * u;
    if (u < 1 / 2) return q;
    if (u < 2 / 3) return p + (q - p) * (2 / 3 - u) * 6;
    return p;
  };
  return [channel(h + 1 / 3) * 255, channel(h) * 255, channel(h - 1 / 3) * 255];
}

function computeRarityTextColor(color: string): string {
  const rgb = parseHex(color);
  if (!rgb) return "#9aa3b5";
  const original = toHex(rgb);
  if (contrastRatio(original, RARITY_TEXT_BACKGROUND) >= MIN_TEXT_CONTRAST) return original;
  const [h, s, l] = rgbToHsl(rgb);
  for (let lightness = l; lightness <= 1; lightness += 0.01) {
    const candidate = toHex(hslToRgb([h, s, lightness]));
    if (contrastRatio(candidate, RARITY_TEXT_BACKGROUND) >= MIN_TEXT_CONTRAST) return candidate;
  }
  return "#ffffff";
}

// A handful of rarity colours, each asked for by every card on a page: the search for a readable
// shade runs once per colour.
const textColors = new Map<string, string>();

/**
 * A rarity colour as readable text on the dark panels: the same hue and saturation, lightened
 * just enough for 4.5:1 against the lightest panel. Colours that already pass come back unchanged;
 * anything that is not `#rrggbb` comes back as the page's muted text colour.
 */
export function rarityTextColor(color: string): string {
  let text = textColors.get(color);
  if (text === undefined) {
    if (textColors.size >= 200) textColors.clear();
    text = computeRarityTextColor(color);
    textColors.set(color, text);
  }
  return text;
}
