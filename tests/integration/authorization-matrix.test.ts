import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { SHARE_TOKEN_BYTES } from "~/domain/loadout-sharing";
import { sessionHandle } from "~/server/auth/account-sessions.server";
import { newPasskeyHandle } from "~/server/auth/passkeys.server";
import { randomToken } from "~/server/auth/tokens.server";
import { COMMUNITY_IMAGE_METADATA } from "~/server/http/uploads.server";
import { fetchWorker, previewImport, signedInAdmin, signedInUser, uniqueIp } from "./helpers";
import { manifest } from "./manifest";

/**
 * The authorization matrix: every route of the build's manifest, with every method it answers
 * (GET, and POST where it has an action; POST elsewhere is a 405), asked by a visitor, the owner of
 * the objects, another user and an admin, against objects of every kind: a user loadout with a slot,
 * a resell tracker, a favourite with a price alert (the owner's), an official loadout and a sticker
 * craft with its image (the admin's), and a community craft of the owner's waiting for review, with
 * its image. Each answer has its expected status (or redirect); no answer
 * to anyone but the owner carries the owner's data; and nothing of the owner's or the admin's
 * changes unless the probe says that actor may change it. A route of the build that is not in
 * MATRIX fails the test, as a page missing from the accessibility list does. Each page is also
 * asked with odd query strings (ODD_VALUES in every parameter the pages read), never a 5xx.
 */

type Actor = "visitor" | "other" | "admin" | "owner";
const ACTORS: readonly Actor[] = ["visitor", "other", "admin", "owner"];

/** A status, or a redirect whose Location matches. */
type Outcome = number | { to: RegExp };
type Outcomes = Outcome | (Partial<Record<Actor, Outcome>> & { rest?: Outcome });

interface World {
  cookies: Record<Actor, string | undefined>;
  ownerId: string;
  ownerEmail: string;
  loadoutId: number;
  /** The owner's other loadout, shared by link, and its token: public by the owner's choice. */
  sharedLoadoutId: number;
  shareToken: string;
  trackerId: number;
  officialId: number;
  craftId: number;
  /** The owner's community craft, pending: seen only by the owner and admins. */
  communityCraftId: number;
  /** The owner's saved trade-up. */
  tradeUpId: number;
  /** The handle the security page shows for the owner's second session (another browser). */
  ownerSessionHandle: string;
  /** The handle of the owner's passkey (the security page's "Remove" names it). */
  ownerPasskeyHandle: string;
}

interface Probe {
  name: string;
  method: "GET" | "POST";
  path: (world: World) => string;
  /** The form the actor posts (an import's key comes from the actor's own preview). */
  fields?: (world: World, actor: Actor) => Record<string, string> | Promise<Record<string, string>>;
  json?: unknown;
  expect: Outcomes;
  /** Actors whose request may change the owner's or the admin's objects (the owner deleting their own tracker). */
  writes?: Actor[];
  /** Asked of a production Worker (development aids are 404 there). */
  production?: boolean;
  /** Actors besides the owner who are shown the owner's address by design (a moderator sees a craft's author). */
  showsOwner?: Actor[];
}

const SKIN = "ak-47-redline";
/** The owner's favourite, and the skin of their tracker and loadout slot. */
const FAVORITE = "awp-asiimov";
const NOTE = "matrix-secret-note";
const LOADOUT_TITLE = "Matrix secret loadout";
const ALERT_TARGET_CENTS = 7_777_777;
const TRADE_UP_NAME = "Matrix secret trade-up";
const PASSKEY_NAME = "Matrix secret passkey";
/** A credential id as a browser sends it (the owner's passkey's starts so). */
const PASSKEY_CREDENTIAL = "bWF0cml4LXBhc3NrZXk";
/** An answer of the right shape that no ceremony asked for. */
const UNASKED_ANSWER = { id: PASSKEY_CREDENTIAL, rawId: PASSKEY_CREDENTIAL, type: "public-key", clientExtensionResults: {} };
const CONTRACT = "s1=mag-7-insomnia&f1=0.2&n1=10";

const login = /^\/login(\?|$)/;
/** A Steam inventory of one Redline, for the import. */
const IMPORT_INVENTORY = JSON.stringify({
  assets: [{ assetid: "1", classid: "1", instanceid: "0" }],
  descriptions: [{ classid: "1", instanceid: "0", market_hash_name: "AK-47 | Redline (Field-Tested)" }],
});
const home = /^\/$/;
const allGet = (name: string, path: string | ((world: World) => string), expect: Outcomes = 200): Probe => ({
  name,
  method: "GET",
  path: typeof path === "string" ? () => path : path,
  expect,
});
/** An admin page: visitors to /login, users to /, the admin in. */
const adminOnly = (admin: Outcome): Outcomes => ({ visitor: { to: login }, other: { to: home }, owner: { to: home }, admin });

