// The price job's plan step: the stored prices a run compares with (one round trip), and the local
// demo drift as a plan. A feed's plan is `planPriceUpdate` in app/domain/price-feed.ts.
import { eq, inArray } from "drizzle-orm";
import { driftedItemPriceCents, driftedPriceCents } from "~/domain/price-drift";
import type { ItemPriceRow, MarketScale, PricePlan, PriceRow, StoredPrices } from "~/domain/price-feed";
import type { Database } from "../db/client.server";
import { caseKeys, crates, skins, skinVariantPrices, skinWears, stickers, vanillaKnives } from "../db/schema.server";

/** The feed name of the local demo drift (its row in price_feed_runs; demo skins keep price_source 'demo'). */
export const DEMO_FEED = "demo";

/**
 * The catalogue's skins, stickers, containers, keys and vanilla knives with their stored prices: all
 * of them, or only the demo-priced ones. One round trip.
 */
export async function readStoredPrices(db: Database, which: "all" | "demo"): Promise<StoredPrices> {
  const demoSkin = eq(skins.priceSource, DEMO_FEED);
  const ofDemoSkin = (skinId: typeof skinWears.skinId | typeof skinVariantPrices.skinId) =>
    which === "demo" ? inArray(skinId, db.select({ id: skins.id }).from(skins).where(demoSkin)) : undefined;
  const items = (table: typeof stickers | typeof crates | typeof caseKeys) =>
    db
      .select({ id: table.id, name: table.name, priceCents: table.priceCents, priceSource: table.priceSource })
      .from(table)
      .where(which === "demo" ? eq(table.priceSource, DEMO_FEED) : undefined);
  const [skinRows, wears, variants, stickerRows, crateRows, keyRows, knifeRows] = await db.batch([
    db
      .select({ id: skins.id, name: skins.name })
      .from(skins)
      .where(which === "demo" ? demoSkin : undefined),
    db
      .select({ skinId: skinWears.skinId, wear: skinWears.wear, enabled: skinWears.enabled, priceCents: skinWears.priceCents })
      .from(skinWears)
      .where(ofDemoSkin(skinWears.skinId)),
    db
      .select({ skinId: skinVariantPrices.skinId, variant: skinVariantPrices.variant, wear: skinVariantPrices.wear, priceCents: skinVariantPrices.priceCents })
      .from(skinVariantPrices)
      .where(ofDemoSkin(skinVariantPrices.skinId)),
    items(stickers),
    items(crates),
    items(caseKeys),
    db
      .select({
        id: vanillaKnives.id,
        name: vanillaKnives.name,
        priceCents: vanillaKnives.priceCents,
        stattrakPriceCents: vanillaKnives.stattrakPriceCents,
        priceSource: vanillaKnives.priceSource,
      })
      .from(vanillaKnives)
      .where(which === "demo" ? eq(vanillaKnives.priceSource, DEMO_FEED) : undefined),
  ]);
  return {
    skins: skinRows,
    wears,
    variants,
    items: [
      ...stickerRows.map((row) => ({ ...row, kind: "sticker" as const })),
      ...crateRows.map((row) => ({ ...row, kind: "crate" as const })),
      ...keyRows.map((row) => ({ ...row, kind: "key" as const })),
      // A vanilla knife's two prices, normal ('★ Karambit') and StatTrak™ ('★ StatTrak™ Karambit').
      ...knifeRows.flatMap(({ stattrakPriceCents, ...row }) => [
        { ...row, kind: "vanilla_knife" as const },
        { ...row, priceCents: stattrakPriceCents, kind: "vanilla_knife_stattrak" as const },
      ]),
    ],
  };
}

/** The demo drift as a plan: every stored price of a demo skin or item moves (0, no data, stays 0). */
export function planDemoDrift(stored: StoredPrices, bucket: number): PricePlan {
  const rows: { row: PriceRow; before: number }[] = [];
  for (const wear of stored.wears) {
    if (!wear.enabled || wear.priceCents <= 0) continue;
    rows.push({ row: { skinId: wear.skinId, variant: "normal", wear: wear.wear, priceCents: 0 }, before: wear.priceCents });
  }
  for (const variant of stored.variants) {
    if (variant.priceCents <= 0) continue;
    rows.push({ row: { skinId: variant.skinId, variant: variant.variant, wear: variant.wear, priceCents: 0 }, before: variant.priceCents });
  }
  const history: PriceRow[] = [];
  const changed: PriceRow[] = [];
  for (const { row, before } of rows) {
    row.priceCents = driftedPriceCents(before, row.skinId, row.wear, row.variant, bucket);
    history.push(row);
    if (row.priceCents !== before) changed.push(row);
  }
  const itemHistory: ItemPriceRow[] = stored.items
    .filter((item) => item.priceCents > 0)
    .map((item) => {
      const priceCents = driftedItemPriceCents(item.priceCents, item.kind, item.id, bucket);
      return { kind: item.kind, id: item.id, priceCents, changed: priceCents !== item.priceCents };
    });
  const itemPrices = itemHistory.filter((row) => row.changed);
  const matched = rows.length + itemHistory.length;
  const beforeOf = new Map(rows.map(({ row, before }) => [row, before]));
  const itemBefore = new Map(stored.items.map((item) => [`${item.kind}|${item.id}`, item.priceCents]));
  // The market prices follow the default price by the factor it moved, so the cheapest stays the default.
  const marketScale: MarketScale = {
    skins: changed.map((row) => ({ skinId: row.skinId, variant: row.variant, wear: row.wear, before: beforeOf.get(row)!, after: row.priceCents })),
    items: itemPrices.map((row) => ({ kind: row.kind, id: row.id, before: itemBefore.get(`${row.kind}|${row.id}`)!, after: row.priceCents })),
  };
  return {
    skinMarketPrices: [],
    itemMarketPrices: [],
    marketScale,
    wearPrices: changed.filter((row) => row.variant === "normal"),
    variantPrices: changed.filter((row) => row.variant !== "normal"),
    history,
    itemPrices,
    itemHistory,
    changedSkinIds: [...new Set(changed.map((row) => row.skinId))],
    pricedSkinIds: [],
    matched,
    unmatched: 0,
    unchanged: matched - changed.length - itemPrices.length,
  };
}
