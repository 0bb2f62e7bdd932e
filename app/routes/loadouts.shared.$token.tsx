import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { buttonFormState, FormError, SubmitButton } from "~/components/form-parts";
import { LoadoutHeading, LoadoutSideView } from "~/components/LoadoutSlots";
import { MarketPricesForm } from "~/components/MarketPricesForm";
import { NotFound } from "~/components/NotFound";
import { moneyFromMatches, pageMeta } from "~/components/page-meta";
import { parseShareToken, sharedLoadoutPath, sharedLoadoutSummary, sharedView } from "~/domain/loadout-sharing";
import { packSideView } from "~/domain/loadout-side-view";
import { buildLoadoutView, LOADOUT_MESSAGES, parseSide, sideHref } from "~/domain/loadouts";
import { DEFAULT_MARKET_CHOICE, parseMarketChoice } from "~/domain/markets";
import { loginPath } from "~/domain/same-site-path";
import { FORM_KEY_FIELD } from "~/forms/form-key";
import { copySharedLoadoutSchema } from "~/forms/loadout-sharing";
import { getSessionUser } from "~/server/auth/session.server";
import { copySharedLoadout, shareChoicesQuery, sharedLoadoutId } from "~/server/features/loadouts/loadout-sharing.server";
import { copiedPath, loadoutQuery, loadoutSlotsQuery, loadoutWearsQuery, onceForForm, typedBudget } from "~/server/features/loadouts/loadouts.server";
import { getPageCurrency } from "~/server/features/currency.server";
import { storedBudgetFigures } from "~/domain/loadout-budget";
import { readCappedFormData } from "~/server/http/form-body.server";
import { newFormKey, postedFormKey } from "~/server/http/form-key.server";
import { formRefusal, formReply, parseForm } from "~/server/http/form-reply.server";
import { answeringDatabaseFailures } from "~/server/http/action-failures.server";
import { LIMIT_MESSAGES } from "~/domain/limits";

function notFound() {
  return data({ loadout: null } as const, { status: 404 });
}

/**
 * A loadout shared by its owner's link: read-only for everyone, 'Save Loadout' for signed-in
 * visitors. The description and the budget leave the server only if the owner chose to show them.
 */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const { db } = context;
  const userPromise = getSessionUser(context);
  const token = parseShareToken(params.token);
  if (!token) {
    await userPromise;
    return notFound();
  }
  const shared = sharedLoadoutId(db, token);
  const url = new URL(request.url);
  // Which market's price the slots and the total are at (the default: the cheapest listing across markets).
  const market = parseMarketChoice(url.searchParams.get("market"));
  const currencyPromise = getPageCurrency(context, request);
  const [choices, rows, slots, wears] = await context.load([
    shareChoicesQuery(db, token),
    loadoutQuery(db, "user", shared),
    loadoutSlotsQuery(db, "user", shared),
    loadoutWearsQuery(db, "user", shared, market),
  ]);
  const [user, { rate }] = await Promise.all([userPromise, currencyPromise]);
  const [row, shows] = [rows[0], choices[0]];
  if (!row || !shows) return notFound();
  const { description, budgetCents } = sharedView(row, shows);
  const view = buildLoadoutView(slots, wears, budgetCents);
  // The budget (when shown) in the page's currency, as typed when typed in it.
  const budget = storedBudgetFigures(budgetCents, typedBudget(row), view.totals.totalCents, rate);
  // The link preview's picture: the priciest skin of the loadout.
  const priciest = view.slots.reduce<(typeof view.slots)[number] | null>(
    (best, slot) => (slot.skin && (slot.priceCents ?? 0) > (best?.priceCents ?? -1) ? slot : best),
    null,
  );
  const side = parseSide(url.searchParams.get("side"));
  return {
    loadout: { token, title: row.title, description, budget },
    view: packSideView(view, side),
    side,
    market,
    /** Each side's link, keeping the market (made here: the page ships no URL code for it). */
    sideHrefs: { t: sideHref(sharedLoadoutPath(token), "t", market), ct: sideHref(sharedLoadoutPath(token), "ct", market) },
    signedIn: user !== null,
    /** 'Save Loadout''s key, fresh on every load: posted twice, the form saves one copy (ADR 090). */
    copyKey: user ? newFormKey() : null,
    /** The owner's own page, for the owner only: the link shows nobody whose loadout it is. */
    ownerHref: user && row.ownerId === user.id ? `/loadouts/user/${row.id}` : null,
    previewImage: priciest?.skin?.image ?? null,
  };
}

