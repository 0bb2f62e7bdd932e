import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { EMAIL_CHANGE_MESSAGES, SECURITY_MESSAGES, TWO_FACTOR_MESSAGES } from "~/forms/account-security";
import { PASSKEY_MESSAGES } from "~/forms/passkeys";
import { newTotpSecret, totpCodeAt, totpStepAt } from "~/server/auth/totp.server";
import { ACCOUNT_FAILURES } from "~/forms/auth";
import { PRICE_ALERT_MESSAGES } from "~/forms/price-alert";
import { TRACKER_MESSAGES } from "~/forms/resell-texts";
import { IMPORT_MESSAGES } from "~/forms/resell-import-texts";
import { SALE_MESSAGES } from "~/forms/sale-texts";
import { SAVED_TRADE_UP_MESSAGES } from "~/forms/trade-up";
import { LOADOUT_MESSAGES } from "~/domain/loadouts";
import { notice } from "~/domain/notices";
import { hashToken, randomToken } from "~/server/auth/tokens.server";
import { SIGNED_OUT_PATH, TRY_AGAIN } from "~/server/http/action-failures.server";
import { takeConsoleErrors } from "../fixtures/fail-on-console-error";
import { PIXEL_PNG } from "../fixtures/images";
import { SoftwareAuthenticator } from "../fixtures/software-authenticator";
import { INJECTED_FAULT, withFaults, type FaultPlan } from "./faults";
import { addPasskey, cookies, ORIGIN, registrationOptions, signInOptions } from "./passkey-steps";
import {
  fetchWorker,
  get,
  login,
  post,
  multipartBody,
  postMultipart,
  previewImport,
  registerUser,
  signedInAdmin,
  signedInUser,
  uniqueEmail,
  uniqueIp,
  type FormPart,
} from "./helpers";
import { manifest, urlPath } from "./manifest";
import { CURRENCY_NOT_SAVED } from "~/routes/currency";

/**
 * Every action of every route of the build, with each of its calls to D1 made to fail in turn:
 * the answer is the route's message (at 503, the form as typed), never a 500 or a stack trace,
 * nothing is half written, and the failure is logged exactly once.
 */

interface Attempt {
  path: string;
  cookie?: string;
  /** Form fields, posted as a browser without JavaScript posts them. */
  fields?: Record<string, string>;
  /** A JSON body (the password-reset API). */
  json?: unknown;
  /** Files sent with the fields, as a multipart form (a craft's image). */
  files?: [string, FormPart][];
  /** The browser's User-Agent (the session's device at a login). */
  userAgent?: string;
}

interface Scenario {
  name: string;
  /** Makes what the request needs, afresh for every run (a run may use it up), and says what to send. */
  prepare: () => Promise<Attempt>;
  /** What the answer to a failure shows. */
  message: string;
  /** A value posted that the failure's answer shows again (the form as typed). */
  typed?: string;
  /** The failure's answer when it is not a 503 page: a redirect whose Location contains this. */
  redirectsTo?: string;
  /** A success renders the page (a data answer): the request's last call is the page's read, not the action's. */
  renders?: boolean;
  /** A column the action may write before a later call fails, by design. */
  ignore?: { table: string; column: string };
}

const PASSWORD = "secret-pass-1";

/** A two-step key for the account, being set up or (`enabled`) on; answers the key. */
async function totpSetUp(email: string, enabled: boolean): Promise<string> {
  const secret = newTotpSecret();
  await env.DB.prepare("INSERT INTO user_totp (user_id, secret, enabled_at) SELECT id, ?, ? FROM users WHERE email = ?")
    .bind(secret, enabled ? Date.now() : null, email)
    .run();
  return secret;
}
const STRONG_PASSWORD = "New-Passw0rd!";
const SKIN = "ak-47-redline";

const DAY = "2026-01-02";
/** A Steam inventory of one Redline, for the import. */
const INVENTORY = JSON.stringify({
  assets: [{ assetid: "1", classid: "1", instanceid: "0" }],
  descriptions: [{ classid: "1", instanceid: "0", market_hash_name: "AK-47 | Redline (Field-Tested)" }],
});

/** A valid contract, as the trade-up page's query string. */
const CONTRACT = "s1=mag-7-insomnia&f1=0.2&n1=10";

async function userRow(email: string) {
  return (await env.DB.prepare("SELECT id FROM users WHERE email = ?").bind(email).first<{ id: string }>())!;
}
async function favourite(cookie: string, skinId = SKIN) {
  expect((await post("/favorites", { intent: "add", skinId }, { cookie })).status).toBe(303);
}
async function newTracker(cookie: string): Promise<number> {
  expect((await post("/resell-tracker/new", { skinId: SKIN, wear: "FT", boughtAt: DAY, buyPrice: "12.34" }, { cookie })).status).toBe(303);
  return (await env.DB.prepare("SELECT max(id) AS id FROM resell_trackers").first<{ id: number }>())!.id;
}
async function newLoadout(cookie: string, budget = ""): Promise<number> {
  const created = await post("/loadouts/new", { title: "Fault loadout", budget }, { cookie });
  return Number(/\/loadouts\/edit\/(\d+)/.exec(created.headers.get("Location") ?? "")![1]);
}
const loadoutVersion = async (id: number) =>
  String((await env.DB.prepare("SELECT version FROM user_loadouts WHERE id = ?").bind(id).first<{ version: number }>())!.version);
async function newOfficial(admin: { cookie: string }): Promise<number> {
  const title = `Fault official ${crypto.randomUUID().slice(0, 8)}`;
  expect((await post("/admin/loadouts", { intent: "save", title }, { cookie: admin.cookie })).status).toBe(302);
  return (await env.DB.prepare("SELECT id FROM official_loadouts WHERE title = ?").bind(title).first<{ id: number }>())!.id;
}
const officialVersion = async (id: number) =>
  String((await env.DB.prepare("SELECT updated_at AS v FROM official_loadouts WHERE id = ?").bind(id).first<{ v: number }>())!.v);
const AK_WEAR = async () =>
  (await env.DB.prepare("SELECT min(wear) AS wear FROM skin_wears WHERE skin_id = ? AND enabled = 1").bind(SKIN).first<{ wear: string }>())!.wear;
