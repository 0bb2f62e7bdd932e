import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { toCsv } from "~/domain/csv";
import { sortTrackers } from "~/domain/resell";
import { loginPath } from "~/domain/same-site-path";
import { TRACKER_CSV_HEADER, trackerCsvRow } from "~/domain/tracker-csv";
import { loadTrackers } from "~/server/features/resell/resell.server";
import { getSessionUser } from "~/server/auth/session.server";
import { requestTimeZone } from "~/server/features/resell/time-zone.server";

/** The signed-in user's trackers as CSV (beyond the spec), newest first, open and sold; money in dollars, times in UTC. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const [user, trackers] = await Promise.all([getSessionUser(context), loadTrackers(context)]);
  if (!user) throw redirect(loginPath("/resell-tracker"));
  const timeZone = requestTimeZone(request);
  const rows = sortTrackers(trackers, "newest").map((t) => trackerCsvRow(t, timeZone));
  return new Response(toCsv([TRACKER_CSV_HEADER, ...rows]), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="resell-tracker.csv"',
      "Cache-Control": "private, no-store",
    },
  });
}
