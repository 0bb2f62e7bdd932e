import { MARKET_CHOICES, marketChoiceLabel, type MarketChoice } from "~/domain/markets";

/**
 * The "Market" choice of a page that shows one price per item: a `market` field of the page's GET
 * form (the URL carries it, so it works without JavaScript and the edge cache keys on it).
 */
export function MarketSelect({ choice }: { choice: MarketChoice }) {
  return (
    <label className="flex items-center gap-2 rounded-md border border-line bg-panel px-3 py-1.5 text-sm">
      Market
      {/* Keyed by the choice: after back/forward the select follows the URL. */}
      <select key={choice} name="market" defaultValue={choice} className="rounded bg-panel-2 px-1 py-0.5">
        {MARKET_CHOICES.map((option) => (
          <option key={option} value={option}>
            {marketChoiceLabel(option)}
          </option>
        ))}
      </select>
    </label>
  );
}
