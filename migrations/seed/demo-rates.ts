// Demo exchange rates for local servers and the end-to-end tests, which reach no ECB: euro reference
// rates of the ECB's shape (units one euro buys), labelled 'demo' in exchange_rates.source. They
// go in only where a currency has no rate yet, so a rates job's rows are never replaced.
import type { CurrencyCode } from "../../app/domain/currency.ts";

export const DEMO_RATE_DATE = "2026-11-30";

/** Close to the ECB's rates of late 2026, so amounts look right; not to trade on. */
export const DEMO_EURO_RATES: Record<Exclude<CurrencyCode, "EUR">, number> = {
  USD: 1.08,
  GBP: 0.856,
  PLN: 4.271,
  BRL: 6.102,
  CNY: 7.8235,
};

export function demoExchangeRateStatements(): string[] {
  const rows = [["EUR", 1] as const, ...Object.entries(DEMO_EURO_RATES)].map(
    ([currency, perEuro]) => `('${currency}', ${perEuro}, '${DEMO_RATE_DATE}', 'demo')`,
  );
  return [`INSERT INTO exchange_rates (currency, per_euro, rate_date, source) VALUES\n${rows.join(",\n")}\nON CONFLICT DO NOTHING;`];
}
