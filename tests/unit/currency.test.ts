import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CURRENCIES,
  CURRENCY_CODES,
  currencySymbol,
  formatInCurrency,
  formatMinorUnits,
  isCurrencyCode,
  minorUnitsToInput,
  rateFromEuroRates,
  toMinorUnits,
  toUsdCents,
  typedToMinorUnits,
  USD_RATE,
  type CurrencyCode,
  type Rate,
} from "~/domain/currency";
import { parseEcbRates } from "~/domain/exchange-rates";
import { ECB_RATES, ecbDocument } from "../fixtures/ecb-rates";

// The ECB's rates of the worked examples (docs/features/currency.md): one euro buys 1.0812 USD,
// 0.8565 GBP, 4.2710 PLN.
const EUR = rateFromEuroRates("EUR", 1, 1.0812, "2026-11-30");
const GBP = rateFromEuroRates("GBP", 0.8565, 1.0812, "2026-11-30");
const PLN = rateFromEuroRates("PLN", 4.271, 1.0812, "2026-11-30");

const usdCents = fc.integer({ min: -100_000_000_00, max: 100_000_000_00 });
const rates: fc.Arbitrary<Rate> = fc
  .tuple(fc.constantFrom(...CURRENCY_CODES), fc.double({ min: 0.05, max: 50, noNaN: true }), fc.double({ min: 0.5, max: 2, noNaN: true }))
  .map(([currency, perEuro, usdPerEuro]) => rateFromEuroRates(currency, perEuro, usdPerEuro, "2026-11-30"));

describe("the currencies and their minor units (ISO 4217)", () => {
  it("lists USD, EUR, GBP, PLN, BRL and CNY, each with two decimals", () => {
    expect(CURRENCY_CODES).toEqual(["USD", "EUR", "GBP", "PLN", "BRL", "CNY"]);
    expect(CURRENCY_CODES.map((code) => CURRENCIES[code].minorUnits)).toEqual([2, 2, 2, 2, 2, 2]);
  });

  it("knows its own codes and nothing else", () => {
    expect(isCurrencyCode("EUR")).toBe(true);
    expect(["eur", "JPY", "", "toString", "__proto__", 1, null].some(isCurrencyCode)).toBe(false);
  });
});

describe("a rate from the ECB's euro rates", () => {
  it("divides the currency's euro rate by the dollar's", () => {
    expect(EUR.perUsd).toBeCloseTo(0.924898, 6);
    expect(GBP.perUsd).toBeCloseTo(0.792175, 6);
    expect(rateFromEuroRates("USD", 1.0812, 1.0812, "2026-11-30")).toBe(USD_RATE);
  });
});

