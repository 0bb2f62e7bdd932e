import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, exists, inArray, sql, type SQL } from "drizzle-orm";
import { SHARE_TOKEN_BYTES, sharedView, type ShareChoices } from "~/domain/loadout-sharing";
import { copyTitle, LOADOUT_MESSAGES, parseSide } from "~/domain/loadouts";
import { shareLinkSchema } from "~/forms/loadout-sharing";
import { randomToken } from "../../auth/tokens.server";
import type { Database } from "../../db/client.server";
import { loadoutShares, userLoadouts, userLoadoutSlots } from "../../db/schema.server";
import { sharedLoadoutPages } from "../../http/edge-cache-plan.server";
import { formText } from "../../http/form-body.server";
import { belowLoadoutLimit, insertUserLoadout, loadoutJustInserted, newestLoadoutOf, storedBudget } from "./loadouts.server";
import { formRefusal, formReply, parseForm } from "../../http/form-reply.server";

// ---------------------------------------------------------------- reads (each a query for the page's batch)

const choiceColumns = { showDescription: loadoutShares.showDescription, showBudget: loadoutShares.showBudget };

/** The loadout's share link and what it shows, if it has one (the owner's page shows it). */
export function loadoutShareQuery(db: Database, loadoutId: number) {
  return db
    .select({ token: loadoutShares.token, ...choiceColumns })
    .from(loadoutShares)
    .where(eq(loadoutShares.loadoutId, loadoutId))
    .limit(1);
}

/** What a link shows besides the title, slots and total (the shared page reads it in its batch). */
export function shareChoicesQuery(db: Database, token: string) {
  return db.select(choiceColumns).from(loadoutShares).where(eq(loadoutShares.token, token)).limit(1);
}

/** The id of the loadout a token shares, as a subquery: the loadout queries read a shared loadout through it. */
export function sharedLoadoutId(db: Database, token: string): SQL {
  return sql`(${db.select({ id: loadoutShares.loadoutId }).from(loadoutShares).where(eq(loadoutShares.token, token))})`;
}

// ---------------------------------------------------------------- writes

const ownedBy = (userId: string, loadoutId: number) => and(eq(userLoadouts.id, loadoutId), eq(userLoadouts.userId, userId));
const nowMs = sql<number>`cast(unixepoch('subsec') * 1000 as integer)`;

/**
 * A new link for the user's own loadout, showing what `choices` say, replacing the old one (which
 * stops working). One batch: the old token is read and deleted, and the new one is inserted only
 * if the loadout is this user's. Null when it is not (or is gone); `previous` is the token that
 * stopped working.
 */
export async function createShareLink(
  db: Database,
  userId: string,
  loadoutId: number,
  choices: ShareChoices,
): Promise<{ token: string; previous: string | null } | null> {
  const token = randomToken(SHARE_TOKEN_BYTES);
  const owned = db.select({ id: userLoadouts.id }).from(userLoadouts).where(ownedBy(userId, loadoutId));
  const [previous, , inserted] = await db.batch([
    db.select({ token: loadoutShares.token }).from(loadoutShares).where(inArray(loadoutShares.loadoutId, owned)),
    db.delete(loadoutShares).where(inArray(loadoutShares.loadoutId, owned)),
    db
      .insert(loadoutShares)
      .select(
        db
          .select({
            token: sql<string>`${token}`.as("token"),
            loadoutId: userLoadouts.id,
            showDescription: sql<boolean>`${choices.showDescription ? 1 : 0}`.as("show_description"),
            showBudget: sql<boolean>`${choices.showBudget ? 1 : 0}`.as("show_budget"),
            createdAt: nowMs.as("created_at"),
          })
          .from(userLoadouts)
          .where(ownedBy(userId, loadoutId)),
      )
      .returning({ token: loadoutShares.token }),
  ]);
  return inserted.length > 0 ? { token, previous: previous[0]?.token ?? null } : null;
}

/**
 * Changes what the user's own loadout's link shows; the token stays. Null when the loadout is not
 * theirs; else the link's token (null when it has none).
 */
export async function changeShareChoices(db: Database, userId: string, loadoutId: number, choices: ShareChoices): Promise<{ token: string | null } | null> {
  const owned = db.select({ id: userLoadouts.id }).from(userLoadouts).where(ownedBy(userId, loadoutId));
  const [found, updated] = await db.batch([
    owned,
    db.update(loadoutShares).set(choices).where(inArray(loadoutShares.loadoutId, owned)).returning({ token: loadoutShares.token }),
  ]);
  return found.length > 0 ? { token: updated[0]?.token ?? null } : null;
}

/** Ends the user's own loadout's link. Null when the loadout is not theirs; else the token that stopped working (null if there was none). */
export async function revokeShareLink(db: Database, userId: string, loadoutId: number): Promise<{ revoked: string | null } | null> {
  const owned = db.select({ id: userLoadouts.id }).from(userLoadouts).where(ownedBy(userId, loadoutId));
  const [found, deleted] = await db.batch([
    owned,
    db.delete(loadoutShares).where(inArray(loadoutShares.loadoutId, owned)).returning({ token: loadoutShares.token }),
  ]);
  return found.length > 0 ? { revoked: deleted[0]?.token ?? null } : null;
}

