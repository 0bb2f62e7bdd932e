import { Form } from "@remix-run/react";
import { marketChoiceLabel, type MarketChoice } from "~/domain/markets";
import { MarketSelect } from "./MarketSelect";

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
