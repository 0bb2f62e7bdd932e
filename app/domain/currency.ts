// The player's currency: which currencies the site shows, how a stored amount (US cents) becomes
// an amount in one of them and back, and how it is written. Sources and worked examples:
// docs/features/currency.md.

/** The currencies a player can choose, in the order the choice lists them. */
export const CURRENCY_CODES = ["USD", "EUR", "GBP", "PLN", "BRL", "CNY"] as const;
export type CurrencyCode = (typeof CURRENCY_CODES)[number];

/**
 * Each currency's name and minor units, from ISO 4217 (the SIX list of codes, "Minor unit" column:
 * every one of these has 2). USD is what the site stores; the others come from the European
 * Central Bank's daily reference rates (EUR is their base).
 */
export const CURRENCIES: Record<CurrencyCode, { name: string; minorUnits: number }> = {
  USD: { name: "US dollars", minorUnits: 2 },
  EUR: { name: "Euros", minorUnits: 2 },
  GBP: { name: "Pounds sterling", minorUnits: 2 },
  PLN: { name: "Polish złoty", minorUnits: 2 },
  BRL: { name: "Brazilian reais", minorUnits: 2 },
  CNY: { name: "Chinese yuan", minorUnits: 2 },
};

/** What every amount is stored in, and what a visitor sees until they choose. */
export const STORED_CURRENCY = "USD" satisfies CurrencyCode;
/** The locale of the page's number format: the interface is English (US style). */
export const PAGE_LOCALE = "en-US";

export function isCurrencyCode(value: unknown): value is CurrencyCode {
  return typeof value === "string" && Object.hasOwn(CURRENCIES, value);
}

/**
 * The rate an amount is shown with: how many of the currency's major units one US dollar buys, and
 * the day it was published (null for US dollars, which need no rate).
 */
export interface Rate {
  currency: CurrencyCode;
  perUsd: number;
  date: string | null;
}

/** A page's currency: what the visitor chose, and the rate its amounts are shown with. */
export interface PageCurrency {
  /** What the visitor chose (US dollars until they do). */
  chosen: CurrencyCode;
  /** The chosen currency's rate, or US dollars' when it has none yet (a fresh install): the page says so. */
  rate: Rate;
}

export const USD_RATE: Rate = { currency: STORED_CURRENCY, perUsd: 1, date: null };

/**
 * A rate from two of the ECB's euro reference rates: the ECB publishes how many units of each
 * currency one euro buys, so one dollar buys `perEuro(X) / perEuro(USD)` of X (EUR's own is 1).
 */
export function rateFromEuroRates(currency: CurrencyCode, perEuro: number, usdPerEuro: number, date: string): Rate {
  if (currency === STORED_CURRENCY) return USD_RATE;
  return { currency, perUsd: perEuro / usdPerEuro, date };
}

const scale = (currency: CurrencyCode) => 10 ** CURRENCIES[currency].minorUnits;

/** Rounds to a whole number, halves away from zero, after dropping binary noise (1156.2499999 is 1156.25). */
function roundHalfAway(value: number): number {
  const clean = Number(value.toPrecision(12));
  return Math.sign(clean) * Math.round(Math.abs(clean));
}

/**
 * A stored amount (US cents) in the rate's currency, as a whole number of its minor units:
 * `usdCents / 100 * perUsd`, rounded to the minor unit (halves away from zero). US dollars are
 * returned as they are. The stored amount itself is never changed.
 */
export function toMinorUnits(usdCents: number, rate: Rate): number {
  if (rate.currency === STORED_CURRENCY) return usdCents;
  return roundHalfAway((usdCents / 100) * rate.perUsd * scale(rate.currency));
}

/** An amount in the rate's currency (minor units) as US cents to store, rounded to the cent. */
export function toUsdCents(minorUnits: number, rate: Rate): number {
  if (rate.currency === STORED_CURRENCY) return minorUnits;
  return roundHalfAway(((minorUnits / scale(rate.currency)) * 100) / rate.perUsd);
}

const formats = new Map<string, Intl.NumberFormat>();

/**
 * An amount in minor units written with the currency's symbol in the page's format
 * ("€1,234.50", "-$0.25", "PLN 12.00"), by the runtime's Intl (the same on the server and in the browser).
 */
