import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { Notice } from "~/components/basics";
import { lazyPart } from "~/components/lazy-part";
import { pageMeta } from "~/components/page-meta";
import { noticeText } from "~/domain/notices";
import { ACCOUNT_DATA_PATH, SECURITY_PATH } from "~/forms/account-security-path";
import { loginPath } from "~/domain/same-site-path";
import { defaultPasskeyName } from "~/domain/passkeys";
import { accountSessionsQuery, toAccountSessions } from "~/server/auth/account-sessions.server";
import { pendingEmailChangeQuery } from "~/server/auth/email-change.server";
import { deviceLabel } from "~/server/auth/device.server";
import { passkeysQuery, toPasskeyViews } from "~/server/auth/passkeys.server";
import { toTwoFactorState, twoFactorQueries } from "~/server/auth/two-factor.server";
import { totpQrSvg } from "~/server/auth/totp.server";
import { getSessionUser, requestOwner } from "~/server/auth/session.server";
import { answeringDatabaseFailures } from "~/server/http/action-failures.server";
import { formText, knownIntent, readCappedFormData } from "~/server/http/form-body.server";
import { formRefusal } from "~/server/http/form-reply.server";
import {
  changeEmailIntent,
  failedIntent,
  passkeyRemoveIntent,
  revokeOtherSessionsIntent,
  revokeSessionIntent,
  totpCancelIntent,
  totpConfirmIntent,
  totpDisableIntent,
  totpStartIntent,
  type SecurityExtra,
} from "./intents.server";
import { SessionList } from "./SessionList";

// The two-step panel carries the form kit: its code is a part of its own (ADR 097).
const TwoFactorPanel = lazyPart("TwoFactorPanel", () => import("./TwoFactorPanel").then((module) => module.TwoFactorPanel));
const EmailPanel = lazyPart("EmailPanel", () => import("./EmailPanel").then((module) => module.EmailPanel));
// So is the passkeys' list (in the same file): its "Add a passkey" loads the ceremonies' code when pressed, not with the page.
const PasskeyPanel = lazyPart("PasskeyPanel", () => import("./TwoFactorPanel").then((module) => module.PasskeyPanel));

/** Without this Remix keeps only Set-Cookie from the action: a 429 keeps its Retry-After. */
export { retryAfterHeaders as headers } from "~/server/http/retry-after.server";

/** The account's sign-in security: its e-mail address, second factor, passkeys, sessions and data. One D1 round trip. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const now = Date.now();
  // Asked for in one tick: the session and the account's sessions go to D1 as one batch.
  const userPromise = getSessionUser(context);
  const accountPromise = context.sessionId
    ? context
        .load([
          accountSessionsQuery(context.db, requestOwner(context), now),
          pendingEmailChangeQuery(context.db, requestOwner(context), now),
          passkeysQuery(context.db, requestOwner(context)),
          ...twoFactorQueries(context.db, requestOwner(context)),
        ])
        .then(([sessionRows, emailChange, passkeyRows, totp, codes]) => ({
          sessionRows,
          pendingEmail: emailChange[0]?.newEmail ?? null,
          passkeyRows,
          twoFactor: toTwoFactorState([totp, codes]),
        }))
    : Promise.resolve(null);
  const [user, account] = await Promise.all([userPromise, accountPromise]);
  if (!user || !account) throw redirect(loginPath(`${url.pathname}${url.search}`));
  const { enabled, pendingSecret, recoveryCodesLeft } = account.twoFactor;
  return {
    email: user.email,
    pendingEmail: account.pendingEmail,
    sessions: toAccountSessions(account.sessionRows, context.sessionId),
    passkeys: toPasskeyViews(account.passkeyRows),
    /** A new passkey's name to begin with: this browser's device, as the sessions list shows it. */
    passkeyName: defaultPasskeyName(deviceLabel(request.headers.get("User-Agent"))),
    twoFactor: { enabled, recoveryCodesLeft, setup: pendingSecret ? { secret: pendingSecret, qrSvg: totpQrSvg(pendingSecret, user.email) } : null },
    notice: noticeText("security", url.searchParams.get("notice")),
  };
}

export const action = answeringDatabaseFailures(securityAction, failedIntent);

async function securityAction({ request, context }: ActionFunctionArgs) {
  const user = await getSessionUser(context);
  if (!user) return redirect(loginPath(SECURITY_PATH));
  const body = await readCappedFormData(request);
  if (!body.ok) return formRefusal<SecurityExtra>("", body.message, body.status, { extra: { recoveryCodes: null } });
  const intent = formText(body.form, "intent");
  switch (
    knownIntent(intent, [
      "change-email",
      "revoke-session",
      "revoke-other-sessions",
      "totp-start",
      "totp-confirm",
      "totp-cancel",
      "totp-disable",
      "passkey-remove",
    ])
  ) {
    case "change-email":
      return changeEmailIntent(context, user, body.form);
    case "revoke-session":
      return revokeSessionIntent(context, user, body.form);
    case "revoke-other-sessions":
      return revokeOtherSessionsIntent(context, user, body.form);
    case "totp-start":
      return totpStartIntent(context, user, body.form);
    case "totp-confirm":
      return totpConfirmIntent(context, user, body.form);
    case "totp-cancel":
      return totpCancelIntent(context, user, body.form);
    case "totp-disable":
      return totpDisableIntent(context, user, body.form);
    case "passkey-remove":
      return passkeyRemoveIntent(context, user, body.form);
    default:
      return formRefusal<SecurityExtra>(intent, "Unknown action.", 400, { extra: { recoveryCodes: null } });
  }
}

export default function SecurityPage() {
  const { email, pendingEmail, sessions, passkeys, passkeyName, twoFactor, notice } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  return (
    <div className="space-y-8">
      <div>
        <p className="text-sm">
          <Link to="/profile" className="text-accent underline">
            Profile
          </Link>
        </p>
        <h1 className="text-2xl font-bold">Sign-in and security</h1>
        <p className="text-sm text-muted">Signed in as {email}</p>
      </div>
      {notice ? <Notice>{notice}</Notice> : null}
      <EmailPanel email={email} pendingEmail={pendingEmail} reply={reply} />
      <TwoFactorPanel twoFactor={twoFactor} reply={reply} recoveryCodes={reply?.recoveryCodes ?? null} />
      <PasskeyPanel passkeys={passkeys} defaultName={passkeyName} reply={reply} />
      <SessionList sessions={sessions} reply={reply} />
      <section aria-labelledby="data-heading" className="max-w-2xl space-y-4">
        <h2 id="data-heading" className="text-xl font-bold">
          Your data
        </h2>
        <p className="text-sm text-muted">
          Everything SkinVault keeps of your account (trackers, loadouts, trade-ups, favourites, price alerts, crafts, sessions and passkeys) as one JSON file.
        </p>
        <a href={ACCOUNT_DATA_PATH} download className="inline-block rounded-md border border-line px-3 py-1.5 text-sm hover:border-accent">
          Download my data
        </a>
      </section>
    </div>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Sign-in and security",
    description: "Your e-mail address, signed-in sessions, passkeys and how your account is protected.",
    path: SECURITY_PATH,
    noindex: true,
  });
