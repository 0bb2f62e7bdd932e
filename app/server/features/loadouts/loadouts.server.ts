import { and, desc, eq, exists, inArray, sql, type SQL } from "drizzle-orm";
import { ACCOUNT_LIMITS } from "~/domain/limits";
import { copyTitle, type LoadoutKind } from "~/domain/loadouts";
import type { Wear } from "~/domain/wear";
import { storedAmount, typedFigure, type CurrencyCode, type Rate, type StoredAmount, type TypedFigure } from "~/domain/currency";
import { storedBudgetFigures } from "~/domain/loadout-budget";
import type { Database } from "../../db/client.server";
import { unlessRepeated } from "../../db/failures.server";
import { belowLimit } from "../../db/limits.server";
import {
  loadoutShares,
  officialLoadouts,
  officialLoadoutSlots,
  skinMarketPrices,
  skins,
  skinWears,
  userLoadouts,
  userLoadoutSlots,
} from "../../db/schema.server";
import { DEFAULT_MARKET_CHOICE, type MarketChoice } from "~/domain/markets";

/** What a new user loadout is made of; `formKey` is its form's (ADR 090). */
export interface NewLoadoutValues {
  title: string;
  description: string | null;
  /** In US cents with what was typed (docs/features/currency.md); null: no budget. */
  budget: StoredAmount | null;
  formKey?: string | null;
}

/** A budget's columns: US cents and what was typed (all null without a budget). */
function budgetColumns(budget: StoredAmount | null) {
  return {
    budgetCents: budget?.usdCents ?? null,
    budgetCurrency: budget?.typed?.currency ?? null,
    budgetTypedMinor: budget?.typed?.minorUnits ?? null,
    budgetRatePerUsd: budget?.typed?.perUsd ?? null,
  };
}

/** A loadout row's budget as stored; null without one. */
export function storedBudget(row: Pick<LoadoutRow, "budgetCents" | "budgetCurrency" | "budgetTypedMinor" | "budgetRatePerUsd">): StoredAmount | null {
  return row.budgetCents === null ? null : storedAmount(row.budgetCents, row.budgetCurrency, row.budgetTypedMinor, row.budgetRatePerUsd);
}

/** A loadout row's budget as typed; null when typed in US dollars, or without a budget. */
export function typedBudget(row: Pick<LoadoutRow, "budgetCurrency" | "budgetTypedMinor">): TypedFigure | null {
  return typedFigure(row.budgetCurrency, row.budgetTypedMinor);
}

/** A loadout's id, or a subquery that yields it (a shared loadout's, by its token). */
export type LoadoutRef = number | SQL;

// ---------------------------------------------------------------- reads (each a query for the page's batch)

/** What a user loadout's card and its editor show of it. */
const userLoadoutColumns = {
  id: userLoadouts.id,
  title: userLoadouts.title,
  description: userLoadouts.description,
  budgetCents: userLoadouts.budgetCents,
  budgetCurrency: userLoadouts.budgetCurrency,
  budgetTypedMinor: userLoadouts.budgetTypedMinor,
  budgetRatePerUsd: userLoadouts.budgetRatePerUsd,
};

/** A user's loadouts, newest first (`userId` may be `requestOwner(context)`: read with the session). */
export function userLoadoutsQuery(db: Database, userId: string | SQL) {
  return db
    .select({
      ...userLoadoutColumns,
      slotCount: sql<number>`(select count(*) from ${userLoadoutSlots} where ${userLoadoutSlots.loadoutId} = ${userLoadouts.id})`,
    })
    .from(userLoadouts)
    .where(eq(userLoadouts.userId, userId))
    .orderBy(desc(userLoadouts.createdAt), desc(userLoadouts.id));
}

/** User loadouts' cards: each with its budget written in the page's currency (`rate`), as typed when typed in it. */
export function withBudgets<Row extends Pick<LoadoutRow, "budgetCents" | "budgetCurrency" | "budgetTypedMinor">>(rows: readonly Row[], rate: Rate) {
  return rows.map((row) => ({ ...row, budget: storedBudgetFigures(row.budgetCents, typedBudget(row), 0, rate)?.budget ?? null }));
}

