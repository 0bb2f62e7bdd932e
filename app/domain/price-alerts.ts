import type { TypedFigure } from "./currency.ts";
import type { Money } from "./money.ts";
import { pageOf, requestedPage } from "./pages.ts";
import { VARIANT_NAMES, VARIANTS, type Variant } from "./variants.ts";
import { WEAR_NAMES, type Wear } from "./wear.ts";

/**
 * Price alerts on favourites: "tell me when the Field-Tested price drops below $25". The price
 * job's notify step compares each alert's current price with the price it saw last.
 */

/** An alert watches one of the skin's variants (app/domain/variants.ts). */
export const ALERT_VARIANTS = VARIANTS;
export type AlertVariant = Variant;
export const ALERT_VARIANT_NAMES = VARIANT_NAMES;

/** The highest target a form accepts: above any real skin price, and well inside safe integers. */
export const ALERT_TARGET_MAX_CENTS = 100_000_00;

/** A favourite with its alert (or none), as the profile shows and edits it. */
export interface FavoriteAlert {
  skinId: string;
  name: string;
  /** Possible wears in wear order; the form offers these. */
  wears: Wear[];
  /** Variants the skin comes in ("normal" always). */
  variants: AlertVariant[];
  alert: {
    wear: Wear;
    variant: AlertVariant;
    /** In US cents, which the notify step compares prices with. */
    targetCents: number;
    /** The target written in the page's currency, as typed when typed in it; and as the form's field shows it ("25.00"). */
    target: string;
    targetInput: string;
    /** The alert's wear and variant now; 0 = no data. */
    currentPriceCents: number;
    lastNotifiedAt: number | null;
    updatedAt: number;
  } | null;
}

/**
 * A crossing: the price seen last was at or above the target and the current one is below it.
 * A price of 0 means no data and is never a crossing; without a price seen before (the alert was
 * set while the wear had no data) the first price only arms or disarms the alert.
 */
export function isCrossing(lastCents: number | null, currentCents: number, targetCents: number): boolean {
  return lastCents !== null && lastCents >= targetCents && currentCents > 0 && currentCents < targetCents;
}

/**
 * What one notify run does with an alert: nothing while the wear has no price (0) or the price is
 * the one seen last; otherwise record the new price, and mail when it crossed the target.
 * Recording a price at or above the target is what re-arms the alert.
 */
export function alertStep(lastCents: number | null, currentCents: number, targetCents: number): { record: false } | { record: true; notify: boolean } {
  if (currentCents <= 0 || currentCents === lastCents) return { record: false };
  return { record: true, notify: isCrossing(lastCents, currentCents, targetCents) };
}

/** Whether a price already lies below the target (shown when an alert is saved: no mail until it has risen again). */
export function isBelowTarget(currentCents: number | null, targetCents: number): boolean {
  return currentCents !== null && currentCents > 0 && currentCents < targetCents;
}

/** The id of a favourite's alert card on the profile (the mail and the skin page link to it). */
export function alertAnchor(skinId: string): string {
  return `alert-${skinId}`;
}

/** The item as players name it: "StatTrak™ AK-47 | Redline (Field-Tested)". */
export function alertItemName(skinName: string, variant: AlertVariant, wear: Wear): string {
  const prefix = variant === "normal" ? "" : `${ALERT_VARIANT_NAMES[variant]} `;
  return `${prefix}${skinName} (${WEAR_NAMES[wear]})`;
}

export interface AlertMailFacts {
  skinName: string;
  variant: AlertVariant;
  wear: Wear;
  targetCents: number;
  /** The target as the player typed it (null: in US dollars): the mail writes it so in that currency. */
  targetTyped: TypedFigure | null;
  oldCents: number;
  newCents: number;
}

/** Subject and the sentences of an alert mail (the template adds the links). */
export function alertMailLines(facts: AlertMailFacts, money: Money): { subject: string; lines: string[] } {
  const item = alertItemName(facts.skinName, facts.variant, facts.wear);
  return {
    subject: `Price alert: ${item} is now ${money.format(facts.newCents)}`,
    lines: [
      `The price of ${item} dropped below your target of ${money.typed(facts.targetCents, facts.targetTyped)}.`,
      `Old price: ${money.format(facts.oldCents)}. New price: ${money.format(facts.newCents)}.`,
    ],
  };
}

/**
 * One page of the favourites tab: the favourites' cards and their alerts (`?page=N`; without it,
 * the page holding `?alert=SKIN`, where a saved alert returns to).
 */
export function favoritesPage<Card extends { id: string }, Alert extends { skinId: string }>(
  cards: readonly Card[],
  alerts: readonly Alert[],
  params: URLSearchParams,
) {
  const pointedAt = params.get("alert");
  const shown = pageOf(
    cards,
    requestedPage(params, cards, (card) => card.id === pointedAt),
  );
  const onPage = new Set(shown.items.map((card) => card.id));
  return { favorites: shown.items, alerts: alerts.filter((alert) => onPage.has(alert.skinId)), page: shown.page, pageCount: shown.pageCount };
}
