import { createContext, useContext, useMemo, type ReactNode } from "react";
import type { Rate } from "~/domain/currency";
import { moneyFor, US_DOLLARS, type Money } from "~/domain/money";

const MoneyContext = createContext<Money>(US_DOLLARS);

/** Hands every part of the page the player's currency at the root loader's rate. */
export function MoneyProvider({ rate, children }: { rate: Rate | undefined; children: ReactNode }) {
  const money = useMemo(() => (rate ? moneyFor(rate) : US_DOLLARS), [rate]);
  return <MoneyContext.Provider value={money}>{children}</MoneyContext.Provider>;
}

/** How this page writes amounts (the player's currency; US dollars until they choose). */
export function useMoney(): Money {
  return useContext(MoneyContext);
}
