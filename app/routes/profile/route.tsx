import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useMemo } from "react";
import { buttonClass, Notice } from "~/components/basics";
import { pageMeta } from "~/components/page-meta";
import { Pagination } from "~/components/Pagination";
import { lazyPart } from "~/components/lazy-part";
import { ProfileLoadouts } from "~/components/ProfileLoadouts";
import { TabNav } from "~/components/TabNav";
import { parseId } from "~/domain/ids";
import { noticeText } from "~/domain/notices";
import { pageBounds, parsePage } from "~/domain/pages";
import { favoritesPage } from "~/domain/price-alerts";
import { trackerListPage } from "~/domain/resell";
import { changePasswordSchema } from "~/forms/auth";
import { priceAlertSchema } from "~/forms/price-alert";
import { replyError, resultFor, revalidateUnlessReadOnly } from "~/forms/reply";
import { getSessionUser, requestOwner } from "~/server/auth/session.server";
import { myCraftsQuery } from "~/server/features/community-crafts.server";
import { favoriteSkinsQuery } from "~/server/features/favorites.server";
import { userLoadoutsQuery, withBudgets } from "~/server/features/loadouts/loadouts.server";
import { favoriteAlertsQuery, favoriteWearsQuery, toFavoriteAlerts } from "~/server/features/price-alerts/price-alerts.server";
import { loadTrackers, withFigures } from "~/server/features/resell/resell.server";
import { getPageCurrency } from "~/server/features/currency.server";
import { currencySymbol } from "~/domain/currency";
import { requestTimeZone } from "~/server/features/resell/time-zone.server";
import { savedTradeUpItems, savedTradeUpsQueries } from "~/server/features/trade-ups.server";
import { formText, knownIntent, readCappedFormData } from "~/server/http/form-body.server";
import { formConstraint } from "~/server/http/form-constraints.server";
import { formRefusal } from "~/server/http/form-reply.server";
import { answeringDatabaseFailures } from "~/server/http/action-failures.server";
import {
  changePasswordIntent,
  deleteAccountIntent,
  deleteTradeUpIntent,
  failedIntent,
  removeAlertIntent,
  setAlertIntent,
  type ProfileExtra,
} from "./intents.server";

// The page's forms and buttons work as the server's HTML: their code (Conform, the tracker dialog,
// the favourite and track buttons, the delete steps' buttons) loads once the page has
// hydrated (ADR 097). Props handed to them are loader or action data, or memoised.
const ChangePasswordForm = lazyPart("ChangePasswordForm", () => import("./AccountForms").then((module) => module.ChangePasswordForm));
const DeleteAccountForm = lazyPart("DeleteAccountForm", () => import("./AccountForms").then((module) => module.DeleteAccountForm));
const PriceAlerts = lazyPart("PriceAlerts", () => import("~/components/PriceAlerts").then((module) => module.PriceAlerts));
const SkinGrid = lazyPart("SkinGrid", () => import("~/components/SkinCard").then((module) => module.SkinGrid));
const ProfileTrackers = lazyPart("ProfileTrackers", () => import("./ProfileTrackers").then((module) => module.ProfileTrackers));
const MyCrafts = lazyPart("MyCrafts", () => import("~/components/MyCrafts").then((module) => module.MyCrafts));
const MyTradeUps = lazyPart("MyTradeUps", () => import("~/components/MyTradeUps").then((module) => module.MyTradeUps));

/** Without this Remix keeps only Set-Cookie from the action: a 429 (wrong current passwords) keeps its Retry-After. */
export { retryAfterHeaders as headers } from "~/server/http/retry-after.server";

