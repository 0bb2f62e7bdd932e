import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { NotFound } from "~/components/NotFound";
import { buttonClass, Notice } from "~/components/basics";
import { LoadoutHeading, LoadoutSideView } from "~/components/LoadoutSlots";
import { lazyPart } from "~/components/lazy-part";
import { MarketPricesForm } from "~/components/MarketPricesForm";
import { DEFAULT_MARKET_CHOICE, parseMarketChoice } from "~/domain/markets";
import { pageMeta } from "~/components/page-meta";
import { LIMIT_MESSAGES } from "~/domain/limits";
import { loginPath } from "~/domain/same-site-path";
import { buildLoadoutView, LOADOUT_MESSAGES, loadoutKindOf, parseLoadoutId, parseSide, sideHref } from "~/domain/loadouts";
import { packSideView } from "~/domain/loadout-side-view";
import { sharedLoadoutPath } from "~/domain/loadout-sharing";
import { noticeText } from "~/domain/notices";
import { FORM_KEY_FIELD } from "~/forms/form-key";
import { SHARE_INTENTS } from "~/forms/loadout-sharing";
import { replyError, resultFor } from "~/forms/reply";
import {
  copiedPath,
  copyOfficialLoadout,
  deleteUserLoadout,
  loadoutQuery,
  loadoutSlotsQuery,
  loadoutWearsQuery,
  onceForForm,
  typedBudget,
} from "~/server/features/loadouts/loadouts.server";
import { getPageCurrency } from "~/server/features/currency.server";
import { storedBudgetFigures } from "~/domain/loadout-budget";
import { loadoutShareQuery, shareLinkAction } from "~/server/features/loadouts/loadout-sharing.server";
import { getSessionUser } from "~/server/auth/session.server";
import { sharedLoadoutPages } from "~/server/http/edge-cache-plan.server";
import { formText, knownIntent, readCappedFormData } from "~/server/http/form-body.server";
import { newFormKey, postedFormKey } from "~/server/http/form-key.server";
import { formRefusal } from "~/server/http/form-reply.server";
import { answeringDatabaseFailures, TRY_AGAIN } from "~/server/http/action-failures.server";

function notFound() {
  return data({ loadout: null } as const, { status: 404 });
}

const OWNER_DIALOGS = ["delete", "share-replace", "share-revoke"] as const;
type OwnerDialog = (typeof OWNER_DIALOGS)[number];

/** The confirmation the URL asks for; the link's own ones only while there is a link. */
function ownerDialog(value: string | null, shared: boolean): OwnerDialog | null {
  const dialog = OWNER_DIALOGS.find((candidate) => candidate === value) ?? null;
  return dialog === "delete" || shared ? dialog : null;
}

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const { db } = context;
  const userPromise = getSessionUser(context);
  const kind = loadoutKindOf(params.loadoutType);
  const id = parseLoadoutId(params.loadoutId);
  if (!kind || id === null) {
    await userPromise;
    return notFound();
  }
  // Asked for in the same tick as the loadout, so the share link joins the page's one batch.
  const sharePromise = kind === "user" ? context.load([loadoutShareQuery(db, id)]) : null;
  const currencyPromise = getPageCurrency(context, request);
  // Which market's price the slots and the total are at (the default: the cheapest listing across markets).
  const market = parseMarketChoice(new URL(request.url).searchParams.get("market"));
  const [rows, slots, wears] = await context.load([loadoutQuery(db, kind, id), loadoutSlotsQuery(db, kind, id), loadoutWearsQuery(db, kind, id, market)]);
  const [shares] = (await sharePromise) ?? [[]];
  const [user, { rate }] = await Promise.all([userPromise, currencyPromise]);
  const row = rows[0];
  // A user loadout is visible to its owner only; to anyone else it does not exist.
  if (!row || (kind === "user" && row.ownerId !== user?.id)) return notFound();
  const url = new URL(request.url);
  const isOwner = kind === "user";
  const share = isOwner && shares[0] ? shares[0] : null;
  const side = parseSide(url.searchParams.get("side"));
  const view = buildLoadoutView(slots, wears, row.budgetCents);
  return {
    // The budget in the page's currency (as typed when typed in it).
    loadout: {
      id: row.id,
      kind,
      title: row.title,
      description: row.description,
      budget: storedBudgetFigures(row.budgetCents, typedBudget(row), view.totals.totalCents, rate),
    },
    view: packSideView(view, side),
    side,
    market,
    /** Each side's link, keeping the market (made here: the page ships no URL code for it). */
    sideHrefs: { t: sideHref(`/loadouts/${kind}/${row.id}`, "t", market), ct: sideHref(`/loadouts/${kind}/${row.id}`, "ct", market) },
    signedIn: user !== null,
    /** 'Save Loadout''s key, fresh on every load: posted twice, the form saves one copy (ADR 090). */
    copyKey: user && kind === "official" ? newFormKey() : null,
    isOwner,
    share: share && { url: `${context.env.APP_ORIGIN}${sharedLoadoutPath(share.token)}`, showDescription: share.showDescription, showBudget: share.showBudget },
    /** A confirmation step in the URL (`?dialog=`): deleting the loadout, or replacing or revoking its link. */
    dialog: isOwner ? ownerDialog(url.searchParams.get("dialog"), share !== null) : null,
    notice: noticeText("loadouts", url.searchParams.get("notice")),
  };
}