export const action = answeringDatabaseFailures(copyShared, () => formRefusal("copy", LOADOUT_MESSAGES.copyFailed, 503));

async function copyShared({ params, request, context }: ActionFunctionArgs) {
  const token = parseShareToken(params.token);
  const body = await readCappedFormData(request);
  if (!body.ok) return formRefusal("copy", body.message, body.status);
  const submission = parseForm(body.form, copySharedLoadoutSchema);
  if (!token) return formRefusal("copy", LOADOUT_MESSAGES.notFound, 404);
  if (submission.status !== "success") return formReply("copy", submission.reply());
  const user = await getSessionUser(context);
  if (!user) return redirect(loginPath(sharedLoadoutPath(token)));
  const formKey = postedFormKey(body.form, FORM_KEY_FIELD);
  const copyId = await onceForForm(context.db, user.id, formKey, () => copySharedLoadout(context.db, user.id, token, formKey));
  if (copyId === null) return formRefusal("copy", LOADOUT_MESSAGES.notFound, 404);
  if (copyId === "limit") return formRefusal("copy", LIMIT_MESSAGES.loadouts, 409);
  return redirect(copiedPath(copyId));
}

export default function SharedLoadoutPage() {
  const loaded = useLoaderData<typeof loader>();
  const save = buttonFormState("save-shared-loadout", useActionData<typeof action>()?.result);

  if (!loaded.loadout) {
    return (
      <NotFound heading={LOADOUT_MESSAGES.notFound} backHref="/loadouts" backLabel="Back to Loadouts">
        <p className="mt-2 text-muted">This link does not exist, or its owner has revoked it.</p>
      </NotFound>
    );
  }
  const { loadout, view, side, market, sideHrefs, signedIn, copyKey, ownerHref } = loaded;
  const path = sharedLoadoutPath(loadout.token);

  return (
    <article className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <LoadoutHeading kindLabel="Shared loadout (read-only)" title={loadout.title} description={loadout.description} budget={loadout.budget} />
        <div className="flex flex-wrap gap-2">
          {signedIn ? (
            <Form method="post" {...save.formProps}>
              <input type="hidden" name="intent" value="copy" />
              {copyKey ? <input type="hidden" name={FORM_KEY_FIELD} value={copyKey} /> : null}
              <SubmitButton intent="copy" pendingText="Saving...">
                Save Loadout
              </SubmitButton>
            </Form>
          ) : (
            <Link to={loginPath(path)} className="rounded-md border border-line px-4 py-2 font-semibold hover:border-accent">
              Log in to save this loadout
            </Link>
          )}
          {ownerHref ? (
            <Link to={ownerHref} className="rounded-md border border-line px-4 py-2 font-semibold hover:border-accent">
              Open your loadout
            </Link>
          ) : null}
        </div>
      </div>
      <FormError form={save.formError} />

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
  const loaded = data?.loadout ? data : null;
  if (!loaded?.loadout)
    return pageMeta(matches, { title: "Loadout not found", description: LOADOUT_MESSAGES.notFound, path: location.pathname, noindex: true });
  return pageMeta(matches, {
    title: loaded.loadout.title,
    description: sharedLoadoutSummary(loaded.loadout, loaded.view.totals.totalCents, moneyFromMatches(matches)),
    path: sharedLoadoutPath(loaded.loadout.token),
    // Reachable only by its link: kept out of search results, while a pasted link still previews.
    noindex: true,
    openGraph: { type: "website", image: loaded.previewImage },
  });
};