describe("a stored amount in the player's currency", () => {
  it("matches the worked examples", () => {
    // $10.00 = 10 / 1.0812 = €9.2490...: €9.25.
    expect(toMinorUnits(1000, EUR)).toBe(925);
    // $12.34 * 0.8565 / 1.0812 = £9.7754...: £9.78.
    expect(toMinorUnits(1234, GBP)).toBe(978);
    // $1.00 * 4.271 / 1.0812 = 3.9502...: 3.95 zł.
    expect(toMinorUnits(100, PLN)).toBe(395);
    expect(toMinorUnits(-1000, EUR)).toBe(-925);
    // A half goes away from zero: one dollar buying exactly 0.125 of a currency, 1 cent is 0.125 minor units.
    const eighth: Rate = { currency: "EUR", perUsd: 0.125, date: "2026-11-30" };
    expect(toMinorUnits(4, eighth)).toBe(1); // 0.5
    expect(toMinorUnits(-4, eighth)).toBe(-1);
    expect(toMinorUnits(12, eighth)).toBe(2); // 1.5
  });

  it("is written in the page's format with the currency's symbol", () => {
    expect(formatInCurrency(1000, EUR)).toBe("€9.25");
    expect(formatInCurrency(1250, USD_RATE)).toBe("$12.50");
    expect(formatInCurrency(123456, USD_RATE)).toBe("$1,234.56");
    expect(formatInCurrency(-25, USD_RATE)).toBe("-$0.25");
    expect(formatMinorUnits(1250, "EUR")).toBe("€12.50");
    expect(formatMinorUnits(1250, "GBP")).toBe("£12.50");
    expect(formatMinorUnits(1250, "PLN")).toBe("PLN\u00a012.50"); // a no-break space;
    expect(formatMinorUnits(1250, "BRL")).toBe("R$12.50");
    expect(formatMinorUnits(1250, "CNY")).toBe("CN¥12.50");
    expect(formatMinorUnits(-0, "EUR")).toBe("€0.00");
  });

  it("US dollars are the stored amount itself", () => {
    fc.assert(fc.property(usdCents, (cents) => toMinorUnits(cents, USD_RATE) === cents && toUsdCents(cents, USD_RATE) === cents));
  });

  it("a conversion never changes the stored amount it is given, and gives the same answer every time", () => {
    fc.assert(
      fc.property(usdCents, rates, (cents, rate) => {
        const stored = { cents };
        const frozen = Object.freeze({ ...rate });
        const first = toMinorUnits(stored.cents, frozen);
        return stored.cents === cents && toMinorUnits(stored.cents, frozen) === first && Number.isInteger(first);
      }),
    );
  });

  it("is rounded to the minor unit: within half a minor unit of the exact figure", () => {
    fc.assert(
      fc.property(usdCents, rates, (cents, rate) => {
        const exact = (cents / 100) * rate.perUsd * 10 ** CURRENCIES[rate.currency].minorUnits;
        return Math.abs(toMinorUnits(cents, rate) - exact) <= 0.5 + 1e-6 * Math.max(1, Math.abs(exact));
      }),
    );
  });

  it("an amount typed in a currency and stored in US cents comes back within one minor unit", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_00 }), rates, (typed, rate) => {
        // A minor unit is at most 1/perUsd cents wide; a cent is at most perUsd minor units: the way back
        // lands within half a cent's worth, plus half a minor unit.
        const back = toMinorUnits(toUsdCents(typed, rate), rate);
        return Math.abs(back - typed) <= 0.5 + rate.perUsd / 2 + 1e-6 * typed;
      }),
    );
    // For the euro (a euro cent is worth more than a US cent) it is exact.
    fc.assert(fc.property(fc.integer({ min: 0, max: 10_000_000_00 }), (typed) => toMinorUnits(toUsdCents(typed, EUR), EUR) === typed));
  });

  it("reads a typed amount into minor units and writes it back for the form", () => {
    expect(typedToMinorUnits(12.5, "EUR")).toBe(1250);
    expect(typedToMinorUnits(0.29, "EUR")).toBe(29); // 0.29 * 100 is 28.999999999999996
    expect(typedToMinorUnits(1.005, "GBP")).toBe(101);
    expect(minorUnitsToInput(1250, "EUR")).toBe("12.50");
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_00 }), fc.constantFrom<CurrencyCode>(...CURRENCY_CODES), (minor, currency) => {
        return typedToMinorUnits(Number(minorUnitsToInput(minor, currency)), currency) === minor;
      }),
    );
  });
});

describe("the ECB's daily document", () => {
  it("reads the rates of the currencies the site shows, with the day", () => {
    expect(parseEcbRates(ecbDocument("2026-11-30", ECB_RATES))).toEqual({
      ok: true,
      date: "2026-11-30",
      rates: [
        { currency: "USD", perEuro: 1.0812 },
        { currency: "EUR", perEuro: 1 },
        { currency: "GBP", perEuro: 0.8565 },
        { currency: "PLN", perEuro: 4.271 },
        { currency: "BRL", perEuro: 6.102 },
        { currency: "CNY", perEuro: 7.8235 },
      ],
      missing: [],
    });
  });

  it("names the currencies a document lacks, and refuses one without the dollar or of another shape", () => {
    expect(parseEcbRates(ecbDocument("2026-11-30", { USD: "1.08", GBP: "0.85" }))).toMatchObject({ ok: true, missing: ["PLN", "BRL", "CNY"] });
    expect(parseEcbRates(ecbDocument("2026-11-30", { GBP: "0.85" }))).toEqual({ ok: false, error: "Rates document has no USD rate" });
    expect(parseEcbRates(ecbDocument("2026-11-30", { USD: "0" }))).toEqual({ ok: false, error: "Rates document has no USD rate" });
    expect(parseEcbRates("{}")).toMatchObject({ ok: false, error: expect.stringMatching(/not XML/) as string });
    expect(parseEcbRates(ecbDocument("2026-11-30", {}))).toMatchObject({ ok: false, error: expect.stringMatching(/another shape/) as string });
  });

  it("expands no entities", () => {
    const xml = ecbDocument("2026-11-30", ECB_RATES).replace(
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "1.0812">]>',
    );
    const withEntity = xml.replace("rate='1.0812'", "rate='&a;'");
    expect(parseEcbRates(withEntity)).toMatchObject({ ok: false });
  });
});

describe("currencySymbol", () => {
  it("writes the sign the page puts beside an amount, for a field's label", () => {
    expect(currencySymbol("USD")).toBe("$");
    expect(currencySymbol("EUR")).toBe("€");
    expect(currencySymbol("GBP")).toBe("£");
  });
});
