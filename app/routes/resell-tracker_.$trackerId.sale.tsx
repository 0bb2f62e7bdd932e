import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { SubmitButton } from "~/components/form-parts";
import { lazyPart } from "~/components/lazy-part";
import { pageMeta } from "~/components/page-meta";
import { TrackerLoginPrompt, TrackerPage } from "~/components/TrackerPage";
import { formatBasisPoints } from "~/domain/market-fees";

import { loginPath, safeReturnPath } from "~/domain/same-site-path";
import { backFromSale, saleTrackerHref } from "~/domain/tracker-paths";
import { formatCalendarDate, todayIn } from "~/domain/trade-lock";
import { trackerIdSchema } from "~/forms/resell";
import { saleSchema } from "~/forms/sale";
import { SALE_INTENTS, SALE_MESSAGES } from "~/forms/sale-texts";
import { getSessionUser, requestOwner } from "~/server/auth/session.server";
import { recordSale, storedSalePrice, trackerQuery, undoSale } from "~/server/features/resell/resell.server";
import { requestTimeZone } from "~/server/features/resell/time-zone.server";
import { answeringDatabaseFailures, failedForm } from "~/server/http/action-failures.server";
import { formText, knownIntent, readCappedFormData } from "~/server/http/form-body.server";
import { formRefusal, formReply, parseForm } from "~/server/http/form-reply.server";
import { currencySymbol, formatMinorUnits, minorUnitsToInput, retyped, shownMinorUnits } from "~/domain/currency";
import { typedBuyPrice } from "~/domain/resell";
import { getPageCurrency } from "~/server/features/currency.server";

/** The sale of one of the owner's trackers: record it, correct it, undo it. Owner only; another user's answers 404. */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const id = trackerIdSchema.safeParse(params.trackerId);
  const url = new URL(request.url);
  const loginHref = loginPath(`${url.pathname}${url.search}`);
  // The list the link was followed from (checked same-site), where the saved sale or its undo goes back.
  const returnTo = safeReturnPath(url.searchParams.get("redirectTo"), LIST);
  const userPromise = getSessionUser(context);
  const currencyPromise = getPageCurrency(context, request);
  const rowsPromise =
    id.success && context.sessionId ? context.load([trackerQuery(context.db, requestOwner(context), id.data)]) : Promise.resolve([[]] as const);
  const [user, [found], { rate }] = await Promise.all([userPromise, rowsPromise, currencyPromise]);
  if (!user) return data({ signedIn: false as const, loginHref });
  const tracker = found[0];
  if (!tracker) throw new Response(SALE_MESSAGES.notFound, { status: 404 });
  const today = todayIn(Date.now(), requestTimeZone(request));
  const sale = storedSalePrice(tracker);
  return data({
    signedIn: true as const,
    loginHref,
    returnTo,
    tracker: {
      id: tracker.id,
      skinName: tracker.skinName,
      boughtAt: tracker.boughtAt,
      // In the page's currency: as typed when it was typed in it.
      buyPrice: formatMinorUnits(shownMinorUnits(tracker.buyPriceCents, typedBuyPrice(tracker), rate), rate.currency),
      sold: tracker.soldAt !== null,
    },
    today,
    currencySign: currencySymbol(rate.currency),
    defaults: {
      salePrice: sale === null ? "" : minorUnitsToInput(shownMinorUnits(sale.usdCents, sale.typed, rate), rate.currency),
      soldAt: tracker.soldAt ?? today,
      market: tracker.saleMarket ?? "",
      feePercent: tracker.saleFeeBasisPoints === null ? "" : formatBasisPoints(tracker.saleFeeBasisPoints),
    },
  });
}

const LIST = "/resell-tracker";

export const action = answeringDatabaseFailures(saveSale, (failure) => failedForm(failure, SALE_MESSAGES.failed));

