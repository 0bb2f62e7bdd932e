import type { ItemPrices } from "~/domain/case-odds";
import { contractValue, evaluateTradeUp, type ContractRow, type ContractValue, type InputSkin, type OutcomeSkin } from "~/domain/trade-up";
import { wearForFloat, type Wear } from "~/domain/wear";
import type { Database } from "../db/client.server";
import { tradeUpCollectionSkinsQuery, tradeUpInputsQuery, tradeUpSpecialsQuery, withPrices } from "./containers.server";

/** The three reads a contract needs, for the page's batch (none for an empty contract). */
export function tradeUpQueries(db: Database, rows: readonly ContractRow[]) {
  const ids = [...new Set(rows.map((row) => row.skinId))];
  return [tradeUpInputsQuery(db, ids), tradeUpCollectionSkinsQuery(db, ids), tradeUpSpecialsQuery(db, ids)] as const;
}

type TradeUpRows = [
  Awaited<ReturnType<typeof tradeUpInputsQuery>>,
  Awaited<ReturnType<typeof tradeUpCollectionSkinsQuery>>,
  Awaited<ReturnType<typeof tradeUpSpecialsQuery>>,
];

export interface PricedSkin extends OutcomeSkin {
  image: string;
  rarity: string;
  rarityColor: string;
  prices: ItemPrices;
}

/** The price of a skin in a wear and variant; null when none is known. */
export function priceOf(prices: ItemPrices, wear: Wear | null, stattrak: boolean): number | null {
  if (!wear) return null;
  return (stattrak ? prices.stattrak : prices.normal)[wear] ?? null;
}

/** A contract with its skins, its outcomes (each priced for the wear of its float) and its value at today's prices. */
export function computeTradeUp(rows: readonly ContractRow[], loaded: TradeUpRows | null) {
  const [inputRows, collectionRows, specialRows] = loaded ?? [[], [], []];
  const inputs = new Map<string, InputSkin & PricedSkin>();
  for (const row of inputRows) inputs.set(row.id, withPrices(row));
  const collectionOf = (id: string) => inputs.get(id)?.collectionId ?? null;
  const byCollection = new Map<number, PricedSkin[]>();
  for (const row of collectionRows) {
    const list = byCollection.get(row.collectionId) ?? [];
    list.push(withPrices(row));
    byCollection.set(row.collectionId, list);
  }
  // A Covert input's pool: the rare special items of its cases, gathered by its collection.
  const specials = new Map<number, Map<string, PricedSkin>>();
  for (const row of specialRows) {
    const collectionId = collectionOf(row.inputId);
    if (collectionId === null) continue;
    const pool = specials.get(collectionId) ?? new Map<string, PricedSkin>();
    pool.set(row.id, withPrices(row));
    specials.set(collectionId, pool);
  }
  const result = evaluateTradeUp(rows, inputs, (collectionId, next) =>
    next === "Extraordinary"
      ? [...(specials.get(collectionId)?.values() ?? [])].sort((a, b) => a.name.localeCompare(b.name))
      : (byCollection.get(collectionId) ?? []).filter((skin) => skin.rarity === next),
  );
  const stattrak = result.status === "valid" && result.stattrak;
  const contractRows = rows.map((row, index) => {
    const skin = inputs.get(row.skinId);
    const wear = row.float === null ? null : wearForFloat(row.float);
    return {
      ...row,
      index,
      skin: skin
        ? { name: skin.name, image: skin.image, rarity: skin.rarity, rarityColor: skin.rarityColor, minFloat: skin.minFloat, maxFloat: skin.maxFloat }
        : null,
      wear,
      priceCents: skin && row.variant !== "souvenir" ? priceOf(skin.prices, wear, row.variant === "stattrak") : null,
    };
  });
  const outcomes =
    result.status === "valid"
      ? result.outcomes.map(({ skin, probability, float, wear }) => ({
          id: skin.id,
          name: skin.name,
          image: skin.image,
          rarityColor: skin.rarityColor,
          probability,
          float,
          wear,
          priceCents: priceOf(skin.prices, wear, stattrak),
        }))
      : [];
  const value: ContractValue | null =
    result.status === "valid"
      ? contractValue(
          outcomes,
          contractRows.map((row) => (row.priceCents === null ? null : row.priceCents * row.count)),
        )
      : null;
  // The outcomes' skins (with every price) stay here: the page gets what it shows.
  const summary =
    result.status === "valid"
      ? { status: result.status, rarity: result.rarity, next: result.next, stattrak: result.stattrak, messages: [] }
      : { status: result.status, messages: result.status === "empty" ? [] : result.messages };
  return { rows: contractRows, result: summary, outcomes, value };
}
export type TradeUpView = ReturnType<typeof computeTradeUp>;
