import type { AppLoadContext } from "@remix-run/cloudflare";
import { sql } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { listCategoriesQuery } from "./catalogue.server";
import { readConsent } from "./consent.server";
import { skins } from "../db/schema.server";
import { getSessionUser } from "../auth/session.server";
import { getPageCurrency } from "./currency.server";

/** One row when any skin carries demo prices (the footer says so outside production). */
export function demoPricesQuery(db: Database) {
  return db
    .select({ demo: sql<number>`1` })
    .from(skins)
    .where(sql`${skins.priceSource} = 'demo'`)
    .limit(1);
}

/** Everything the shell needs; batched with the page's own reads. */
export async function loadShell(context: AppLoadContext, request: Request) {
  const { db, env, load } = context;
  const userPromise = getSessionUser(context);
  const currencyPromise = getPageCurrency(context, request);
  const [categoryRows, demoRows] = await load([listCategoriesQuery(db), demoPricesQuery(db)]);
  const user = await userPromise;
  const currency = await currencyPromise;
  return {
    origin: env.APP_ORIGIN,
    categories: categoryRows.map((row) => row.name),
    signedIn: user !== null,
    isAdmin: user?.isAdmin ?? false,
    demoPrices: env.ENVIRONMENT !== "production" && demoRows.length > 0,
    /** The chosen currency and the rate every amount of the page is shown with (app/components/money.tsx). */
    currency,
    /** The cookie banner's stored choice for this browser session (a cookie; no database read). */
    cookieConsent: readConsent(request),
  };
}
