import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { asc, eq } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { skins, weapons } from "../../db/schema.server";
import { editorHref, editorStage, parseEditorStep, stepWeapon, type EditorData } from "~/domain/loadout-editor";
import { packSideView } from "~/domain/loadout-side-view";
import { findSlot, type Side } from "~/domain/loadout-slots";
import { buildLoadoutView, fitLoadoutTitle, LOADOUT_MESSAGES, parseSide, skinFitsSlot, typeCategoryOf, wearChoice, type LoadoutKind } from "~/domain/loadouts";
import { packSkinCards } from "~/domain/skin-cards";
import type { Wear } from "~/domain/wear";
import { clearSlotSchema, loadoutDetailsSchema, pickSkinSchema, setWearSchema } from "~/forms/loadouts";
import { currencySymbol, minorUnitsToInput, retyped, shownMinorUnits, toMinorUnits, type PageCurrency } from "~/domain/currency";
import { storedBudgetFigures } from "~/domain/loadout-budget";
import { formText, knownIntent, readCappedFormData } from "../../http/form-body.server";
import { getPageCurrency } from "../currency.server";
import { formRefusal, formReply, parseForm } from "../../http/form-reply.server";
import { skinWearsQuery, weaponSkinsQuery } from "../catalogue.server";
import {
  clearLoadoutSlot,
  loadoutQuery,
  loadoutSlotsQuery,
  loadoutWearsQuery,
  saveLoadoutDetails,
  setLoadoutSlot,
  storedBudget,
  typedBudget,
  type LoadoutRow,
  type LoadoutTarget,
  type WriteResult,
} from "./loadouts.server";

/**
 * The slot editor's server half, shared by every caller (the user editor at /loadouts/edit/{id};
 * the admin editor for official loadouts): one read for the page, one handler for its posts. The
 * caller checks who may edit (owner or admin) and passes the kind and its base path.
 */
export async function loadEditor(context: AppLoadContext, kind: LoadoutKind, id: number, request: Request) {
  const { db } = context;
  const url = new URL(request.url);
  const currencyPromise = getPageCurrency(context, request);
  const step = parseEditorStep(url.searchParams);
  const stage = editorStage(step);
  const weapon = stepWeapon(step);
  const category = step.slot ? typeCategoryOf(step.slot) : null;
  // Asked for in the same tick, so the loadout and the picker's data go to D1 in one batch.
  const loadoutPromise = context.load([loadoutQuery(db, kind, id), loadoutSlotsQuery(db, kind, id), loadoutWearsQuery(db, kind, id)]);
  const typesPromise = stage === "types" && category ? context.load([typesQuery(db, category)]) : null;
  const skinsPromise = stage === "skins" && weapon ? context.load([weaponSkinsQuery(db, weapon)]) : null;
  const wearPromise = stage === "wears" && step.skin ? context.load([skinFitQuery(db, step.skin), skinWearsQuery(db, step.skin)]) : null;
  const [[rows, slots, wears], types, skins, wearSkin, { rate }] = await Promise.all([
    loadoutPromise,
    typesPromise,
    skinsPromise,
    wearPromise,
    currencyPromise,
  ]);
  const row = rows[0];
  if (!row) return null;
  const view = buildLoadoutView(slots, wears, row.budgetCents);
  // The budget in the page's currency: as typed when it was typed in it.
  const budget = storedBudgetFigures(row.budgetCents, typedBudget(row), view.totals.totalCents, rate);
  const stored = storedBudget(row);

  const filter = normalise(step.q);
  const pickable = wearSkin?.[0][0] && step.slot && skinFitsSlot(step.slot, wearSkin[0][0]) ? wearSkin[0][0] : null;
  return {
    /** The stored row (owner included), for the caller's permission check; stays on the server. */
    row,
    /** What the page renders: pass it to <LoadoutEditor data={…}>. */
    page: {
      loadout: {
        id: row.id,
        // A title longer than the limit (saved before it held) is offered cut, so a save works.
        title: fitLoadoutTitle(row.title),
        description: row.description,
        budget,
        budgetInput: stored === null ? "" : minorUnitsToInput(shownMinorUnits(stored.usdCents, stored.typed, rate), rate.currency),
        totalMinor: toMinorUnits(view.totals.totalCents, rate),
        currencySign: currencySymbol(rate.currency),
        version: row.version,
      },
      view: packSideView(view, step.side),
      step: {
        side: step.side,
        slot: step.slot?.key ?? null,
        type: step.type,
        q: step.q,
        skin: step.skin,
      },
      stage: stage === "wears" && !pickable ? "skins" : stage,
      types: types?.[0] ?? null,
      skins: skins ? packSkinCards(skins[0].filter((skin) => !filter || normalise(skin.name).includes(filter))) : null,
      wearSkin: pickable && wearSkin ? { ...pickable, wears: wearSkin[1] } : null,
    } satisfies EditorData,
  };
}