/**
 * 'Save Loadout' from a shared link, as from an official loadout: a loadout of the user's own
 * titled '{title} (Copy)' with every slot, and the description and the budget only if the link
 * shows them: a copy holds no more than the link showed. Both inserts select through the token
 * and the link's choices as read, in one batch, so a link revoked (or changed) in the meantime
 * copies nothing at all. Null when the link does not exist (any more), "limit" when the user has
 * as many loadouts as an account may keep.
 */
export async function copySharedLoadout(db: Database, userId: string, token: string, formKey: string | null = null): Promise<number | null | "limit"> {
  const [shared] = await db
    .select({
      id: userLoadouts.id,
      title: userLoadouts.title,
      description: userLoadouts.description,
      budgetCents: userLoadouts.budgetCents,
      budgetCurrency: userLoadouts.budgetCurrency,
      budgetTypedMinor: userLoadouts.budgetTypedMinor,
      budgetRatePerUsd: userLoadouts.budgetRatePerUsd,
      ...choiceColumns,
    })
    .from(userLoadouts)
    .innerJoin(loadoutShares, eq(loadoutShares.loadoutId, userLoadouts.id))
    .where(eq(loadoutShares.token, token))
    .limit(1);
  if (!shared) return null;
  const shown = sharedView(shared, shared);
  const stillShared = and(
    eq(loadoutShares.token, token),
    eq(loadoutShares.loadoutId, shared.id),
    eq(loadoutShares.showDescription, shared.showDescription),
    eq(loadoutShares.showBudget, shared.showBudget),
  );
  const [below, inserted] = await db.batch([
    db.select({ below: sql<number>`${belowLoadoutLimit(userId)}` }).from(sql`(select 1)`),
    insertUserLoadout(
      db,
      userId,
      // The budget as stored, with what was typed (none when the link hides it).
      { title: copyTitle(shown.title), description: shown.description, budget: storedBudget(shown), formKey },
      exists(
        db
          .select({ one: sql`1` })
          .from(loadoutShares)
          .where(stillShared),
      ),
    ),
    db.insert(userLoadoutSlots).select(
      db
        .select({
          loadoutId: newestLoadoutOf(userId),
          slot: userLoadoutSlots.slot,
          skinId: userLoadoutSlots.skinId,
          wear: userLoadoutSlots.wear,
        })
        .from(userLoadoutSlots)
        .innerJoin(loadoutShares, stillShared)
        .where(and(eq(userLoadoutSlots.loadoutId, shared.id), loadoutJustInserted)),
    ),
  ]);
  if (inserted[0]) return inserted[0].id;
  return below[0]?.below ? null : "limit";
}

// ---------------------------------------------------------------- the owner's share forms

/**
 * The share intents of /loadouts/user/{id} (`share-create`, `share-settings`, `share-revoke`), for
 * its signed-in caller: another user's loadout answers 404, as a missing one. A link that stops
 * working or changes what it shows has its kept pages dropped from this location's edge cache at
 * once (other locations within its lifetime).
 */
export async function shareLinkAction(context: AppLoadContext, userId: string, loadoutId: number, form: FormData) {
  const submission = parseForm(form, shareLinkSchema);
  if (submission.status !== "success") return formReply("share", submission.reply());
  const refused = () => formRefusal("share", LOADOUT_MESSAGES.notFound, 404);
  // Back to the side the form was posted from (its hidden `side`), as the fill's Apply does.
  const back = `/loadouts/user/${loadoutId}`;
  const sideParam = parseSide(formText(form, "side")) === "ct" ? "&side=ct" : "";
  const { intent } = submission.value;
  const choices: ShareChoices = { showDescription: submission.value.showDescription === "on", showBudget: submission.value.showBudget === "on" };

  switch (intent) {
    case "share-settings": {
      const changed = await changeShareChoices(context.db, userId, loadoutId, choices);
      if (!changed) return refused();
      if (!changed.token) return formRefusal("share", LOADOUT_MESSAGES.shareGone, 409);
      context.purgeEdgeCache(sharedLoadoutPages(changed.token));
      return redirect(`${back}?notice=share-updated${sideParam}`);
    }
    case "share-create": {
      const created = await createShareLink(context.db, userId, loadoutId, choices);
      if (!created) return refused();
      if (created.previous) context.purgeEdgeCache(sharedLoadoutPages(created.previous));
      return redirect(`${back}?notice=${created.previous ? "reshared" : "shared"}${sideParam}`);
    }
    case "share-revoke": {
      const revoked = await revokeShareLink(context.db, userId, loadoutId);
      if (!revoked) return refused();
      if (revoked.revoked) context.purgeEdgeCache(sharedLoadoutPages(revoked.revoked));
      return redirect(`${back}?notice=unshared${sideParam}`);
    }
  }
}
