import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { buttonClass, Notice } from "~/components/basics";
import { Field, FormError, SubmitButton } from "~/components/forms";
import { useReturnPath } from "~/components/FavoriteButton";
import { pageMeta } from "~/components/page-meta";
import { PriceAlerts, type AlertActionResult } from "~/components/PriceAlerts";
import { ProfileLoadouts } from "~/components/ProfileLoadouts";
import { SkinGrid } from "~/components/SkinCard";
import { TrackerList } from "~/components/TrackerList";
import { noticeText, type NoticeKey } from "~/domain/notices";
import { alertAnchor } from "~/domain/price-alerts";
import { favoriteSkinsQuery } from "~/server/features/favorites.server";
import { PRICE_ALERT_MESSAGES, priceAlertSchema, priceAlertWrite, removePriceAlertSchema } from "~/forms/price-alert";
import {
  favoriteAlertsQuery,
  favoriteWearsQuery,
  removePriceAlert,
  setPriceAlert,
  toFavoriteAlerts,
  type SetPriceAlertResult,
} from "~/server/features/price-alerts/price-alerts.server";
import { loadTrackers } from "~/server/features/resell/resell.server";
import { userLoadoutsQuery } from "~/server/features/loadouts/loadouts.server";
import { requestTimeZone } from "~/server/features/resell/time-zone.server";
import { changePasswordSchema, deleteAccountSchema } from "~/forms/auth";
import { changePassword, deleteAccount } from "~/server/auth/accounts.server";
import { endSession, getSessionUser, requestOwner } from "~/server/auth/session.server";
import { expireUserSessionCookie } from "~/server/features/consent.server";
import { readCappedFormData } from "~/server/http/form-body.server";

const TABS = [
  { id: "favorites", label: "Favorites" },
  { id: "loadouts", label: "User Loadouts" },
  { id: "resell", label: "Resell Tracker" },
] as const;
type TabId = (typeof TABS)[number]["id"];

const PASSWORD_FIELDS = ["currentPassword", "newPassword", "confirmPassword"];

type ActionResult = { intent: string; result: SubmissionResult<string[]>; skinId?: string | null };

/** Why a valid alert form writes nothing: a 404 for a skin that is not the user's favourite, else a field's 400. */
const ALERT_REFUSALS: Record<Extract<SetPriceAlertResult, { ok: false }>["reason"], { status: 400 | 404; reply: { formErrors?: string[]; fieldErrors?: Record<string, string[]> } }> = {
  "skin-not-found": { status: 404, reply: { formErrors: [PRICE_ALERT_MESSAGES.skinNotFound] } },
  "not-favorite": { status: 404, reply: { formErrors: [PRICE_ALERT_MESSAGES.notFavorite] } },
  "wear-impossible": { status: 400, reply: { fieldErrors: { wear: [PRICE_ALERT_MESSAGES.wearImpossible] } } },
  "variant-impossible": { status: 400, reply: { fieldErrors: { variant: [PRICE_ALERT_MESSAGES.variantImpossible] } } },
};

