import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { toCsv } from "~/domain/csv";
import { MARKET_NAMES, realisedProfit } from "~/domain/market-fees";
import { profitOf, sortTrackers } from "~/domain/resell";
import { loginPath } from "~/domain/same-site-path";
import { tradeableAt } from "~/domain/trade-lock";
import { loadTrackers } from "~/server/features/resell/resell.server";
import { getSessionUser } from "~/server/auth/session.server";
import { requestTimeZone } from "~/server/features/resell/time-zone.server";

const HEADER = [
  "Skin",
  "Skin ID",
  "Wear",
  "Float",
  "Bought date",
  "Buy price",
  "Current price",
  "Profit",
  "Profit %",
  "Tradeable from",
  "Notes",
  "Added",
  "Variant",
  "Sold date",
  "Sale price",
  "Market",
  "Fee override %",
  "Fee",
  "Realised profit",
  "Realised profit %",
];

const dollars = (cents: number) => Number((cents / 100).toFixed(2));

/** The signed-in user's trackers as CSV (beyond the spec), newest first, open and sold; money in dollars, times in UTC. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const [user, trackers] = await Promise.all([getSessionUser(context), loadTrackers(context)]);
  if (!user) throw redirect(loginPath("/resell-tracker"));
  const timeZone = requestTimeZone(request);
  const rows = sortTrackers(trackers, "newest").map((t) => {
    const profit = profitOf(t.buyPriceCents, t.currentCents);
    const realised = t.sale ? realisedProfit(t.buyPriceCents, t.sale) : null;
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
      t.variant,
      t.soldAt,
      t.sale ? dollars(t.sale.priceCents) : null,
      t.saleMarket ? MARKET_NAMES[t.saleMarket] : null,
      t.saleFeeBasisPoints === null ? null : t.saleFeeBasisPoints / 100,
      t.sale ? dollars(t.sale.feeCents) : null,
      realised ? dollars(realised.cents) : null,
      realised?.percent != null ? Number(realised.percent.toFixed(1)) : null,
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
