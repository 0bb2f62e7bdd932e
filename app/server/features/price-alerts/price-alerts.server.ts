import { and, asc, desc, eq, sql, type SQL } from "drizzle-orm";
import { ACCOUNT_LIMITS } from "~/domain/limits";
import { alertStep, ALERT_VARIANTS, isBelowTarget, type AlertVariant, type FavoriteAlert } from "~/domain/price-alerts";
import { isWear, WEARS, type Wear } from "~/domain/wear";
import type { Database } from "../../db/client.server";
import { priceAlerts, skins, skinVariantPrices, skinWears, userFavorites } from "../../db/schema.server";
import { favoriteQuery } from "../favorites.server";
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

/** Puts the two queries' rows together: one entry per favourite, in the favourites' order. */
export function toFavoriteAlerts(alertRows: readonly AlertRow[], wearRows: readonly WearRow[]): FavoriteAlert[] {
  const wearsBySkin = new Map<string, Set<Wear>>();
  for (const row of wearRows) {
    const set = wearsBySkin.get(row.skinId) ?? new Set<Wear>();
    set.add(row.wear);
    wearsBySkin.set(row.skinId, set);
  }
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
            currentPriceCents: Number(row.currentPriceCents ?? 0),
            lastNotifiedAt: row.lastNotifiedAt === null ? null : Number(row.lastNotifiedAt),
            updatedAt: Number(row.updatedAt ?? 0),
          }
        : null,
  }));
}

/** The user's favourites with their alerts, in one round trip (pages put the two queries in their own batch). */
export async function listFavoriteAlerts(db: Database, userId: string): Promise<FavoriteAlert[]> {
  const [alertRows, wearRows] = await db.batch([favoriteAlertsQuery(db, userId), favoriteWearsQuery(db, userId)]);
  return toFavoriteAlerts(alertRows, wearRows);
}

// ------------------------------------------------------------------ set, change, remove