async function saveSale({ params, request, context }: ActionFunctionArgs) {
  const [user, body] = await Promise.all([getSessionUser(context), readCappedFormData(request)]);
  const posted = formText(body.ok ? body.form : null, "intent");
  if (!user) return formRefusal(posted, "Please log in to track resells.", 401);
  if (!body.ok) return formRefusal(posted, body.message, body.status);
  const intent = knownIntent(posted, SALE_INTENTS);
  if (!intent) return formRefusal(posted, "Unknown action.", 400);
  const id = trackerIdSchema.safeParse(params.trackerId);
  if (!id.success) return formRefusal(intent, SALE_MESSAGES.notFound, 404);
  const currencyPromise = getPageCurrency(context, request);
  const [[tracker]] = await context.load([trackerQuery(context.db, user.id, id.data)]);
  if (!tracker) return formRefusal(intent, SALE_MESSAGES.notFound, 404);
  const returnTo = safeReturnPath(body.form.get("redirectTo"), LIST);
  if (intent === "undo") {
    if (!(await undoSale(context.db, user.id, tracker.id))) return formRefusal(intent, SALE_MESSAGES.notSold, 409);
    return redirect(backFromSale(returnTo, tracker.id, "open", "sale-undone"), 303);
  }
  const submission = parseForm(body.form, saleSchema({ boughtAt: tracker.boughtAt, today: todayIn(Date.now(), requestTimeZone(request)) }));
  if (submission.status !== "success") return formReply(intent, submission.reply());
  // Typed in the page's currency: stored in US cents with what was typed, or as stored when unchanged.
  const price = retyped(submission.value.priceMinor, storedSalePrice(tracker), (await currencyPromise).rate);
  // The bought date may have moved since the form was read: the update checks it again.
  if (!(await recordSale(context.db, user.id, tracker.id, submission.value, price))) {
    return formReply(intent, submission.reply({ fieldErrors: { soldAt: [SALE_MESSAGES.beforeBought] } }));
  }
  return redirect(backFromSale(returnTo, tracker.id, "sold", "sold"), 303);
}

// The sale's form (Conform, the form kit) loads once the page has hydrated (ADR 097).
const SaleForm = lazyPart("SaleForm", () => import("~/components/SaleForm").then((module) => module.SaleForm));

export default function SalePage() {
  const page = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { pathname } = useLocation();
  const sellReply = reply?.intent === "undo" ? undefined : reply?.result;
  if (!page.signedIn) {
    return (
      <TrackerPage title="Record Sale">
        <TrackerLoginPrompt text="Log in to record the sales of your resell trackers." loginHref={page.loginHref} />
      </TrackerPage>
    );
  }
  const { tracker, today, returnTo } = page;
  // Posted to the page with its way back, so a refused sale comes back with it too.
  const postTo = returnTo !== LIST ? saleTrackerHref(tracker.id, returnTo) : pathname;
  const wayBack = <input type="hidden" name="redirectTo" value={returnTo} />;
  const undoError = reply?.intent === "undo" && reply.result.error ? reply.result.error[""]?.[0] : null;
  return (
    <TrackerPage title={tracker.sold ? "Correct Sale" : "Record Sale"}>
      <p>
        <span className="font-semibold">{tracker.skinName}</span>, bought {formatCalendarDate(tracker.boughtAt)} for {tracker.buyPrice}.
      </p>
      <SaleForm
        boughtAt={tracker.boughtAt}
        sold={tracker.sold}
        today={today}
        currencySign={page.currencySign}
        defaults={page.defaults}
        postTo={postTo}
        returnTo={returnTo}
        result={sellReply}
      />
      {tracker.sold ? (
        <Form method="post" action={postTo} className="space-y-2">
          <input type="hidden" name="intent" value="undo" />
          {wayBack}
          {undoError ? (
            <p role="alert" className="text-sm text-red-300">
              {undoError}
            </p>
          ) : null}
          <SubmitButton intent="undo" pendingText="Undoing..." className="rounded-md border border-line px-4 py-2 font-semibold hover:border-accent">
            Undo sale
          </SubmitButton>
        </Form>
      ) : null}
    </TrackerPage>
  );
}

export const meta: MetaFunction = ({ matches, location }) =>
  pageMeta(matches, { title: "Record Sale", description: "Record the sale of a tracked item.", path: location.pathname, noindex: true });
