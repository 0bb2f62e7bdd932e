import type { AppLoadContext } from "@remix-run/cloudflare";
import { createDatabase, type Database } from "../app/server/db/client.server";
import { createQueryBatcher, type QueryBatcher } from "../app/server/db/batcher.server";
import { countRoundTrips } from "../app/server/db/round-trips.server";

export interface Env {
  DB: D1Database;
  IMAGES: R2Bucket;
  ENVIRONMENT: string;
  ADMIN_EMAILS: string;
  APP_ORIGIN: string;
}

declare module "@remix-run/cloudflare" {
  interface AppLoadContext {
    env: Env;
    db: Database;
    /** Reads for a page: everything asked for in one tick goes to D1 as a single batch. */
    load: QueryBatcher;
    /** How many D1 round trips this request has made so far. */
    d1RoundTrips: () => number;
    waitUntil: (promise: Promise<unknown>) => void;
  }
}

/** One load context per request: bindings and secrets arrive per request, so nothing is kept. */
export function createLoadContext(env: Env, waitUntil: (promise: Promise<unknown>) => void): AppLoadContext {
  const d1 = countRoundTrips(env.DB);
  const db = createDatabase(d1.binding);
  return { env, db, load: createQueryBatcher(db), d1RoundTrips: d1.roundTrips, waitUntil };
}

/** Used by `remix vite:dev` through the Cloudflare dev proxy. */
export function getLoadContext({
  context,
}: {
  request: Request;
  context: { cloudflare: { env: Env; ctx: { waitUntil: (promise: Promise<unknown>) => void } } };
}): AppLoadContext {
  return createLoadContext(context.cloudflare.env, (promise) => context.cloudflare.ctx.waitUntil(promise));
}
