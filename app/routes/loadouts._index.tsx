import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { buttonClass, Notice } from "~/components/basics";
import { LoadoutGrid } from "~/components/LoadoutCard";
import { pageMeta } from "~/components/page-meta";
import { loginPath } from "~/domain/same-site-path";
import { LOADOUT_SLOTS } from "~/domain/loadout-slots";
import { noticeText } from "~/domain/notices";
import { latestOfficialLoadoutsQuery } from "~/server/features/catalogue.server";
import { userLoadoutsQuery, withBudgets } from "~/server/features/loadouts/loadouts.server";
import { getPageCurrency } from "~/server/features/currency.server";
import { getSessionUser, requestOwner } from "~/server/auth/session.server";

/** Spec section 9: the loadouts page shows 6 curated loadouts. */
const CURATED = 6;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { db } = context;
  const userPromise = getSessionUser(context);
  const currencyPromise = getPageCurrency(context, request);
  // The user's own loadouts are read by session in the same batch as the session itself.
  const [curated, own] = await context.load([latestOfficialLoadoutsQuery(db, CURATED), userLoadoutsQuery(db, requestOwner(context))]);
  const [user, { rate }] = await Promise.all([userPromise, currencyPromise]);
  const mine = user ? withBudgets(own, rate) : null;
  return { curated, mine, notice: noticeText("loadouts", new URL(request.url).searchParams.get("notice")) };
}

export default function LoadoutsPage() {
  const { curated, mine, notice } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-10">
      <div>
        <h1 className="text-3xl font-bold">Loadouts</h1>
        <p className="mt-1 text-muted">
          A skin for every one of the {LOADOUT_SLOTS.length} slots, T-Side and CT-Side, with the total cost against your budget.
        </p>
      </div>
      {notice ? <Notice>{notice}</Notice> : null}

      <section aria-labelledby="mine-heading" className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="mine-heading" className="text-xl font-bold">
            Your loadouts
          </h2>
          {mine ? (
            <Link to="/loadouts/new" className={buttonClass}>
              Create New Loadout
            </Link>
          ) : null}
        </div>
        {mine === null ? (
          <p className="text-muted">
            <Link to={loginPath("/loadouts")} className="font-semibold text-accent hover:underline">
              Log in
            </Link>{" "}
            to create your own loadouts and save curated ones.
          </p>
        ) : mine.length === 0 ? (
          <p className="text-muted">You have no loadouts yet. Create one, or save a curated loadout below and change it.</p>
        ) : (
          <LoadoutGrid loadouts={mine} kind="user" />
        )}
      </section>

      <section aria-labelledby="curated-heading" className="space-y-4">
        <h2 id="curated-heading" className="text-xl font-bold">
          Curated loadouts
        </h2>
        <LoadoutGrid loadouts={curated} kind="official" />
      </section>
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ matches }) =>
  pageMeta(matches, { title: "Loadouts", description: "Curated CS2 loadouts for both sides, and your own within a budget.", path: "/loadouts" });
