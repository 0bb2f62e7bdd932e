import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, gt, lte, sql, type SQL } from "drizzle-orm";
import { FILL_MESSAGES, fillProposalKey, proposeFill, type FillSide, type FillVariant } from "~/domain/loadout-fill";
import { LOADOUT_SLOTS } from "~/domain/loadout-slots";
import { buildLoadoutView, LOADOUT_MESSAGES, typeCategoryOf } from "~/domain/loadouts";
import { applyFillSchema } from "~/forms/loadout-fill";
import type { Database } from "../../db/client.server";
import { skinMarketPrices, skins, skinVariantPrices, skinWears, userLoadouts, userLoadoutSlots, weapons } from "../../db/schema.server";
import type { MarketChoice } from "~/domain/markets";
import { requestOwner } from "../../auth/session.server";
import { fillLoadoutSlots, loadoutQuery, loadoutSlotsQuery, loadoutWearsQuery, typedBudget } from "./loadouts.server";
import { fillBudgetCents } from "~/domain/loadout-budget";
import type { Rate } from "~/domain/currency";
import { formRefusal, formReply, parseForm } from "../../http/form-reply.server";

const quote = (text: string) => `'${text.replaceAll("'", "''")}'`;

/**
 * The slot table of a side as an SQL `VALUES` list (slot, weapon, type category). Written out, not
 * bound: the values are this module's constants, and binding 3 per slot would pass D1's limit of
 * 100 parameters a statement.
 */
function slotTable(side: FillSide): SQL {
  const rows = LOADOUT_SLOTS.filter((slot) => side === "both" || slot.side === side).map((slot) => {
    const category = typeCategoryOf(slot);
    return `(${quote(slot.key)}, ${slot.weapon ? quote(slot.weapon) : "null"}, ${category ? quote(category) : "null"})`;
  });
  return sql.raw(`values ${rows.join(", ")}`);
}

const WEAR_ORDER = sql`case ${skinWears.wear} when 'FN' then 0 when 'MW' then 1 when 'FT' then 2 when 'WW' then 3 else 4 end`;

/**
 * What 'Fill empty slots within budget' may propose, bounded for the page's single batch: the skins
 * that fit an empty slot of the side (the slot's weapon; any knife or gloves for those slots), each
 * once, at its cheapest enabled wear with a known price in `variant` (`skin_wears` for normal,
 * `skin_variant_prices` for StatTrak™; on a chosen market, that market's row of `skin_market_prices`)
 * no higher than the budget. Read only for the loadout's owner (by session), so nobody else's request
 * costs the scan.
 */
export function fillOptionsQuery(db: Database, owner: SQL, loadoutId: number, side: FillSide, variant: FillVariant, market: MarketChoice = "cheapest") {
  const budget = db
    .select({ budget: userLoadouts.budgetCents })
    .from(userLoadouts)
    .where(and(eq(userLoadouts.id, loadoutId), eq(userLoadouts.userId, owner)));
  const filled = db.select({ slot: userLoadoutSlots.slot }).from(userLoadoutSlots).where(eq(userLoadoutSlots.loadoutId, loadoutId));
  const price = market !== "cheapest" ? skinMarketPrices.priceCents : variant === "normal" ? skinWears.priceCents : skinVariantPrices.priceCents;
  const base = db
    .select({
      skinId: skins.id,
      name: skins.name,
      rarity: skins.rarity,
      rarityColor: skins.rarityColor,
      stattrak: skins.stattrak,
      weapon: skins.weapon,
      category: weapons.category,
      wear: skinWears.wear,
      enabled: skinWears.enabled,
      priceCents: sql<number>`${price}`.as("price_cents"),
      wearRank: sql<number>`row_number() over (partition by ${skins.id} order by ${price}, ${WEAR_ORDER})`.as("wear_rank"),
    })
    .from(skins)
    .innerJoin(weapons, eq(weapons.name, skins.weapon))
    .innerJoin(skinWears, and(eq(skinWears.skinId, skins.id), eq(skinWears.enabled, true)))
    .$dynamic();
  const priced =
    market !== "cheapest"
      ? base.innerJoin(
          skinMarketPrices,
          and(
            eq(skinMarketPrices.skinId, skins.id),
            eq(skinMarketPrices.variant, variant),
            eq(skinMarketPrices.wear, skinWears.wear),
            eq(skinMarketPrices.market, market),
          ),
        )
      : variant === "normal"
        ? base
        : base.innerJoin(
            skinVariantPrices,
            and(eq(skinVariantPrices.skinId, skins.id), eq(skinVariantPrices.variant, variant), eq(skinVariantPrices.wear, skinWears.wear)),
          );
  const ranked = priced
    .where(
      and(
        gt(price, 0),
        lte(price, sql`(${budget})`),
        sql`exists (select 1 from (${slotTable(side)}) as wanted where wanted.column1 not in (${filled}) and (wanted.column2 = ${skins.weapon} or wanted.column3 = ${weapons.category}))`,
      ),
    )
    .as("ranked");
  return db
    .select({
      skinId: ranked.skinId,
      name: ranked.name,
      rarity: ranked.rarity,
      rarityColor: ranked.rarityColor,
      stattrak: ranked.stattrak,
      weapon: ranked.weapon,
      category: ranked.category,
      wear: ranked.wear,
      enabled: ranked.enabled,
      priceCents: ranked.priceCents,
    })
    .from(ranked)
    .where(eq(ranked.wearRank, 1));
}

