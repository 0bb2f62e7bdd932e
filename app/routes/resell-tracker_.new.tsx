import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { pageMeta } from "~/components/page-meta";
import type { TrackerPageData } from "~/components/TrackerDialog";
import { lazyPart } from "~/components/lazy-part";
import { TrackerLoginPrompt, TrackerPage } from "~/components/TrackerPage";
import { notice } from "~/domain/notices";
import { loginPath, safeReturnPath } from "~/domain/same-site-path";
import { backToTrackedSkin, newTrackerHref } from "~/domain/tracker-paths";
import { LIMIT_MESSAGES } from "~/domain/limits";
import { TRACKER_FORM, TRACKER_MESSAGES } from "~/forms/resell-texts";
import { skinQuery, skinWearsQuery } from "~/server/features/catalogue.server";
import { createTracker } from "~/server/features/resell/resell.server";
import { getSessionUser } from "~/server/auth/session.server";
import {
  newTrackerFormContext,
  parseTracker,
  postedTrackerKey,
  readTrackerPost,
  trackerFormContext,
  trackerRefusal,
} from "~/server/features/resell/tracker-form.server";
import { answeringDatabaseFailures, failedForm } from "~/server/http/action-failures.server";
import { formText } from "~/server/http/form-body.server";
import { formNotice, formReply } from "~/server/http/form-reply.server";
import { getPageCurrency } from "~/server/features/currency.server";
import { storeTyped } from "~/domain/currency";

/** The resell form as a page of its own (without JavaScript); with it, the same form opens as a dialog. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const skinId = (url.searchParams.get("skin") ?? "").slice(0, 200);
  const userPromise = getSessionUser(context);
  const [found, wears] = await context.load([skinQuery(context.db, skinId), skinWearsQuery(context.db, skinId)]);
  const user = await userPromise;
  const loginHref = loginPath(`${url.pathname}${url.search}`);
  const skin = found[0];
  if (!skin) return data({ signedIn: user !== null, loginHref, form: null } satisfies TrackerPageData, { status: 404 });
  // The page the Track link was followed from (checked same-site), where save and Cancel go back; without one, the skin's page.
  const returnTo = safeReturnPath(url.searchParams.get("redirectTo"), "") || undefined;
  const cancelHref = returnTo ? backToTrackedSkin(returnTo, skin.id, null) : `/skins/${encodeURIComponent(skin.id)}`;
  return data({ signedIn: user !== null, loginHref, form: newTrackerFormContext(request, skin, wears), returnTo, cancelHref } satisfies TrackerPageData);
}

export const action = answeringDatabaseFailures(addTracker, (failure) => failedForm(failure, TRACKER_MESSAGES.failed, { intent: TRACKER_FORM }));

async function addTracker({ request, context }: ActionFunctionArgs) {
  const post = await readTrackerPost(context, request);
  if ("refusal" in post) return post.refusal;
  const skinId = formText(post.form, "skinId", 200);
  const currencyPromise = getPageCurrency(context, request);
  const [found, wears] = await context.load([skinQuery(context.db, skinId), skinWearsQuery(context.db, skinId)]);
  const skin = found[0];
  if (!skin) return trackerRefusal(404, "Skin not found.");
  const submission = parseTracker(post.form, trackerFormContext(request, skin, wears));
  if (submission.status !== "success") return formReply(TRACKER_FORM, submission.reply());
  // The price was typed in the player's currency: stored in US cents, with what was typed.
  const { usdCents, typed } = storeTyped(submission.value.buyPriceCents, (await currencyPromise).rate);
  const created = await createTracker(context.db, post.user.id, { ...submission.value, buyPriceCents: usdCents }, typed, postedTrackerKey(post.form));
  if (created === "limit") return formReply(TRACKER_FORM, submission.reply({ formErrors: [LIMIT_MESSAGES.trackers] }), { status: 409 });
  // The same form posted again (a double click without JavaScript): the first post added it.
  const done = created === "repeated" ? "already-added" : "added";
  if (post.wantsData) return formNotice(TRACKER_FORM, notice("resellTracker", done));
  const returnTo = safeReturnPath(post.form.get("redirectTo"), "");
  return redirect(returnTo ? backToTrackedSkin(returnTo, skin.id, done) : `/resell-tracker?notice=${done}`, 303);
}

// The form's code (Conform, the form kit) loads once the page has hydrated (ADR 097).
const TrackerForm = lazyPart("TrackerForm", () => import("~/components/TrackerForm").then((module) => module.TrackerForm));

export default function NewTrackerPage() {
  const { signedIn, loginHref, form, returnTo, cancelHref } = useLoaderData<typeof loader>() as TrackerPageData;
  const actionData = useActionData<typeof action>();
  return (
    <TrackerPage title="Track Resell">
      {!form ? (
        <p>Skin not found.</p>
      ) : !signedIn ? (
        <TrackerLoginPrompt text="Log in to track what you bought to resell." loginHref={loginHref} />
      ) : (
        <TrackerForm
          context={form}
          // Posted to the page with its way back, so a refused form comes back with it too.
          action={returnTo ? newTrackerHref(form.skin.id, returnTo) : `/resell-tracker/new?skin=${encodeURIComponent(form.skin.id)}`}
          submitLabel="Add Tracker"
          pageResult={actionData}
          returnTo={returnTo}
          cancelHref={cancelHref ?? `/skins/${encodeURIComponent(form.skin.id)}`}
        />
      )}
    </TrackerPage>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Track Resell", description: "Track a skin you bought to resell.", path: "/resell-tracker/new", noindex: true });
