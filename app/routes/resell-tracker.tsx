import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useSubmit } from "@remix-run/react";
import { useReturnPath } from "~/components/FavoriteButton";
import { buttonClass, Notice } from "~/components/basics";
import { lazyPart } from "~/components/lazy-part";
import { MarketSelect } from "~/components/MarketSelect";
import { pageMeta } from "~/components/page-meta";
import { useHydrated } from "~/components/useHydrated";
import type { ChartModel } from "~/domain/chart-positions";
import type { Rate } from "~/domain/currency";

import { buildChartModel } from "~/domain/price-chart";
import { carriedIntoToday, investedByDay, rangeDays, utcDay, valuesByDay } from "~/domain/price-history";
import { shownItems, trackerListPage, type LoadedTracker } from "~/domain/resell";
import { DEFAULT_TRACKER_VALUATION, parseTrackerValuation, TRACKER_VALUATIONS, trackerValuationLabel, type TrackerValuation } from "~/domain/tracker-markets";
import { parseTrackerSort, parseTrackerView, TRACKER_SORTS, TRACKER_VIEWS, type TrackerView } from "~/domain/tracker-views";
import { loginPath, safeReturnPath, withNotice } from "~/domain/same-site-path";
import { notice, noticeText } from "~/domain/notices";
import { replyError, revalidateUnlessReadOnly } from "~/forms/reply";
import { trackerIdSchema } from "~/forms/resell";
import { TRACKER_MESSAGES } from "~/forms/resell-texts";
import { formText, readCappedFormData } from "~/server/http/form-body.server";
import { formNotice, formRefusal } from "~/server/http/form-reply.server";
import { portfolioValueQuery } from "~/server/features/price-charts.server";
import { deleteTracker, loadTrackers, withFigures } from "~/server/features/resell/resell.server";
import { getPageCurrency } from "~/server/features/currency.server";
import { getSessionUser, requestOwner } from "~/server/auth/session.server";
import { requestTimeZone } from "~/server/features/resell/time-zone.server";
import { answeringDatabaseFailures } from "~/server/http/action-failures.server";
import { useMoney } from "~/components/money";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const userPromise = getSessionUser(context);
  const currencyPromise = getPageCurrency(context, request);
  // What open items are valued at (the default: the cheapest listing across markets): `?market=`.
  const valuation = parseTrackerValuation(url.searchParams.get("market"));
  const trackersPromise = loadTrackers(context, valuation);
  // Asked in the same tick as the trackers, so it joins the page's one D1 round trip.
  const days = rangeDays(PORTFOLIO_DAYS, utcDay(Date.now()));
  const valuePromise = context.sessionId ? context.load([portfolioValueQuery(context.db, requestOwner(context), days[0]!)]) : Promise.resolve([[]]);
  const [user, trackers, [value], { rate }] = await Promise.all([userPromise, trackersPromise, valuePromise, currencyPromise]);
  const sort = parseTrackerSort(url.searchParams.get("sort"));
  const view = parseTrackerView(url.searchParams.get("view"));
  const listed = trackerListPage(user ? trackers : [], sort, view, url.searchParams);
  return data({
    signedIn: user !== null,
    loginHref: loginPath("/resell-tracker"),
    sort,
    view,
    valuation,
    counts: { open: trackers.filter((t) => t.sale === null).length, sold: trackers.filter((t) => t.sale !== null).length },
    timeZone: requestTimeZone(request),
    now: Date.now(),
    ...listed,
    trackers: withFigures(listed.trackers, rate),
    summary: shownItems(user ? trackers : [], rate),
    portfolio: user ? portfolioChart(days, trackers, value, rate) : null,
    notice: noticeText("resellTracker", url.searchParams.get("notice")),
  });
}

/** Days the portfolio chart covers, ending today (UTC). */
const PORTFOLIO_DAYS = 90;

/** Value (that day's price of each item bought by then) against invested (their buy prices), per day; null without trackers. */
function portfolioChart(
  days: string[],
  trackers: readonly LoadedTracker[],
  value: readonly { day: string; priceCents: number }[],
  rate: Rate,
): ChartModel | null {
  if (trackers.length === 0) return null;
  return buildChartModel(
    days,
    [
      { key: "value", label: "Value", values: carriedIntoToday(valuesByDay(days, value)) },
      { key: "invested", label: "Invested", values: investedByDay(days, trackers) },
    ],
    rate,
  );
}

