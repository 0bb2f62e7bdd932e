import { and, count, desc, eq, gt, inArray, notInArray, or, sql, type SQL } from "drizzle-orm";
import type { ImportedSale, ImportLine, ImportSkin } from "~/domain/inventory-import";
import { ACCOUNT_LIMITS } from "~/domain/limits";
import { feeRule, saleFeeCents } from "~/domain/market-fees";
import type { Variant } from "~/domain/variants";
import type { Wear } from "~/domain/wear";
import type { Database } from "../../db/client.server";
import { isUniqueFailure } from "../../db/failures.server";
import { belowLimit } from "../../db/limits.server";
import { importDrafts, resellTrackers, skins, skinVariantPrices, skinWears } from "../../db/schema.server";

/** The catalogue skins an import names, by exact name or id (each list one JSON parameter, whatever its length). */
function namedSkins(db: Database, keys: { names: readonly string[]; ids: readonly string[] }) {
  return db
    .select({ id: skins.id })
    .from(skins)
    .where(
      or(
        inArray(skins.name, sql`(select value from json_each(${JSON.stringify(keys.names)}))`),
        inArray(skins.id, sql`(select value from json_each(${JSON.stringify(keys.ids)}))`),
      ),
    );
}

/**
 * What the import's preview reads, in one batch: the named skins, their prices, how many trackers
 * the owner has, which of the input's Steam asset ids and tracker keys the owner tracks already, and
 * a tracker of the import posted with `importKey` (null: none asked), which makes a post a repeat.
 */
export function importQueries(
  db: Database,
  owner: string | SQL,
  keys: { names: readonly string[]; ids: readonly string[]; assetIds: readonly string[]; exportKeys: readonly string[] },
  importKey: string | null = null,
) {
  const listed = (values: readonly string[]) => sql`(select value from json_each(${JSON.stringify(values)}))`;
  const ids = namedSkins(db, keys);
  return [
    db
      .select({
        id: skins.id,
        name: skins.name,
        minFloat: skins.minFloat,
        maxFloat: skins.maxFloat,
        stattrak: skins.stattrak,
        souvenir: skins.souvenir,
      })
      .from(skins)
      .where(inArray(skins.id, ids)),
    db
      .select({ skinId: skinWears.skinId, wear: skinWears.wear, enabled: skinWears.enabled, priceCents: skinWears.priceCents })
      .from(skinWears)
      .where(inArray(skinWears.skinId, ids)),
    db
      .select({ skinId: skinVariantPrices.skinId, variant: skinVariantPrices.variant, wear: skinVariantPrices.wear, priceCents: skinVariantPrices.priceCents })
      .from(skinVariantPrices)
      .where(inArray(skinVariantPrices.skinId, ids)),
    trackerCountQuery(db, owner),
    db
      .select({ assetId: resellTrackers.steamAssetId, exportKey: resellTrackers.exportKey })
      .from(resellTrackers)
      .where(
        and(
          eq(resellTrackers.userId, owner),
          or(inArray(resellTrackers.steamAssetId, listed(keys.assetIds)), inArray(resellTrackers.exportKey, listed(keys.exportKeys))),
        ),
      ),
    importedWithKey(db, owner, importKey),
  ] as const;
}

/** One tracker the owner's import with `importKey` wrote (none for null). */
function importedWithKey(db: Database, owner: string | SQL, importKey: string | null) {
  return db
    .select({ id: resellTrackers.id })
    .from(resellTrackers)
    .where(and(eq(resellTrackers.userId, owner), importKey === null ? sql`0` : eq(resellTrackers.importKey, importKey)))
    .limit(1);
}

/** How many trackers the owner has. */
export function trackerCountQuery(db: Database, owner: string | SQL) {
  return db.select({ n: count() }).from(resellTrackers).where(eq(resellTrackers.userId, owner));
}

/** The batch's rows as the domain's skins. */
export function importSkins(
  found: readonly { id: string; name: string; minFloat: number; maxFloat: number; stattrak: boolean; souvenir: boolean }[],
  wears: readonly { skinId: string; wear: Wear; enabled: boolean; priceCents: number }[],
  variantPrices: readonly { skinId: string; variant: "stattrak" | "souvenir"; wear: Wear; priceCents: number }[],
): ImportSkin[] {
  return found.map((skin) => ({
    ...skin,
    wears: wears.filter((w) => w.skinId === skin.id),
    variantPrices: variantPrices.filter((p) => p.skinId === skin.id),
  }));
}

/** A tracker the import writes: checked against the catalogue and the player's choices already. */
export interface ImportedTracker {
  skinId: string;
  wear: Wear;
  variant: Variant;
  wearValue: number | null;
  /** From a Steam inventory (or a CSV that names it): one tracker per asset and account (a unique index). */
  assetId: string | null;
  /** The CSV's tracker key, kept; null: a new random one. One tracker per key and account (a unique index). */
  exportKey: string | null;
  buyPriceCents: number;
  boughtAt: string;
  notes: string | null;
  sale: ImportedSale | null;
}