export function formatMinorUnits(minorUnits: number, currency: CurrencyCode): string {
  // -0 would read "-€0.00".
  return formatFor(currency).format(minorUnits / scale(currency) || 0);
}

function formatFor(currency: CurrencyCode): Intl.NumberFormat {
  const { minorUnits: digits } = CURRENCIES[currency];
  let format = formats.get(currency);
  if (!format) {
    format = new Intl.NumberFormat(PAGE_LOCALE, { style: "currency", currency, minimumFractionDigits: digits, maximumFractionDigits: digits });
    formats.set(currency, format);
  }
  return format;
}

/** The currency's sign as the page writes it beside an amount ("$", "€", "£", "PLN"), for a field's label. */
export function currencySymbol(currency: CurrencyCode): string {
  return (
    formatFor(currency)
      .formatToParts(0)
      .find((part) => part.type === "currency")?.value ?? currency
  );
}

/** A stored amount (US cents) written in the rate's currency. */
export function formatInCurrency(usdCents: number, rate: Rate): string {
  return formatMinorUnits(toMinorUnits(usdCents, rate), rate.currency);
}

/**
 * An amount typed in the currency's major units (12.5 for "12.50", read by the form's number field)
 * as a whole number of its minor units (1250); the form has already refused more decimals than the
 * currency has.
 */
export function typedToMinorUnits(amount: number, currency: CurrencyCode): number {
  return roundHalfAway(amount * scale(currency));
}

/** An amount as a player typed it: its currency, its minor units, and the rate it was stored in US cents with. */
export interface TypedAmount {
  currency: CurrencyCode;
  minorUnits: number;
  perUsd: number;
}

/** What was typed of a stored amount, as the page shows it back: its currency and minor units. */
export type TypedFigure = Pick<TypedAmount, "currency" | "minorUnits">;

/** An amount's typed figure from its stored columns; null when it was typed in US dollars (or before currencies). */
export function typedFigure(currency: CurrencyCode | null, minorUnits: number | null): TypedFigure | null {
  return currency !== null && minorUnits !== null ? { currency, minorUnits } : null;
}

/** An amount a player typed, as stored: US cents, and what was typed (null: in US dollars, before currencies). */
export interface StoredAmount {
  usdCents: number;
  typed: TypedAmount | null;
}

/** A stored amount's typed columns (null: it was typed in US dollars, before currencies). */
export function storedAmount(usdCents: number, currency: CurrencyCode | null, minorUnits: number | null, perUsd: number | null): StoredAmount {
  return { usdCents, typed: currency !== null && minorUnits !== null && perUsd !== null ? { currency, minorUnits, perUsd } : null };
}

/** An amount typed in the rate's currency (minor units), and the US cents stored for it. */
export function storeTyped(minorUnits: number, rate: Rate): { usdCents: number; typed: TypedAmount } {
  return { usdCents: toUsdCents(minorUnits, rate), typed: { currency: rate.currency, minorUnits, perUsd: rate.perUsd } };
}

/**
 * A stored amount in the rate's currency, in minor units: as typed when it was typed in that currency
 * (12.50 typed in euros is €12.50 back, whatever today's rate), else converted at today's rate.
 */
export function shownMinorUnits(usdCents: number, typed: Pick<TypedAmount, "currency" | "minorUnits"> | null, rate: Rate): number {
  return typed && typed.currency === rate.currency ? typed.minorUnits : toMinorUnits(usdCents, rate);
}

/**
 * What a form stores for an amount posted back in the rate's currency (minor units), where it showed
 * `stored`: the stored amount as it is when the posted figure is the one the form showed, so a form
 * saved unchanged never changes an amount (a conversion never does); else the typed amount, in US
 * cents at the rate.
 */
export function retyped(minorUnits: number, stored: StoredAmount | null, rate: Rate): StoredAmount {
  if (stored && minorUnits === shownMinorUnits(stored.usdCents, stored.typed, rate)) return stored;
  return storeTyped(minorUnits, rate);
}

/** A whole number of minor units as the decimal a form field shows ("12.50"). */
export function minorUnitsToInput(minorUnits: number, currency: CurrencyCode): string {
  const digits = CURRENCIES[currency].minorUnits;
  return (minorUnits / scale(currency)).toFixed(digits);
}