/**
 * A loadout of either kind in one shape. `ownerId` is null for official loadouts; `version` is the
 * user loadout's version column, or the official loadout's `updated_at` (milliseconds), so both
 * kinds refuse a save made against an older state.
 */
export function loadoutQuery(db: Database, kind: LoadoutKind, id: LoadoutRef) {
  if (kind === "user") {
    return db
      .select({
        ...userLoadoutColumns,
        ownerId: sql<string | null>`${userLoadouts.userId}`,
        version: userLoadouts.version,
      })
      .from(userLoadouts)
      .where(eq(userLoadouts.id, id))
      .limit(1);
  }
  return db
    .select({
      id: officialLoadouts.id,
      title: officialLoadouts.title,
      description: officialLoadouts.description,
      // Named: D1 answers a batch's rows as objects, where two columns called "null" would be one.
      budgetCents: sql<number | null>`null`.as("budget_cents"),
      budgetCurrency: sql<CurrencyCode | null>`null`.as("budget_currency"),
      budgetTypedMinor: sql<number | null>`null`.as("budget_typed_minor"),
      budgetRatePerUsd: sql<number | null>`null`.as("budget_rate_per_usd"),
      ownerId: sql<string | null>`null`.as("owner_id"),
      version: sql<number>`${officialLoadouts.updatedAt}`.as("version"),
    })
    .from(officialLoadouts)
    .where(eq(officialLoadouts.id, id))
    .limit(1);
}
export type LoadoutRow = Awaited<ReturnType<typeof loadoutQuery>>[number];

const slotColumns = (table: typeof userLoadoutSlots | typeof officialLoadoutSlots) => ({
  slot: table.slot,
  skinId: skins.id,
  wear: table.wear,
  name: skins.name,
  image: skins.image,
  rarityColor: skins.rarityColor,
});

/** The filled slots with their skins (a skin gone from the catalogue leaves `skinId` null). */
export function loadoutSlotsQuery(db: Database, kind: LoadoutKind, id: LoadoutRef) {
  if (kind === "user") {
    return db
      .select(slotColumns(userLoadoutSlots))
      .from(userLoadoutSlots)
      .leftJoin(skins, eq(skins.id, userLoadoutSlots.skinId))
      .where(eq(userLoadoutSlots.loadoutId, id));
  }
  return db
    .select(slotColumns(officialLoadoutSlots))
    .from(officialLoadoutSlots)
    .leftJoin(skins, eq(skins.id, officialLoadoutSlots.skinId))
    .where(eq(officialLoadoutSlots.loadoutId, id));
}

/**
 * Every wear row of the loadout's skins, for prices and enabled checks; priced on `market` (that
 * market's row of skin_market_prices, joined by its primary key; 0 without one), by default at the
 * cheapest listing (the stored price).
 */
export function loadoutWearsQuery(db: Database, kind: LoadoutKind, id: LoadoutRef, market: MarketChoice = DEFAULT_MARKET_CHOICE) {
  const table = kind === "user" ? userLoadoutSlots : officialLoadoutSlots;
  const ofLoadout = inArray(skinWears.skinId, db.select({ skinId: table.skinId }).from(table).where(eq(table.loadoutId, id)));
  const columns = { skinId: skinWears.skinId, wear: skinWears.wear, enabled: skinWears.enabled };
  if (market === "cheapest")
    return db
      .select({ ...columns, priceCents: skinWears.priceCents })
      .from(skinWears)
      .where(ofLoadout);
  const m = skinMarketPrices;
  return db
    .select({ ...columns, priceCents: sql<number>`coalesce(${m.priceCents}, 0)`.as("price_cents") })
    .from(skinWears)
    .leftJoin(m, and(eq(m.skinId, skinWears.skinId), eq(m.variant, "normal"), eq(m.wear, skinWears.wear), eq(m.market, market)))
    .where(ofLoadout);
}

// ---------------------------------------------------------------- writes

const nowMs = sql<number>`cast(unixepoch('subsec') * 1000 as integer)`;