async function newCraft(admin: { cookie: string }): Promise<number> {
  const name = `Fault craft ${crypto.randomUUID().slice(0, 8)}`;
  expect((await post("/admin/sticker-crafts", { intent: "save", name, skinId: SKIN }, { cookie: admin.cookie })).status).toBe(302);
  return (await env.DB.prepare("SELECT id FROM sticker_crafts WHERE name = ?").bind(name).first<{ id: number }>())!.id;
}
const SHOT: [string, FormPart] = ["ingameFile", { bytes: PIXEL_PNG, name: "shot.png", type: "image/png" }];
/** A player's craft, waiting for review: its id, version and author. */
async function submittedCraft(): Promise<{ id: number; version: number; author: { cookie: string } }> {
  const author = await signedInUser("fault-author");
  const name = `Fault community craft ${crypto.randomUUID().slice(0, 8)}`;
  const response = await postMultipart("/sticker-crafts/submit", [["intent", "submit"], ["name", name], ["skinId", SKIN], SHOT], author.cookie);
  expect(response.status).toBe(302);
  const row = (await env.DB.prepare("SELECT id, version FROM sticker_crafts WHERE name = ?").bind(name).first<{ id: number; version: number }>())!;
  return { ...row, author };
}
/** A community craft, published by the admin. */
async function publishedCraft(): Promise<{ id: number }> {
  const craft = await submittedCraft();
  const published = await post(
    "/admin/sticker-crafts/queue",
    { intent: "publish", id: String(craft.id), version: String(craft.version) },
    { cookie: (await signedInAdmin()).cookie },
  );
  expect(published.status).toBe(302);
  return craft;
}
/** A share link of the user's new loadout (one slot filled), by its token. */
async function sharedLoadout(cookie: string): Promise<string> {
  const id = await newLoadout(cookie);
  expect(
    (
      await post(
        `/loadouts/edit/${id}`,
        { intent: "set-wear", slot: "ak47_tside", skinId: SKIN, wear: await AK_WEAR(), version: await loadoutVersion(id) },
        { cookie },
      )
    ).status,
  ).toBe(302);
  expect((await post(`/loadouts/user/${id}`, { intent: "share-create" }, { cookie })).status).toBe(302);
  return (await env.DB.prepare("SELECT token FROM loadout_shares WHERE loadout_id = ?").bind(id).first<{ token: string }>())!.token;
}
/** The hidden field of a page, as a browser would post it back. */
function hiddenField(html: string, name: string): string {
  const raw = new RegExp(`<input type="hidden" name="${name}" value="([^"]*)"`).exec(html)?.[1];
  if (raw === undefined) throw new Error(`no ${name} field`);
  return raw.replaceAll("&amp;", "&").replaceAll("&quot;", '"').replaceAll("&#x27;", "'").replaceAll("&lt;", "<").replaceAll("&gt;", ">");
}

/** A change of `email`'s address to a fresh one, waiting for its link: the link's token. */
async function emailChangeFor(email: string): Promise<string> {
  const token = randomToken();
  await env.DB.prepare("INSERT INTO email_change_tokens (token_hash, user_id, new_email, expires_at) VALUES (?, ?, ?, ?)")
    .bind(hashToken(token), (await userRow(email)).id, uniqueEmail("fault-new-address"), Date.now() + 600_000)
    .run();
  return token;
}

async function tokenFor(table: "password_reset_tokens" | "email_confirmation_tokens", email: string): Promise<string> {
  const token = randomToken();
  const { id } = await userRow(email);
  await env.DB.prepare(`INSERT INTO ${table} (token_hash, user_id, expires_at, created_at) VALUES (?, ?, ?, ?)`)
    .bind(hashToken(token), id, Date.now() + 600_000, Date.now())
    .run();
  return token;
}
async function unconfirmedUser(): Promise<string> {
  const email = uniqueEmail("unconfirmed");
  await registerUser(email, PASSWORD, { confirm: false });
  return email;
}

/** Every route of the build with an action has its scenarios here; a route without is a failing test. */
/** What the actions that never call the database are sent, and their answer's status. */
const WITHOUT_DATABASE: Record<string, { attempt: Attempt; status: number }> = {
  "routes/cookie-consent": { attempt: { path: "/cookie-consent", fields: { intent: "accept", redirectTo: "/" } }, status: 303 },
  // A visitor's sign-in options write nothing: the challenge travels in a signed cookie.
  "routes/api.passkeys.login.options": { attempt: { path: "/api/passkeys/login/options", json: {} }, status: 200 },
};

