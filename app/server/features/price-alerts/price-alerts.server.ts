import { and, asc, desc, eq, exists, isNull, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { ACCOUNT_LIMITS } from "~/domain/limits";
import { alertStep, ALERT_VARIANTS, isBelowTarget, type AlertVariant, type FavoriteAlert } from "~/domain/price-alerts";
import {
  formatMinorUnits,
  isCurrencyCode,
  minorUnitsToInput,
  shownMinorUnits,
  STORED_CURRENCY,
  typedFigure,
  USD_RATE,
  type Rate,
  type StoredAmount,
} from "~/domain/currency";
import { moneyFor } from "~/domain/money";
import { isWear, WEARS, type Wear } from "~/domain/wear";
import type { Database } from "../../db/client.server";
import { priceAlerts, skins, skinVariantPrices, skinWears, userFavorites, users } from "../../db/schema.server";
import { exchangeRatesQuery, rateFromRows } from "../currency.server";
import { favoriteQuery } from "../favorites.server";
import { enqueueMailWhereQueries } from "../../mail/outbox.server";
import { priceAlertMail } from "./alert-mail.server";

/**
 * Price alerts on favourites (docs/features/price-alerts.md). An alert belongs to a favourite: its key is
 * the favourite's (user, skin), with a foreign key that removes it with the favourite. Prices are
 * read where the price job writes them: `skin_wears.price_cents` for normal items,
 * `skin_variant_prices` for StatTrak™ and Souvenir; 0 (or no row) means no data.
 */

/** Favourites belong to `owner`: a user id, or `sessionOwner(...)` to read them in a page's batch. */
type Owner = string | SQL;

/** The current price of an alert's wear and variant, in the queries below (0 = no data). */
const alertCurrentPrice = sql<
  number | null
>`case when ${priceAlerts.userId} is null then null when ${priceAlerts.variant} = 'normal' then coalesce(${skinWears.priceCents}, 0) else coalesce(${skinVariantPrices.priceCents}, 0) end`;

/** The owner's favourites, latest first, each with its alert (or nulls) and the alert's current price. */
export function favoriteAlertsQuery(db: Database, owner: Owner) {
  return db
    .select({
      skinId: userFavorites.skinId,
      name: skins.name,
      stattrak: skins.stattrak,
      souvenir: skins.souvenir,
      wear: priceAlerts.wear,
      variant: priceAlerts.variant,
      targetCents: priceAlerts.targetCents,
      targetCurrency: priceAlerts.targetCurrency,
      targetTypedMinor: priceAlerts.targetTypedMinor,
      lastNotifiedAt: sql<number | null>`${priceAlerts.lastNotifiedAt}`.as("alert_last_notified_at"),
      updatedAt: sql<number | null>`${priceAlerts.updatedAt}`.as("alert_updated_at"),
      currentPriceCents: alertCurrentPrice.as("alert_current_price_cents"),
    })
    .from(userFavorites)
    .innerJoin(skins, eq(skins.id, userFavorites.skinId))
    .leftJoin(priceAlerts, and(eq(priceAlerts.userId, userFavorites.userId), eq(priceAlerts.skinId, userFavorites.skinId)))
    .leftJoin(skinWears, and(eq(skinWears.skinId, priceAlerts.skinId), eq(skinWears.wear, priceAlerts.wear)))
    .leftJoin(
      skinVariantPrices,
      and(
        eq(skinVariantPrices.skinId, priceAlerts.skinId),
        eq(skinVariantPrices.variant, sql`${priceAlerts.variant}`),
        eq(skinVariantPrices.wear, priceAlerts.wear),
      ),
    )
    .where(eq(userFavorites.userId, owner))
    .orderBy(desc(userFavorites.createdAt), asc(skins.name));
}

/** The possible (enabled) wears of the owner's favourites: the alert form's choices. */
export function favoriteWearsQuery(db: Database, owner: Owner) {
  return db
    .select({ skinId: skinWears.skinId, wear: skinWears.wear })
    .from(userFavorites)
    .innerJoin(skinWears, and(eq(skinWears.skinId, userFavorites.skinId), eq(skinWears.enabled, true)))
    .where(eq(userFavorites.userId, owner));
}

type AlertRow = Awaited<ReturnType<typeof favoriteAlertsQuery>>[number];
type WearRow = Awaited<ReturnType<typeof favoriteWearsQuery>>[number];

/**
 * Puts the two queries' rows together: one entry per favourite, in the favourites' order, each
 * target written in the page's currency (`rate`), as typed when it was typed in it.
 */
export function toFavoriteAlerts(alertRows: readonly AlertRow[], wearRows: readonly WearRow[], rate: Rate): FavoriteAlert[] {
  const wearsBySkin = new Map<string, Set<Wear>>();
  for (const row of wearRows) {
    const set = wearsBySkin.get(row.skinId) ?? new Set<Wear>();
    set.add(row.wear);
    wearsBySkin.set(row.skinId, set);
  }
  const shown = (cents: number, row: AlertRow) => shownMinorUnits(cents, typedFigure(row.targetCurrency, row.targetTypedMinor), rate);
  return alertRows.map((row) => ({
    skinId: row.skinId,
    name: row.name,
    wears: WEARS.filter((wear) => wearsBySkin.get(row.skinId)?.has(wear)),
    variants: ALERT_VARIANTS.filter((variant) => variant === "normal" || (variant === "stattrak" ? row.stattrak : row.souvenir)),
    alert:
      row.wear && row.variant && row.targetCents !== null
        ? {
            wear: row.wear,
            variant: row.variant,
            targetCents: row.targetCents,
            target: formatMinorUnits(shown(row.targetCents, row), rate.currency),
            targetInput: minorUnitsToInput(shown(row.targetCents, row), rate.currency),
            currentPriceCents: Number(row.currentPriceCents ?? 0),
            lastNotifiedAt: row.lastNotifiedAt === null ? null : Number(row.lastNotifiedAt),
            updatedAt: Number(row.updatedAt ?? 0),
          }
        : null,
  }));
}

/** The user's favourites with their alerts, in one round trip (pages put the two queries in their own batch). */
export async function listFavoriteAlerts(db: Database, userId: string, rate: Rate = USD_RATE): Promise<FavoriteAlert[]> {
  const [alertRows, wearRows] = await db.batch([favoriteAlertsQuery(db, userId), favoriteWearsQuery(db, userId)]);
  return toFavoriteAlerts(alertRows, wearRows, rate);
}

/** The target of the user's alert on a favourite, as stored (no row: no alert yet), for the alert form's action. */
export function alertTargetQuery(db: Database, userId: string, skinId: string) {
  return db
    .select({
      targetCents: priceAlerts.targetCents,
      targetCurrency: priceAlerts.targetCurrency,
      targetTypedMinor: priceAlerts.targetTypedMinor,
      targetRatePerUsd: priceAlerts.targetRatePerUsd,
    })
    .from(priceAlerts)
    .where(and(eq(priceAlerts.userId, userId), eq(priceAlerts.skinId, skinId)))
    .limit(1);
}

// ------------------------------------------------------------------ set, change, remove

export interface PriceAlertWrite {
  skinId: string;
  wear: Wear;
  variant: AlertVariant;
  /** In US cents (above 0), with what was typed (docs/features/currency.md). */
  target: StoredAmount;
}

export type SetPriceAlertResult =
  | { ok: true; currentPriceCents: number; belowTarget: boolean }
  | { ok: false; reason: "skin-not-found" | "not-favorite" | "wear-impossible" | "variant-impossible" | "limit" };

/**
 * Sets or changes the alert of one of the user's own favourites, in one round trip: a read that
 * explains a refusal, and an upsert that writes only when the skin is the user's favourite, the
 * wear is possible, the skin comes in the variant and the alert is a change or the user has fewer
 * than ACCOUNT_LIMITS.priceAlerts. The alert starts from the current price
 * (`last_price_cents`; NULL without data), so a price already below the target mails only after it
 * has risen to the target or above and dropped again.
 */
export async function setPriceAlert(db: Database, userId: string, input: PriceAlertWrite, now = Date.now()): Promise<SetPriceAlertResult> {
  const { skinId, wear, variant, target } = input;
  const targetCents = target.usdCents;
  const typed = { currency: target.typed?.currency ?? null, minorUnits: target.typed?.minorUnits ?? null, perUsd: target.typed?.perUsd ?? null };
  const limit = ACCOUNT_LIMITS.priceAlerts;
  const ofUser = eq(priceAlerts.userId, userId);
  const hasAlert = sql<number>`exists (select 1 from ${priceAlerts} where ${ofUser} and ${priceAlerts.skinId} = ${skinId})`;
  const alertCount = sql<number>`(select count(*) from ${priceAlerts} where ${ofUser})`;
  const [[skin], [written]] = await db.batch([
    db
      .select({
        favorite: sql<number>`exists (select 1 from ${userFavorites} where ${userFavorites.userId} = ${userId} and ${userFavorites.skinId} = ${skins.id})`.as(
          "favorite",
        ),
        wearEnabled: sql<
          number | null
        >`(select ${skinWears.enabled} from ${skinWears} where ${skinWears.skinId} = ${skins.id} and ${skinWears.wear} = ${wear})`.as("wear_enabled"),
        hasAlert: hasAlert.as("has_alert"),
        atLimit: sql<number>`${alertCount} >= ${limit}`.as("at_limit"),
      })
      .from(skins)
      .where(eq(skins.id, skinId)),
    // An insert of a select names every column, in the table's order.
    db
      .insert(priceAlerts)
      .select(
        sql`select ${userFavorites.userId}, ${userFavorites.skinId}, ${wear}, ${variant}, ${targetCents},
              ${typed.currency}, ${typed.minorUnits}, ${typed.perUsd},
              nullif(case when ${variant} = 'normal' then ${skinWears.priceCents}
                else coalesce((select ${skinVariantPrices.priceCents} from ${skinVariantPrices} where ${skinVariantPrices.skinId} = ${userFavorites.skinId}
                  and ${skinVariantPrices.variant} = ${variant} and ${skinVariantPrices.wear} = ${wear}), 0) end, 0),
              null, ${now}, ${now}
            from ${userFavorites}
            join ${skins} on ${skins.id} = ${userFavorites.skinId}
            join ${skinWears} on ${skinWears.skinId} = ${userFavorites.skinId} and ${skinWears.wear} = ${wear} and ${skinWears.enabled} = 1
            where ${userFavorites.userId} = ${userId} and ${userFavorites.skinId} = ${skinId}
              and (${variant} = 'normal' or (${variant} = 'stattrak' and ${skins.stattrak} = 1) or (${variant} = 'souvenir' and ${skins.souvenir} = 1))
              and (${hasAlert} or ${alertCount} < ${limit})`,
      )
      .onConflictDoUpdate({
        target: [priceAlerts.userId, priceAlerts.skinId],
        set: {
          wear: sql`excluded.wear`,
          variant: sql`excluded.variant`,
          targetCents: sql`excluded.target_cents`,
          targetCurrency: sql`excluded.target_currency`,
          targetTypedMinor: sql`excluded.target_typed_minor`,
          targetRatePerUsd: sql`excluded.target_rate_per_usd`,
          lastPriceCents: sql`excluded.last_price_cents`,
          updatedAt: sql`excluded.updated_at`,
        },
      })
      .returning({ lastPriceCents: priceAlerts.lastPriceCents }),
  ]);
  if (written) {
    const current = written.lastPriceCents ?? 0;
    return { ok: true, currentPriceCents: current, belowTarget: isBelowTarget(current, targetCents) };
  }
  if (!skin) return { ok: false, reason: "skin-not-found" };
  if (!skin.favorite) return { ok: false, reason: "not-favorite" };
  if (!skin.wearEnabled) return { ok: false, reason: "wear-impossible" };
  // Changing an alert the favourite already has is always allowed; a new one only below the limit.
  if (!skin.hasAlert && skin.atLimit) return { ok: false, reason: "limit" };
  return { ok: false, reason: "variant-impossible" };
}

/**
 * Removes the alert of one of the user's own favourites (removing one that is already gone is
 * fine: a second click changes nothing). Another user's favourite, or a skin that is not the
 * user's favourite, is refused and nothing is written.
 */
export async function removePriceAlert(db: Database, userId: string, skinId: string): Promise<{ ok: true } | { ok: false; reason: "not-favorite" }> {
  const [favorite] = await db.batch([
    favoriteQuery(db, userId, skinId),
    db.delete(priceAlerts).where(and(eq(priceAlerts.userId, userId), eq(priceAlerts.skinId, skinId))),
  ]);
  return favorite.length > 0 ? { ok: true } : { ok: false, reason: "not-favorite" };
}

// ------------------------------------------------------------------ the notify step of the price job

/** Alerts read per query, and alerts written per `db.batch` (at most three statements each). */
export const NOTIFY_PAGE_SIZE = 200;
export const NOTIFY_BATCH_SIZE = 40;

export interface NotifyOptions {
  /** The public origin for the links in the mail (`APP_ORIGIN`). */
  appOrigin: string;
  /** The run's clock (ms). */
  now?: number;
}

export interface NotifyResult {
  /** Alerts whose price had moved since the last run. */
  checked: number;
  /** Alerts whose new price was recorded by this run. */
  recorded: number;
  /** Mails queued (crossings). */
  notified: number;
}

/** An alert still in the state a run read: user, skin, last price, target, wear, variant. */
function sameState(row: DueAlert, last: number | null) {
  return and(
    eq(priceAlerts.userId, row.user_id),
    eq(priceAlerts.skinId, row.skin_id),
    last === null ? isNull(priceAlerts.lastPriceCents) : eq(priceAlerts.lastPriceCents, last),
    eq(priceAlerts.targetCents, row.target_cents),
    sql`${priceAlerts.wear} = ${row.wear}`,
    sql`${priceAlerts.variant} = ${row.variant}`,
  )!;
}

interface DueAlert {
  user_id: string;
  skin_id: string;
  email: string;
  /** The player's chosen currency (null: US dollars), which the mail is written in. */
  currency: string | null;
  wear: string;
  variant: string;
  target_cents: number;
  /** The target as typed (null: in US dollars), which the mail writes in that currency. */
  target_currency: string | null;
  target_typed_minor: number | null;
  last_price_cents: number | null;
  skin_name: string;
  current_price_cents: number;
}

/**
 * Run after the price job has written prices: for every alert whose current price (0 = no data,
 * ignored) differs from the price it saw last, record the new price, and when it crossed the
 * target (from at or above to below) queue one mail through the outbox and set `last_notified_at`.
 *
 * Exactly once per crossing, even with runs at once: each alert's mail (queued, and removed again
 * unless the alert still has the state this run read: `last_price_cents`, target, wear, variant)
 * and its state update (which holds only in that state) are one batch, a transaction. The first
 * run to commit moves the state on; a second run's mail is removed and its update matches nothing.
 * An alert changed on the profile in between is left to the next run. Statements bind at most 8
 * parameters; a batch holds at most 120 statements (three per alert).
 */
export async function notifyPriceAlerts(db: Database, { appOrigin, now = Date.now() }: NotifyOptions): Promise<NotifyResult> {
  const result: NotifyResult = { checked: 0, recorded: 0, notified: 0 };
  let after = { userId: "", skinId: "" };
  const rates = await exchangeRatesQuery(db);
  const moneyOf = (currency: string | null) => moneyFor(rateFromRows(rates, isCurrencyCode(currency) ? currency : STORED_CURRENCY) ?? USD_RATE);
  for (;;) {
    // Keyset pages over the primary key; only alerts whose price moved (and has data) come back.
    const rows = await db.all<DueAlert>(
      sql`select a.user_id, a.skin_id, u.email, u.currency, a.wear, a.variant, a.target_cents, a.target_currency, a.target_typed_minor,
            a.last_price_cents, s.name as skin_name,
            case when a.variant = 'normal' then coalesce(w.price_cents, 0) else coalesce(v.price_cents, 0) end as current_price_cents
          from ${priceAlerts} a
          join ${skins} s on s.id = a.skin_id
          join ${users} u on u.id = a.user_id
          left join ${skinWears} w on w.skin_id = a.skin_id and w.wear = a.wear
          left join ${skinVariantPrices} v on v.skin_id = a.skin_id and v.variant = a.variant and v.wear = a.wear
          where (a.user_id, a.skin_id) > (${after.userId}, ${after.skinId})
            and current_price_cents > 0 and a.last_price_cents is not current_price_cents
          order by a.user_id, a.skin_id
          limit ${NOTIFY_PAGE_SIZE}`,
    );
    if (rows.length === 0) break;
    result.checked += rows.length;

    for (let start = 0; start < rows.length; start += NOTIFY_BATCH_SIZE) {
      const chunk = rows.slice(start, start + NOTIFY_BATCH_SIZE);
      const statements: BatchItem<"sqlite">[] = [];
      /** The index of each alert's state update in `statements`, and whether it goes with a mail. */
      const updates: { index: number; mail: boolean }[] = [];
      for (const row of chunk) {
        const last = row.last_price_cents === null ? null : Number(row.last_price_cents);
        const current = Number(row.current_price_cents);
        const step = alertStep(last, current, Number(row.target_cents));
        if (!step.record) continue;
        // The state this run read; every statement below holds only while the alert still has it.
        const seen = sameState(row, last);
        const wear = isWear(row.wear) ? row.wear : null;
        const mail = step.notify && last !== null && wear !== null;
        if (mail) {
          const message = priceAlertMail(
            appOrigin,
            row.skin_id,
            {
              skinName: row.skin_name,
              variant: row.variant as AlertVariant,
              wear,
              targetCents: Number(row.target_cents),
              targetTyped: isCurrencyCode(row.target_currency) ? typedFigure(row.target_currency, row.target_typed_minor) : null,
              oldCents: last,
              newCents: current,
            },
            moneyOf(row.currency),
          );
          statements.push(
            ...enqueueMailWhereQueries(
              db,
              { ...message, to: row.email },
              exists(
                db
                  .select({ one: sql`1` })
                  .from(priceAlerts)
                  .where(seen),
              ),
              now,
            ),
          );
        }
        updates.push({ index: statements.length, mail });
        statements.push(
          db
            .update(priceAlerts)
            .set(mail ? { lastPriceCents: current, lastNotifiedAt: new Date(now) } : { lastPriceCents: current })
            .where(seen),
        );
      }
      if (statements.length === 0) continue;
      const outcomes = (await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]])) as D1Result[];
      // The update holds exactly when the mail was kept: both ask for the state this run read, in one transaction.
      for (const { index, mail } of updates) {
        if (!outcomes[index]!.meta.changes) continue;
        result.recorded += 1;
        if (mail) result.notified += 1;
      }
    }
    const last = rows[rows.length - 1]!;
    after = { userId: last.user_id, skinId: last.skin_id };
    if (rows.length < NOTIFY_PAGE_SIZE) break;
  }
  return result;
}