/** The user has fewer loadouts than an account may keep. */
export function belowLoadoutLimit(userId: string): SQL {
  return belowLimit(userLoadouts.userId, userId, ACCOUNT_LIMITS.loadouts);
}

/**
 * A new loadout of the user, as `INSERT … SELECT` (drizzle asks for every column): written only
 * while the user is below the limit, counted in the statement itself so that racing inserts cannot
 * overshoot, and while `condition` holds (a share link still there).
 */
export function insertUserLoadout(db: Database, userId: string, values: NewLoadoutValues, condition?: SQL) {
  const budget = budgetColumns(values.budget);
  return db
    .insert(userLoadouts)
    .select(
      db
        .select({
          id: sql<number | null>`null`.as("id"),
          userId: sql<string>`${userId}`.as("user_id"),
          title: sql<string>`${values.title}`.as("title"),
          description: sql<string | null>`${values.description}`.as("description"),
          budgetCents: sql<number | null>`${budget.budgetCents}`.as("budget_cents"),
          budgetCurrency: sql<CurrencyCode | null>`${budget.budgetCurrency}`.as("budget_currency"),
          budgetTypedMinor: sql<number | null>`${budget.budgetTypedMinor}`.as("budget_typed_minor"),
          budgetRatePerUsd: sql<number | null>`${budget.budgetRatePerUsd}`.as("budget_rate_per_usd"),
          version: sql<number>`1`.as("version"),
          formKey: sql<string | null>`${values.formKey ?? null}`.as("form_key"),
          createdAt: nowMs.as("created_at"),
          updatedAt: nowMs.as("updated_at"),
        })
        .from(sql`(select 1)`)
        .where(and(condition, belowLoadoutLimit(userId))),
    )
    .returning({ id: userLoadouts.id });
}

/**
 * For slots copied in the batch right after `insertUserLoadout`: whether it wrote its row
 * (`changes()` still counts the previous statement's rows). So the slots go to the new loadout,
 * never to an older one when the limit held the insert back.
 */
export const loadoutJustInserted = sql`changes() = 1`;

/** A new loadout's id, or "limit" when the user has as many as an account may keep. */
export async function createUserLoadout(db: Database, userId: string, values: NewLoadoutValues): Promise<number | "limit"> {
  const [row] = await insertUserLoadout(db, userId, values);
  return row?.id ?? "limit";
}

/** Where 'Save Loadout' goes: the copy, or the copy the same form's first post made (ADR 090). */
export function copiedPath(copy: number | RepeatedForm): string {
  if (typeof copy === "number") return `/loadouts/user/${copy}?notice=copied`;
  return copy.repeated === null ? "/loadouts" : `/loadouts/user/${copy.repeated}?notice=already-copied`;
}

/** The form posted a second time: the loadout its first post made (null if deleted since). */
export interface RepeatedForm {
  repeated: number | null;
}

/**
 * A write that makes a loadout with `formKey` (ADR 090): when the user has a loadout with that key
 * already, the same form was posted twice, nothing was written, and the answer names that loadout.
 */
export async function onceForForm<T>(db: Database, userId: string, formKey: string | null, write: () => Promise<T>): Promise<T | RepeatedForm> {
  const written = await unlessRepeated(write(), formKey, "user_loadouts.form_key");
  if (written !== "repeated") return written;
  const [made] = await db
    .select({ id: userLoadouts.id })
    .from(userLoadouts)
    // Only a post with a key is answered "repeated".
    .where(and(eq(userLoadouts.userId, userId), eq(userLoadouts.formKey, formKey!)))
    .limit(1);
  return { repeated: made?.id ?? null };
}

/**
 * The id of the user's newest loadout, as the `loadout_id` of slots copied in the batch that
 * inserted it (a batch is one transaction: no other write comes between).
 */
export function newestLoadoutOf(userId: string) {
  return sql<number>`(select max(${userLoadouts.id}) from ${userLoadouts} where ${userLoadouts.userId} = ${userId})`.as("loadout_id");
}

/**
 * 'Save Loadout': a user loadout titled '{title} (Copy)' with the official's description, no
 * budget and every slot's skin and wear, written in one batch. Null when the official is gone,
 * "limit" when the user has as many loadouts as an account may keep.
 */