/**
 * The fill preview's data in one batch (the loadout, its slots and prices, the options) and the
 * proposal made from it. Null when the loadout does not exist; the caller checks the owner.
 */
export async function loadFillProposal(
  context: AppLoadContext,
  loadoutId: number,
  side: FillSide,
  variant: FillVariant,
  market: MarketChoice,
  ratePromise: Promise<Rate>,
) {
  const { db } = context;
  const [[rows, slots, wears, options], rate] = await Promise.all([
    context.load([
      loadoutQuery(db, "user", loadoutId),
      loadoutSlotsQuery(db, "user", loadoutId),
      loadoutWearsQuery(db, "user", loadoutId, market),
      fillOptionsQuery(db, requestOwner(context), loadoutId, side, variant, market),
    ]),
    ratePromise,
  ]);
  const row = rows[0];
  if (!row) return null;
  const view = buildLoadoutView(slots, wears, row.budgetCents);
  // Filled within the budget as the page shows it (typed in its currency: as typed).
  const budgetCents = row.budgetCents === null ? null : fillBudgetCents(row.budgetCents, typedBudget(row), rate);
  const proposal =
    budgetCents === null
      ? null
      : proposeFill({ side, variant, filledSlots: slots.map((slot) => slot.slot), totalCents: view.totals.totalCents, budgetCents, options });
  return { row, view, proposal };
}

/**
 * Apply on the fill preview (/loadouts/user/{id}/fill). The server makes the proposal again and
 * writes it only when it is still the one the player saw, for the loadout version they saw; every
 * slot and the version bump go in one batch. 404 for anyone but the owner.
 */
export async function applyFillAction(
  context: AppLoadContext,
  userId: string,
  loadoutId: number | null,
  form: FormData,
  market: MarketChoice,
  ratePromise: Promise<Rate>,
) {
  const submission = parseForm(form, applyFillSchema);
  // A 409 asks the page to load the latest proposal (Remix does not reload after a 4xx by itself).
  const fail = (status: number, message: string) => formRefusal("apply", message, status, { extra: { conflict: status === 409 } });
  if (loadoutId === null) return fail(404, LOADOUT_MESSAGES.notFound);
  if (submission.status !== "success") return formReply("apply", submission.reply(), { extra: { conflict: false } });
  const { side, variant, version, proposal: seen } = submission.value;

  const loaded = await loadFillProposal(context, loadoutId, side, variant, market, ratePromise);
  if (!loaded || loaded.row.ownerId !== userId) return fail(404, LOADOUT_MESSAGES.notFound);
  if (loaded.row.version !== version) return fail(409, LOADOUT_MESSAGES.changedElsewhere);
  if (!loaded.proposal) return fail(400, FILL_MESSAGES.noBudget);
  if (fillProposalKey(loaded.proposal.picks) !== seen) return fail(409, FILL_MESSAGES.pricesChanged);
  if (loaded.proposal.picks.length === 0) return fail(400, FILL_MESSAGES.nothingToApply);

  const written = await fillLoadoutSlots(
    context.db,
    { kind: "user", id: loadoutId, userId },
    version,
    loaded.proposal.picks.map((pick) => ({ key: pick.slot, skinId: pick.option.skinId, wear: pick.option.wear })),
  );
  if (written === "conflict") return fail(409, LOADOUT_MESSAGES.changedElsewhere);
  return redirect(`/loadouts/user/${loadoutId}?notice=filled${side === "ct" ? "&side=ct" : ""}${market === "cheapest" ? "" : `&market=${market}`}`);
}