export interface PriceAlertWrite {
  skinId: string;
  wear: Wear;
  variant: AlertVariant;
  targetCents: number;
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
  const d1 = db.$client;
  const [lookup, upsert] = await d1.batch<Record<string, unknown>>([
    d1
      .prepare(
        `SELECT
           EXISTS (SELECT 1 FROM user_favorites f WHERE f.user_id = ?1 AND f.skin_id = s.id) AS favorite,
           (SELECT w.enabled FROM skin_wears w WHERE w.skin_id = s.id AND w.wear = ?3) AS wear_enabled,
           EXISTS (SELECT 1 FROM price_alerts a WHERE a.user_id = ?1 AND a.skin_id = s.id) AS has_alert,
           (SELECT count(*) FROM price_alerts a WHERE a.user_id = ?1) >= ?4 AS at_limit
         FROM skins s WHERE s.id = ?2`,
      )
      .bind(userId, input.skinId, input.wear, ACCOUNT_LIMITS.priceAlerts),
    d1
      .prepare(
        `INSERT INTO price_alerts (user_id, skin_id, wear, variant, target_cents, last_price_cents, last_notified_at, created_at, updated_at)
         SELECT f.user_id, f.skin_id, ?3, ?4, ?5,
           nullif(CASE WHEN ?4 = 'normal' THEN w.price_cents
             ELSE coalesce((SELECT v.price_cents FROM skin_variant_prices v WHERE v.skin_id = f.skin_id AND v.variant = ?4 AND v.wear = ?3), 0) END, 0),
           NULL, ?6, ?6
         FROM user_favorites f
         JOIN skins s ON s.id = f.skin_id
         JOIN skin_wears w ON w.skin_id = f.skin_id AND w.wear = ?3 AND w.enabled = 1
         WHERE f.user_id = ?1 AND f.skin_id = ?2
           AND (?4 = 'normal' OR (?4 = 'stattrak' AND s.stattrak = 1) OR (?4 = 'souvenir' AND s.souvenir = 1))
           AND (EXISTS (SELECT 1 FROM price_alerts a WHERE a.user_id = ?1 AND a.skin_id = ?2)
             OR (SELECT count(*) FROM price_alerts a WHERE a.user_id = ?1) < ?7)
         ON CONFLICT (user_id, skin_id) DO UPDATE SET
           wear = excluded.wear, variant = excluded.variant, target_cents = excluded.target_cents,
           last_price_cents = excluded.last_price_cents, updated_at = excluded.updated_at
         RETURNING last_price_cents`,
      )
      .bind(userId, input.skinId, input.wear, input.variant, input.targetCents, now, ACCOUNT_LIMITS.priceAlerts),
  ]);
  const written = upsert?.results?.[0];
  if (written) {
    const current = written.last_price_cents === null ? 0 : Number(written.last_price_cents);
    return { ok: true, currentPriceCents: current, belowTarget: isBelowTarget(current, input.targetCents) };
  }
  const skin = lookup?.results?.[0];
  if (!skin) return { ok: false, reason: "skin-not-found" };
  if (!skin.favorite) return { ok: false, reason: "not-favorite" };
  if (!skin.wear_enabled) return { ok: false, reason: "wear-impossible" };
  // Changing an alert the favourite already has is always allowed; a new one only below the limit.
  if (!skin.has_alert && skin.at_limit) return { ok: false, reason: "limit" };
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

/** Alerts read per query, and alerts written per `db.batch` (at most two statements each). */
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

/** An alert still in the state a run read (parameters 1 to 6: user, skin, last price, target, wear, variant). */
const SAME_STATE = "user_id = ?1 AND skin_id = ?2 AND last_price_cents IS ?3 AND target_cents = ?4 AND wear = ?5 AND variant = ?6";

interface DueAlert {
  user_id: string;
  skin_id: string;
  wear: string;
  variant: string;
  target_cents: number;
  last_price_cents: number | null;
  skin_name: string;
  current_price_cents: number;
}

/**
 * Run after the price job has written prices: for every alert whose current price (0 = no data,
 * ignored) differs from the price it saw last, record the new price, and when it crossed the
 * target (from at or above to below) queue one mail through the outbox and set `last_notified_at`.
 *
 * Exactly once per crossing, even with runs at once: each alert's mail insert and its state update
 * are one batch (a transaction), and both hold only while the alert still has the state this run
 * read (`last_price_cents`, target, wear, variant). The first run to commit moves the state on; a
 * second run's statements then match nothing. An alert changed on the profile in between is left
 * to the next run. Statements bind at most 11 parameters; a batch holds at most 80 statements.
 */
export async function notifyPriceAlerts(db: Database, { appOrigin, now = Date.now() }: NotifyOptions): Promise<NotifyResult> {
  const d1 = db.$client;
  const result: NotifyResult = { checked: 0, recorded: 0, notified: 0 };
  let after = { userId: "", skinId: "" };
  for (;;) {
    // Keyset pages over the primary key; only alerts whose price moved (and has data) come back.
    const page = await d1
      .prepare(
        `SELECT a.user_id, a.skin_id, a.wear, a.variant, a.target_cents, a.last_price_cents, s.name AS skin_name,
           CASE WHEN a.variant = 'normal' THEN coalesce(w.price_cents, 0) ELSE coalesce(v.price_cents, 0) END AS current_price_cents
         FROM price_alerts a
         JOIN skins s ON s.id = a.skin_id
         LEFT JOIN skin_wears w ON w.skin_id = a.skin_id AND w.wear = a.wear
         LEFT JOIN skin_variant_prices v ON v.skin_id = a.skin_id AND v.variant = a.variant AND v.wear = a.wear
         WHERE (a.user_id, a.skin_id) > (?1, ?2)
           AND current_price_cents > 0 AND a.last_price_cents IS NOT current_price_cents
         ORDER BY a.user_id, a.skin_id
         LIMIT ?3`,
      )
      .bind(after.userId, after.skinId, NOTIFY_PAGE_SIZE)
      .all<DueAlert>();
    const rows = page.results;
    if (rows.length === 0) break;
    result.checked += rows.length;

    for (let start = 0; start < rows.length; start += NOTIFY_BATCH_SIZE) {
      const chunk = rows.slice(start, start + NOTIFY_BATCH_SIZE);
      const statements: D1PreparedStatement[] = [];
      const kinds: ("mail" | "record")[] = [];
      for (const row of chunk) {
        const last = row.last_price_cents === null ? null : Number(row.last_price_cents);
        const current = Number(row.current_price_cents);
        const step = alertStep(last, current, Number(row.target_cents));
        if (!step.record) continue;
        // The state this run read; every statement below holds only while the alert still has it.
        const seen = [row.user_id, row.skin_id, last, row.target_cents, row.wear, row.variant] as const;
        if (step.notify && last !== null && isWear(row.wear)) {
          const mail = priceAlertMail(appOrigin, row.skin_id, {
            skinName: row.skin_name,
            variant: row.variant as AlertVariant,
            wear: row.wear,
            targetCents: Number(row.target_cents),
            oldCents: last,
            newCents: current,
          });
          statements.push(
            d1
              .prepare(
                `INSERT INTO mail_outbox (id, "to", subject, text, html, next_attempt_at, created_at)
                 SELECT ?7, u.email, ?8, ?9, ?10, ?11, ?11
                 FROM price_alerts a JOIN users u ON u.id = a.user_id
                 WHERE a.user_id = ?1 AND a.skin_id = ?2 AND a.last_price_cents IS ?3 AND a.target_cents = ?4 AND a.wear = ?5 AND a.variant = ?6`,
              )
              .bind(...seen, crypto.randomUUID(), mail.subject, mail.text, mail.html, now),
            d1.prepare(`UPDATE price_alerts SET last_price_cents = ?7, last_notified_at = ?8 WHERE ${SAME_STATE}`).bind(...seen, current, now),
          );
          kinds.push("mail", "record");
        } else {
          statements.push(d1.prepare(`UPDATE price_alerts SET last_price_cents = ?7 WHERE ${SAME_STATE}`).bind(...seen, current));
          kinds.push("record");
        }
      }
      if (statements.length === 0) continue;
      const outcomes = await d1.batch(statements);
      outcomes.forEach((outcome, index) => {
        if (!outcome.meta.changes) return;
        if (kinds[index] === "mail") result.notified += 1;
        else result.recorded += 1;
      });
    }
    const last = rows[rows.length - 1]!;
    after = { userId: last.user_id, skinId: last.skin_id };
    if (rows.length < NOTIFY_PAGE_SIZE) break;
  }
  return result;
}