// A Map: the intent is the posted one, and an object would answer "__proto__" with its prototype.
const FAILURES = new Map([
  ["copy", LOADOUT_MESSAGES.copyFailed],
  ["delete", LOADOUT_MESSAGES.deleteFailed],
  ["share-create", LOADOUT_MESSAGES.shareFailed],
  ["share-settings", LOADOUT_MESSAGES.shareFailed],
  ["share-revoke", LOADOUT_MESSAGES.shareFailed],
]);

export const action = answeringDatabaseFailures(loadoutAction, ({ intent }) =>
  // The share forms answer as one form, "share".
  formRefusal(knownIntent(intent, SHARE_INTENTS) ? "share" : intent, FAILURES.get(intent) ?? TRY_AGAIN, 503),
);

async function loadoutAction({ params, request, context }: ActionFunctionArgs) {
  const user = await getSessionUser(context);
  const kind = loadoutKindOf(params.loadoutType);
  const id = parseLoadoutId(params.loadoutId);
  const body = await readCappedFormData(request);
  const intent = formText(body.ok ? body.form : null, "intent");
  if (!kind || id === null) return formRefusal(intent, LOADOUT_MESSAGES.notFound, 404);
  if (!user) return redirect(loginPath(`/loadouts/${kind}/${id}`));

  switch (knownIntent(intent, ["copy", "delete", ...SHARE_INTENTS])) {
    case "copy": {
      if (kind !== "official") break;
      const formKey = body.ok ? postedFormKey(body.form, FORM_KEY_FIELD) : null;
      const copyId = await onceForForm(context.db, user.id, formKey, () => copyOfficialLoadout(context.db, user.id, id, formKey));
      if (copyId === null) return formRefusal(intent, LOADOUT_MESSAGES.notFound, 404);
      if (copyId === "limit") return formRefusal(intent, LIMIT_MESSAGES.loadouts, 409);
      return redirect(copiedPath(copyId));
    }
    case "delete": {
      if (kind !== "user") break;
      const deleted = await deleteUserLoadout(context.db, user.id, id);
      if (!deleted) return formRefusal(intent, LOADOUT_MESSAGES.notFound, 404);
      if (deleted.shareToken) context.purgeEdgeCache(sharedLoadoutPages(deleted.shareToken));
      return redirect("/loadouts?notice=deleted");
    }
    case "share-create":
    case "share-settings":
    case "share-revoke":
      if (kind === "user" && body.ok) return shareLinkAction(context, user.id, id, body.form);
      break;
  }
  return formRefusal(intent, "Unknown action.", 400);
}

// Only the owner sees the share panel (Conform and the form kit) and the delete step: their code loads
// when the page shows them, so a visitor's first visit carries neither (docs/performance.md).
const LoadoutSharePanel = lazyPart("LoadoutSharePanel", () => import("~/components/LoadoutSharePanel").then((module) => module.LoadoutSharePanel));
const ConfirmDialog = lazyPart("ConfirmDialog", () => import("~/components/ConfirmDialog").then((module) => module.ConfirmDialog));

