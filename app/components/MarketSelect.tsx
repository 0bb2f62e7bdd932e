import { MARKET_CHOICES, marketChoiceLabel, type MarketChoice } from "~/domain/markets";

/**
 * The "Market" choice of a page that shows one price per item: a `market` field of the page's GET
 * form (the URL carries it, so it works without JavaScript and the edge cache keys on it).
 */
export function MarketSelect<Choice extends string = MarketChoice>({
  choice,
  choices = MARKET_CHOICES as readonly string[] as readonly Choice[],
  label = marketChoiceLabel as (choice: Choice) => string,
}: {
  choice: Choice;
  /** The options, and how each is named (the markets, and the cheapest listing, unless given). */
  choices?: readonly Choice[];
  label?: (choice: Choice) => string;
}) {
  return (
    <label className="flex items-center gap-2 rounded-md border border-line bg-panel px-3 py-1.5 text-sm">
      Market
      {/* Keyed by the choice: after back/forward the select follows the URL. */}
      <select key={choice} name="market" defaultValue={choice} className="rounded bg-panel-2 px-1 py-0.5">
        {choices.map((option) => (
          <option key={option} value={option}>
            {label(option)}
          </option>
        ))}
      </select>
    </label>
  );
}
