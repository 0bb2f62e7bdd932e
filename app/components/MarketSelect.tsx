import { Form } from "@remix-run/react";
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

/**
 * A page's own "Prices" form: the Market choice, its "Show prices" button (a GET form, so the choice
 * is in the URL with and without JavaScript) and what the page prices with. `fields` are the page's
 * other URL state the form keeps (the loadout's side).
 */
export function MarketPricesForm({
  action,
  choice,
  fields = {},
  className = "",
}: {
  action: string;
  choice: MarketChoice;
  fields?: Record<string, string>;
  className?: string;
}) {
  return (
    <Form method="get" action={action} aria-label="Prices" className={`flex flex-wrap items-center gap-2 ${className}`}>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <MarketSelect choice={choice} />
      <button type="submit" className="rounded-md border border-line px-3 py-2 text-sm font-semibold hover:border-accent">
        Show prices
      </button>
      <p className="text-sm text-muted" data-testid="price-market">
        Prices: {marketChoiceLabel(choice)}
      </p>
    </Form>
  );
}
