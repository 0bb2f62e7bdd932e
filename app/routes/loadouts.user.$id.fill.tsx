import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { Breadcrumb, buttonClass } from "~/components/basics";
import { FillProposalList } from "~/components/FillProposalList";
import { CostFigures, ViewSwitch } from "~/components/LoadoutSlots";
import { buttonFormState, FormError, SubmitButton } from "~/components/form-parts";
import { MarketPricesForm } from "~/components/MarketPricesForm";
import { NotFound } from "~/components/NotFound";
import { pageMeta } from "~/components/page-meta";
import {
  FILL_MESSAGES,
  FILL_RULE,
  FILL_SIDE_LABELS,
  FILL_SIDES,
  FILL_STATTRAK_NOTE,
  FILL_VARIANT_LABELS,
  FILL_VARIANTS,
  fillProposalKey,
  parseFillSide,
  parseFillVariant,
  type FillSide,
  type FillVariant,
} from "~/domain/loadout-fill";
import { findSlot } from "~/domain/loadout-slots";
import { LOADOUT_MESSAGES, parseLoadoutId, SIDE_LABELS, sideHref } from "~/domain/loadouts";
import { parseMarketChoice } from "~/domain/markets";

import { loginPath } from "~/domain/same-site-path";
import { getSessionUser } from "~/server/auth/session.server";
import { applyFillAction, loadFillProposal } from "~/server/features/loadouts/loadout-fill.server";
import { typedBudget } from "~/server/features/loadouts/loadouts.server";
import { getPageCurrency } from "~/server/features/currency.server";
import { storedBudgetFigures } from "~/domain/loadout-budget";
import { readCappedFormData } from "~/server/http/form-body.server";
import { formRefusal } from "~/server/http/form-reply.server";
import { answeringDatabaseFailures } from "~/server/http/action-failures.server";
import { useMoney } from "~/components/money";

/** The preview's URL for a side, a variant and a market (normal and the cheapest listing are the defaults and stay out of the URL). */
const fillPath = (id: number, side: FillSide, variant: FillVariant, market: string) =>
  `/loadouts/user/${id}/fill?side=${side}${variant === "normal" ? "" : `&variant=${variant}`}${market === "cheapest" ? "" : `&market=${market}`}`;

/** 'Fill empty slots within budget': the proposal for one side (or both), in normal or StatTrak™ skins, shown before anything is written. */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const userPromise = getSessionUser(context);
  const id = parseLoadoutId(params.id);
  const url = new URL(request.url);
  const side = parseFillSide(url.searchParams.get("side"));
  const variant = parseFillVariant(url.searchParams.get("variant"));
  // The market the proposal and the totals are priced at (the default: the cheapest listing across markets).
  const market = parseMarketChoice(url.searchParams.get("market"));
  const currencyPromise = getPageCurrency(context, request);
  const loaded =
    id === null
      ? null
      : await loadFillProposal(
          context,
          id,
          side,
          variant,
          market,
          currencyPromise.then(({ rate }) => rate),
        );
  const [user, { rate }] = await Promise.all([userPromise, currencyPromise]);
  if (!user) throw redirect(loginPath(url.pathname + url.search));
  // Someone else's loadout answers exactly as a missing one.
  if (!loaded || loaded.row.ownerId !== user.id) return data({ fill: null }, { status: 404 });
  const { row, view, proposal } = loaded;
  return {
    fill: {
      loadout: {
        id: row.id,
        title: row.title,
        budgetCents: row.budgetCents,
        // The budget as the page writes it: in its currency, as typed when typed in it.
        budget: storedBudgetFigures(row.budgetCents, typedBudget(row), view.totals.totalCents, rate)?.budget ?? null,
        version: row.version,
      },
      side,
      variant,
      market,
      /** The loadout's page on the side filled and the market (made here: the page ships no URL code for it). */
      back: sideHref(`/loadouts/user/${row.id}`, side === "ct" ? "ct" : "t", market),
      // The note travels as data, not as script: only the StatTrak™ view shows it.
      variantNote: variant === "stattrak" ? FILL_STATTRAK_NOTE : null,
      totalCents: view.totals.totalCents,
      overBudgetCents: view.totals.overBudgetCents,
      proposal: proposal && {
        key: fillProposalKey(proposal.picks),
        picks: proposal.picks.map(({ slot, option }) => {
          const { label, side: slotSide } = findSlot(slot)!;
          return { slot, label: side === "both" ? `${label} (${SIDE_LABELS[slotSide]})` : label, ...option };
        }),
        addedCents: proposal.addedCents,
        newTotalCents: proposal.newTotalCents,
        unfilled: proposal.unfilled.map((key) => findSlot(key)!.label),
      },
    },
  };
}

export const action = answeringDatabaseFailures(applyFill, () => formRefusal("apply", LOADOUT_MESSAGES.fillFailed, 503, { extra: { conflict: false } }));

async function applyFill({ params, request, context }: ActionFunctionArgs) {
  const user = await getSessionUser(context);
  const id = parseLoadoutId(params.id);
  const url = new URL(request.url);
  const body = await readCappedFormData(request);
  if (!user) return redirect(loginPath(url.pathname + url.search));
  if (!body.ok) return formRefusal("apply", body.message, body.status, { extra: { conflict: false } });
  return applyFillAction(
    context,
    user.id,
    id,
    body.form,
    // The form posts to the page's own URL: the market the player saw the proposal at.
    parseMarketChoice(url.searchParams.get("market")),
    getPageCurrency(context, request).then(({ rate }) => rate),
  );
}

