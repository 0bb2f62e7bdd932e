import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { pageMeta } from "~/components/page-meta";
import type { TrackerPageData } from "~/components/TrackerDialog";
import { lazyPart } from "~/components/lazy-part";
import { TrackerLoginPrompt, TrackerPage } from "~/components/TrackerPage";
import { notice } from "~/domain/notices";
import { loginPath, safeReturnPath } from "~/domain/same-site-path";
import { backToTracker } from "~/domain/tracker-paths";
import { trackerIdSchema } from "~/forms/resell";
import { TRACKER_FORM, TRACKER_MESSAGES } from "~/forms/resell-texts";
import { storedBuyPrice, trackedSkin, trackerQuery, trackerWearsQuery, updateTracker } from "~/server/features/resell/resell.server";
import { getSessionUser, requestOwner } from "~/server/auth/session.server";
import { parseTracker, readTrackerPost, trackerFormContext, trackerRefusal } from "~/server/features/resell/tracker-form.server";
import { answeringDatabaseFailures, failedForm } from "~/server/http/action-failures.server";
import { formNotice, formReply } from "~/server/http/form-reply.server";
import { getPageCurrency } from "~/server/features/currency.server";
import { minorUnitsToInput, retyped, shownMinorUnits } from "~/domain/currency";
import { typedBuyPrice } from "~/domain/resell";

/** The edit form as a page (without JavaScript); the list opens it in a dialog with JavaScript. Owner only. */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const id = trackerIdSchema.safeParse(params.trackerId);
  const url = new URL(request.url);
  const loginHref = loginPath(`${url.pathname}${url.search}`);
  // The list the Edit link was followed from (checked same-site), where save and Cancel go back.
  const returnTo = safeReturnPath(url.searchParams.get("redirectTo"), LIST);
  const userPromise = getSessionUser(context);
  const currencyPromise = getPageCurrency(context, request);
  const rowsPromise =
    id.success && context.sessionId
      ? context.load([trackerQuery(context.db, requestOwner(context), id.data), trackerWearsQuery(context.db, requestOwner(context), id.data)])
      : Promise.resolve([[], []] as const);
  const [user, [found, wears]] = await Promise.all([userPromise, rowsPromise]);
  const tracker = found[0];
  const { rate } = await currencyPromise;
  if (!user) return data({ signedIn: false, loginHref, form: null } satisfies TrackerPageData);
  if (!tracker) throw new Response("Tracker not found.", { status: 404 });
  const form = trackerFormContext(request, trackedSkin(tracker), wears, tracker.soldAt);
  const defaults = {
    wear: tracker.wearValue === null ? tracker.wear : "",
    wearValue: tracker.wearValue === null ? "" : String(tracker.wearValue),
    boughtAt: tracker.boughtAt,
    // In the player's currency: as typed when it was typed in it.
    buyPrice: minorUnitsToInput(shownMinorUnits(tracker.buyPriceCents, typedBuyPrice(tracker), rate), rate.currency),
    notes: tracker.notes ?? "",
    variant: tracker.variant,
  };
  return data({ signedIn: true, loginHref, form, defaults, returnTo, cancelHref: backToTracker(returnTo, tracker.id, null) } satisfies TrackerPageData);
}

const LIST = "/resell-tracker";

export const action = answeringDatabaseFailures(saveTracker, (failure) => failedForm(failure, TRACKER_MESSAGES.failed, { intent: TRACKER_FORM }));

async function saveTracker({ params, request, context }: ActionFunctionArgs) {
  const post = await readTrackerPost(context, request);
  if ("refusal" in post) return post.refusal;
  const id = trackerIdSchema.safeParse(params.trackerId);
  if (!id.success) return trackerRefusal(404, "Tracker not found.");
  const currencyPromise = getPageCurrency(context, request);
  const [found, wears] = await context.load([trackerQuery(context.db, post.user.id, id.data), trackerWearsQuery(context.db, post.user.id, id.data)]);
  const tracker = found[0];
  if (!tracker) return trackerRefusal(404, "Tracker not found.");
  // The skin of a tracker does not change; the form's skin field is ignored.
  post.form.set("skinId", tracker.skinId);
  const submission = parseTracker(post.form, trackerFormContext(request, trackedSkin(tracker), wears, tracker.soldAt));
  if (submission.status !== "success") return formReply(TRACKER_FORM, submission.reply());
  // Typed in the page's currency: stored in US cents with what was typed, or as stored when unchanged.
  const buy = retyped(submission.value.buyPriceCents, storedBuyPrice(tracker), (await currencyPromise).rate);
  if (!(await updateTracker(context.db, post.user.id, id.data, submission.value, buy))) {
    return trackerRefusal(404, "Tracker not found.");
  }
  if (post.wantsData) return formNotice(TRACKER_FORM, notice("resellTracker", "updated"));
  return redirect(backToTracker(safeReturnPath(post.form.get("redirectTo"), LIST), id.data, "updated"), 303);
}

// The form's code (Conform, the form kit) loads once the page has hydrated (ADR 097).
const TrackerForm = lazyPart("TrackerForm", () => import("~/components/TrackerForm").then((module) => module.TrackerForm));

export default function EditTrackerPage() {
  const page = useLoaderData<typeof loader>() as TrackerPageData;
  const actionData = useActionData<typeof action>();
  const { pathname } = useLocation();
  return (
    <TrackerPage title="Edit Tracker">
      {!page.signedIn || !page.form ? (
        <TrackerLoginPrompt text="Log in to edit your resell trackers." loginHref={page.loginHref} />
      ) : (
        <TrackerForm
          context={page.form}
          defaults={page.defaults}
          // Posted to the page with its way back, so a refused save comes back with it too.
          action={page.returnTo && page.returnTo !== LIST ? `${pathname}?redirectTo=${encodeURIComponent(page.returnTo)}` : pathname}
          submitLabel="Save Changes"
          pageResult={actionData}
          returnTo={page.returnTo}
          cancelHref={page.cancelHref ?? LIST}
        />
      )}
    </TrackerPage>
  );
}

export const meta: MetaFunction = ({ matches, location }) =>
  pageMeta(matches, { title: "Edit Tracker", description: "Edit a tracked resell purchase.", path: location.pathname, noindex: true });