function normalise(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]/g, "");
}

export interface EditorCaller {
  target: LoadoutTarget;
  /** The editor's URL, e.g. `/loadouts/edit/7`; picks return to its steps. */
  basePath: string;
  /** Where a successful save goes, given the side the editor showed (the form's hidden `side`). */
  afterSave: (side: Side) => string;
  /** Whether the signed-in user may edit this row (owner, or admin for official loadouts). */
  mayEdit: (row: LoadoutRow) => boolean;
}

/** Handles one of the editor's posts; answers a redirect (Post/Redirect/Get) or a 4xx with a message. */
export async function editorAction(context: AppLoadContext, request: Request, caller: EditorCaller) {
  const body = await readCappedFormData(request);
  const intent = formText(body.ok ? body.form : null, "intent");
  if (!body.ok) return formRefusal(intent, body.message, body.status);
  const post: EditorPost = { db: context.db, form: body.form, caller, pageCurrency: () => getPageCurrency(context, request) };
  switch (knownIntent(intent, ["save", "clear-slot", "pick-skin", "set-wear"])) {
    case "save":
      return saveDetails(post);
    case "clear-slot":
      return clearSlot(post);
    case "pick-skin":
      return placeSkin(post, "pick-skin");
    case "set-wear":
      return placeSkin(post, "set-wear");
    default:
      return formRefusal(intent, "Unknown action.", 400);
  }
}

interface EditorPost {
  db: AppLoadContext["db"];
  form: FormData;
  caller: EditorCaller;
  /** The page's currency, which the budget is typed in. */
  pageCurrency: () => Promise<PageCurrency>;
}

/** Why a write was refused, as a reply: the row is not the caller's (or gone, 404), or its version moved on (409). */
async function refusal({ db, caller }: EditorPost, intent: string) {
  const [row] = await loadoutQuery(db, caller.target.kind, caller.target.id);
  return !row || !caller.mayEdit(row) ? forbidden(intent) : formRefusal(intent, LOADOUT_MESSAGES.changedElsewhere, 409, { extra: { conflict: true } });
}

function forbidden(intent: string) {
  return formRefusal(intent, LOADOUT_MESSAGES.editForbidden, 404);
}

async function done(post: EditorPost, intent: string, result: WriteResult, location: string) {
  return result === "saved" ? redirect(location) : refusal(post, intent);
}

async function saveDetails(post: EditorPost) {
  const { db, form, caller } = post;
  const intent = "save";
  const submission = parseForm(form, loadoutDetailsSchema);
  if (submission.status !== "success") return formReply(intent, submission.reply());
  const { title, description, budget, version } = submission.value;
  // The budget the form showed: kept as stored when it comes back unchanged (docs/features/currency.md).
  const [[row], { rate }] = await Promise.all([loadoutQuery(db, caller.target.kind, caller.target.id), post.pageCurrency()]);
  if (!row || !caller.mayEdit(row)) return forbidden(intent);
  const result =
    row.version === version
      ? await saveLoadoutDetails(db, caller.target, version, {
          title,
          description,
          budget: budget === null ? null : retyped(budget, storedBudget(row), rate),
        })
      : "conflict";
  if (result === "saved") return redirect(caller.afterSave(parseSide(formText(form, "side"))));
  // Keep what was typed: the page shows it again beside the latest version.
  return formReply(intent, submission.reply({ formErrors: [LOADOUT_MESSAGES.changedElsewhere] }), { status: 409, extra: { conflict: true } });
}