/** After a refused Apply (409: the loadout or the prices moved on) the page shows the latest proposal, as it does without JavaScript. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  (actionResult as { conflict?: boolean } | undefined)?.conflict === true || defaultShouldRevalidate;

export default function FillLoadoutPage() {
  const money = useMoney();
  const { fill } = useLoaderData<typeof loader>();
  const apply = buttonFormState("apply-fill", useActionData<typeof action>()?.result);

  if (!fill) {
    return <NotFound heading={LOADOUT_MESSAGES.editNotFound} backHref="/loadouts" backLabel="Back to Loadouts" />;
  }
  const { loadout, side, variant, market, back, variantNote, proposal } = fill;
  const secondary = "rounded-md border border-line px-4 py-2 font-semibold hover:border-accent";

  return (
    <article className="mx-auto max-w-4xl space-y-6">
      <div>
        <Breadcrumb trail={[{ to: back, label: loadout.title }]} current="Fill empty slots" />
        <h1 className="text-3xl font-bold">Fill empty slots within budget</h1>
        <p className="mt-2 text-sm text-muted">{FILL_RULE}</p>
      </div>

      <div className="flex flex-wrap gap-2">
        <ViewSwitch
          label="Side to fill"
          current={side}
          options={FILL_SIDES.map((s) => ({ key: s, label: FILL_SIDE_LABELS[s], href: fillPath(loadout.id, s, variant, market) }))}
        />
        <ViewSwitch
          label="Skins to propose"
          current={variant}
          options={FILL_VARIANTS.map((v) => ({ key: v, label: FILL_VARIANT_LABELS[v], href: fillPath(loadout.id, side, v, market) }))}
        />
      </div>
      <MarketPricesForm action={`/loadouts/user/${loadout.id}/fill`} choice={market} fields={{ side, ...(variant === "normal" ? {} : { variant }) }} />
      {variantNote ? (
        <p className="text-sm text-muted" data-testid="fill-stattrak-note">
          {variantNote}
        </p>
      ) : null}

      <FormError form={apply.formError} />

      {!proposal || loadout.budgetCents === null ? (
        <div className="space-y-3">
          <p>{FILL_MESSAGES.noBudget}</p>
          <Link to={`/loadouts/edit/${loadout.id}`} className={`${buttonClass} inline-block`}>
            Edit loadout
          </Link>
        </div>
      ) : fill.overBudgetCents !== null ? (
        // Over budget: say by how much, propose nothing, and offer the way back.
        <div className="space-y-4">
          <CostFigures
            label="Budget"
            figures={[
              { label: "Budget", amount: loadout.budget ?? "", testId: "fill-budget" },
              { label: "Total now", amount: money.format(fill.totalCents), testId: "fill-total" },
              { label: "Over budget", amount: money.format(fill.overBudgetCents), testId: "fill-over-budget", alert: true },
            ]}
          />
          <p data-testid="fill-over-budget-message">{FILL_MESSAGES.overBudget(money.format(fill.overBudgetCents))}</p>
          <div className="flex flex-wrap gap-2">
            <Link to={back} className={`${buttonClass} inline-block`}>
              Back to the loadout
            </Link>
            <Link to={`/loadouts/edit/${loadout.id}`} className={secondary}>
              Edit loadout
            </Link>
          </div>
        </div>
      ) : (
        <>
          <CostFigures
            label="Budget"
            figures={[
              { label: "Budget", amount: loadout.budget ?? "", testId: "fill-budget" },
              { label: "Total now", amount: money.format(fill.totalCents), testId: "fill-total" },
              { label: "Proposal adds", amount: money.format(proposal.addedCents), testId: "fill-added" },
              { label: "New total", amount: money.format(proposal.newTotalCents), testId: "fill-new-total" },
            ]}
          />

          <section aria-labelledby="proposal-heading" className="space-y-3">
            <h2 id="proposal-heading" className="text-xl font-bold">
              Proposal: {FILL_SIDE_LABELS[side]}
              {variant === "normal" ? "" : `, ${FILL_VARIANT_LABELS[variant]}`}
            </h2>
            {proposal.picks.length > 0 ? (
              <FillProposalList picks={proposal.picks} priceLabel={variant === "normal" ? undefined : FILL_VARIANT_LABELS[variant]} />
            ) : (
              <p>
                {proposal.unfilled.length > 0
                  ? `Nothing fits the ${money.format(loadout.budgetCents - fill.totalCents)} left of the budget.`
                  : "There is no empty slot to fill."}
              </p>
            )}
            {proposal.picks.length > 0 && proposal.unfilled.length > 0 ? (
              <p className="text-sm text-muted">Stay empty (nothing fits the budget left): {proposal.unfilled.join(", ")}.</p>
            ) : null}
          </section>

          <Form method="post" {...apply.formProps} className="flex flex-wrap gap-2">
            <input type="hidden" name="side" value={side} />
            <input type="hidden" name="variant" value={variant} />
            <input type="hidden" name="version" value={loadout.version} />
            <input type="hidden" name="proposal" value={proposal.key} />
            {proposal.picks.length > 0 ? <SubmitButton pendingText="Applying...">Apply</SubmitButton> : null}
            <Link to={back} className={secondary}>
              Cancel
            </Link>
          </Form>
        </>
      )}
    </article>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) =>
  pageMeta(matches, {
    title: data?.fill ? `Fill ${data.fill.loadout.title}` : "Loadout not found",
    description: "Fill the empty slots of your loadout within its budget.",
    path: location.pathname,
    noindex: true,
  });
