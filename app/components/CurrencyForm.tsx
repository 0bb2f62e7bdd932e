import { useLocation } from "@remix-run/react";
import { CURRENCIES, CURRENCY_CODES, type CurrencyCode } from "~/domain/currency";

/**
 * The currency choice: a plain form, with or without JavaScript; /currency stores the choice and
 * sends the browser back to this page, which then shows its amounts in that currency.
 */
export function CurrencyForm({ chosen, id }: { chosen: CurrencyCode; id: string }) {
  const { pathname, search } = useLocation();
  return (
    <form method="post" action="/currency" className="flex items-center gap-1 text-sm" data-testid="currency-form">
      <input type="hidden" name="redirectTo" value={`${pathname}${search}`} />
      <label htmlFor={id} className="sr-only">
        Currency
      </label>
      <select id={id} name="currency" defaultValue={chosen} key={chosen} className="rounded-md border border-line bg-panel-2 px-1 py-1">
        {CURRENCY_CODES.map((code) => (
          <option key={code} value={code} title={CURRENCIES[code].name}>
            {code}
          </option>
        ))}
      </select>
      <button type="submit" className="rounded-md border border-line px-2 py-1 font-medium hover:border-accent">
        Set
      </button>
    </form>
  );
}