/** Delete (intent `delete`): the owner's tracker only; another user's answers 404 and deletes nothing. */
export const action = answeringDatabaseFailures(removeTracker, ({ intent }) => formRefusal(intent, TRACKER_MESSAGES.failed, 503));

async function removeTracker({ request, context }: ActionFunctionArgs) {
  const [user, body] = await Promise.all([getSessionUser(context), readCappedFormData(request)]);
  const form = body.ok ? body.form : null;
  const wantsData = form?.get("respond") === "data";
  const intent = formText(form, "intent");
  if (!user) return wantsData ? formRefusal(intent, "Please log in to track resells.", 401) : redirect(loginPath("/resell-tracker"), 303);
  if (!body.ok) return formRefusal(intent, body.message, body.status);
  if (intent !== "delete") return formRefusal(intent, "Unknown action.", 400);
  const id = trackerIdSchema.safeParse(body.form.get("trackerId"));
  if (!id.success) return formRefusal(intent, "Tracker not found.", 404);
  if (!(await deleteTracker(context.db, user.id, id.data))) return formRefusal(intent, "Tracker not found.", 404);
  if (wantsData) return formNotice(intent, notice("resellTracker", "deleted"));
  return redirect(withNotice(safeReturnPath(body.form.get("redirectTo"), "/resell-tracker"), "deleted"), 303);
}

function SortForm({ sort, view, valuation }: { sort: string; view: TrackerView; valuation: TrackerValuation }) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  // With JavaScript a change submits the form (Remix's `useSubmit`); without, the Apply button does.
  return (
    <Form
      method="get"
      action="/resell-tracker"
      replace
      preventScrollReset
      className="flex flex-wrap items-end gap-2"
      onChange={(event) => submit(event.currentTarget, { replace: true, preventScrollReset: true })}
    >
      {view === "sold" ? <input type="hidden" name="view" value="sold" /> : null}
      <div>
        <label htmlFor="tracker-sort" className="mb-1 block text-sm font-medium">
          Sort by
        </label>
        <select id="tracker-sort" name="sort" defaultValue={sort} key={sort} className="rounded-md border border-line bg-panel-2 px-3 py-2 text-sm">
          {TRACKER_SORTS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      {view === "open" ? (
        <MarketSelect choice={valuation} choices={TRACKER_VALUATIONS} label={trackerValuationLabel} />
      ) : valuation !== DEFAULT_TRACKER_VALUATION ? (
        <input type="hidden" name="market" value={valuation} />
      ) : null}
      {hydrated ? null : (
        <button type="submit" className="rounded-md bg-accent px-3 py-2 text-sm font-semibold text-black">
          Apply
        </button>
      )}
    </Form>
  );
}