const SCENARIOS: Record<string, Scenario[] | "no database"> = {
  "routes/cookie-consent": "no database",
  "routes/api.passkeys.login.options": "no database",
  "routes/api.passkeys.register.options": [
    {
      name: "options to add a passkey",
      prepare: async () => ({ path: "/api/passkeys/register/options", cookie: (await signedInUser("fault-passkey-options")).cookie, json: {} }),
      message: PASSKEY_MESSAGES.addFailed,
    },
  ],
  "routes/api.passkeys.register.verify": [
    {
      name: "add a passkey",
      prepare: async () => {
        const { cookie } = await signedInUser("fault-passkey-add");
        const { options, ceremony } = await registrationOptions(cookie);
        const response = await (await SoftwareAuthenticator.create()).register(options, ORIGIN);
        return { path: "/api/passkeys/register/verify", cookie: cookies(cookie, ceremony), json: { name: "Fault key", response } };
      },
      message: PASSKEY_MESSAGES.addFailed,
    },
  ],
  "routes/api.passkeys.login.verify": [
    {
      name: "sign in with a passkey",
      prepare: async () => {
        const { cookie } = await signedInUser("fault-passkey-login");
        const { authenticator } = await addPasskey(cookie);
        const { options, ceremony } = await signInOptions();
        return { path: "/api/passkeys/login/verify", cookie: ceremony, json: { response: await authenticator.assert(options, ORIGIN) } };
      },
      message: PASSKEY_MESSAGES.signInFailed,
    },
  ],
  "routes/login": [
    {
      name: "the second step of signing in",
      prepare: async () => {
        const user = await signedInUser("fault-two-step");
        const secret = await totpSetUp(user.email, true);
        const password = await login(user.email, PASSWORD);
        await password.arrayBuffer();
        const pending = /(skinvault_two_step=[^;]+)/.exec(password.headers.get("Set-Cookie") ?? "")?.[1];
        if (!pending) throw new Error("no pending cookie");
        return { path: "/login?mode=two-step", cookie: pending, fields: { intent: "two-step", code: totpCodeAt(secret, totpStepAt(Date.now())) } };
      },
      message: TWO_FACTOR_MESSAGES.signInFailed,
      ignore: { table: "user_totp", column: "last_used_step" },
    },
    {
      name: "log in",
      prepare: async () => {
        const user = await signedInUser("fault-login");
        return { path: "/login?mode=login", fields: { intent: "login", email: user.email, password: PASSWORD } };
      },
      message: ACCOUNT_FAILURES.login,
    },
    {
      name: "log in from a new device (its known device and mail written with the session)",
      prepare: async () => {
        const user = await signedInUser("fault-new-device");
        return {
          path: "/login?mode=login",
          fields: { intent: "login", email: user.email, password: PASSWORD },
          userAgent: "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",
        };
      },
      message: ACCOUNT_FAILURES.login,
    },
    {
      name: "register",
      prepare: () =>
        Promise.resolve({ path: "/login?mode=register", fields: { intent: "register", email: uniqueEmail("fault-register"), password: PASSWORD } }),
      message: ACCOUNT_FAILURES.register,
    },
    {
      name: "forgot password",
      prepare: async () => ({ path: "/login?mode=forgot", fields: { intent: "forgot", email: (await signedInUser("fault-forgot")).email } }),
      message: ACCOUNT_FAILURES.forgot,
    },
    {
      name: "resend the confirmation",
      prepare: async () => ({ path: "/login?mode=login", fields: { intent: "resend-confirmation", email: await unconfirmedUser() } }),
      message: ACCOUNT_FAILURES.resendConfirmation,
    },
  ],
  "routes/currency": [
    {
      name: "choose a currency, signed in",
      prepare: async () => ({ path: "/currency", cookie: (await signedInUser("fault-currency")).cookie, fields: { currency: "EUR", redirectTo: "/" } }),
      message: CURRENCY_NOT_SAVED,
    },
  ],
  "routes/logout": [
    {
      name: "log out",
      prepare: async () => ({ path: "/logout", cookie: (await signedInUser("fault-logout")).cookie, fields: {} }),
      message: notice("profile", "logout-failed"),
      redirectsTo: "/profile?notice=logout-failed",
    },
  ],
  "routes/profile_.security": [
    {
      name: "begin the two-step setup",
      prepare: async () => ({ path: "/profile/security", cookie: (await signedInUser("fault-totp-start")).cookie, fields: { intent: "totp-start" } }),
      message: TWO_FACTOR_MESSAGES.startFailed,
    },
    {
      name: "turn two-step sign-in on",
      prepare: async () => {
        const { cookie, email } = await signedInUser("fault-totp-on");
        const secret = await totpSetUp(email, false);
        return { path: "/profile/security", cookie, fields: { intent: "totp-confirm", code: totpCodeAt(secret, totpStepAt(Date.now())) } };
      },
      message: TWO_FACTOR_MESSAGES.confirmFailed,
      renders: true,
    },
    {
      name: "cancel the two-step setup",
      prepare: async () => {
        const { cookie, email } = await signedInUser("fault-totp-cancel");
        await totpSetUp(email, false);
        return { path: "/profile/security", cookie, fields: { intent: "totp-cancel" } };
      },
      message: TWO_FACTOR_MESSAGES.cancelFailed,
    },
    {
      name: "turn two-step sign-in off",
      prepare: async () => {
        const { cookie, email } = await signedInUser("fault-totp-off");
        const secret = await totpSetUp(email, true);
        return { path: "/profile/security", cookie, fields: { intent: "totp-disable", code: totpCodeAt(secret, totpStepAt(Date.now())) } };
      },
      message: TWO_FACTOR_MESSAGES.disableFailed,
      // A code checked is spent, whatever comes after it.
      ignore: { table: "user_totp", column: "last_used_step" },
    },
    {
      name: "ask for a new e-mail address",
      prepare: async () => ({
        path: "/profile/security",
        cookie: (await signedInUser("fault-email-change")).cookie,
        fields: { intent: "change-email", email: "fault-typed-new-address@example.test", currentPassword: PASSWORD },
      }),
      message: EMAIL_CHANGE_MESSAGES.requestFailed,
      typed: "fault-typed-new-address@example.test",
    },
    {
      name: "sign one session out",
      prepare: async () => {
        const { cookie, email } = await signedInUser("fault-revoke");
        await (await login(email, PASSWORD)).arrayBuffer();
        const page = await (await get("/profile/security", cookie)).text();
        const session = /name="session" value="([0-9a-f]{32})"/.exec(page)?.[1];
        if (!session) throw new Error("no other session listed");
        return { path: "/profile/security", cookie, fields: { intent: "revoke-session", session } };
      },
      message: SECURITY_MESSAGES.revokeFailed,
    },
    {
      name: "remove a passkey",
      prepare: async () => {
        const { cookie } = await signedInUser("fault-passkey-remove");
        await (await addPasskey(cookie)).response.arrayBuffer();
        const page = await (await get("/profile/security", cookie)).text();
        const passkey = /name="passkey" value="([0-9a-f]{32})"/.exec(page)?.[1];
        if (!passkey) throw new Error("no passkey listed");
        return { path: "/profile/security", cookie, fields: { intent: "passkey-remove", passkey } };
      },
      message: PASSKEY_MESSAGES.removeFailed,
    },
    {
      name: "sign out everywhere else",
      prepare: async () => {
        const { cookie, email } = await signedInUser("fault-revoke-all");
        await (await login(email, PASSWORD)).arrayBuffer();
        return { path: "/profile/security", cookie, fields: { intent: "revoke-other-sessions" } };
      },
      message: SECURITY_MESSAGES.revokeOthersFailed,
    },
  ],
  "routes/profile": [
    {
      name: "change the password",
      prepare: async () => ({
        path: "/profile",
        cookie: (await signedInUser("fault-password")).cookie,
        fields: { intent: "change-password", currentPassword: PASSWORD, newPassword: "another-pass-2", confirmPassword: "another-pass-2" },
      }),
      message: ACCOUNT_FAILURES.changePassword,
    },
    {
      name: "delete the account",
      prepare: async () => ({ path: "/profile", cookie: (await signedInUser("fault-delete")).cookie, fields: { intent: "delete-account", confirm: "DELETE" } }),
      message: ACCOUNT_FAILURES.deleteAccount,
    },
    {
      name: "set a price alert",
      prepare: async () => {
        const { cookie } = await signedInUser("fault-alert");
        await favourite(cookie);
        return { path: "/profile?tab=favorites", cookie, fields: { intent: "set-alert", skinId: SKIN, wear: await AK_WEAR(), target: "12.34" } };
      },
      message: PRICE_ALERT_MESSAGES.saveFailed,
      typed: "12.34",
    },
    {
      name: "remove a price alert",
      prepare: async () => {
        const { cookie } = await signedInUser("fault-alert");
        await favourite(cookie);
        expect((await post("/profile?tab=favorites", { intent: "set-alert", skinId: SKIN, wear: await AK_WEAR(), target: "5" }, { cookie })).status).toBe(303);
        return { path: "/profile?tab=favorites", cookie, fields: { intent: "remove-alert", skinId: SKIN } };
      },
      message: PRICE_ALERT_MESSAGES.removeFailed,
    },
    {
      name: "delete a saved trade-up",
      prepare: async () => {
        const { cookie, email } = await signedInUser("fault-trade-up");
        expect((await post(`/trade-up?${CONTRACT}`, { intent: "save", name: "Doomed", contract: CONTRACT }, { cookie })).status).toBe(303);
        const { id } = (await env.DB.prepare("SELECT max(id) AS id FROM saved_trade_ups WHERE user_id = ?")
          .bind((await userRow(email)).id)
          .first<{ id: number }>())!;
        return { path: "/profile?tab=trade-ups", cookie, fields: { intent: "delete-trade-up", id: String(id) } };
      },
      message: SAVED_TRADE_UP_MESSAGES.deleteFailed,
    },
  ],
  "routes/trade-up": [
    {
      name: "save a contract",
      prepare: async () => ({
        path: `/trade-up?${CONTRACT}`,
        cookie: (await signedInUser("fault-trade-up")).cookie,
        fields: { intent: "save", name: "Typed trade-up name", contract: CONTRACT },
      }),
      message: SAVED_TRADE_UP_MESSAGES.saveFailed,
      typed: "Typed trade-up name",
    },
  ],
  "routes/reset-password": [
    {
      name: "set a new password",
      prepare: async () => {
        const { email } = await signedInUser("fault-reset");
        const token = await tokenFor("password_reset_tokens", email);
        return { path: `/reset-password?token=${token}`, fields: { token, newPassword: STRONG_PASSWORD, confirmPassword: STRONG_PASSWORD } };
      },
      message: ACCOUNT_FAILURES.resetPassword,
    },
    {
      name: "set a new password with the two-step code",
      prepare: async () => {
        const { email } = await signedInUser("fault-reset-totp");
        const secret = await totpSetUp(email, true);
        const token = await tokenFor("password_reset_tokens", email);
        return {
          path: `/reset-password?token=${token}`,
          fields: { token, newPassword: STRONG_PASSWORD, confirmPassword: STRONG_PASSWORD, code: totpCodeAt(secret, totpStepAt(Date.now())) },
        };
      },
      message: ACCOUNT_FAILURES.resetPassword,
      // A code checked is spent, whatever comes after it.
      ignore: { table: "user_totp", column: "last_used_step" },
    },
  ],
  "routes/confirm-new-email": [
    {
      name: "confirm a new e-mail address",
      prepare: async () => {
        const token = await emailChangeFor((await signedInUser("fault-new-address")).email);
        return { path: `/confirm-new-email?token=${token}`, fields: { intent: "confirm-new-email", token } };
      },
      message: "Failed to change your e-mail address. Please try again.",
    },
  ],
  "routes/confirm-email": [
    {
      name: "confirm the e-mail address",
      prepare: async () => {
        const token = await tokenFor("email_confirmation_tokens", await unconfirmedUser());
        return { path: `/confirm-email?token=${token}`, fields: { intent: "confirm-email", token } };
      },
      message: ACCOUNT_FAILURES.confirmEmail,
    },
  ],
  "routes/api.password-reset-simple": [
    {
      name: "request a reset (JSON)",
      prepare: async () => ({ path: "/api/password-reset-simple", json: { action: "request", email: (await signedInUser("fault-api")).email } }),
      message: ACCOUNT_FAILURES.unexpected,
    },
    {
      name: "validate a token (JSON)",
      prepare: async () => ({
        path: "/api/password-reset-simple",
        json: { action: "validate", token: await tokenFor("password_reset_tokens", (await signedInUser("fault-api")).email) },
      }),
      message: ACCOUNT_FAILURES.unexpected,
    },
    {
      name: "reset (JSON)",
      prepare: async () => ({
        path: "/api/password-reset-simple",
        json: { action: "reset", token: await tokenFor("password_reset_tokens", (await signedInUser("fault-api")).email), newPassword: STRONG_PASSWORD },
      }),
      message: ACCOUNT_FAILURES.unexpected,
    },
  ],
  "routes/dev.mailbox": [
    {
      name: "deliver the outbox now",
      prepare: async () => {
        // Only this one mail waits, so every run makes the same calls.
        await env.DB.prepare("UPDATE mail_outbox SET status = 'sent', sent_at = ?1 WHERE status = 'pending'").bind(Date.now()).run();
        await unconfirmedUser();
        return { path: "/dev/mailbox", fields: { intent: "deliver" } };
      },
      message: TRY_AGAIN,
      // The job's claim is a lease: a mail claimed but not marked sent is sent again once it runs out.
      ignore: { table: "mail_outbox", column: "claimed_until" },
    },
  ],
  "routes/favorites": [
    {
      name: "add a favourite (no JavaScript)",
      prepare: async () => ({
        path: "/favorites",
        cookie: (await signedInUser("fault-fav")).cookie,
        fields: { intent: "add", skinId: SKIN, redirectTo: "/weapons/AK-47" },
      }),
      message: "Your favourites could not be changed. Please try again.",
    },
    {
      name: "add a favourite (the heart's fetcher)",
      prepare: async () => ({
        path: "/favorites.data",
        cookie: (await signedInUser("fault-fav")).cookie,
        fields: { intent: "add", skinId: SKIN, respond: "data" },
      }),
      message: "Your favourites could not be changed. Please try again.",
    },
    {
      name: "remove a favourite",
      prepare: async () => {
        const { cookie } = await signedInUser("fault-fav");
        await favourite(cookie);
        return { path: "/favorites", cookie, fields: { intent: "remove", skinId: SKIN } };
      },
      message: "Your favourites could not be changed. Please try again.",
    },
  ],
  "routes/resell-tracker": [
    {
      name: "delete a tracker",
      prepare: async () => {
        const { cookie } = await signedInUser("fault-tracker");
        return { path: "/resell-tracker", cookie, fields: { intent: "delete", trackerId: String(await newTracker(cookie)) } };
      },
      message: TRACKER_MESSAGES.failed,
    },
  ],
  "routes/resell-tracker_.new": [
    {
      name: "add a tracker",
      prepare: async () => ({
        path: `/resell-tracker/new?skin=${SKIN}`,
        cookie: (await signedInUser("fault-tracker")).cookie,
        fields: { skinId: SKIN, wear: "FT", boughtAt: DAY, buyPrice: "12.34", notes: "Typed before the fault" },
      }),
      message: TRACKER_MESSAGES.failed,
      typed: "Typed before the fault",
    },
    {
      name: "add a tracker (the dialog's fetcher)",
      prepare: async () => ({
        path: `/resell-tracker/new.data?skin=${SKIN}`,
        cookie: (await signedInUser("fault-tracker")).cookie,
        fields: { skinId: SKIN, wear: "FT", boughtAt: DAY, buyPrice: "12.34", notes: "Typed in the dialog", respond: "data" },
      }),
      message: TRACKER_MESSAGES.failed,
      typed: "Typed in the dialog",
    },
  ],
  "routes/resell-tracker_.import": [
    {
      name: "preview an inventory",
      prepare: async () => ({
        path: "/resell-tracker/import",
        cookie: (await signedInUser("fault-import")).cookie,
        fields: { intent: "preview" },
        files: [["file", { bytes: new TextEncoder().encode(INVENTORY), name: "inventory.json", type: "application/json" }]],
      }),
      message: IMPORT_MESSAGES.failed,
      renders: true,
    },
    {
      name: "import the chosen items",
      prepare: async () => {
        const { cookie } = await signedInUser("fault-import");
        const formKey = await previewImport(cookie, INVENTORY);
        return {
          path: "/resell-tracker/import",
          cookie,
          fields: { intent: "import", formKey, "rows[0].pick": "on", "rows[0].buyPrice": "12.34", "rows[0].boughtAt": DAY },
        };
      },
      message: IMPORT_MESSAGES.failed,
    },
  ],
  "routes/resell-tracker_.$trackerId.edit": [
    {
      name: "edit a tracker",
      prepare: async () => {
        const { cookie } = await signedInUser("fault-tracker");
        const id = await newTracker(cookie);
        return { path: `/resell-tracker/${id}/edit`, cookie, fields: { wear: "FT", boughtAt: DAY, buyPrice: "20.00", notes: "Edited before the fault" } };
      },
      message: TRACKER_MESSAGES.failed,
      typed: "Edited before the fault",
    },
  ],
  "routes/resell-tracker_.$trackerId.sale": [
    {
      name: "record a sale",
      prepare: async () => {
        const { cookie } = await signedInUser("fault-sale");
        const id = await newTracker(cookie);
        return { path: `/resell-tracker/${id}/sale`, cookie, fields: { intent: "sell", salePrice: "37.65", soldAt: DAY, market: "csfloat" } };
      },
      message: SALE_MESSAGES.failed,
      typed: "37.65",
    },
    {
      name: "undo a sale",
      prepare: async () => {
        const { cookie } = await signedInUser("fault-sale");
        const id = await newTracker(cookie);
        expect((await post(`/resell-tracker/${id}/sale`, { intent: "sell", salePrice: "20.00", soldAt: DAY, market: "steam" }, { cookie })).status).toBe(303);
        return { path: `/resell-tracker/${id}/sale`, cookie, fields: { intent: "undo" } };
      },
      message: SALE_MESSAGES.failed,
    },
  ],
  "routes/loadouts.new": [
    {
      name: "create a loadout",
      prepare: async () => ({ path: "/loadouts/new", cookie: (await signedInUser("fault-loadout")).cookie, fields: { title: "Typed title", budget: "10" } }),
      message: LOADOUT_MESSAGES.saveFailed,
      typed: "Typed title",
    },
  ],
  "routes/loadouts.edit.$id": [
    {
      name: "pick a skin and wear",
      prepare: async () => {
        const { cookie } = await signedInUser("fault-editor");
        const id = await newLoadout(cookie);
        return {
          path: `/loadouts/edit/${id}`,
          cookie,
          fields: { intent: "set-wear", slot: "ak47_tside", skinId: SKIN, wear: await AK_WEAR(), version: await loadoutVersion(id) },
        };
      },
      message: LOADOUT_MESSAGES.saveFailed,
    },
    {
      name: "clear a slot",
      prepare: async () => {
        const { cookie } = await signedInUser("fault-editor");
        const id = await newLoadout(cookie);
        const fields = { slot: "ak47_tside", skinId: SKIN, wear: await AK_WEAR() };
        expect((await post(`/loadouts/edit/${id}`, { intent: "set-wear", ...fields, version: await loadoutVersion(id) }, { cookie })).status).toBe(302);
        return { path: `/loadouts/edit/${id}`, cookie, fields: { intent: "clear-slot", slot: "ak47_tside", version: await loadoutVersion(id) } };
      },
      message: LOADOUT_MESSAGES.saveFailed,
    },
    {
      name: "save the details",
      prepare: async () => {
        const { cookie } = await signedInUser("fault-editor");
        const id = await newLoadout(cookie);
        return { path: `/loadouts/edit/${id}`, cookie, fields: { intent: "save", title: "Renamed before the fault", version: await loadoutVersion(id) } };
      },
      message: LOADOUT_MESSAGES.saveFailed,
      typed: "Renamed before the fault",
    },
  ],
  "routes/loadouts.$loadoutType.$loadoutId": [
    {
      name: "copy an official loadout",
      prepare: async () => {
        const official = (await env.DB.prepare("SELECT min(id) AS id FROM official_loadouts").first<{ id: number }>())!.id;
        return { path: `/loadouts/official/${official}`, cookie: (await signedInUser("fault-copy")).cookie, fields: { intent: "copy" } };
      },
      message: LOADOUT_MESSAGES.copyFailed,
    },
    {
      name: "delete a loadout",
      prepare: async () => {
        const { cookie } = await signedInUser("fault-copy");
        return { path: `/loadouts/user/${await newLoadout(cookie)}`, cookie, fields: { intent: "delete" } };
      },
      message: LOADOUT_MESSAGES.deleteFailed,
    },
    {
      name: "share a loadout by link",
      prepare: async () => {
        const { cookie } = await signedInUser("fault-share");
        return { path: `/loadouts/user/${await newLoadout(cookie)}`, cookie, fields: { intent: "share-create" } };
      },
      message: LOADOUT_MESSAGES.shareFailed,
    },
    {
      name: "change what a share link shows",
      prepare: async () => {
        const { cookie } = await signedInUser("fault-share");
        const id = await newLoadout(cookie);
        expect((await post(`/loadouts/user/${id}`, { intent: "share-create" }, { cookie })).status).toBe(302);
        return { path: `/loadouts/user/${id}`, cookie, fields: { intent: "share-settings", showBudget: "on" } };
      },
      message: LOADOUT_MESSAGES.shareFailed,
    },
    {
      name: "revoke a share link",
      prepare: async () => {
        const { cookie } = await signedInUser("fault-share");
        const id = await newLoadout(cookie);
        expect((await post(`/loadouts/user/${id}`, { intent: "share-create" }, { cookie })).status).toBe(302);
        return { path: `/loadouts/user/${id}`, cookie, fields: { intent: "share-revoke" } };
      },
      message: LOADOUT_MESSAGES.shareFailed,
    },
  ],
  "routes/loadouts.shared.$token": [
    {
      name: "save a shared loadout as one's own",
      prepare: async () => {
        const token = await sharedLoadout((await signedInUser("fault-sharer")).cookie);
        return { path: `/loadouts/shared/${token}`, cookie: (await signedInUser("fault-saver")).cookie, fields: { intent: "copy" } };
      },
      message: LOADOUT_MESSAGES.copyFailed,
    },
  ],
  "routes/loadouts.user.$id.fill": [
    {
      name: "fill empty slots within the budget",
      prepare: async () => {
        const { cookie } = await signedInUser("fault-fill");
        const id = await newLoadout(cookie, "60");
        const preview = await (await get(`/loadouts/user/${id}/fill?side=t`, cookie)).text();
        const fields = { side: hiddenField(preview, "side"), version: hiddenField(preview, "version"), proposal: hiddenField(preview, "proposal") };
        return { path: `/loadouts/user/${id}/fill?side=t`, cookie, fields };
      },
      message: LOADOUT_MESSAGES.fillFailed,
    },
  ],
  "routes/admin.loadouts": [
    {
      name: "create an official loadout",
      prepare: async () => ({ path: "/admin/loadouts", cookie: (await signedInAdmin()).cookie, fields: { intent: "save", title: "Typed official title" } }),
      message: LOADOUT_MESSAGES.officialSaveFailed,
      typed: "Typed official title",
    },
    {
      name: "edit an official loadout",
      prepare: async () => {
        const admin = await signedInAdmin();
        return {
          path: "/admin/loadouts",
          cookie: admin.cookie,
          fields: { intent: "save", id: String(await newOfficial(admin)), title: "Edited official title" },
        };
      },
      message: LOADOUT_MESSAGES.officialSaveFailed,
      typed: "Edited official title",
    },
    {
      name: "delete an official loadout",
      prepare: async () => {
        const admin = await signedInAdmin();
        return { path: "/admin/loadouts", cookie: admin.cookie, fields: { intent: "delete", id: String(await newOfficial(admin)) } };
      },
      message: LOADOUT_MESSAGES.officialDeleteFailed,
    },
  ],
  "routes/admin.loadouts_.$id.edit": [
    {
      name: "pick a skin for an official loadout",
      prepare: async () => {
        const admin = await signedInAdmin();
        const id = await newOfficial(admin);
        return {
          path: `/admin/loadouts/${id}/edit`,
          cookie: admin.cookie,
          fields: { intent: "set-wear", slot: "ak47_tside", skinId: SKIN, wear: await AK_WEAR(), version: await officialVersion(id) },
        };
      },
      message: LOADOUT_MESSAGES.officialSaveFailed,
    },
    {
      name: "save an official loadout's details",
      prepare: async () => {
        const admin = await signedInAdmin();
        const id = await newOfficial(admin);
        return {
          path: `/admin/loadouts/${id}/edit`,
          cookie: admin.cookie,
          fields: { intent: "save", title: "Official renamed before the fault", version: await officialVersion(id) },
        };
      },
      message: LOADOUT_MESSAGES.officialSaveFailed,
      typed: "Official renamed before the fault",
    },
  ],
  "routes/admin.sticker-crafts": [
    {
      name: "create a sticker craft",
      prepare: async () => ({
        path: "/admin/sticker-crafts",
        cookie: (await signedInAdmin()).cookie,
        fields: { intent: "save", name: "Typed craft name", skinId: SKIN, "stickers[0].name": "Typed sticker", "stickers[0].price": "1.50" },
      }),
      message: "Error saving sticker craft",
      typed: "Typed sticker",
    },
    {
      name: "edit a sticker craft",
      prepare: async () => {
        const admin = await signedInAdmin();
        return {
          path: "/admin/sticker-crafts",
          cookie: admin.cookie,
          fields: { intent: "save", id: String(await newCraft(admin)), name: "Edited craft name", skinId: SKIN },
        };
      },
      message: "Error saving sticker craft",
      typed: "Edited craft name",
    },
    {
      name: "delete a sticker craft",
      prepare: async () => {
        const admin = await signedInAdmin();
        return { path: "/admin/sticker-crafts", cookie: admin.cookie, fields: { intent: "delete", id: String(await newCraft(admin)) } };
      },
      message: "Error deleting sticker craft",
    },
    {
      name: "delete a community craft from the admin list (logged, its author mailed)",
      prepare: async () => {
        const craft = await submittedCraft();
        return { path: "/admin/sticker-crafts", cookie: (await signedInAdmin()).cookie, fields: { intent: "delete", id: String(craft.id) } };
      },
      message: "Error deleting sticker craft",
    },
    {
      name: "search the catalogue for the craft's skin",
      prepare: async () => ({
        path: "/admin/sticker-crafts",
        cookie: (await signedInAdmin()).cookie,
        fields: { intent: "search-skin", name: "Typed while searching", skinQuery: "redline" },
      }),
      message: TRY_AGAIN,
      typed: "Typed while searching",
      renders: true,
    },
  ],
  "routes/sticker-crafts.submit": [
    {
      name: "submit a community craft with its image",
      prepare: async () => ({
        path: "/sticker-crafts/submit",
        cookie: (await signedInUser("fault-submit")).cookie,
        fields: { intent: "submit", name: "Typed community craft", description: "Typed description", skinId: SKIN },
        files: [SHOT],
      }),
      message: "Error saving sticker craft",
      typed: "Typed description",
    },
    {
      name: "resubmit an edited community craft",
      prepare: async () => {
        const craft = await submittedCraft();
        return {
          path: `/sticker-crafts/submit?edit=${craft.id}`,
          cookie: craft.author.cookie,
          fields: { intent: "submit", id: String(craft.id), version: String(craft.version), name: "Edited community craft", skinId: SKIN },
        };
      },
      message: "Error saving sticker craft",
      typed: "Edited community craft",
    },
    {
      name: "delete one's own community craft",
      prepare: async () => {
        const craft = await submittedCraft();
        return { path: "/sticker-crafts/submit", cookie: craft.author.cookie, fields: { intent: "delete", id: String(craft.id) } };
      },
      message: "Error deleting sticker craft",
    },
    {
      name: "search the catalogue for the community craft's skin",
      prepare: async () => ({
        path: "/sticker-crafts/submit",
        cookie: (await signedInUser("fault-search")).cookie,
        fields: { intent: "search-skin", name: "Typed while searching", skinQuery: "redline" },
      }),
      message: TRY_AGAIN,
      typed: "Typed while searching",
      renders: true,
    },
  ],
  "routes/admin.sticker-crafts_.queue": [
    {
      name: "publish a community craft",
      prepare: async () => {
        const craft = await submittedCraft();
        return {
          path: "/admin/sticker-crafts/queue",
          cookie: (await signedInAdmin()).cookie,
          fields: { intent: "publish", id: String(craft.id), version: String(craft.version) },
        };
      },
      message: TRY_AGAIN,
    },
    {
      name: "reject a community craft with a reason",
      prepare: async () => {
        const craft = await submittedCraft();
        return {
          path: "/admin/sticker-crafts/queue",
          cookie: (await signedInAdmin()).cookie,
          fields: { intent: "reject", id: String(craft.id), version: String(craft.version), reason: "Typed reason for the author" },
        };
      },
      message: TRY_AGAIN,
      typed: "Typed reason for the author",
    },
    {
      name: "delete a community craft with a reason",
      prepare: async () => {
        const craft = await submittedCraft();
        return {
          path: "/admin/sticker-crafts/queue",
          cookie: (await signedInAdmin()).cookie,
          fields: { intent: "delete", id: String(craft.id), reason: "Typed reason for deleting" },
        };
      },
      message: TRY_AGAIN,
      typed: "Typed reason for deleting",
    },
    {
      name: "dismiss a craft's reports",
      prepare: async () => {
        const craft = await publishedCraft();
        const reported = await post(`/sticker-crafts/${craft.id}`, { intent: "report", reason: "Fault report" });
        expect(reported.status).toBe(200);
        return { path: "/admin/sticker-crafts/queue", cookie: (await signedInAdmin()).cookie, fields: { intent: "dismiss", id: String(craft.id) } };
      },
      message: TRY_AGAIN,
    },
  ],
  "routes/sticker-crafts.$craftId": [
    {
      name: "report a published community craft",
      prepare: async () => ({ path: `/sticker-crafts/${(await publishedCraft()).id}`, fields: { intent: "report", reason: "Typed report reason" } }),
      message: TRY_AGAIN,
      typed: "Typed report reason",
      renders: true,
    },
  ],
};

