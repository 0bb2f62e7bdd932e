// The profile's intents, one function each: a redirect (Post/Redirect/Get) or the reply to show.
import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import type { NoticeKey } from "~/domain/notices";
import { alertAnchor } from "~/domain/price-alerts";
import { LIMIT_MESSAGES } from "~/domain/limits";
import { CURRENT_PASSWORD_RATE_LIMIT_MESSAGE } from "~/domain/rate-limits";
import { EMAIL_CHANGE_MESSAGES } from "~/forms/account-security";
import { ACCOUNT_FAILURES, changePasswordSchema, deleteAccountSchema } from "~/forms/auth";
import { PRICE_ALERT_MESSAGES, priceAlertSchema, priceAlertWrite, removePriceAlertSchema } from "~/forms/price-alert";
import { deleteTradeUpSchema, SAVED_TRADE_UP_MESSAGES } from "~/forms/trade-up";
import { changePassword, deleteAccount } from "~/server/auth/accounts.server";
import { endSession, type SessionUser } from "~/server/auth/session.server";
import { expireUserSessionCookie } from "~/server/http/cookies.server";
import { securityNoticeMail } from "~/server/mail/security-mail.server";
import { deleteImagesOfDeletedCrafts } from "~/server/http/uploads.server";
import { alertTargetQuery, removePriceAlert, setPriceAlert, type SetPriceAlertResult } from "~/server/features/price-alerts/price-alerts.server";
import { getPageCurrency } from "~/server/features/currency.server";
import { retyped, storedAmount } from "~/domain/currency";
import { authorCraftStickerIdsQuery, stickerIdsOf } from "~/server/features/stickers.server";
import { deleteTradeUp } from "~/server/features/trade-ups.server";
import { sharedLoadoutPages, stickerCraftPages } from "~/server/http/edge-cache-plan.server";
import { failedForm, TRY_AGAIN, type ActionFailure } from "~/server/http/action-failures.server";
import { formReply, parseForm } from "~/server/http/form-reply.server";

/** Every profile reply names the favourite an alert form answers, so the page finds its card. */
export type ProfileExtra = { skinId: string | null };

const PASSWORD_FIELDS = ["currentPassword", "newPassword", "confirmPassword"];

/** Why a valid alert form writes nothing: a 404 for a skin that is not the user's favourite, else a field's 400. */
const ALERT_REFUSALS: Record<
  Extract<SetPriceAlertResult, { ok: false }>["reason"],
  { status: 400 | 404 | 409; reply: { formErrors?: string[]; fieldErrors?: Record<string, string[]> } }