/** Back at the favourite's alert card, with a notice key (never a text) in the URL. */
function alertRedirect(skinId: string, notice: NoticeKey<"priceAlerts">) {
  const query = new URLSearchParams({ tab: "favorites", notice, alert: skinId });
  return redirect(`/profile?${query}#${encodeURIComponent(alertAnchor(skinId))}`, 303);
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const tab: TabId = TABS.find((t) => t.id === url.searchParams.get("tab"))?.id ?? "favorites";
  // The session and the open tab's rows go to D1 in one batch: the rows are the session user's own.
  const userPromise = getSessionUser(context);
  const favoritesPromise =
    tab === "favorites" && context.sessionId
      ? context
          .load([
            favoriteSkinsQuery(context.db, requestOwner(context)),
            favoriteAlertsQuery(context.db, requestOwner(context)),
            favoriteWearsQuery(context.db, requestOwner(context)),
          ])
          .then(([cards, alertRows, wearRows]) => ({ cards, alerts: toFavoriteAlerts(alertRows, wearRows) }))
      : Promise.resolve({ cards: [], alerts: [] });
  const trackersPromise = tab === "resell" ? loadTrackers(context) : Promise.resolve([]);
  const loadoutsPromise =
    tab === "loadouts" && context.sessionId ? context.load([userLoadoutsQuery(context.db, requestOwner(context))]).then(([rows]) => rows) : Promise.resolve([]);
  const [user, favorites, trackers, loadouts] = await Promise.all([userPromise, favoritesPromise, trackersPromise, loadoutsPromise]);
  const notice = url.searchParams.get("notice");
  const alertNotice = noticeText("priceAlerts", notice);
  return {
    user: user ? { email: user.email } : null,
    tab,
    favorites: user ? favorites.cards : [],
    alerts: user ? favorites.alerts : [],
    alertNotice: alertNotice ? { text: alertNotice, skinId: url.searchParams.get("alert") } : null,
    trackers: user ? trackers : [],
    loadouts: user ? loadouts : [],
    timeZone: requestTimeZone(request),
    now: Date.now(),
    confirmDelete: url.searchParams.get("dialog") === "delete-account",
    notice: noticeText("profile", notice),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await getSessionUser(context);
  if (!user) return redirect("/login");
  const body = await readCappedFormData(request);
  if (!body.ok) return data({ intent: "", result: { status: "error", error: { "": [body.message] } } } satisfies ActionResult, { status: body.status });
  const form = body.form;
  const intent = String(form.get("intent") ?? "");

  if (intent === "change-password") {
    const submission = parseWithZod(form, { schema: changePasswordSchema });
    if (submission.status !== "success") {
      return data({ intent, result: submission.reply({ hideFields: PASSWORD_FIELDS }) } satisfies ActionResult, { status: 400 });
    }
    let outcome: Awaited<ReturnType<typeof changePassword>>;
    try {
      outcome = await changePassword(context, user.id, context.sessionId, submission.value.currentPassword, submission.value.newPassword);
    } catch (error) {
      console.error(error);
      const result = submission.reply({ formErrors: ["An error occurred while updating password"], hideFields: PASSWORD_FIELDS });
      return data({ intent, result } satisfies ActionResult, { status: 503 });
    }
    if (outcome === "wrong-password") {
      const result = submission.reply({ fieldErrors: { currentPassword: ["Current password is incorrect"] }, hideFields: PASSWORD_FIELDS });
      return data({ intent, result } satisfies ActionResult, { status: 400 });
    }
    return redirect("/profile?notice=password-updated");
  }

  if (intent === "delete-account") {
    const submission = parseWithZod(form, { schema: deleteAccountSchema });
    if (submission.status !== "success") {
      return data({ intent, result: submission.reply() } satisfies ActionResult, { status: 400 });
    }
    await deleteAccount(context.db, user.id, user.email);
    const headers = new Headers({ "Set-Cookie": await endSession(context.db, context.env, null) });
    headers.append("Set-Cookie", expireUserSessionCookie(request));
    return redirect("/login?mode=login&notice=account-deleted", { headers });
  }

  if (intent === "set-alert") {
    const skinId = shortSkinId(form.get("skinId"));
    const submission = parseWithZod(form, { schema: priceAlertSchema });
    if (submission.status !== "success") return data({ intent, skinId, result: submission.reply() } satisfies ActionResult, { status: 400 });
    const outcome = await setPriceAlert(context.db, user.id, priceAlertWrite(submission.value));
    if (outcome.ok) return alertRedirect(submission.value.skinId, outcome.belowTarget ? "alert-saved-below" : "alert-saved");
    const refusal = ALERT_REFUSALS[outcome.reason];
    return data({ intent, skinId, result: submission.reply(refusal.reply) } satisfies ActionResult, { status: refusal.status });
  }

  if (intent === "remove-alert") {
    const skinId = shortSkinId(form.get("skinId"));
    const submission = parseWithZod(form, { schema: removePriceAlertSchema });
    if (submission.status !== "success") return data({ intent, skinId, result: submission.reply() } satisfies ActionResult, { status: 400 });
    const outcome = await removePriceAlert(context.db, user.id, submission.value.skinId);
    if (!outcome.ok) {
      return data({ intent, skinId, result: submission.reply({ formErrors: [PRICE_ALERT_MESSAGES.notFavorite] }) } satisfies ActionResult, { status: 404 });
    }
    return alertRedirect(submission.value.skinId, "alert-removed");
  }

  return data({ intent, result: { status: "error", error: { "": ["Unknown action."] } } } satisfies ActionResult, { status: 400 });
}

/** The posted skin id, to match an answer to its card; anything too long to be one is none. */
function shortSkinId(value: FormDataEntryValue | null): string | null {
  return typeof value === "string" && value.length > 0 && value.length <= 200 ? value : null;
}

export default function ProfilePage() {
  const { user, tab, confirmDelete, notice, favorites, alerts, alertNotice, trackers, loadouts, timeZone, now } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const returnTo = useReturnPath();
  // With JavaScript the shared schemas check before sending; without it the server does the same.
  // Errors are rechecked while typing, not on blur: an error that vanished on blur moved the submit
  // button away between mouse down and mouse up, and the click was lost.
  const [passwordForm, passwordFields] = useForm({
    id: "change-password",
    lastResult: actionData?.intent === "change-password" ? actionData.result : undefined,
    constraint: getZodConstraint(changePasswordSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: changePasswordSchema }),
    shouldRevalidate: "onInput",
  });
  const deleteResult = actionData?.intent === "delete-account" ? actionData.result : undefined;
  const alertResult: AlertActionResult | undefined =
    actionData && (actionData.intent === "set-alert" || actionData.intent === "remove-alert")
      ? {
          intent: actionData.intent,
          skinId: "skinId" in actionData && typeof actionData.skinId === "string" ? actionData.skinId : null,
          result: actionData.result as SubmissionResult<string[]>,
        }
      : undefined;
  const [deleteForm, deleteFields] = useForm({
    id: "delete-account",
    lastResult: deleteResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: deleteAccountSchema }),
    shouldRevalidate: "onInput",
  });

  if (!user) {
    return (
      <div className="mx-auto max-w-md space-y-4 text-center">
        <h1 className="text-2xl font-bold">Profile</h1>
        <p className="text-muted">Log in to see your favourites, loadouts and resell trackers.</p>
        <Link to="/login" className={`${buttonClass} inline-block`}>
          Go to Login
        </Link>
      </div>
    );
  }

  const current = TABS.find((t) => t.id === tab)!;

  return (
    <div className="space-y-8">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold">Profile</h1>
          <p className="text-sm text-muted">Signed in as {user.email}</p>
        </div>
        <Form method="post" action="/logout">
          <input type="hidden" name="intent" value="logout" />
          <button type="submit" className="rounded-md border border-line px-4 py-2 font-semibold hover:border-accent">
            Logout
          </button>
        </Form>
      </div>

      {notice ? <Notice>{notice}</Notice> : null}

      <section>
        <nav aria-label="Profile sections" className="flex gap-2 border-b border-line">
          {TABS.map((t) => (
            <Link
              key={t.id}
              to={`/profile?tab=${t.id}`}
              aria-current={t.id === tab ? "page" : undefined}
              className={`-mb-px border-b-2 px-3 py-2 text-sm font-medium ${t.id === tab ? "border-accent text-accent" : "border-transparent"}`}
            >
              {t.label}
            </Link>
          ))}
        </nav>
        <div className="py-4" data-testid={`profile-tab-${tab}`}>
          <h2 className="sr-only">{current.label}</h2>
          {tab === "favorites" ? (
            <>
              {favorites.length === 0 ? (
                <p className="text-muted">You have no favorite skins yet. Use the heart on any skin to keep it here.</p>
              ) : (
                <SkinGrid skins={favorites} label="Favorite skins" favoriteIds={favorites.map((skin) => skin.id)} />
              )}
              <PriceAlerts items={alerts} notice={alertNotice} actionResult={alertResult} />
            </>
          ) : tab === "loadouts" ? (
            <ProfileLoadouts loadouts={loadouts} />
          ) : (
            <div className="space-y-4">
              <TrackerList trackers={trackers} timeZone={timeZone} now={now} returnTo={returnTo} notice={null} withSummary={false} />
              <Link to="/resell-tracker" className="inline-block text-accent underline">
                Open the Resell Tracker
              </Link>
            </div>
          )}
        </div>
      </section>

      <section aria-labelledby="password-heading" className="max-w-md space-y-4">
        <h2 id="password-heading" className="text-xl font-bold">
          Change password
        </h2>
        <Form method="post" {...getFormProps(passwordForm)} className="space-y-4">
          <input type="hidden" name="intent" value="change-password" />
          <FormError form={passwordForm} />
          <Field label="Current password" meta={passwordFields.currentPassword} type="password" inputProps={{ autoComplete: "current-password" }} />
          <Field label="New password" meta={passwordFields.newPassword} type="password" inputProps={{ autoComplete: "new-password" }} />
          <Field label="Confirm new password" meta={passwordFields.confirmPassword} type="password" inputProps={{ autoComplete: "new-password" }} />
          <SubmitButton intent="change-password" pendingText="Updating password...">
            Update password
          </SubmitButton>
        </Form>
      </section>

      <section aria-labelledby="delete-heading" className="max-w-md space-y-4">
        <h2 id="delete-heading" className="text-xl font-bold">
          Delete account
        </h2>
        {confirmDelete || deleteResult ? (
          <Form method="post" {...getFormProps(deleteForm)} className="space-y-4 rounded-lg border border-red-700 p-4">
            <input type="hidden" name="intent" value="delete-account" />
            <p>
              This removes your account, favourites, loadouts and resell trackers for good. This action cannot be undone.
            </p>
            <FormError form={deleteForm} />
            <Field label="Type DELETE to confirm" meta={deleteFields.confirm} inputProps={{ autoComplete: "off" }} />
            <div className="flex gap-3">
              <SubmitButton
                intent="delete-account"
                pendingText="Deleting account..."
                className="rounded-md bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-600 disabled:opacity-50"
              >
                Delete my account
              </SubmitButton>
              <Link to="/profile" className="rounded-md border border-line px-4 py-2">
                Cancel
              </Link>
            </div>
          </Form>
        ) : (
          <Link to="/profile?dialog=delete-account" className="inline-block rounded-md border border-red-700 px-4 py-2 text-red-300">
            Delete account
          </Link>
        )}
      </section>
    </div>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Profile", description: "Your favourites, loadouts, resell trackers and account.", path: "/profile", noindex: true });