export async function copyOfficialLoadout(db: Database, userId: string, officialId: number, formKey: string | null = null): Promise<number | null | "limit"> {
  const [official] = await db
    .select({ title: officialLoadouts.title, description: officialLoadouts.description })
    .from(officialLoadouts)
    .where(eq(officialLoadouts.id, officialId))
    .limit(1);
  if (!official) return null;
  const [inserted] = await db.batch([
    insertUserLoadout(db, userId, { title: copyTitle(official.title), description: official.description, budget: null, formKey }),
    db.insert(userLoadoutSlots).select(
      db
        .select({
          loadoutId: newestLoadoutOf(userId),
          slot: officialLoadoutSlots.slot,
          skinId: officialLoadoutSlots.skinId,
          wear: officialLoadoutSlots.wear,
        })
        .from(officialLoadoutSlots)
        .where(and(eq(officialLoadoutSlots.loadoutId, officialId), loadoutJustInserted)),
    ),
  ]);
  return inserted[0]?.id ?? "limit";
}

/**
 * Deletes by id and owner (its slots and share link go with it); null when no such loadout of this
 * user exists, else the share link's token that just stopped working, for purging its kept pages.
 */
export async function deleteUserLoadout(db: Database, userId: string, id: number): Promise<{ shareToken: string | null } | null> {
  const owned = and(eq(userLoadouts.id, id), eq(userLoadouts.userId, userId));
  const [shares, deleted] = await db.batch([
    db
      .select({ token: loadoutShares.token })
      .from(loadoutShares)
      .where(inArray(loadoutShares.loadoutId, db.select({ id: userLoadouts.id }).from(userLoadouts).where(owned))),
    db.delete(userLoadouts).where(owned).returning({ id: userLoadouts.id }),
  ]);
  return deleted.length > 0 ? { shareToken: shares[0]?.token ?? null } : null;
}

/**
 * Who may write which loadout: a user's own loadout (checked by owner), or an official loadout
 * (the caller has checked that the user is an admin).
 */
export type LoadoutTarget = { kind: "user"; id: number; userId: string } | { kind: "official"; id: number };

export type WriteResult = "saved" | "conflict";

/** The loadout row exists, is the target's, and still has the version the editor was rendered with. */
function guard(target: LoadoutTarget, version: number): SQL {
  return target.kind === "user"
    ? and(eq(userLoadouts.id, target.id), eq(userLoadouts.userId, target.userId), eq(userLoadouts.version, version))!
    : and(eq(officialLoadouts.id, target.id), sql`${officialLoadouts.updatedAt} = ${version}`)!;
}

/** Bumps the version (user) or `updated_at` (official) when the guard holds; returns a row when it did. */
function bumpVersion(db: Database, target: LoadoutTarget, version: number) {
  const now = Date.now();
  if (target.kind === "user") {
    return db
      .update(userLoadouts)
      .set({ version: sql`${userLoadouts.version} + 1`, updatedAt: new Date(now) })
      .where(guard(target, version))
      .returning({ id: userLoadouts.id });
  }
  // A new updated_at that surely differs from the old one, even within the same millisecond.
  return db
    .update(officialLoadouts)
    .set({ updatedAt: sql`max(${now}, ${officialLoadouts.updatedAt} + 1)` })
    .where(guard(target, version))
    .returning({ id: officialLoadouts.id });
}

const slotsTable = (target: LoadoutTarget) => (target.kind === "user" ? userLoadoutSlots : officialLoadoutSlots);

type SlotWrite = { key: string; skinId: string; wear: Wear | null };

/**
 * A slot's values selected from the loadout row itself, so an insert of them happens only when the
 * guard holds (the row is the target's and at the expected version).
 */
function slotValues(slot: SlotWrite) {
  return {
    slot: sql<string>`${slot.key}`.as("slot"),
    skinId: sql<string>`${slot.skinId}`.as("skin_id"),
    wear: sql<Wear | null>`${slot.wear}`.as("wear"),
  };
}

