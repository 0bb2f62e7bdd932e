import type { ReactNode } from "react";
import { formatDateTime } from "~/domain/dates";
import type { MarketRow } from "~/domain/markets";
import { useMoney } from "./money";

/**
 * Where to buy, where to sell: each market's price, what a seller receives after its fee and when it
 * was updated; the cheapest to buy and the best to sell are marked in words, a stale price labelled.
 */
export function MarketTable({ rows, item, children }: { rows: readonly MarketRow[]; item: string; children?: ReactNode }) {
  const money = useMoney();
  return (
    <section id="markets" aria-labelledby="markets-heading" className="scroll-mt-20 space-y-3 rounded-lg border border-line bg-panel p-4">
      <h2 id="markets-heading" className="text-sm font-semibold uppercase tracking-wide text-muted">
        Where to buy, where to sell
      </h2>
      {children}
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Prices of {item} on each market, and what a seller receives after the market&apos;s fee</caption>
          <thead className="text-xs uppercase tracking-wide text-muted">
            <tr>
              <th scope="col" className="py-1 pr-3">
                Market
              </th>
              <th scope="col" className="py-1 pr-3">
                Price
              </th>
              <th scope="col" className="py-1 pr-3">
                Seller receives after fee
              </th>
              <th scope="col" className="py-1">
                Updated
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.market} data-testid={`market-${row.market}`} className="border-t border-line align-top">
                <th scope="row" className="py-2 pr-3 font-semibold">
                  {row.name}
                  {row.cheapest ? <span className="mt-1 block text-xs font-semibold text-green-300">Cheapest to buy</span> : null}
                  {row.bestToSell ? <span className="mt-1 block text-xs font-semibold text-accent">Best to sell</span> : null}
                </th>
                <td className="py-2 pr-3" data-testid="market-price">
                  {row.priceCents === null ? <span className="text-muted">No price</span> : money.format(row.priceCents)}
                </td>
                <td className="py-2 pr-3" data-testid="market-net">
                  {row.netCents === null ? <span className="text-muted">—</span> : money.format(row.netCents)}
                </td>
                <td className="py-2" data-testid="market-updated">
                  {row.updatedAt === null ? (
                    <span className="text-muted">—</span>
                  ) : (
                    <>
                      <time dateTime={new Date(row.updatedAt).toISOString()}>{formatDateTime(row.updatedAt)}</time>
                      {row.stale ? <span className="block text-xs font-semibold text-yellow-200">Stale: older than a day</span> : null}
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="text-xs text-muted">Fees are each market&apos;s default seller fee; a price older than a day is marked stale.</p>
    </section>
  );
}