/**
 * Writes every tracker in one statement, or none when they would take the owner past
 * ACCOUNT_LIMITS.trackers: the limit is checked in the insert itself (as `createTracker` does), so
 * parallel imports cannot overshoot it. An asset or tracker key the owner tracks already (an import
 * racing this one wrote it since the preview was read) fails the whole statement on a unique index.
 * Every tracker keeps the form's `importKey`; the same statement writes nothing when the owner has a
 * tracker with it already, the form posted a second time (ADR 090).
 * The number written, "limit", "tracked", or "repeated".
 */
export async function importTrackers(
  db: Database,
  userId: string,
  trackers: readonly ImportedTracker[],
  importKey: string | null = null,
): Promise<number | "limit" | "tracked" | "repeated"> {
  const rows = trackers.map((t) => ({
    ...t,
    salePriceCents: t.sale?.priceCents ?? null,
    soldAt: t.sale?.soldAt ?? null,
    saleMarket: t.sale?.market ?? null,
    saleFeeBasisPoints: t.sale?.feeBasisPoints ?? null,
    saleFeeCents: t.sale ? saleFeeCents(t.sale.priceCents, feeRule(t.sale.market, t.sale.feeBasisPoints)) : null,
    sale: undefined,
  }));
  const field = (name: keyof (typeof rows)[number]) => sql.raw(`json_extract(value, '$.${name}')`);
  const insert = db.all<{ id: number }>(sql`
    insert into ${resellTrackers} (user_id, skin_id, buy_price_cents, wear_value, wear, notes, bought_at, variant,
      sale_price_cents, sold_at, sale_market, sale_fee_basis_points, sale_fee_cents, steam_asset_id, export_key, import_key)
    select ${userId}, ${field("skinId")}, ${field("buyPriceCents")}, ${field("wearValue")}, ${field("wear")}, ${field("notes")},
      ${field("boughtAt")}, ${field("variant")}, ${field("salePriceCents")}, ${field("soldAt")}, ${field("saleMarket")},
      ${field("saleFeeBasisPoints")}, ${field("saleFeeCents")}, ${field("assetId")},
      coalesce(${field("exportKey")}, lower(hex(randomblob(16)))), ${importKey}
    from json_each(${JSON.stringify(rows)})
    where ${belowLimit(resellTrackers.userId, userId, ACCOUNT_LIMITS.trackers - rows.length + 1)}
      and not exists ${importedWithKey(db, userId, importKey)}
    order by key
    returning id`);
  const written = await insert.catch((error: unknown) => {
    if (isUniqueFailure(error, "resell_trackers.steam_asset_id") || isUniqueFailure(error, "resell_trackers.export_key")) return "tracked" as const;
    throw error;
  });
  if (written === "tracked") return written;
  if (written.length === rows.length) return written.length;
  // Nothing written: the limit, or the form's first post (which may have filled the account) wrote its trackers.
  if (importKey !== null && (await importedWithKey(db, userId, importKey)).length > 0) return "repeated";
  return "limit";
}

/** How long a preview can be imported: a day, as the prices it offers are that day's. */
export const IMPORT_DRAFT_TTL_MS = 24 * 60 * 60 * 1000;
/** An owner's previews kept at once (a few tabs); a new one drops the oldest past these. */
const IMPORT_DRAFTS_PER_OWNER = 20;

/**
 * Keeps a preview's lines for its Import step under the preview form's key (ADR 096), dropping the
 * owner's oldest previews past IMPORT_DRAFTS_PER_OWNER, in one batch.
 */
export async function saveImportDraft(db: Database, userId: string, formKey: string, lines: readonly ImportLine[], now = Date.now()): Promise<void> {
  const newest = db
    .select({ formKey: importDrafts.formKey })
    .from(importDrafts)
    .where(eq(importDrafts.userId, userId))
    .orderBy(desc(importDrafts.expiresAt))
    .limit(IMPORT_DRAFTS_PER_OWNER);
  await db.batch([
    db.insert(importDrafts).values({ userId, formKey, lines: JSON.stringify(lines), expiresAt: new Date(now + IMPORT_DRAFT_TTL_MS) }),
    db.delete(importDrafts).where(and(eq(importDrafts.userId, userId), notInArray(importDrafts.formKey, newest))),
  ]);
}

/** The lines of the owner's preview with this form key, while it lasts; null when there is none. */
export async function importDraftLines(db: Database, userId: string, formKey: string, now = Date.now()): Promise<ImportLine[] | null> {
  const [draft] = await db
    .select({ lines: importDrafts.lines })
    .from(importDrafts)
    .where(and(eq(importDrafts.userId, userId), eq(importDrafts.formKey, formKey), gt(importDrafts.expiresAt, new Date(now))));
  return draft ? (JSON.parse(draft.lines) as ImportLine[]) : null;
}
