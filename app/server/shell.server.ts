import type { AppLoadContext } from "@remix-run/cloudflare";
import { sql } from "drizzle-orm";
import { listCategoriesQuery } from "./catalogue.server";
import { readConsent } from "./consent.server";
import { skins } from "./db/schema.server";

/** Everything the shell needs; batched with the page's own reads. */
export async function loadShell({ db, env, load }: AppLoadContext, request: Request) {
  const [categoryRows, demoRows] = await load([
    listCategoriesQuery(db),
    db.select({ demo: sql<number>`1` }).from(skins).where(sql`${skins.priceSource} = 'demo'`).limit(1),
  ]);
  return {
    origin: env.APP_ORIGIN,
    categories: categoryRows.map((row) => row.name),
    signedIn: false,
    isAdmin: false,
    demoPrices: env.ENVIRONMENT !== "production" && demoRows.length > 0,
    /** The cookie banner's stored choice for this browser session (a cookie; no database read). */
    cookieConsent: readConsent(request),
  };
}