/** Open and Sold as links (the view is URL state), the sort kept. */
function ViewLinks({ view, sort, valuation, counts }: { view: TrackerView; sort: string; valuation: TrackerValuation; counts: Record<TrackerView, number> }) {
  const href = (target: TrackerView) => {
    const params = new URLSearchParams();
    if (target === "sold") params.set("view", "sold");
    if (sort !== "newest") params.set("sort", sort);
    if (valuation !== DEFAULT_TRACKER_VALUATION) params.set("market", valuation);
    const search = params.toString();
    return `/resell-tracker${search ? `?${search}` : ""}`;
  };
  return (
    <nav aria-label="Tracker views">
      <ul className="flex gap-2">
        {TRACKER_VIEWS.map((option) => (
          <li key={option.value}>
            <a
              href={href(option.value)}
              aria-current={option.value === view ? "page" : undefined}
              className={`inline-block rounded-md border px-3 py-2 text-sm font-semibold ${option.value === view ? "border-accent bg-accent text-black" : "border-line hover:border-accent"}`}
            >
              {option.label} ({counts[option.value]})
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

// The cards' buttons and the page links are links and forms that work as the server's HTML, and the
// chart is the loader's drawing: their code (the edit dialog, the chart's pointer and keys, the
// browser's clock for the trade locks) loads once the page is idle after hydration (ADR 097).
const ResellTrackerList = lazyPart("ResellTrackerList", () => import("~/components/ResellTrackerList").then((module) => module.ResellTrackerList));
const PriceChart = lazyPart("PriceChart", () => import("~/components/PriceChart").then((module) => module.PriceChart));

function PortfolioHistory({ model, tracked }: { model: ChartModel | null; tracked: boolean }) {
  const money = useMoney();
  // The last day's figures (today's), as the portfolio summary above says them: not the last day that had one.
  const latest = (key: string) => model?.series.find((series) => series.key === key)?.values.at(-1) ?? null;
  const value = latest("value");
  const invested = latest("invested");
  return (
    <section aria-labelledby="portfolio-history-heading" className="space-y-3 rounded-lg border border-line bg-panel p-4" data-testid="portfolio-history">
      <h2 id="portfolio-history-heading" className="text-sm font-semibold uppercase tracking-wide text-muted">
        Portfolio value over time
      </h2>
      {!tracked ? (
        <p className="text-sm text-muted">Nothing tracked yet. Once you track a skin, its value against what you paid shows here day by day.</p>
      ) : model ? (
        <PriceChart
          model={model}
          title={`Portfolio value against invested, last ${PORTFOLIO_DAYS} days`}
          description={`Latest value ${value === null ? "unknown" : money.format(value)}, invested ${invested === null ? "nothing" : money.format(invested)}.`}
          testId="portfolio-chart"
        />
      ) : (
        <p className="text-sm text-muted">No prices for your tracked skins in the last {PORTFOLIO_DAYS} days yet.</p>
      )}
    </section>
  );
}

// A refused post (a fetcher's favourite or tracker too) changed nothing: the page does not load again.
export const shouldRevalidate = revalidateUnlessReadOnly;

export default function ResellTrackerPage() {
  const { signedIn, loginHref, sort, view, valuation, counts, timeZone, now, trackers, page, pageCount, summary, notice, portfolio } =
    useLoaderData<typeof loader>();
  // A delete posted without JavaScript that was refused (with JavaScript the card shows it).
  const refused = replyError(useActionData<typeof action>());
  const returnTo = useReturnPath();
  if (!signedIn) {
    return (
      <section className="mx-auto max-w-md space-y-4 text-center">
        <h1 className="text-2xl font-bold">Resell Tracker</h1>
        <p className="text-muted">Log in to track the skins you bought to resell.</p>
        <a href={loginHref} className={`${buttonClass} inline-block`}>
          Go to Login
        </a>
      </section>
    );
  }
  return (
    <section className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-3xl font-bold">Resell Tracker</h1>
        <div className="flex flex-wrap items-end gap-3">
          {summary.length > 0 ? (
            <>
              <SortForm sort={sort} view={view} valuation={valuation} />
              <a href="/resell-tracker.csv" download className="rounded-md border border-line px-3 py-2 text-sm font-semibold hover:border-accent">
                Export CSV
              </a>
            </>
          ) : null}
          <a href="/resell-tracker/import" className="rounded-md border border-line px-3 py-2 text-sm font-semibold hover:border-accent">
            Import
          </a>
        </div>
      </div>
      <p className="text-sm text-muted">
        Track a skin with the Track button on any skin card or skin page. Trade locks end 7 days after the bought date at 09:00 your time.
      </p>
      {refused ? <Notice tone="error">{refused}</Notice> : null}
      {summary.length > 0 ? (
        <>
          <ViewLinks view={view} sort={sort} valuation={valuation} counts={counts} />
          <p className="text-sm text-muted" data-testid="price-market">
            Open items valued at: {trackerValuationLabel(valuation)}
            {valuation === "best-net" ? " (what a sale would leave on the market that leaves the most)" : ""}. Sold items at their sale.
          </p>
        </>
      ) : null}
      <ResellTrackerList
        trackers={trackers}
        timeZone={timeZone}
        now={now}
        returnTo={returnTo}
        notice={notice}
        summary={summary}
        view={view}
        page={page}
        pageCount={pageCount}
      />
      <PortfolioHistory model={portfolio} tracked={summary.length > 0} />
    </section>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Resell Tracker",
    description: "Your tracked resell purchases with current prices and profit.",
    path: "/resell-tracker",
    noindex: true,
  });