type UserTarget = Extract<LoadoutTarget, { kind: "user" }>;

function userSlotInsert(db: Database, target: UserTarget, version: number, slot: SlotWrite) {
  return db.insert(userLoadoutSlots).select(
    db
      .select({ loadoutId: userLoadouts.id, ...slotValues(slot) })
      .from(userLoadouts)
      .where(guard(target, version)),
  );
}

/**
 * Puts a skin (and wear, or none) into a slot. One batch: the slot write and the version bump both
 * check the version first, so a stale editor writes nothing and learns of the conflict.
 */
export async function setLoadoutSlot(db: Database, target: LoadoutTarget, version: number, slot: SlotWrite): Promise<WriteResult> {
  const upsert =
    target.kind === "user"
      ? userSlotInsert(db, target, version, slot).onConflictDoUpdate({
          target: [userLoadoutSlots.loadoutId, userLoadoutSlots.slot],
          set: { skinId: sql`excluded.skin_id`, wear: sql`excluded.wear` },
        })
      : db
          .insert(officialLoadoutSlots)
          .select(
            db
              .select({ loadoutId: officialLoadouts.id, ...slotValues(slot) })
              .from(officialLoadouts)
              .where(guard(target, version)),
          )
          .onConflictDoUpdate({
            target: [officialLoadoutSlots.loadoutId, officialLoadoutSlots.slot],
            set: { skinId: sql`excluded.skin_id`, wear: sql`excluded.wear` },
          });
  const [, bumped] = await db.batch([upsert, bumpVersion(db, target, version)]);
  return bumped.length > 0 ? "saved" : "conflict";
}

/**
 * Fills empty slots of a user loadout ('Fill empty slots within budget'): every slot and the
 * version bump in one batch, each under the version check, so a loadout edited since the preview
 * gets nothing (not some of the slots). A slot that is filled keeps its skin.
 */
export async function fillLoadoutSlots(db: Database, target: UserTarget, version: number, slots: readonly SlotWrite[]): Promise<WriteResult> {
  const [first, ...rest] = slots.map((slot) => userSlotInsert(db, target, version, slot).onConflictDoNothing());
  if (!first) return "saved";
  // The bump comes last: the inserts check the version it changes.
  const results = await db.batch([first, ...rest, bumpVersion(db, target, version)]);
  const bumped = results[results.length - 1] as { id: number }[];
  return bumped.length > 0 ? "saved" : "conflict";
}

/** Removes a slot's skin, in one batch with the version check. */
export async function clearLoadoutSlot(db: Database, target: LoadoutTarget, version: number, key: string): Promise<WriteResult> {
  const table = slotsTable(target);
  const owned = target.kind === "user" ? db.select({ id: userLoadouts.id }).from(userLoadouts) : db.select({ id: officialLoadouts.id }).from(officialLoadouts);
  const [, bumped] = await db.batch([
    db.delete(table).where(and(eq(table.loadoutId, target.id), eq(table.slot, key), exists(owned.where(guard(target, version))))),
    bumpVersion(db, target, version),
  ]);
  return bumped.length > 0 ? "saved" : "conflict";
}

/** Title, description and (user loadouts) budget, only if nobody saved since `version`. */
export async function saveLoadoutDetails(
  db: Database,
  target: LoadoutTarget,
  version: number,
  values: { title: string; description: string | null; budget: StoredAmount | null },
): Promise<WriteResult> {
  const now = new Date();
  const rows =
    target.kind === "user"
      ? await db
          .update(userLoadouts)
          .set({
            title: values.title,
            description: values.description,
            ...budgetColumns(values.budget),
            version: sql`${userLoadouts.version} + 1`,
            updatedAt: now,
          })
          .where(guard(target, version))
          .returning({ id: userLoadouts.id })
      : await db
          .update(officialLoadouts)
          .set({ title: values.title, description: values.description, updatedAt: sql`max(${now.getTime()}, ${officialLoadouts.updatedAt} + 1)` })
          .where(guard(target, version))
          .returning({ id: officialLoadouts.id });
  return rows.length > 0 ? "saved" : "conflict";
}