export default function LoadoutPage() {
  const loaded = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const shareResult = resultFor(actionData, "share");
  const error = actionData?.intent === "share" ? null : replyError(actionData);
  const copying = useNavigation().formData?.get("intent") === "copy";

  if (!loaded.loadout) return <NotFound heading={LOADOUT_MESSAGES.notFound} backHref="/loadouts" backLabel="Back to Loadouts" />;
  const { loadout, view, side, market, sideHrefs, signedIn, copyKey, isOwner, share, dialog, notice } = loaded;
  const path = `/loadouts/${loadout.kind}/${loadout.id}`;
  const dialogHref = (name: OwnerDialog) => `${path}?dialog=${name}${side === "ct" ? "&side=ct" : ""}`;
  const shareError = actionData?.intent === "share" ? replyError(actionData) : null;
  // Replacing keeps what the link shows: the new link carries the current choices. Both come back to the side shown.
  const shareFields: Record<string, string> = {
    side,
    ...(share?.showDescription ? { showDescription: "on" } : {}),
    ...(share?.showBudget ? { showBudget: "on" } : {}),
  };

  return (
    <article className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <LoadoutHeading
          kindLabel={loadout.kind === "official" ? "Official loadout" : "Your loadout"}
          title={loadout.title}
          description={loadout.description}
          budget={loadout.budget}
        />
        <div className="flex flex-wrap gap-2">
          {loadout.kind === "official" ? (
            signedIn ? (
              <Form method="post">
                <input type="hidden" name="intent" value="copy" />
                {copyKey ? <input type="hidden" name={FORM_KEY_FIELD} value={copyKey} /> : null}
                <button type="submit" className={buttonClass} disabled={copying}>
                  {copying ? "Saving..." : "Save Loadout"}
                </button>
              </Form>
            ) : (
              <Link to={loginPath(path)} className="rounded-md border border-line px-4 py-2 font-semibold hover:border-accent">
                Log in to save this loadout
              </Link>
            )
          ) : null}
          {isOwner ? (
            <>
              <Link to={`/loadouts/edit/${loadout.id}`} className={buttonClass}>
                Edit
              </Link>
              {loadout.budget ? (
                <Link
                  to={`${path}/fill?side=${side}${market === "cheapest" ? "" : `&market=${market}`}`}
                  className="rounded-md border border-line px-4 py-2 font-semibold hover:border-accent"
                >
                  Fill empty slots within budget
                </Link>
              ) : null}
              <Link
                to={dialogHref("delete")}
                preventScrollReset
                className="rounded-md border border-red-600 px-4 py-2 font-semibold text-red-300 hover:bg-red-950"
              >
                Delete
              </Link>
            </>
          ) : null}
        </div>
      </div>

      {notice ? <Notice>{notice}</Notice> : null}
      {error && actionData?.intent !== "delete" ? <Notice tone="error">{error}</Notice> : null}
      {dialog === "delete" ? (
        <ConfirmDialog
          title="Delete loadout"
          message={LOADOUT_MESSAGES.deleteConfirm}
          confirmLabel="Delete"
          pendingLabel="Deleting..."
          cancelHref={sideHrefs[side]}
          intent="delete"
          error={actionData?.intent === "delete" ? error : null}
        />
      ) : null}
      {dialog === "share-replace" ? (
        <ConfirmDialog
          title="Create a new share link"
          message={LOADOUT_MESSAGES.replaceConfirm}
          confirmLabel="Create a new link"
          pendingLabel="Creating..."
          cancelHref={sideHrefs[side]}
          intent="share-create"
          fields={shareFields}
          error={shareError}
        />
      ) : null}
      {dialog === "share-revoke" ? (
        <ConfirmDialog
          title="Revoke the share link"
          message={LOADOUT_MESSAGES.revokeConfirm}
          confirmLabel="Revoke link"
          pendingLabel="Revoking..."
          cancelHref={sideHrefs[side]}
          intent="share-revoke"
          fields={{ side }}
          error={shareError}
        />
      ) : null}
      {isOwner ? <LoadoutSharePanel share={share} side={side} confirmHref={dialogHref} lastResult={shareResult} /> : null}

      <MarketPricesForm action={path} choice={market} fields={side === "ct" ? { side: "ct" } : {}} />
      <LoadoutSideView
        view={view}
        side={side}
        budget={loadout.budget}
        hrefFor={(to) => sideHrefs[to]}
        noPrice={market === DEFAULT_MARKET_CHOICE ? undefined : "No price"}
      />
    </article>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) => {
  const loadout = data?.loadout;
  if (!loadout) return pageMeta(matches, { title: "Loadout not found", description: LOADOUT_MESSAGES.notFound, path: location.pathname, noindex: true });
  return pageMeta(matches, {
    title: loadout.title,
    description: loadout.description ?? `${loadout.title}: a full T and CT loadout with prices.`,
    path: `/loadouts/${loadout.kind}/${loadout.id}`,
    noindex: loadout.kind === "user",
  });
};