const TABS = [
  { id: "favorites", label: "Favorites" },
  { id: "loadouts", label: "User Loadouts" },
  { id: "resell", label: "Resell Tracker" },
  { id: "crafts", label: "My Crafts" },
  { id: "trade-ups", label: "My trade-ups" },
] as const;
type TabId = (typeof TABS)[number]["id"];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const tab: TabId = TABS.find((t) => t.id === url.searchParams.get("tab"))?.id ?? "favorites";
  // The session and the open tab's rows go to D1 in one batch: the rows are the session user's own.
  const userPromise = getSessionUser(context);
  const currencyPromise = getPageCurrency(context, request);
  const favoritesPromise =
    tab === "favorites" && context.sessionId
      ? Promise.all([
          context.load([
            favoriteSkinsQuery(context.db, requestOwner(context)),
            favoriteAlertsQuery(context.db, requestOwner(context)),
            favoriteWearsQuery(context.db, requestOwner(context)),
          ]),
          currencyPromise,
        ]).then(([[cards, alertRows, wearRows], { rate }]) => ({ cards, alerts: toFavoriteAlerts(alertRows, wearRows, rate) }))
      : Promise.resolve({ cards: [], alerts: [] });
  const trackersPromise = tab === "resell" ? loadTrackers(context) : Promise.resolve([]);
  const loadoutsPromise =
    tab === "loadouts" && context.sessionId ? context.load([userLoadoutsQuery(context.db, requestOwner(context))]).then(([rows]) => rows) : Promise.resolve([]);
  const craftsPromise =
    tab === "crafts" && context.sessionId ? context.load([myCraftsQuery(context.db, requestOwner(context))]).then(([rows]) => rows) : Promise.resolve([]);
  // A saved trade-up whose deletion is asked: any id that is not one of the user's answers 404.
  const confirmTradeUp = url.searchParams.has("delete-trade-up") ? (parseId(url.searchParams.get("delete-trade-up")) ?? 0) : null;
  const tradeUpsPromise =
    tab === "trade-ups" && context.sessionId
      ? context
          .load([...savedTradeUpsQueries(context.db, requestOwner(context), parsePage(url.searchParams), confirmTradeUp)])
          .then(([saved, [counted], doomed, ...catalogue]) => ({
            items: savedTradeUpItems(saved, catalogue),
            total: counted?.count ?? 0,
            doomed: doomed[0] ?? null,
          }))
      : Promise.resolve({ items: [], total: 0, doomed: null });
  const [{ rate }, user, favorites, trackers, loadouts, crafts, tradeUps] = await Promise.all([
    currencyPromise,
    userPromise,
    favoritesPromise,
    trackersPromise,
    loadoutsPromise,
    craftsPromise,
    tradeUpsPromise,
  ]);
  const notice = url.searchParams.get("notice");
  const alertNotice = noticeText("priceAlerts", notice);
  // Favourites and trackers a page at a time (an alert's notice opens the page with its card).
  const favoritePage = favoritesPage(user ? favorites.cards : [], user ? favorites.alerts : [], url.searchParams);
  const trackerPage = trackerListPage(user ? trackers : [], "newest", "open", url.searchParams);
  const tradeUpPage = pageBounds(tradeUps.total, parsePage(url.searchParams));
  const tradeUpMissing = Boolean(user) && tab === "trade-ups" && confirmTradeUp !== null && !tradeUps.doomed;
  // The tabs that come a page at a time; the others are one page.
  const pages: Partial<Record<TabId, { page: number; pageCount: number }>> = { favorites: favoritePage, resell: trackerPage, "trade-ups": tradeUpPage };
  const shownPage = pages[tab] ?? { page: 1, pageCount: 1 };
  return data(
    {
      user: user ? { email: user.email } : null,
      tab,
      favorites: favoritePage.favorites,
      alerts: favoritePage.alerts,
      alertNotice: alertNotice ? { text: alertNotice, skinId: url.searchParams.get("alert") } : null,
      trackers: withFigures(trackerPage.trackers, rate),
      page: shownPage.page,
      pageCount: shownPage.pageCount,
      loadouts: user ? withBudgets(loadouts, rate) : [],
      crafts: user ? crafts.map((craft) => ({ ...craft, submittedAt: craft.submittedAt?.getTime() ?? null })) : [],
      confirmDeleteCraft: parseId(url.searchParams.get("delete-craft")),
      tradeUps: user ? tradeUps.items : [],
      confirmDeleteTradeUp: user ? tradeUps.doomed : null,
      tradeUpMissing,
      timeZone: requestTimeZone(request),
      now: Date.now(),
      confirmDelete: url.searchParams.get("dialog") === "delete-account",
      notice: noticeText("profile", notice),
      constraints: { changePassword: formConstraint(changePasswordSchema), priceAlert: formConstraint(priceAlertSchema) },
      /** The page's currency as amounts are written, which alert targets are typed in. */
      currencySign: currencySymbol(rate.currency),
    },
    { status: tradeUpMissing ? 404 : 200 },
  );
}