// ------------------------------------------------------------------ running them

function send(attempt: Attempt, bindings = withFaults()): Promise<Response> {
  const headers = new Headers({ Host: "example.com", "CF-Connecting-IP": uniqueIp() });
  if (attempt.cookie) headers.set("Cookie", attempt.cookie);
  if (attempt.userAgent) headers.set("User-Agent", attempt.userAgent);
  let body: string | FormData;
  if (attempt.files) {
    body = multipartBody([...Object.entries(attempt.fields ?? {}), ...attempt.files]);
  } else if (attempt.json !== undefined) {
    headers.set("Content-Type", "application/json");
    body = JSON.stringify(attempt.json);
  } else {
    headers.set("Content-Type", "application/x-www-form-urlencoded");
    body = new URLSearchParams(attempt.fields ?? {}).toString();
  }
  return fetchWorker(`https://example.com${attempt.path}`, { method: "POST", headers, body }, bindings.env);
}

/** Tables an action may write, row by row (the catalogue is only read; rate-limit counters count attempts, failed or not). */
async function snapshot(ignore?: Scenario["ignore"]): Promise<Record<string, unknown[]>> {
  const tables = [
    "users",
    "sessions",
    "password_reset_tokens",
    "email_confirmation_tokens",
    "mail_outbox",
    "official_loadouts",
    "official_loadout_slots",
    "user_loadouts",
    "user_loadout_slots",
    "loadout_shares",
    "sticker_crafts",
    "sticker_craft_stickers",
    "craft_submissions",
    "craft_moderation_log",
    "craft_reports",
    "resell_trackers",
    "user_favorites",
    "price_alerts",
    "saved_trade_ups",
    "user_totp",
    "recovery_codes",
    "email_change_tokens",
    "known_devices",
    "passkeys",
    "passkey_challenges",
  ];
  const results = await env.DB.batch(tables.map((table) => env.DB.prepare(`SELECT * FROM "${table}" ORDER BY rowid`)));
  const rows = (table: string, index: number) =>
    results[index]!.results.map((row) => (table === ignore?.table ? { ...(row as object), [ignore.column]: null } : row));
  const images = (await env.IMAGES.list()).objects.map((object) => object.key);
  return { ...Object.fromEntries(tables.map((table, index) => [table, rows(table, index)])), images };
}