> = {
  limit: { status: 409, reply: { formErrors: [LIMIT_MESSAGES.priceAlerts] } },
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

/** The posted skin id, to match an answer to its card; anything too long to be one is none. */
function shortSkinId(value: FormDataEntryValue | null): string | null {
  return typeof value === "string" && value.length > 0 && value.length <= 200 ? value : null;
}

export async function changePasswordIntent(context: AppLoadContext, user: SessionUser, form: FormData) {
  const intent = "change-password";
  const submission = parseForm(form, changePasswordSchema);
  const reply = (options: { formErrors?: string[]; fieldErrors?: Record<string, string[]> }, status = 400, headers?: HeadersInit) =>
    formReply<ProfileExtra>(intent, submission.reply({ ...options, hideFields: PASSWORD_FIELDS }), { status, headers, extra: { skinId: null } });
  if (submission.status !== "success") return reply({});
  const notice = securityNoticeMail(user.email, context.env.APP_ORIGIN, "password-changed");
  const outcome = await changePassword(context, user.id, context.sessionId, submission.value.currentPassword, submission.value.newPassword, notice);
  if (outcome.ok) return redirect("/profile?notice=password-updated");
  if (outcome.reason === "wrong-password") return reply({ fieldErrors: { currentPassword: [EMAIL_CHANGE_MESSAGES.wrongPassword] } });
  return reply({ formErrors: [CURRENT_PASSWORD_RATE_LIMIT_MESSAGE] }, 429, { "Retry-After": String(outcome.retryAfterSeconds) });
}

export async function deleteAccountIntent(context: AppLoadContext, request: Request, user: SessionUser, form: FormData) {
  const submission = parseForm(form, deleteAccountSchema);
  if (submission.status !== "success") return formReply<ProfileExtra>("delete-account", submission.reply(), { extra: { skinId: null } });
  // The sticker pages that list the account's crafts, read before they go.
  const stickerIds = stickerIdsOf(await authorCraftStickerIdsQuery(context.db, user.id));
  const { craftIds, shareTokens } = await deleteAccount(context.db, user.id, user.email);
  // The account is gone (its batch committed): an R2 fault now is logged, not an error page.
  await deleteImagesOfDeletedCrafts(context.env.IMAGES, craftIds, "account");
  const craftPages = craftIds.length === 0 ? [] : [...craftIds.flatMap((id) => stickerCraftPages(id, [])), ...stickerCraftPages(null, stickerIds)];
  const purged = [...new Set(craftPages)].concat(shareTokens.flatMap((token) => sharedLoadoutPages(token)));
  if (purged.length > 0) context.purgeEdgeCache(purged);
  const headers = new Headers({ "Set-Cookie": await endSession(context.db, context.env, null) });
  headers.append("Set-Cookie", expireUserSessionCookie(request));
  return redirect("/login?mode=login&notice=account-deleted", { headers });
}

export async function setAlertIntent(context: AppLoadContext, request: Request, user: SessionUser, form: FormData) {
  const extra = { skinId: shortSkinId(form.get("skinId")) };
  const submission = parseForm(form, priceAlertSchema);
  if (submission.status !== "success") return formReply<ProfileExtra>("set-alert", submission.reply(), { extra });
  const { targetMinor, ...write } = priceAlertWrite(submission.value);
  // Typed in the page's currency: stored in US cents with what was typed, or as stored when unchanged.
  const currencyPromise = getPageCurrency(context, request);
  const [[stored], { rate }] = await Promise.all([context.load([alertTargetQuery(context.db, user.id, write.skinId)]).then(([rows]) => rows), currencyPromise]);
  const target = retyped(
    targetMinor,
    stored ? storedAmount(stored.targetCents, stored.targetCurrency, stored.targetTypedMinor, stored.targetRatePerUsd) : null,
    rate,
  );
  // A target of less than half a US cent (0.01 in a currency worth less) would be no target at all.
  if (target.usdCents <= 0) {
    return formReply<ProfileExtra>("set-alert", submission.reply({ fieldErrors: { target: [PRICE_ALERT_MESSAGES.targetTooSmall] } }), { status: 400, extra });
  }
  const outcome = await setPriceAlert(context.db, user.id, { ...write, target });
  if (outcome.ok) return alertRedirect(submission.value.skinId, outcome.belowTarget ? "alert-saved-below" : "alert-saved");
  const refusal = ALERT_REFUSALS[outcome.reason];
  return formReply<ProfileExtra>("set-alert", submission.reply(refusal.reply), { status: refusal.status, extra });
}

export async function removeAlertIntent(context: AppLoadContext, user: SessionUser, form: FormData) {
  const extra = { skinId: shortSkinId(form.get("skinId")) };
  const submission = parseForm(form, removePriceAlertSchema);
  if (submission.status !== "success") return formReply<ProfileExtra>("remove-alert", submission.reply(), { extra });
  const outcome = await removePriceAlert(context.db, user.id, submission.value.skinId);
  if (!outcome.ok) return formReply<ProfileExtra>("remove-alert", submission.reply({ formErrors: [PRICE_ALERT_MESSAGES.notFavorite] }), { status: 404, extra });
  return alertRedirect(submission.value.skinId, "alert-removed");
}

/** Deletes one of the user's saved trade-ups; another's, or one gone, is a 404. */
export async function deleteTradeUpIntent(context: AppLoadContext, user: SessionUser, form: FormData) {
  const intent = "delete-trade-up";
  const submission = parseForm(form, deleteTradeUpSchema);
  const deleted = submission.status === "success" && (await deleteTradeUp(context.db, user.id, submission.value.id));
  if (!deleted)
    return formReply<ProfileExtra>(intent, submission.reply({ formErrors: [SAVED_TRADE_UP_MESSAGES.notFound] }), { status: 404, extra: { skinId: null } });
  return redirect("/profile?tab=trade-ups&notice=trade-up-deleted", 303);
}

// A Map: the intent is the posted one, and an object would answer "__proto__" with its prototype.
const FAILURES = new Map([
  ["change-password", ACCOUNT_FAILURES.changePassword],
  ["delete-account", ACCOUNT_FAILURES.deleteAccount],
  ["set-alert", PRICE_ALERT_MESSAGES.saveFailed],
  ["remove-alert", PRICE_ALERT_MESSAGES.removeFailed],
  ["delete-trade-up", SAVED_TRADE_UP_MESSAGES.deleteFailed],
]);

/** An intent the database failed (`answeringDatabaseFailures`): its form as typed (never a password) with the message. */
export function failedIntent(failure: ActionFailure) {
  const extra = { skinId: shortSkinId(failure.form?.get("skinId") ?? null) };
  return failedForm<ProfileExtra>(failure, FAILURES.get(failure.intent) ?? TRY_AGAIN, { hide: PASSWORD_FIELDS, extra });
}