export const action = answeringDatabaseFailures(profileAction, failedIntent);

async function profileAction({ request, context }: ActionFunctionArgs) {
  const user = await getSessionUser(context);
  if (!user) return redirect("/login");
  const body = await readCappedFormData(request);
  if (!body.ok) return formRefusal<ProfileExtra>("", body.message, body.status);
  const intent = formText(body.form, "intent");
  switch (knownIntent(intent, ["change-password", "delete-account", "set-alert", "remove-alert", "delete-trade-up"])) {
    case "change-password":
      return changePasswordIntent(context, user, body.form);
    case "delete-account":
      return deleteAccountIntent(context, request, user, body.form);
    case "set-alert":
      return setAlertIntent(context, request, user, body.form);
    case "remove-alert":
      return removeAlertIntent(context, user, body.form);
    case "delete-trade-up":
      return deleteTradeUpIntent(context, user, body.form);
    default:
      return formRefusal<ProfileExtra>(intent, "Unknown action.", 400);
  }
}

// A refused post (a fetcher's favourite or tracker too) changed nothing: the page does not load again.
export const shouldRevalidate = revalidateUnlessReadOnly;

export default function ProfilePage() {
  const {
    user,
    tab,
    confirmDelete,
    notice,
    favorites,
    alerts,
    alertNotice,
    trackers,
    loadouts,
    crafts,
    confirmDeleteCraft,
    tradeUps,
    confirmDeleteTradeUp,
    tradeUpMissing,
    timeZone,
    now,
    page,
    pageCount,
    constraints,
    currencySign,
  } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const favoriteIds = useMemo(() => favorites.map((skin) => skin.id), [favorites]);
  const alertReply = reply?.intent === "set-alert" || reply?.intent === "remove-alert" ? reply : undefined;

  if (!user) {
    return (
      <div className="mx-auto max-w-md space-y-4 text-center">
        <h1 className="text-2xl font-bold">Profile</h1>
        <p className="text-muted">Log in to see your favourites, loadouts, resell trackers and saved trade-ups.</p>
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
          <Link to="/profile/security" className="text-sm text-accent underline">
            Sign-in and security
          </Link>
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
        <TabNav label="Profile sections" tabs={TABS} current={tab} hrefFor={(id) => `/profile?tab=${id}`} />
        <div className="py-4" data-testid={`profile-tab-${tab}`}>
          <h2 className="sr-only">{current.label}</h2>
          {tab === "favorites" ? (
            <>
              {favorites.length === 0 ? (
                <p className="text-muted">You have no favorite skins yet. Use the heart on any skin to keep it here.</p>
              ) : (
                <SkinGrid skins={favorites} label="Favorite skins" favoriteIds={favoriteIds} />
              )}
              <Pagination page={page} pageCount={pageCount} label="Favourite pages" />
              <PriceAlerts items={alerts} notice={alertNotice} actionResult={alertReply} constraint={constraints.priceAlert} currencySign={currencySign} />
            </>
          ) : tab === "loadouts" ? (
            <ProfileLoadouts loadouts={loadouts} />
          ) : tab === "crafts" ? (
            <MyCrafts crafts={crafts} confirmDelete={confirmDeleteCraft} />
          ) : tab === "trade-ups" ? (
            <>
              <MyTradeUps
                tradeUps={tradeUps}
                confirmDelete={confirmDeleteTradeUp}
                missing={tradeUpMissing}
                error={reply?.intent === "delete-trade-up" ? replyError(reply) : null}
              />
              <Pagination page={page} pageCount={pageCount} label="Saved trade-up pages" />
            </>
          ) : (
            <div className="space-y-4">
              <ProfileTrackers trackers={trackers} timeZone={timeZone} now={now} />
              <Pagination page={page} pageCount={pageCount} label="Resell tracker pages" />
              <Link to="/resell-tracker" className="inline-block text-accent underline">
                Open the Resell Tracker
              </Link>
            </div>
          )}
        </div>
      </section>

      <ChangePasswordForm result={resultFor(reply, "change-password")} constraint={constraints.changePassword} />
      <DeleteAccountForm open={confirmDelete} result={resultFor(reply, "delete-account")} />
    </div>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Profile",
    description: "Your favourites, loadouts, resell trackers, sticker crafts, saved trade-ups and account.",
    path: "/profile",
    noindex: true,
  });