/** A source file with line and column in an answer (see malformed-input.test.ts). */
const STACK_TRACE = /\.(?:m?js|tsx?):\d+:\d+/;

const actionRoutes = Object.values(manifest).filter((route) => typeof route.module.action === "function");

describe("fault injection: every action answers a database failure", () => {
  it("knows every route with an action in the build", () => {
    const missing = actionRoutes.map((route) => route.id).filter((id) => !(id in SCENARIOS));
    expect(missing, "add the route to SCENARIOS in fault-injection.test.ts").toEqual([]);
  });

  it.each(actionRoutes.filter((route) => SCENARIOS[route.id] === "no database").map((route) => route.id))("%s never calls the database", async (id) => {
    const request = WITHOUT_DATABASE[id];
    expect(request, "say in WITHOUT_DATABASE what to send it").toBeDefined();
    const bindings = withFaults();
    const response = await send(request!.attempt, bindings);
    expect(response.status).toBe(request!.status);
    expect(bindings.calls()).toBe(0);
  });

  const cases = actionRoutes.flatMap((route) => {
    const scenarios = SCENARIOS[route.id];
    return Array.isArray(scenarios) ? scenarios.map((scenario) => [route.id, scenario.name, scenario] as const) : [];
  });

  it.each(cases)(
    "%s, %s: each D1 call failing in turn",
    async (_id, _name, scenario) => {
      // Without a fault the request succeeds; its calls are counted.
      const counting = withFaults();
      const success = await send(await scenario.prepare(), counting);
      await success.arrayBuffer();
      expect(success.status, "the scenario succeeds without a fault").toBeLessThan(400);
      const actionCalls = counting.calls() - (scenario.renders ? 1 : 0);
      expect(actionCalls).toBeGreaterThan(0);

      for (let call = 1; call <= actionCalls; call++) {
        const attempt = await scenario.prepare();
        const before = await snapshot(scenario.ignore);
        const bindings = withFaults({ failCall: call });
        const response = await send(attempt, bindings);
        const text = await response.text();
        const label = `${attempt.path}, call ${call} of ${actionCalls} failing (${bindings.failed()[0]?.slice(0, 80)})`;
        expect(bindings.failed(), label).toHaveLength(1);
        if (scenario.redirectsTo) {
          expect(response.status, label).toBe(303);
          expect(response.headers.get("Location"), label).toBe(scenario.redirectsTo);
        } else {
          expect(response.status, `${label}: ${text.slice(0, 300)}`).toBe(503);
          expect(text, label).toContain(scenario.message);
          if (scenario.typed) expect(text, `${label}: the form as typed`).toContain(scenario.typed);
        }
        expect(text, label).not.toMatch(STACK_TRACE);
        expect(await snapshot(scenario.ignore), `${label}: nothing written`).toEqual(before);
        const logged = takeConsoleErrors();
        expect(logged.length, `${label}: logged once: ${logged.join(" | ")}`).toBe(1);
        expect(logged[0], label).toContain(INJECTED_FAULT);
      }
    },
    120_000,
  );
});

