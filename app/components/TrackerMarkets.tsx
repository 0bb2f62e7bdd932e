import type { TrackerMarketFigures } from "~/domain/tracker-markets";

/**
 * What an open tracked item would fetch on each market: the price there, what a sale leaves after
 * that market's fee, and the profit on the buy price; the market that leaves the most is marked.
 */
export function TrackerMarkets({ rows, item }: { rows: readonly TrackerMarketFigures[]; item: string }) {
  const best = rows.find((row) => row.bestToSell);
  return (
    <div className="space-y-1" data-testid="tracker-markets">
      <div className="overflow-x-auto">
        <table className="w-full text-left text-xs">
          <caption className="sr-only">{item} on each market: price, what a sale leaves after the fee, and the profit</caption>
          <thead className="text-muted">
            <tr>
              <th scope="col" className="pr-2 font-medium">
                Market
              </th>
              <th scope="col" className="pr-2 font-medium">
                Price
              </th>
              <th scope="col" className="pr-2 font-medium">
                After fee
              </th>
              <th scope="col" className="font-medium">
                Profit
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.market} data-testid={`tracker-market-${row.market}`} className="border-t border-line align-top">
                <th scope="row" className="py-1 pr-2 font-semibold">
                  {row.name}
                  {row.bestToSell ? <span className="block font-semibold text-accent">Best to sell</span> : null}
                  {row.stale ? <span className="block font-semibold text-yellow-200">Stale: older than a day</span> : null}
                </th>
                <td className={`py-1 pr-2 ${row.net === null ? "text-muted" : ""}`}>{row.price}</td>
                <td className="py-1 pr-2">{row.net ?? <span className="text-muted">—</span>}</td>
                <td className={`py-1 ${row.gain > 0 ? "text-green-300" : row.gain < 0 ? "text-red-300" : ""}`}>
                  {row.profit ?? <span className="text-muted">—</span>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="text-xs text-muted" data-testid="tracker-best-market">
        {best ? `Best after fees: ${best.name}, ${best.net} (${best.profit}).` : "No market has a price for it."}
      </p>
    </div>
  );
}