async function clearSlot(post: EditorPost) {
  const { db, form, caller } = post;
  const intent = "clear-slot";
  const submission = parseForm(form, clearSlotSchema);
  if (submission.status !== "success") return formRefusal(intent, firstError(submission.error), 400);
  const slot = findSlot(submission.value.slot)!;
  return done(post, intent, await clearLoadoutSlot(db, caller.target, submission.value.version, slot.key), editorHref(caller.basePath, { side: slot.side }));
}

/** pick-skin and set-wear: the skin must exist, fit the slot's weapon and (set-wear) have that wear enabled. */
async function placeSkin(post: EditorPost, intent: "pick-skin" | "set-wear") {
  const { db, form, caller } = post;
  const { target } = caller;
  const submission = parseForm(form, intent === "set-wear" ? setWearSchema : pickSkinSchema);
  if (submission.status !== "success") return formRefusal(intent, firstError(submission.error), 400);
  const value: { slot: string; skinId: string; version: number; wear?: Wear } = submission.value;
  const { skinId, version } = value;
  const slot = findSlot(value.slot)!;
  const [[row], [skin], wears] = await db.batch([loadoutQuery(db, target.kind, target.id), skinFitQuery(db, skinId), skinWearsQuery(db, skinId)]);
  if (!row || !caller.mayEdit(row)) return forbidden(intent);
  if (!skin) return formRefusal(intent, "Unknown skin.", 400);
  if (!skinFitsSlot(slot, skin)) return formRefusal(intent, `${skin.name} does not fit the ${slot.label} slot.`, 400);
  const back = editorHref(caller.basePath, { side: slot.side });

  const requested = value.wear ?? null;
  let wear: Wear | null;
  if (requested) {
    wear = requested;
    if (!wears.some((w) => w.wear === wear && w.enabled)) return formRefusal(intent, `${wear} is not a possible wear for ${skin.name}.`, 400);
  } else {
    const choice = wearChoice(wears);
    if (choice.kind === "choose") {
      const type = typeCategoryOf(slot) ? skin.weapon : null;
      return redirect(
        editorHref(caller.basePath, {
          side: slot.side,
          slot: slot.key,
          type,
          skin: skin.id,
        }),
      );
    }
    wear = choice.kind === "auto" ? choice.wear : null;
  }
  return done(
    post,
    intent,
    await setLoadoutSlot(db, target, version, {
      key: slot.key,
      skinId: skin.id,
      wear,
    }),
    back,
  );
}

function firstError(errors: Record<string, string[] | null> | null | undefined): string {
  return Object.values(errors ?? {}).find((list) => list?.length)?.[0] ?? "Invalid request.";
}

/** Knife or glove types: the catalogue's weapons of that category. */
export function typesQuery(db: Database, category: "Knives" | "Gloves") {
  return db.select({ name: weapons.name, image: weapons.image }).from(weapons).where(eq(weapons.category, category)).orderBy(asc(weapons.name));
}

/** A skin with its weapon's category, for checking that it fits a slot. */
export function skinFitQuery(db: Database, skinId: string) {
  return db
    .select({ id: skins.id, name: skins.name, image: skins.image, weapon: skins.weapon, category: weapons.category })
    .from(skins)
    .innerJoin(weapons, eq(weapons.name, skins.weapon))
    .where(eq(skins.id, skinId))
    .limit(1);
}