describe("an intent named like a member of every object, the database failing", () => {
  // The failure's answer looks its message up by the posted intent; "__proto__" once found
  // Object.prototype there and answered the loadout page's forms with a 500.
  const OBJECT_MEMBERS = ["__proto__", "constructor", "toString", "hasOwnProperty"];
  const sample = (param: string) => (param === "loadoutType" ? "official" : "1");
  // One account for every route: signing up is most of a request's cost here.
  let account: Promise<{ cookie: string }> | undefined;
  const signedIn = () => (account ??= signedInUser("object-member"));

  it.each(actionRoutes.filter((route) => SCENARIOS[route.id] !== "no database").map((route) => [route.id, urlPath(route, sample)] as const))(
    "%s (%s): a 4xx or the route's 503, nothing logged but the fault",
    async (_id, path) => {
      const { cookie } = await signedIn();
      for (const intent of OBJECT_MEMBERS) {
        const response = await send({ path, cookie, fields: { intent } }, withFaults({ failCall: 1 }));
        const text = await response.text();
        const label = `${path}, intent ${intent}`;
        expect(response.status < 500 || response.status === 503, `${label}: ${response.status} ${text.slice(0, 300)}`).toBe(true);
        expect(text, label).not.toMatch(STACK_TRACE);
        const logged = takeConsoleErrors();
        expect(logged.length, `${label}: logged at most once: ${logged.join(" | ")}`).toBeLessThanOrEqual(1);
        for (const error of logged) expect(error, label).toContain(INJECTED_FAULT);
      }
    },
  );

  it("answers the loadout page's and the profile's unknown intents with the general message", async () => {
    const { cookie } = await signedIn();
    for (const path of ["/loadouts/official/1", "/profile"]) {
      for (const intent of OBJECT_MEMBERS) {
        const response = await send({ path, cookie, fields: { intent } }, withFaults({ failCall: 1 }));
        expect(response.status, `${path}, intent ${intent}`).toBe(503);
        expect(await response.text(), `${path}, intent ${intent}`).toContain(TRY_AGAIN);
        takeConsoleErrors();
      }
    }
  });
});

