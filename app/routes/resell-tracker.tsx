import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useLoaderData, useSubmit } from "@remix-run/react";
import { useReturnPath } from "~/components/FavoriteButton";
import { buttonClass } from "~/components/forms";
import { pageMeta } from "~/components/page-meta";
import { TrackerList } from "~/components/TrackerList";
import { useHydrated } from "~/components/useHydrated";
import { parseTrackerSort, sortTrackers, TRACKER_SORTS } from "~/domain/resell";
import { loginPath, safeReturnPath, withNotice } from "~/domain/same-site-path";
import { TRACKER_MESSAGES, trackerIdSchema } from "~/forms/resell";
import { readForm } from "~/server/form-body.server";
import { deleteTracker, loadTrackers } from "~/server/resell.server";
import { getSessionUser } from "~/server/session.server";
import { requestTimeZone } from "~/server/time-zone.server";

const NOTICES = { added: TRACKER_MESSAGES.added, updated: TRACKER_MESSAGES.updated, deleted: TRACKER_MESSAGES.deleted } as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const userPromise = getSessionUser(context);
  const trackersPromise = loadTrackers(context);
  const [user, trackers] = await Promise.all([userPromise, trackersPromise]);
  const sort = parseTrackerSort(url.searchParams.get("sort"));
  const notice = url.searchParams.get("notice");
  const headers = { "Cache-Control": "private, no-cache" };
  return data(
    {
      signedIn: user !== null,
      loginHref: loginPath("/resell-tracker"),
      sort,
      timeZone: requestTimeZone(request),
      now: Date.now(),
      trackers: user ? sortTrackers(trackers, sort) : [],
      notice: notice && notice in NOTICES ? NOTICES[notice as keyof typeof NOTICES] : null,
    },
    { headers },
  );
}

/** Delete (intent `delete`): the owner's tracker only; another user's answers 404 and deletes nothing. */
export async function action({ request, context }: ActionFunctionArgs) {
  const [user, form] = await Promise.all([getSessionUser(context), readForm(request)]);
  const wantsData = form?.get("respond") === "data";
  const refuse = (status: 400 | 401 | 404, error: string) => data({ ok: false, error }, { status });
  if (!user) return wantsData ? refuse(401, "Please log in to track resells.") : redirect(loginPath("/resell-tracker"), 303);
  if (!form) return refuse(400, "Send the request as a form.");
  if (form.get("intent") !== "delete") return refuse(400, "Unknown action.");
  const id = trackerIdSchema.safeParse(form.get("trackerId"));
  if (!id.success) return refuse(404, "Tracker not found.");
  if (!(await deleteTracker(context.db, user.id, id.data))) return refuse(404, "Tracker not found.");
  if (wantsData) return { ok: true };
  return redirect(withNotice(safeReturnPath(form.get("redirectTo"), "/resell-tracker"), "deleted"), 303);
}

function SortForm({ sort }: { sort: string }) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  return (
    <Form method="get" className="flex items-end gap-2" onChange={(event) => submit(event.currentTarget, { preventScrollReset: true, replace: true })}>
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
      {hydrated ? null : (
        <button type="submit" className="rounded-md bg-accent px-3 py-2 text-sm font-semibold text-black">
          Sort
        </button>
      )}
    </Form>
  );
}

export default function ResellTrackerPage() {
  const { signedIn, loginHref, sort, timeZone, now, trackers, notice } = useLoaderData<typeof loader>();
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
        {trackers.length > 0 ? (
          <div className="flex flex-wrap items-end gap-3">
            <SortForm sort={sort} />
            <a href="/resell-tracker.csv" download className="rounded-md border border-line px-3 py-2 text-sm font-semibold hover:border-accent">
              Export CSV
            </a>
          </div>
        ) : null}
      </div>
      <p className="text-sm text-muted">
        Track a skin with the Track button on any skin card or skin page. Trade locks end 7 days after the bought date at 09:00 your time.
      </p>
      <TrackerList trackers={trackers} timeZone={timeZone} now={now} returnTo={returnTo} notice={notice} withSummary />
    </section>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Resell Tracker", description: "Your tracked resell purchases with current prices and profit.", path: "/resell-tracker", noindex: true });
