// The scheduled rates job: reads the European Central Bank's daily euro reference rates
// (eurofxref-daily.xml) from EXCHANGE_RATES_URL and keeps, per currency the site shows, the newest
// published rate with its day (docs/features/currency.md). One upsert statement per run, so a run twice
// over, or two at once, leaves the same rows; a document for an older day changes nothing.
import { sql } from "drizzle-orm";
import { parseEcbRates } from "~/domain/exchange-rates";
import { createDatabase } from "../db/client.server";
import { exchangeRates } from "../db/schema.server";
import { readTextUpTo } from "./price-feed-fetch.server";

export interface RatesEnv {
  ENVIRONMENT: string;
  /** The ECB's eurofxref-daily.xml (or a stand-in speaking it). Unset: rates stay as they are. */
  EXCHANGE_RATES_URL?: string;
  /** How long the document may take to answer and arrive, in ms (default 15 000). */
  EXCHANGE_RATES_TIMEOUT_MS?: string;
}

export const DEFAULT_RATES_TIMEOUT_MS = 15_000;
/** The ECB's document is about 1.5 KB; anything past 256 KB is not it. */
export const MAX_RATES_BYTES = 256 * 1024;

export type RatesJobResult =
  { status: "skipped"; reason: string } | { status: "failed"; error: string } | { status: "done"; date: string; currencies: string[]; missing: string[] };

/** One run of the rates job; a fault of the source (status, timeout, not XML, shape) never throws. */
export async function runRatesJob(d1: D1Database, env: RatesEnv, now = Date.now()): Promise<RatesJobResult> {
  if (!env.EXCHANGE_RATES_URL) {
    if (env.ENVIRONMENT === "production") console.warn("[rates] EXCHANGE_RATES_URL is not set; rates stay as they are");
    return { status: "skipped", reason: "EXCHANGE_RATES_URL is not set" };
  }
  const document = await fetchDocument(env.EXCHANGE_RATES_URL, env);
  const parsed = document.ok ? parseEcbRates(document.text) : document;
  if (!parsed.ok) {
    console.warn(`[rates] ${parsed.error}; rates stay as they are`);
    return { status: "failed", error: parsed.error };
  }
  if (parsed.missing.length > 0) console.warn(`[rates] ${parsed.date}: no rate for ${parsed.missing.join(", ")}; their last rates stay`);
  const updatedAt = new Date(now);
  await createDatabase(d1)
    .insert(exchangeRates)
    .values(parsed.rates.map(({ currency, perEuro }) => ({ currency, perEuro, rateDate: parsed.date, source: "ecb", updatedAt })))
    .onConflictDoUpdate({
      target: exchangeRates.currency,
      set: { perEuro: sql`excluded.per_euro`, rateDate: sql`excluded.rate_date`, source: sql`excluded.source`, updatedAt },
      // A document for an older day (a cached copy, a clock behind) never replaces a newer rate.
      setWhere: sql`${exchangeRates.rateDate} <= excluded.rate_date`,
    });
  return { status: "done", date: parsed.date, currencies: parsed.rates.map((rate) => rate.currency), missing: parsed.missing };
}

async function fetchDocument(url: string, env: RatesEnv): Promise<{ ok: true; text: string } | { ok: false; error: string }> {
  const timeout = Number(env.EXCHANGE_RATES_TIMEOUT_MS ?? DEFAULT_RATES_TIMEOUT_MS) || DEFAULT_RATES_TIMEOUT_MS;
  try {
    const response = await fetch(url, { headers: { Accept: "application/xml, text/xml" }, signal: AbortSignal.timeout(timeout) });
    if (!response.ok) {
      await response.body?.cancel();
      return { ok: false, error: `Rates source answered ${response.status} ${response.statusText}`.trim() };
    }
    const text = await readTextUpTo(response.body, MAX_RATES_BYTES);
    if (text === null) return { ok: false, error: `Rates document is larger than ${MAX_RATES_BYTES} bytes (too large)` };
    return { ok: true, text };
  } catch (error) {
    const name = error instanceof Error ? error.name : "";
    if (name === "TimeoutError" || name === "AbortError") return { ok: false, error: `Rates source did not answer within ${timeout} ms (timeout)` };
    return { ok: false, error: `Rates source unreachable: ${error instanceof Error ? error.message : String(error)}` };
  }
}