/** Every route of the build, with its probes. */
const MATRIX: Record<string, Probe[]> = {
  "routes/_index": [allGet("home", "/")],
  "routes/category.$categoryName": [allGet("a category", "/category/Rifles")],
  "routes/weapons.$weaponName": [allGet("a weapon", "/weapons/AWP")],
  "routes/skins.$skinId": [allGet("the owner's favourite skin", `/skins/${FAVORITE}`)],
  "routes/stickers.$stickerId": [allGet("a sticker", "/stickers/1947")],
  "routes/search": [allGet("a search", "/search?q=asiimov")],
  "routes/cases._index": [allGet("the cases", "/cases")],
  "routes/cases.$caseSlug": [allGet("a case", "/cases/revolution-case")],
  "routes/collections._index": [allGet("the collections", "/collections")],
  "routes/collections.$collectionSlug": [allGet("a collection", "/collections/the-revolution-collection")],
  "routes/trade-up": [
    allGet("a contract", `/trade-up?${CONTRACT}`),
    // Anyone signed in saves to their own account: only the owner's save adds to the owner's rows.
    {
      name: "save the contract",
      method: "POST",
      path: () => `/trade-up?${CONTRACT}`,
      fields: () => ({ intent: "save", name: "Matrix save", contract: CONTRACT }),
      expect: { visitor: { to: login }, rest: { to: /^\/profile\?tab=trade-ups&notice=trade-up-saved$/ } },
      writes: ["owner"],
    },
  ],
  "routes/api.suggestions": [allGet("suggestions", "/api/suggestions?q=asiimov")],
  "routes/sticker-crafts._index": [allGet("the crafts", "/sticker-crafts")],
  "routes/sticker-crafts.$craftId": [
    allGet("the admin's craft", (w) => `/sticker-crafts/${w.craftId}`),
    allGet("the owner's pending community craft", (w) => `/sticker-crafts/${w.communityCraftId}`, { owner: 200, admin: 200, rest: 404 }),
    // Only a published community craft can be reported, by anyone.
    {
      name: "report the owner's pending craft",
      method: "POST",
      path: (w) => `/sticker-crafts/${w.communityCraftId}`,
      fields: () => ({ intent: "report", reason: "Matrix report" }),
      expect: 404,
    },
    {
      name: "report the admin's craft",
      method: "POST",
      path: (w) => `/sticker-crafts/${w.craftId}`,
      fields: () => ({ intent: "report", reason: "Matrix report" }),
      expect: 404,
    },
  ],
  "routes/images.$": [
    allGet("the craft's image", (w) => `/images/${w.craftId}/ingame.png`),
    allGet("the owner's pending craft's image", (w) => `/images/${w.communityCraftId}/ingame.png`, { owner: 200, admin: 200, rest: 404 }),
  ],
  "routes/sticker-crafts.submit": [
    allGet("the submit form", "/sticker-crafts/submit"),
    // A visitor is asked to log in on the page itself; nobody but the author edits a craft.
    allGet("the owner's craft's edit form", (w) => `/sticker-crafts/submit?edit=${w.communityCraftId}`, { visitor: 200, other: 404, admin: 404, owner: 200 }),
    {
      name: "resubmit the owner's craft changed",
      method: "POST",
      path: (w) => `/sticker-crafts/submit?edit=${w.communityCraftId}`,
      fields: async (w) => ({
        intent: "submit",
        id: String(w.communityCraftId),
        version: await versionOf("sticker_crafts", "version", w.communityCraftId),
        name: "Taken over",
        skinId: SKIN,
      }),
      expect: { visitor: { to: login }, other: 404, admin: 404, owner: { to: /^\/profile\?tab=crafts&notice=craft-submitted$/ } },
      writes: ["owner"],
    },
    {
      name: "delete the owner's craft",
      method: "POST",
      path: () => "/sticker-crafts/submit",
      fields: (w) => ({ intent: "delete", id: String(w.communityCraftId) }),
      expect: { visitor: { to: login }, other: 404, admin: 404, owner: { to: /^\/profile\?tab=crafts&notice=craft-deleted$/ } },
      writes: ["owner"],
    },
  ],
  "routes/loadouts._index": [allGet("the loadouts", "/loadouts")],
  "routes/terms-of-service": [allGet("terms", "/terms-of-service")],
  "routes/privacy-policy": [allGet("privacy", "/privacy-policy")],
  "routes/legal-notice": [allGet("legal notice", "/legal-notice")],
  "routes/contact": [allGet("contact", "/contact")],
  "routes/leaving": [
    allGet("the leaving page", `/leaving?to=${encodeURIComponent("https://steamcommunity.com/market/")}`),
    allGet("the leaving page for a link with credentials", `/leaving?to=${encodeURIComponent("https://steamcommunity.com@evil.example/")}`, 400),
  ],
  "routes/cookie-settings": [allGet("cookie settings", "/cookie-settings")],
  "routes/NETWORK": [allGet("network error page", "/NETWORK")],
  "routes/UNKNOWN": [allGet("unknown error page", "/UNKNOWN")],
  "routes/403": [allGet("403 page", "/403", 403)],
  "routes/404": [allGet("404 page", "/404", 404)],
  "routes/500": [allGet("500 page", "/500", 500)],
  "routes/$": [allGet("any other path", "/no-such-page", 404)],

  "routes/login": [
    allGet("the login page", "/login", { visitor: 200, rest: { to: /^\/profile$/ } }),
    // Signed in, the page rendered after the refusal sends one to the profile.
    {
      name: "a wrong password for the owner",
      method: "POST",
      path: () => "/login?mode=login",
      fields: (w) => ({ intent: "login", email: w.ownerEmail, password: "not-it" }),
      expect: { visitor: 400, rest: { to: /^\/profile$/ } },
    },
  ],
  "routes/logout": [
    allGet("logout by GET", "/logout", { to: /^\/profile$/ }),
    // Ends only the caller's own session (the owner's goes last, so the other probes keep theirs).
    { name: "log out", method: "POST", path: () => "/logout", fields: () => ({}), expect: { to: /^\/login\?mode=login&notice=logged-out$/ } },
  ],
  "routes/reset-password": [
    allGet("the reset page", "/reset-password?token=not-a-token"),
    {
      name: "a reset with a made-up token",
      method: "POST",
      path: () => "/reset-password",
      fields: () => ({ token: "not-a-token", newPassword: "Str0ng-Pass!", confirmPassword: "Str0ng-Pass!" }),
      expect: 400,
    },
  ],
  "routes/confirm-email": [
    allGet("the confirm page", "/confirm-email?token=not-a-token"),
    {
      name: "a made-up confirmation",
      method: "POST",
      path: () => "/confirm-email",
      fields: () => ({ intent: "confirm-email", token: "not-a-token" }),
      expect: 400,
    },
  ],
  "routes/confirm-new-email": [
    allGet("the new address's confirm page", "/confirm-new-email?token=not-a-token"),
    {
      name: "a made-up change of address",
      method: "POST",
      path: () => "/confirm-new-email",
      fields: () => ({ intent: "confirm-new-email", token: "not-a-token" }),
      expect: 400,
    },
  ],
  // The passkey ceremonies' JSON endpoints: adding needs a session (a visitor is a 401); a sign-in's answer is checked against its ceremony.
  "routes/api.passkeys.register.options": [
    allGet("passkey options by GET", "/api/passkeys/register/options", 405),
    { name: "options to add a passkey", method: "POST", path: () => "/api/passkeys/register/options", json: {}, expect: { visitor: 401, rest: 200 } },
  ],
  "routes/api.passkeys.register.verify": [
    allGet("a passkey's answer by GET", "/api/passkeys/register/verify", 405),
    {
      name: "an answer no ceremony asked for",
      method: "POST",
      path: () => "/api/passkeys/register/verify",
      json: { name: "Matrix key", response: { ...UNASKED_ANSWER, response: { clientDataJSON: "e30", attestationObject: "oA" } } },
      expect: { visitor: 401, rest: 400 },
    },
  ],
  "routes/api.passkeys.login.options": [
    allGet("sign-in options by GET", "/api/passkeys/login/options", 405),
    { name: "options to sign in", method: "POST", path: () => "/api/passkeys/login/options", json: {}, expect: 200 },
  ],
  "routes/api.passkeys.login.verify": [
    allGet("a sign-in's answer by GET", "/api/passkeys/login/verify", 405),
    {
      name: "an answer no ceremony asked for",
      method: "POST",
      path: () => "/api/passkeys/login/verify",
      json: { response: { ...UNASKED_ANSWER, response: { clientDataJSON: "e30", authenticatorData: "AA", signature: "AA" } } },
      expect: 400,
    },
  ],
  "routes/api.password-reset-simple": [
    allGet("the API by GET", "/api/password-reset-simple", 405),
    {
      name: "validate a made-up token",
      method: "POST",
      path: () => "/api/password-reset-simple",
      json: { action: "validate", token: "not-a-token" },
      expect: 200,
    },
  ],
  "routes/cookie-consent": [
    allGet("consent by GET", "/cookie-consent", { to: /^\/cookie-settings$/ }),
    { name: "accept", method: "POST", path: () => "/cookie-consent", fields: () => ({ intent: "accept", redirectTo: "/" }), expect: { to: home } },
  ],
  "routes/currency": [
    allGet("currency by GET", "/currency", { to: home }),
    {
      name: "choose euros",
      method: "POST",
      path: () => "/currency",
      fields: () => ({ currency: "EUR", redirectTo: "/" }),
      expect: { to: home },
      writes: ["owner", "admin"],
    },
  ],
  "routes/dev.mailbox": [
    { ...allGet("the development mailbox in production", "/dev/mailbox", 404), production: true },
    { name: "deliver in production", method: "POST", path: () => "/dev/mailbox", fields: () => ({ intent: "deliver" }), expect: 404, production: true },
  ],

  // "Sign out everywhere else" is not probed here: as the admin it would end the sessions other test files hold.
  "routes/profile_.security": [
    allGet("the security page", "/profile/security", { visitor: { to: login }, rest: 200 }),
    {
      name: "sign the owner's other session out",
      method: "POST",
      path: () => "/profile/security",
      fields: (w) => ({ intent: "revoke-session", session: w.ownerSessionHandle }),
      expect: { visitor: { to: login }, other: 404, admin: 404, owner: { to: /^\/profile\/security\?notice=session-ended$/ } },
      writes: ["owner"],
    },
    // Each actor's own address, with a wrong password: nobody's address changes, nobody is mailed.
    {
      name: "ask for a new address with a wrong password",
      method: "POST",
      path: () => "/profile/security",
      fields: () => ({ intent: "change-email", email: "matrix-new-address@example.test", currentPassword: "not-the-password" }),
      expect: { visitor: { to: login }, rest: 400 },
    },
    {
      name: "remove the owner's passkey",
      method: "POST",
      path: () => "/profile/security",
      fields: (w) => ({ intent: "passkey-remove", passkey: w.ownerPasskeyHandle }),
      expect: { visitor: { to: login }, other: 404, admin: 404, owner: { to: /^\/profile\/security\?notice=passkey-removed$/ } },
      writes: ["owner"],
    },
  ],
  "routes/profile": [
    allGet("favourites tab", "/profile?tab=favorites"),
    allGet("loadouts tab", "/profile?tab=loadouts"),
    allGet("resell tab", "/profile?tab=resell"),
    allGet("my crafts tab", "/profile?tab=crafts"),
    allGet("my trade-ups tab", "/profile?tab=trade-ups"),
    // A visitor is asked to log in on the page itself; nobody but the owner is asked to delete it.
    allGet("the owner's trade-up's delete question", (w) => `/profile?tab=trade-ups&delete-trade-up=${w.tradeUpId}`, {
      visitor: 200,
      other: 404,
      admin: 404,
      owner: 200,
    }),
    {
      name: "delete the owner's trade-up",
      method: "POST",
      path: () => "/profile?tab=trade-ups",
      fields: (w) => ({ intent: "delete-trade-up", id: String(w.tradeUpId) }),
      expect: { visitor: { to: login }, other: 404, admin: 404, owner: { to: /^\/profile\?tab=trade-ups&notice=trade-up-deleted$/ } },
      writes: ["owner"],
    },
    {
      name: "change the owner's alert",
      method: "POST",
      path: () => "/profile?tab=favorites",
      fields: () => ({ intent: "set-alert", skinId: FAVORITE, wear: "FT", target: "5" }),
      expect: { visitor: { to: login }, other: 404, admin: 404, owner: { to: /^\/profile\?/ } },
      writes: ["owner"],
    },
    {
      name: "remove the owner's alert",
      method: "POST",
      path: () => "/profile?tab=favorites",
      fields: () => ({ intent: "remove-alert", skinId: FAVORITE }),
      expect: { visitor: { to: login }, other: 404, admin: 404, owner: { to: /^\/profile\?/ } },
      writes: ["owner"],
    },
  ],
  "routes/favorites": [
    allGet("favourites by GET", "/favorites", { to: /^\/profile\?tab=favorites$/ }),
    // Removing names no owner: anyone else removes their own (absent) favourite, never the owner's.
    {
      name: "remove the owner's favourite",
      method: "POST",
      path: () => "/favorites",
      fields: () => ({ intent: "remove", skinId: FAVORITE }),
      expect: { visitor: { to: login }, rest: { to: /^\/profile\?tab=favorites#/ } },
      writes: ["owner"],
    },
  ],
  "routes/resell-tracker": [
    allGet("the tracker list", "/resell-tracker"),
    {
      name: "delete the owner's tracker",
      method: "POST",
      path: () => "/resell-tracker",
      fields: (w) => ({ intent: "delete", trackerId: String(w.trackerId) }),
      expect: { visitor: { to: login }, other: 404, admin: 404, owner: { to: /^\/resell-tracker\?notice=deleted$/ } },
      writes: ["owner"],
    },
  ],
  "routes/resell-tracker[.]csv": [allGet("the CSV export", "/resell-tracker.csv", { visitor: { to: login }, rest: 200 })],
  "routes/profile_.data[.json]": [allGet("the data download", "/profile/data.json", { visitor: { to: login }, rest: 200 })],
  "routes/resell-tracker_.new": [
    allGet("the resell form", `/resell-tracker/new?skin=${SKIN}`),
    {
      name: "track a skin (one's own tracker)",
      method: "POST",
      path: () => `/resell-tracker/new?skin=${SKIN}`,
      fields: () => ({ skinId: SKIN, wear: "FT", boughtAt: "2026-01-02", buyPrice: "1.00" }),
      expect: { visitor: 401, rest: { to: /^\/resell-tracker\?notice=added$/ } },
      writes: ["owner"],
    },
  ],
  "routes/resell-tracker_.import": [
    allGet("the import page", "/resell-tracker/import", { visitor: { to: login }, rest: 200 }),
    {
      name: "preview an inventory (one's own count only)",
      method: "POST",
      path: () => "/resell-tracker/import",
      fields: () => ({ intent: "preview", text: IMPORT_INVENTORY }),
      expect: { visitor: { to: login }, rest: 200 },
    },
    {
      name: "import an item (one's own tracker)",
      method: "POST",
      path: () => "/resell-tracker/import",
      fields: async (world, actor) => ({
        intent: "import",
        formKey: world.cookies[actor] ? await previewImport(world.cookies[actor], IMPORT_INVENTORY) : "",
        "rows[0].pick": "on",
        "rows[0].buyPrice": "1.00",
        "rows[0].boughtAt": "2026-01-02",
      }),
      expect: { visitor: { to: login }, rest: { to: /^\/resell-tracker\?notice=imported$/ } },
      writes: ["owner"],
    },
  ],
  "routes/resell-tracker_.$trackerId.edit": [
    allGet("the owner's tracker's edit page", (w) => `/resell-tracker/${w.trackerId}/edit`, { visitor: 200, other: 404, admin: 404, owner: 200 }),
    {
      name: "edit the owner's tracker",
      method: "POST",
      path: (w) => `/resell-tracker/${w.trackerId}/edit`,
      fields: () => ({ wear: "FT", boughtAt: "2026-01-02", buyPrice: "0.01", notes: "taken over" }),
      expect: { visitor: 401, other: 404, admin: 404, owner: { to: /^\/resell-tracker\?notice=updated/ } },
      writes: ["owner"],
    },
  ],
  "routes/resell-tracker_.$trackerId.sale": [
    allGet("the owner's tracker's sale page", (w) => `/resell-tracker/${w.trackerId}/sale`, { visitor: 200, other: 404, admin: 404, owner: 200 }),
    {
      name: "record the owner's tracker's sale",
      method: "POST",
      path: (w) => `/resell-tracker/${w.trackerId}/sale`,
      fields: () => ({ intent: "sell", salePrice: "50.00", soldAt: "2026-01-03", market: "skinport" }),
      expect: { visitor: 401, other: 404, admin: 404, owner: { to: /^\/resell-tracker\?view=sold&tracker=\d+&notice=sold#/ } },
      writes: ["owner"],
    },
    {
      name: "undo the owner's tracker's sale",
      method: "POST",
      path: (w) => `/resell-tracker/${w.trackerId}/sale`,
      fields: () => ({ intent: "undo" }),
      expect: { visitor: 401, other: 404, admin: 404, owner: { to: /^\/resell-tracker\?view=open&tracker=\d+&notice=sale-undone#/ } },
      writes: ["owner"],
    },
  ],
  "routes/loadouts.new": [
    allGet("the create form", "/loadouts/new"),
    {
      name: "create a loadout (one's own)",
      method: "POST",
      path: () => "/loadouts/new",
      fields: () => ({ title: "Mine" }),
      expect: { visitor: { to: login }, rest: { to: /^\/loadouts\/edit\/\d+\?notice=created$/ } },
      writes: ["owner"],
    },
  ],
  "routes/loadouts.$loadoutType.$loadoutId": [
    allGet("the owner's loadout", (w) => `/loadouts/user/${w.loadoutId}`, { owner: 200, rest: 404 }),
    allGet("the admin's official loadout", (w) => `/loadouts/official/${w.officialId}`),
    allGet("the owner's confirmation to revoke the share link", (w) => `/loadouts/user/${w.sharedLoadoutId}?dialog=share-revoke`, { owner: 200, rest: 404 }),
    allGet("the owner's confirmation to replace the share link", (w) => `/loadouts/user/${w.sharedLoadoutId}?dialog=share-replace`, {
      owner: 200,
      rest: 404,
    }),
    {
      name: "change what the owner's share link shows",
      method: "POST",
      path: (w) => `/loadouts/user/${w.sharedLoadoutId}`,
      fields: () => ({ intent: "share-settings", showDescription: "on", showBudget: "on" }),
      expect: { visitor: { to: login }, other: 404, admin: 404, owner: { to: /^\/loadouts\/user\/\d+\?notice=share-updated$/ } },
      writes: ["owner"],
    },
    {
      name: "revoke the owner's share link",
      method: "POST",
      path: (w) => `/loadouts/user/${w.sharedLoadoutId}`,
      fields: () => ({ intent: "share-revoke" }),
      expect: { visitor: { to: login }, other: 404, admin: 404, owner: { to: /^\/loadouts\/user\/\d+\?notice=unshared$/ } },
      writes: ["owner"],
    },
    {
      name: "share the owner's loadout by link",
      method: "POST",
      path: (w) => `/loadouts/user/${w.loadoutId}`,
      fields: () => ({ intent: "share-create" }),
      expect: { visitor: { to: login }, other: 404, admin: 404, owner: { to: /^\/loadouts\/user\/\d+\?notice=shared$/ } },
      writes: ["owner"],
    },
    {
      name: "delete the owner's loadout",
      method: "POST",
      path: (w) => `/loadouts/user/${w.loadoutId}`,
      fields: () => ({ intent: "delete" }),
      expect: { visitor: { to: login }, other: 404, admin: 404, owner: { to: /^\/loadouts\?notice=deleted$/ } },
      writes: ["owner"],
    },
    {
      name: "copy the official loadout (one's own copy)",
      method: "POST",
      path: (w) => `/loadouts/official/${w.officialId}`,
      fields: () => ({ intent: "copy" }),
      expect: { visitor: { to: login }, rest: { to: /^\/loadouts\/user\/\d+\?notice=copied$/ } },
      writes: ["owner"],
    },
  ],
  "routes/loadouts.shared.$token": [
    allGet("the owner's shared loadout", (w) => `/loadouts/shared/${w.shareToken}`),
    allGet("a made-up share link", `/loadouts/shared/${"x".repeat(32)}`, 404),
    {
      name: "save the shared loadout (one's own copy)",
      method: "POST",
      path: (w) => `/loadouts/shared/${w.shareToken}`,
      fields: () => ({ intent: "copy" }),
      expect: { visitor: { to: login }, rest: { to: /^\/loadouts\/user\/\d+\?notice=copied$/ } },
      writes: ["owner"],
    },
  ],
  "routes/loadouts.user.$id.fill": [
    allGet("the owner's loadout's fill preview", (w) => `/loadouts/user/${w.loadoutId}/fill?side=t`, {
      visitor: { to: login },
      other: 404,
      admin: 404,
      owner: 200,
    }),
    {
      name: "fill the owner's loadout",
      method: "POST",
      path: (w) => `/loadouts/user/${w.loadoutId}/fill?side=t`,
      fields: async (w) => ({ side: "t", version: await versionOf("user_loadouts", "version", w.loadoutId), proposal: "" }),
      // The owner's has no budget: refused, and nothing written either way.
      expect: { visitor: { to: login }, other: 404, admin: 404, owner: 400 },
    },
  ],
  "routes/loadouts.edit.$id": [
    allGet("the owner's loadout's editor", (w) => `/loadouts/edit/${w.loadoutId}`, { visitor: { to: login }, other: 404, admin: 404, owner: 200 }),
    {
      name: "rename the owner's loadout",
      method: "POST",
      path: (w) => `/loadouts/edit/${w.loadoutId}`,
      fields: async (w) => ({ intent: "save", title: "Taken over", version: await versionOf("user_loadouts", "version", w.loadoutId) }),
      expect: { visitor: { to: login }, other: 404, admin: 404, owner: { to: /^\/loadouts\/user\/\d+\?notice=saved$/ } },
      writes: ["owner"],
    },
    {
      name: "clear the owner's slot",
      method: "POST",
      path: (w) => `/loadouts/edit/${w.loadoutId}`,
      fields: async (w) => ({ intent: "clear-slot", slot: "awp_tside", version: await versionOf("user_loadouts", "version", w.loadoutId) }),
      expect: { visitor: { to: login }, other: 404, admin: 404, owner: { to: /^\/loadouts\/edit\/\d+/ } },
      writes: ["owner"],
    },
  ],
  "routes/admin._index": [allGet("the dashboard", "/admin", adminOnly(200))],
  "routes/admin.loadouts": [
    allGet("the official loadouts", "/admin/loadouts", adminOnly(200)),
    {
      name: "delete the official loadout",
      method: "POST",
      path: () => "/admin/loadouts",
      fields: (w) => ({ intent: "delete", id: String(w.officialId) }),
      expect: adminOnly({ to: /^\/admin\/loadouts\?notice=deleted$/ }),
      writes: ["admin"],
    },
  ],
  "routes/admin.loadouts_.$id.edit": [
    allGet("the official loadout's slot editor", (w) => `/admin/loadouts/${w.officialId}/edit`, adminOnly(200)),
    {
      name: "rename the official loadout",
      method: "POST",
      path: (w) => `/admin/loadouts/${w.officialId}/edit`,
      fields: async (w) => ({ intent: "save", title: "Renamed", version: await versionOf("official_loadouts", "updated_at", w.officialId) }),
      expect: adminOnly({ to: /^\/admin\/loadouts\?notice=saved$/ }),
      writes: ["admin"],
    },
  ],
  "routes/admin.sticker-crafts": [
    allGet("the crafts", "/admin/sticker-crafts", adminOnly(200)),
    allGet("the craft's editor", (w) => `/admin/sticker-crafts?edit=${w.craftId}`, adminOnly(200)),
    {
      name: "delete the craft",
      method: "POST",
      path: () => "/admin/sticker-crafts",
      fields: (w) => ({ intent: "delete", id: String(w.craftId) }),
      expect: adminOnly({ to: /^\/admin\/sticker-crafts\?notice=deleted$/ }),
      writes: ["admin"],
    },
  ],
  "routes/admin.sticker-crafts_.queue": [
    { ...allGet("the moderation queue", "/admin/sticker-crafts/queue", adminOnly(200)), showsOwner: ["admin"] },
    { ...allGet("the owner's craft under review", (w) => `/admin/sticker-crafts/queue?craft=${w.communityCraftId}`, adminOnly(200)), showsOwner: ["admin"] },
    {
      name: "publish the owner's craft",
      method: "POST",
      path: () => "/admin/sticker-crafts/queue",
      fields: async (w) => ({ intent: "publish", id: String(w.communityCraftId), version: await versionOf("sticker_crafts", "version", w.communityCraftId) }),
      expect: adminOnly({ to: /^\/admin\/sticker-crafts\/queue\?notice=published$/ }),
      writes: ["admin"],
      showsOwner: ["admin"],
    },
    {
      name: "dismiss the reports of the owner's craft (it has none)",
      method: "POST",
      path: () => "/admin/sticker-crafts/queue",
      fields: (w) => ({ intent: "dismiss", id: String(w.communityCraftId) }),
      expect: adminOnly(404),
      showsOwner: ["admin"],
    },
    {
      name: "delete the owner's craft",
      method: "POST",
      path: () => "/admin/sticker-crafts/queue",
      fields: (w) => ({ intent: "delete", id: String(w.communityCraftId), reason: "Matrix deletion" }),
      expect: adminOnly({ to: /^\/admin\/sticker-crafts\/queue\?notice=deleted$/ }),
      writes: ["admin"],
      showsOwner: ["admin"],
    },
  ],
};

// ------------------------------------------------------------------ the world each route is asked in

/** The version an editor page would carry now, so a probe is refused for who asks, not for being stale. */
async function versionOf(table: "user_loadouts" | "official_loadouts" | "sticker_crafts", column: "version" | "updated_at", id: number): Promise<string> {
  return String((await env.DB.prepare(`SELECT ${column} AS v FROM ${table} WHERE id = ?`).bind(id).first<{ v: number }>())?.v ?? 0);
}

const PNG = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII="), (c) => c.charCodeAt(0));

/** Owner and other user afresh (a probe may log one out); the objects made directly. */
async function makeWorld(): Promise<World> {
  const [owner, other, admin] = await Promise.all([signedInUser("matrix-owner"), signedInUser("matrix-other"), signedInAdmin()]);
  const ownerId = (await env.DB.prepare("SELECT id FROM users WHERE email = ?").bind(owner.email).first<{ id: string }>())!.id;
  const secondSession = randomToken(32);
  await env.DB.prepare("INSERT INTO sessions (id, user_id, expires_at, device) VALUES (?, ?, ?, 'Matrix second browser')")
    .bind(secondSession, ownerId, Date.now() + 24 * 60 * 60 * 1000)
    .run();
  const ownerPasskeyHandle = newPasskeyHandle();
  await env.DB.prepare("INSERT INTO passkeys (id, user_id, credential_id, public_key, name) VALUES (?, ?, ?, 'pQECAyYgASFY', ?)")
    .bind(ownerPasskeyHandle, ownerId, `${PASSKEY_CREDENTIAL}${ownerPasskeyHandle}`, PASSKEY_NAME)
    .run();
  const adminId = (await env.DB.prepare("SELECT id FROM users WHERE email = ?").bind(admin.email).first<{ id: string }>())!.id;
  const now = Date.now();
  const loadout = (await env.DB.prepare("INSERT INTO user_loadouts (user_id, title) VALUES (?, ?) RETURNING id")
    .bind(ownerId, LOADOUT_TITLE)
    .first<{ id: number }>())!;
  const shared = (await env.DB.prepare("INSERT INTO user_loadouts (user_id, title) VALUES (?, 'Matrix shared loadout') RETURNING id")
    .bind(ownerId)
    .first<{ id: number }>())!;
  const shareToken = randomToken(SHARE_TOKEN_BYTES);
  await env.DB.prepare("INSERT INTO loadout_shares (token, loadout_id) VALUES (?, ?)").bind(shareToken, shared.id).run();
  const tracker = (await env.DB.prepare(
    "INSERT INTO resell_trackers (user_id, skin_id, buy_price_cents, wear, bought_at, notes) VALUES (?, ?, 4242, 'FT', '2026-01-02', ?) RETURNING id",
  )
    .bind(ownerId, FAVORITE, NOTE)
    .first<{ id: number }>())!;
  const official = (await env.DB.prepare(
    "INSERT INTO official_loadouts (title, created_by, created_at, updated_at) VALUES ('Matrix official', ?, ?, ?) RETURNING id",
  )
    .bind(adminId, now, now)
    .first<{ id: number }>())!;
  const craft = (await env.DB.prepare(
    "INSERT INTO sticker_crafts (name, skin_id, created_by, ingame_image) VALUES ('Matrix craft', ?, ?, 'pending') RETURNING id",
  )
    .bind(SKIN, adminId)
    .first<{ id: number }>())!;
  await env.DB.batch([
    env.DB.prepare("INSERT INTO user_loadout_slots (loadout_id, slot, skin_id, wear) VALUES (?, 'awp_tside', ?, 'FT')").bind(loadout.id, FAVORITE),
    env.DB.prepare("INSERT INTO user_favorites (user_id, skin_id) VALUES (?, ?)").bind(ownerId, FAVORITE),
    env.DB.prepare("INSERT INTO saved_trade_ups (user_id, name, inputs) VALUES (?, ?, ?)").bind(
      ownerId,
      TRADE_UP_NAME,
      JSON.stringify([{ skinId: "mag-7-insomnia", float: 0.2, variant: "normal", count: 10 }]),
    ),
    env.DB.prepare("INSERT INTO price_alerts (user_id, skin_id, wear, target_cents) VALUES (?, ?, 'FT', ?)").bind(ownerId, FAVORITE, ALERT_TARGET_CENTS),
    env.DB.prepare("INSERT INTO official_loadout_slots (loadout_id, slot, skin_id, wear) VALUES (?, 'ak47_tside', ?, 'FT')").bind(official.id, SKIN),
    env.DB.prepare("INSERT INTO sticker_craft_stickers (craft_id, name, position) VALUES (?, 'Matrix sticker', 1)").bind(craft.id),
    env.DB.prepare("UPDATE sticker_crafts SET ingame_image = ? WHERE id = ?").bind(`/images/${craft.id}/ingame.png?v=1`, craft.id),
  ]);
  await env.IMAGES.put(`${craft.id}/ingame.png`, PNG, { httpMetadata: { contentType: "image/png" } });
  const community = (await env.DB.prepare(
    "INSERT INTO sticker_crafts (name, skin_id, created_by, author_id, status, submitted_at, ingame_image) VALUES ('Matrix community craft', ?, ?, ?, 'pending', ?, 'pending') RETURNING id",
  )
    .bind(SKIN, ownerId, ownerId, now)
    .first<{ id: number }>())!;
  await env.DB.prepare("UPDATE sticker_crafts SET ingame_image = ? WHERE id = ?").bind(`/images/${community.id}/ingame.png?v=1`, community.id).run();
  await env.IMAGES.put(`${community.id}/ingame.png`, PNG, { httpMetadata: { contentType: "image/png" }, customMetadata: COMMUNITY_IMAGE_METADATA });
  return {
    cookies: { visitor: undefined, owner: owner.cookie, other: other.cookie, admin: admin.cookie },
    ownerId,
    ownerEmail: owner.email,
    loadoutId: loadout.id,
    sharedLoadoutId: shared.id,
    shareToken,
    trackerId: tracker.id,
    officialId: official.id,
    craftId: craft.id,
    communityCraftId: community.id,
    tradeUpId: (await env.DB.prepare("SELECT id FROM saved_trade_ups WHERE user_id = ?").bind(ownerId).first<{ id: number }>())!.id,
    ownerSessionHandle: sessionHandle(secondSession),
    ownerPasskeyHandle,
  };
}

/** The owner's rows and the admin's objects, as they stand. */
async function objectsOf(world: World): Promise<unknown[]> {
  const queries = [
    env.DB.prepare("SELECT * FROM users WHERE id = ?").bind(world.ownerId),
    env.DB.prepare("SELECT id, device FROM sessions WHERE user_id = ? AND device = 'Matrix second browser'").bind(world.ownerId),
    env.DB.prepare("SELECT * FROM passkeys WHERE user_id = ? ORDER BY id").bind(world.ownerId),
    env.DB.prepare("SELECT * FROM user_loadouts WHERE user_id = ? ORDER BY id").bind(world.ownerId),
    env.DB.prepare("SELECT * FROM user_loadout_slots WHERE loadout_id IN (SELECT id FROM user_loadouts WHERE user_id = ?) ORDER BY loadout_id, slot").bind(
      world.ownerId,
    ),
    env.DB.prepare("SELECT * FROM loadout_shares WHERE loadout_id IN (SELECT id FROM user_loadouts WHERE user_id = ?) ORDER BY token").bind(world.ownerId),
    env.DB.prepare("SELECT * FROM resell_trackers WHERE user_id = ? ORDER BY id").bind(world.ownerId),
    env.DB.prepare("SELECT * FROM user_favorites WHERE user_id = ? ORDER BY skin_id").bind(world.ownerId),
    env.DB.prepare("SELECT * FROM price_alerts WHERE user_id = ? ORDER BY skin_id").bind(world.ownerId),
    env.DB.prepare("SELECT * FROM saved_trade_ups WHERE user_id = ? ORDER BY id").bind(world.ownerId),
    env.DB.prepare("SELECT * FROM official_loadouts WHERE id = ?").bind(world.officialId),
    env.DB.prepare("SELECT * FROM official_loadout_slots WHERE loadout_id = ? ORDER BY slot").bind(world.officialId),
    env.DB.prepare("SELECT * FROM sticker_crafts WHERE id = ?").bind(world.craftId),
    env.DB.prepare("SELECT * FROM sticker_craft_stickers WHERE craft_id = ? ORDER BY position").bind(world.craftId),
    env.DB.prepare("SELECT * FROM sticker_crafts WHERE id = ?").bind(world.communityCraftId),
    env.DB.prepare("SELECT * FROM sticker_craft_stickers WHERE craft_id = ? ORDER BY position").bind(world.communityCraftId),
  ];
  const results = await env.DB.batch(queries);
  const images = await Promise.all([world.craftId, world.communityCraftId].map((id) => env.IMAGES.list({ prefix: `${id}/` })));
  return [...results.map((result) => result.results), ...images.map((listed) => listed.objects.map((object) => object.key))];
}

/** What only the owner may see of their objects. */
function ownerSecrets(world: World): string[] {
  const dollars = (ALERT_TARGET_CENTS / 100).toFixed(2);
  return [
    world.ownerEmail,
    world.ownerId,
    NOTE,
    LOADOUT_TITLE,
    TRADE_UP_NAME,
    PASSKEY_NAME,
    dollars,
    Number(dollars).toLocaleString("en-US", { minimumFractionDigits: 2 }),
  ];
}

/** Sends the probe as `actor`; answers the response and what was sent (a value one sends is no leak when it comes back). */
async function ask(probe: Probe, world: World, actor: Actor): Promise<{ response: Response; sent: string }> {
  const headers = new Headers({ Host: "example.com", "CF-Connecting-IP": uniqueIp() });
  const cookie = world.cookies[actor];
  if (cookie) headers.set("Cookie", cookie);
  let body: string | undefined;
  if (probe.method === "POST") {
    if (probe.json !== undefined) {
      headers.set("Content-Type", "application/json");
      body = JSON.stringify(probe.json);
    } else {
      headers.set("Content-Type", "application/x-www-form-urlencoded");
      body = new URLSearchParams(await probe.fields?.(world, actor)).toString();
    }
  }
  const bindings = probe.production ? { ...env, ENVIRONMENT: "production" } : env;
  const response = await fetchWorker(`https://example.com${probe.path(world)}`, { method: probe.method, headers, body }, bindings);
  return { response, sent: decodeURIComponent(body ?? "") };
}

function outcomeFor(expected: Outcomes, actor: Actor): Outcome {
  if (typeof expected === "number" || "to" in expected) return expected;
  const outcome = expected[actor] ?? expected.rest;
  if (outcome === undefined) throw new Error(`no outcome for ${actor}`);
  return outcome;
}

const routes = Object.values(manifest).filter((route) => route.id !== "root");

/** The query parameters the pages read (and a few they do not), each given an odd value in turn. */
const QUERY_PARAMETERS = [
  ...["notice", "side", "edit", "new", "token", "range", "dialog", "delete", "to", "p", "wear", "view", "variant", "tab", "status"],
  ...["sort", "skin", "redirectTo", "returnTo", "mode", "lang", "craft", "alert", "q", "page", "type", "min", "max", "confirm", "index"],
  ...["market", "kind", "order", "rarity", "crate", "collection", "find", "intent", "tracker"],
];
/** Names every object has (a page that looks a value up in an object must not find them), and other odd values. */
const ODD_VALUES = ["__proto__", "constructor", "-1", "%FF"];

/** The probe's path with every parameter of QUERY_PARAMETERS set (in place of its own), the `turn`-th odd value first. */
function withOddQuery(path: string, turn: number): string {
  const [pathname, query = ""] = path.split("?");
  const kept = query.split("&").filter((pair) => pair && !QUERY_PARAMETERS.includes(pair.split("=")[0]!));
  const odd = QUERY_PARAMETERS.map((name, index) => `${name}=${ODD_VALUES[(index + turn) % ODD_VALUES.length]!}`);
  return `${pathname}?${[...kept, ...odd].join("&")}`;
}

/** The body as text; read as bytes first, since workerd warns of an image read with `.text()`. */
async function bodyText(response: Response): Promise<string> {
  return new TextDecoder().decode(await response.arrayBuffer());
}

describe("the authorization matrix", () => {
  it("covers every route of the build", () => {
    const missing = routes.map((route) => route.id).filter((id) => !(id in MATRIX));
    expect(missing, "add the route to MATRIX in authorization-matrix.test.ts").toEqual([]);
    expect(
      Object.keys(MATRIX).filter((id) => !manifest[id]),
      "routes in MATRIX that the build no longer has",
    ).toEqual([]);
  });

  it.each(routes.map((route) => [route.id] as const))(
    "%s",
    async (id) => {
      const route = manifest[id]!;
      const probes = [...(MATRIX[id] ?? [])];
      // A route without an action answers POST with 405, whoever asks.
      if (typeof route.module.action !== "function") {
        const get = probes.find((probe) => probe.method === "GET")!;
        probes.push({ name: "a form posted to it", method: "POST", path: get.path, fields: () => ({ intent: "x" }), expect: 405, production: get.production });
      }

      const world = await makeWorld();
      const secrets = ownerSecrets(world);
      for (const probe of probes) {
        for (const actor of ACTORS) {
          const before = await objectsOf(world);
          const { response, sent } = await ask(probe, world, actor);
          const text = await bodyText(response);
          const label = `${probe.method} ${probe.path(world)} (${probe.name}) as ${actor}`;
          const expected = outcomeFor(probe.expect, actor);
          if (typeof expected === "number") {
            expect(response.status, `${label}: ${text.slice(0, 200)}`).toBe(expected);
          } else {
            expect([301, 302, 303, 307, 308], `${label}: ${text.slice(0, 200)}`).toContain(response.status);
            expect(response.headers.get("Location"), label).toMatch(expected.to);
          }
          if (actor !== "owner") {
            const shown = (secret: string) => sent.includes(secret) || (secret === world.ownerEmail && probe.showsOwner?.includes(actor));
            for (const secret of secrets.filter((secret) => !shown(secret))) expect(text.includes(secret), `${label}: shows the owner's ${secret}`).toBe(false);
            expect(text, `${label}: a heart shown as the owner's favourite`).not.toContain('aria-pressed="true"');
          }
          if (!probe.writes?.includes(actor)) expect(await objectsOf(world), `${label}: changed the owner's or the admin's objects`).toEqual(before);
        }
      }
      // Odd query strings, asked by the owner (the admin where only an admin gets the page): a page,
      // a redirect or a 4xx, never a 5xx. Each parameter gets each odd value once.
      for (const probe of probes.filter((candidate) => candidate.method === "GET")) {
        const actor = outcomeFor(probe.expect, "owner") === 200 ? "owner" : "admin";
        const expected = outcomeFor(probe.expect, actor);
        if (typeof expected === "number" && expected >= 500) continue;
        for (let turn = 0; turn < ODD_VALUES.length; turn++) {
          const odd = { ...probe, path: (w: World) => withOddQuery(probe.path(w), turn) };
          const { response } = await ask(odd, world, actor);
          const text = await bodyText(response);
          expect(response.status, `GET ${odd.path(world).slice(0, 200)} as ${actor}: ${text.slice(0, 200)}`).toBeLessThan(500);
        }
      }
    },
    120_000,
  );
});
