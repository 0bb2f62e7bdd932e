// The player's currency on the server: the choice (the account's setting, else the browser's cookie,
// else US dollars), the stored ECB rates, and the rate a page shows amounts with, read in the
// page's single batch (docs/features/currency.md).
import type { AppLoadContext } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import { isCurrencyCode, rateFromEuroRates, STORED_CURRENCY, USD_RATE, type CurrencyCode, type PageCurrency, type Rate } from "~/domain/currency";
import { moneyFor, type Money } from "~/domain/money";
import type { Database } from "../db/client.server";
import { exchangeRates, users } from "../db/schema.server";
import { getSessionUser } from "../auth/session.server";
import { cookieAttributes, cookieValue } from "../http/cookies.server";

/** The browser's choice; a preference the visitor asked for, so it needs no consent. A year long. */
export const CURRENCY_COOKIE = "currency";
const CURRENCY_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/** The browser's chosen currency; null when none was chosen or the cookie holds no currency of the site. */
export function readCurrencyCookie(request: Request): CurrencyCode | null {
  const value = cookieValue(request.headers.get("Cookie"), CURRENCY_COOKIE);
  return isCurrencyCode(value) ? value : null;
}

export function currencyCookie(request: Request, currency: CurrencyCode): string {
  return `${CURRENCY_COOKIE}=${currency}; Max-Age=${CURRENCY_COOKIE_MAX_AGE}; ${cookieAttributes(request)}`;
}

export function setUserCurrency(db: Database, userId: string, currency: CurrencyCode) {
  return db.update(users).set({ currency }).where(eq(users.id, userId));
}

/** Every stored rate (one row per currency, six at most). */
export function exchangeRatesQuery(db: Database) {
  return db.select({ currency: exchangeRates.currency, perEuro: exchangeRates.perEuro, rateDate: exchangeRates.rateDate }).from(exchangeRates);
}

type RateRow = Awaited<ReturnType<typeof exchangeRatesQuery>>[number];

/** The rate of `currency` from the stored euro rates; null when it or the dollar has none. */
export function rateFromRows(rows: readonly RateRow[], currency: CurrencyCode): Rate | null {
  if (currency === STORED_CURRENCY) return USD_RATE;
  const usd = rows.find((row) => row.currency === STORED_CURRENCY);
  const own = rows.find((row) => row.currency === currency);
  if (!usd || !own) return null;
  // The older of the two days: the rate is as old as its older half.
  const date = own.rateDate < usd.rateDate ? own.rateDate : usd.rateDate;
  return rateFromEuroRates(currency, own.perEuro, usd.perEuro, date);
}

const memo = new WeakMap<AppLoadContext, Promise<PageCurrency>>();

/**
 * The page's currency and rate, read in the page's single batch: call it synchronously at the start
 * of a loader so it joins the same `context.load` tick. Root and route share one read per request.
 */
export function getPageCurrency(context: AppLoadContext, request: Request): Promise<PageCurrency> {
  let promise = memo.get(context);
  if (!promise) {
    const userPromise = getSessionUser(context);
    const ratesPromise = context.load([exchangeRatesQuery(context.db)]);
    promise = Promise.all([userPromise, ratesPromise]).then(([user, [rows]]) => {
      const chosen = user?.currency ?? readCurrencyCookie(request) ?? STORED_CURRENCY;
      return { chosen, rate: rateFromRows(rows, chosen) ?? USD_RATE };
    });
    memo.set(context, promise);
    promise.catch(() => memo.delete(context));
  }
  return promise;
}

/** How the page writes amounts, for a loader that writes them itself; like `getPageCurrency`, call it before the loader's first await. */
export function loadMoney(context: AppLoadContext, request: Request): Promise<Money> {
  return getPageCurrency(context, request).then(({ rate }) => moneyFor(rate));
}
