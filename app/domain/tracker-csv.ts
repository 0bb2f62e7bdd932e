// The resell tracker's CSV export: its columns and one tracker's row. The import reads the same
// columns back (app/domain/inventory-import.ts).
import type { CsvCell } from "./csv";
import { MARKET_NAMES, realisedProfit, type Market, type Sale } from "./market-fees";
import { roundPercent } from "./money";
import { profitOf } from "./resell";
import { tradeableAt } from "./trade-lock";
import type { Variant } from "./variants";
import type { Wear } from "./wear";

export const TRACKER_CSV_HEADER = [
  "Skin",
  "Skin ID",
  "Wear",
  "Float",
  "Bought date",
  "Buy price",
  "Current price",
  "Profit",
  "Profit %",
  "Tradeable from",
  "Notes",
  "Added",
  "Variant",
  "Sold date",
  "Sale price",
  "Market",
  "Fee override %",
  "Fee",
  "Realised profit",
  "Realised profit %",
  "Tracker key",
  "Steam asset ID",
  "Currency",
] as const;

/** The currency of every amount in the export: the tracker keeps its amounts in US dollars (docs/features/currency.md). */
export const CSV_CURRENCY = "USD";

/** What a row of the export needs of a tracker. */
export interface CsvTracker {
  skinName: string;
  skinId: string;
  wear: Wear;
  wearValue: number | null;
  boughtAt: string;
  buyPriceCents: number;
  currentCents: number;
  notes: string | null;
  createdAt: number;
  variant: Variant;
  soldAt: string | null;
  saleMarket: Market | null;
  saleFeeBasisPoints: number | null;
  sale: Sale | null;
  exportKey: string;
  steamAssetId: string | null;
}

const dollars = (cents: number) => Number((cents / 100).toFixed(2));

/**
 * A float as the import reads it back, plain decimal digits (the import refuses "1e-7" as the
 * tracker form does): JavaScript writes a float below 0.000001 with an exponent.
 */
export function floatText(value: number): string {
  const text = String(value);
  // "1.5e-7": the same shortest digits, moved behind the point, read back as the same float.
  const exponent = /^(\d)(?:\.(\d+))?e-(\d+)$/.exec(text);
  return exponent ? `0.${"0".repeat(Number(exponent[3]) - 1)}${exponent[1]}${exponent[2] ?? ""}` : text;
}

/** One tracker as a row of the export: money in US dollars (its Currency column says so), percentages as the page rounds them, times in UTC, the trade lock in `timeZone`. */
export function trackerCsvRow(t: CsvTracker, timeZone: string): CsvCell[] {
  const profit = profitOf(t.buyPriceCents, t.currentCents);
  const realised = t.sale ? realisedProfit(t.buyPriceCents, t.sale) : null;
  return [
    t.skinName,
    t.skinId,
    t.wear,
    t.wearValue === null ? null : floatText(t.wearValue),
    t.boughtAt,
    dollars(t.buyPriceCents),
    t.currentCents > 0 ? dollars(t.currentCents) : null,
    profit ? dollars(profit.cents) : null,
    profit?.percent != null ? roundPercent(profit.percent) : null,
    new Date(tradeableAt(t.boughtAt, timeZone)).toISOString(),
    t.notes,
    new Date(t.createdAt).toISOString(),
    t.variant,
    t.soldAt,
    t.sale ? dollars(t.sale.priceCents) : null,
    t.saleMarket ? MARKET_NAMES[t.saleMarket] : null,
    t.saleFeeBasisPoints === null ? null : t.saleFeeBasisPoints / 100,
    t.sale ? dollars(t.sale.feeCents) : null,
    realised ? dollars(realised.cents) : null,
    realised?.percent != null ? roundPercent(realised.percent) : null,
    t.exportKey,
    t.steamAssetId,
    CSV_CURRENCY,
  ];
}
