import { and, count, desc, eq, sql, type SQL } from "drizzle-orm";
import type { ItemPrices } from "~/domain/case-odds";
import { ACCOUNT_LIMITS } from "~/domain/limits";
import { DEFAULT_MARKET_CHOICE, type MarketChoice } from "~/domain/markets";
import { ITEMS_PER_PAGE } from "~/domain/pages";
import {
  contractQuery,
  contractsByRarity,
  contractValue,
  evaluateTradeUp,
  openTradeUpPath,
  type ContractRow,
  type ContractValue,
  type InputSkin,
  type OutcomeSkin,
} from "~/domain/trade-up";
import { wearForFloat, type Wear } from "~/domain/wear";
import type { Database } from "../db/client.server";
import { unlessRepeated } from "../db/failures.server";
import { belowLimit } from "../db/limits.server";
import { savedTradeUps } from "../db/schema.server";
import { tradeUpCollectionSkinsQuery, tradeUpInputsQuery, tradeUpSpecialsQuery, withPrices, type SkinIds } from "./containers.server";

/** The three reads a contract needs, priced on `market`, for the page's batch (none for an empty contract). */
export function tradeUpQueries(db: Database, rows: readonly ContractRow[], market: MarketChoice = DEFAULT_MARKET_CHOICE) {
  return catalogueQueries(db, [...new Set(rows.map((row) => row.skinId))], market);
}

function catalogueQueries(db: Database, ids: SkinIds, market: MarketChoice = DEFAULT_MARKET_CHOICE) {
  return [tradeUpInputsQuery(db, ids, market), tradeUpCollectionSkinsQuery(db, ids, market), tradeUpSpecialsQuery(db, ids, market)] as const;
}

// ---------------------------------------------------------------- saved contracts

/** Saved trade-ups belong to `owner`: a user id, or `requestOwner(context)` to read them in a page's batch. */
type Owner = string | SQL;

/**
 * The reads of one page of the owner's saved trade-ups (newest first, ITEMS_PER_PAGE a page, a page
 * past the end shows the last one), with the catalogue rows that value them, and the one whose
 * deletion is asked (`confirmId`), all for the page's one batch.
 */
export function savedTradeUpsQueries(db: Database, owner: Owner, requestedPage: number, confirmId: number | null) {
  const mine = eq(savedTradeUps.userId, owner);
  const total = sql`(select count(*) from ${savedTradeUps} where ${mine})`;
  // D1 binds every number as a real: the page size is written into the statement, the page cast.
  const size = sql.raw(String(ITEMS_PER_PAGE));
  const page = sql`cast(min(${requestedPage}, max(1, (${total} + ${size} - 1) / ${size})) as integer)`;
  const pageIds = sql`(select ${savedTradeUps.id} from ${savedTradeUps} where ${mine} order by ${savedTradeUps.createdAt} desc, ${savedTradeUps.id} desc limit ${size} offset (${page} - 1) * ${size})`;
  const pageSkinIds = sql`(select json_extract(input.value, '$.skinId') from ${savedTradeUps}, json_each(${savedTradeUps.inputs}) as input where ${savedTradeUps.id} in ${pageIds})`;
  return [
    db
      .select({ id: savedTradeUps.id, name: savedTradeUps.name, inputs: savedTradeUps.inputs, createdAt: savedTradeUps.createdAt })
      .from(savedTradeUps)
      .where(sql`${savedTradeUps.id} in ${pageIds}`)
      .orderBy(desc(savedTradeUps.createdAt), desc(savedTradeUps.id)),
    db.select({ count: count() }).from(savedTradeUps).where(mine),
    db
      .select({ id: savedTradeUps.id, name: savedTradeUps.name })
      .from(savedTradeUps)
      .where(and(eq(savedTradeUps.id, confirmId ?? 0), mine)),
    ...catalogueQueries(db, pageSkinIds),
  ] as const;
}

/**
 * Saves a contract (checked valid by the caller), unless the user keeps ACCOUNT_LIMITS.tradeUps
 * already: then "limit". A `formKey` the user's saved trade-ups hold already is the same form
 * posted twice (ADR 090): nothing is written, "repeated".
 */
export async function saveTradeUp(
  db: Database,
  userId: string,
  name: string,
  rows: readonly ContractRow[],
  formKey: string | null = null,
): Promise<number | "limit" | "repeated"> {
  const insert = db.all<{ id: number }>(sql`
    insert into ${savedTradeUps} (user_id, name, inputs, form_key)
    select ${userId}, ${name}, ${JSON.stringify(rows)}, ${formKey}
    where ${belowLimit(savedTradeUps.userId, userId, ACCOUNT_LIMITS.tradeUps)}
    returning id`);
  const saved = await unlessRepeated(insert, formKey, "saved_trade_ups.form_key");
  if (saved === "repeated") return saved;
  return saved[0]?.id ?? "limit";
}

/** Deletes the owner's saved trade-up; false when it is not theirs or gone. */
export async function deleteTradeUp(db: Database, userId: string, id: number): Promise<boolean> {
  const rows = await db
    .delete(savedTradeUps)
    .where(and(eq(savedTradeUps.id, id), eq(savedTradeUps.userId, userId)))
    .returning({ id: savedTradeUps.id });
  return rows.length > 0;
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
  // A mixed contract offers each rarity's inputs on their own (a skin added from another rarity).
  const byRarity = contractsByRarity(rows, (skinId) => inputs.get(skinId)?.rarity).map((group) => ({
    rarity: group.rarity,
    inputs: group.rows.reduce((sum, row) => sum + row.count, 0),
    href: openTradeUpPath(contractQuery(group.rows)),
  }));
  return { rows: contractRows, result: summary, outcomes, value, byRarity };
}
export type TradeUpView = ReturnType<typeof computeTradeUp>;

type SavedRows = Awaited<ReturnType<typeof savedTradeUpsQueries>[0]>;

/** Each saved contract as 'My trade-ups' lists it: its inputs in words and its value at today's prices. */
export function savedTradeUpItems(saved: SavedRows, loaded: TradeUpRows) {
  return saved.map(({ id, name, inputs, createdAt }) => {
    const { rows, result, value } = computeTradeUp(inputs, loaded);
    const inputsText = rows.map((row) => `${row.count} × ${row.variant === "stattrak" ? "StatTrak™ " : ""}${row.skin?.name ?? row.skinId}`).join(", ");
    return {
      id,
      name,
      savedAt: createdAt.getTime(),
      grade: result.status === "valid" ? `${result.rarity} to ${result.next === "Extraordinary" ? "knives and gloves" : result.next}` : null,
      inputsText,
      href: openTradeUpPath(contractQuery(inputs)),
      expectedCents: value ? Math.round(value.expectedCents) : null,
      coverage: value?.coverage ?? null,
      expectedProfitCents: value?.expectedProfitCents === null || !value ? null : Math.round(value.expectedProfitCents),
    };
  });
}
export type SavedTradeUpItem = ReturnType<typeof savedTradeUpItems>[number];