describe("a request whose account is deleted while it runs", () => {
  /** The account goes (as the profile's delete does) just before the request's write reaches D1. */
  function deletedBefore(pattern: RegExp, email: string): FaultPlan {
    let done = false;
    return {
      before: async (sql) => {
        if (done || !pattern.test(sql)) return;
        done = true;
        const { id } = await userRow(email);
        await env.DB.batch([env.DB.prepare("DELETE FROM sessions WHERE user_id = ?").bind(id), env.DB.prepare("DELETE FROM users WHERE id = ?").bind(id)]);
      },
    };
  }

  it.each([
    [
      "a new tracker",
      /insert into "resell_trackers"/,
      { path: `/resell-tracker/new?skin=${SKIN}`, fields: { skinId: SKIN, wear: "FT", boughtAt: DAY, buyPrice: "1.00" } },
    ],
    ["a new loadout", /insert into "user_loadouts"/, { path: "/loadouts/new", fields: { title: "Mine" } }],
    ["a copied loadout", /insert into "user_loadouts"/, { path: "/loadouts/official/1", fields: { intent: "copy" } }],
    ["a favourite", /insert into "user_favorites"/, { path: "/favorites", fields: { intent: "add", skinId: SKIN } }],
    ["a saved trade-up", /insert into "saved_trade_ups"/, { path: `/trade-up?${CONTRACT}`, fields: { intent: "save", name: "Mine", contract: CONTRACT } }],
  ] as const)("%s: signed out and sent to /login with a notice, nothing written, nothing logged", async (_what, pattern, attempt) => {
    const user = await signedInUser("gone");
    const bindings = withFaults(deletedBefore(pattern, user.email));
    const response = await send({ ...attempt, cookie: user.cookie }, bindings);
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(SIGNED_OUT_PATH);
    expect(response.headers.get("Set-Cookie")).toMatch(/skinvault_session=;.*Max-Age=0/i);
    const notice = await fetchWorker(`https://example.com${SIGNED_OUT_PATH}`);
    expect(await notice.text()).toContain("You have been signed out: your account no longer exists.");
    const { n } = (await env.DB.prepare("SELECT (SELECT count(*) FROM users WHERE email = ?) AS n").bind(user.email).first<{ n: number }>())!;
    expect(n).toBe(0);
    expect(takeConsoleErrors()).toEqual([]);
  });

  it("20 of its own writes in flight while the account is deleted: none answers 5xx, none is left behind", async () => {
    const user = await signedInUser("gone-burst");
    const { id } = await userRow(user.email);
    const writes = Array.from({ length: 20 }, (_, i) =>
      i % 2 === 0
        ? post(`/resell-tracker/new?skin=${SKIN}`, { skinId: SKIN, wear: "FT", boughtAt: DAY, buyPrice: "1.00" }, { cookie: user.cookie })
        : post("/loadouts/new", { title: `Burst ${i}` }, { cookie: user.cookie }),
    );
    const deletion = post("/profile", { intent: "delete-account", confirm: "DELETE" }, { cookie: user.cookie });
    const responses = await Promise.all([...writes, deletion]);
    for (const response of responses) {
      expect(response.status).toBeLessThan(500);
      await response.body?.cancel();
    }
    const left = await env.DB.prepare(
      "SELECT (SELECT count(*) FROM resell_trackers WHERE user_id = ?1) + (SELECT count(*) FROM user_loadouts WHERE user_id = ?1) AS n",
    )
      .bind(id)
      .first<{ n: number }>();
    expect(left!.n).toBe(0);
    expect(takeConsoleErrors()).toEqual([]);
  });
});
