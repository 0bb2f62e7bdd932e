// Every page of the product, for the accessibility and layout checks (a11y.spec.ts). A route of
// the built manifest that is neither here nor in NOT_PAGES fails a test: add new pages here.

/** Who visits: a visitor, a signed-in user, or an admin. */
export type Visitor = "visitor" | "user" | "admin";

export interface ProductPage {
  /** The route id in the manifest (`routes/` + the file name without extension). */
  route: string;
  /**
   * A path that shows the page, with sample parameters from the seed. Objects the seed has not got
   * are made for the visit (tests/e2e/loadout-setup.ts, `samplePath`): `{ownLoadout}` (a shared
   * loadout of the visiting user, with a budget), `{overBudgetLoadout}` (one of theirs over its
   * budget), `{sharedLoadout}` (another user's share token), `{soldTracker}` (a sold tracker of
   * the visiting user) and `{savedTradeUp}` (a saved trade-up of theirs).
   */
  path: string;
  /**
   * Who visits it in the checks; a visitor also visits pages meant for others (a redirect, a 403).
   * Default: a visitor and a signed-in user. Pages that differ only in the top bar when signed in
   * are checked signed out; the admin's top bar is checked on the home page.
   */
  as?: Visitor[];
  /** Hundreds of elements (all 59 AK-47 cards): axe takes several times as long. */
  heavy?: boolean;
  /** Console errors the page causes on purpose (the browser's note on a 404 or 403 answer). */
  consoleErrors?: RegExp[];
}

const DEFAULT_VISITORS: Visitor[] = ["visitor", "user"];
const SIGNED_OUT: Visitor[] = ["visitor"];
const notFound = [/status of 404/];

export const PAGES: ProductPage[] = [
  { route: "routes/_index", path: "/", as: ["visitor", "user", "admin"] },
  { route: "routes/category.$categoryName", path: "/category/Rifles" },
  { route: "routes/category.$categoryName", path: "/category/Bazookas", as: SIGNED_OUT, consoleErrors: notFound },
  { route: "routes/weapons.$weaponName", path: "/weapons/AK-47", heavy: true },
  { route: "routes/weapons.$weaponName", path: "/weapons/AK-47?sort=price-desc&type=stattrak&rarity=Covert", as: SIGNED_OUT },
  // Skin pages with their float bar: one wear not possible (Redline), three (MAC-10 | Silver, 0 to 0.08).
  { route: "routes/skins.$skinId", path: "/skins/ak-47-redline" },
  { route: "routes/skins.$skinId", path: "/skins/mac-10-silver", as: SIGNED_OUT },
  { route: "routes/skins.$skinId", path: "/skins/no-such-skin", as: SIGNED_OUT, consoleErrors: notFound },
  // A sticker page with its price, chart and the demo crafts that carry it; one that does not exist.
  { route: "routes/stickers.$stickerId", path: "/stickers/1947" },
  { route: "routes/stickers.$stickerId", path: "/stickers/999999999", as: SIGNED_OUT, consoleErrors: notFound },
  { route: "routes/search", path: "/search?q=ak47" },
  { route: "routes/search", path: "/search?q=harp+of+wat", as: SIGNED_OUT },
  { route: "routes/search", path: "/search", as: SIGNED_OUT },
  { route: "routes/cases._index", path: "/cases", as: SIGNED_OUT },
  { route: "routes/cases.$caseSlug", path: "/cases/revolution-case" },
  { route: "routes/cases.$caseSlug", path: "/cases/anubis-collection-package", as: SIGNED_OUT },
  // A case with vanilla knives among its rare special items (cards that link to a knife's page).
  { route: "routes/cases.$caseSlug", path: "/cases/operation-phoenix-weapon-case", as: SIGNED_OUT },
  { route: "routes/collections._index", path: "/collections", as: SIGNED_OUT },
  { route: "routes/collections.$collectionSlug", path: "/collections/the-revolution-collection" },
  { route: "routes/collections.$collectionSlug", path: "/collections/no-such-collection", as: SIGNED_OUT, consoleErrors: notFound },
  { route: "routes/trade-up", path: "/trade-up?s1=mag-7-insomnia&f1=0.2&n1=6&s2=mp9-featherweight&f2=0.3&n2=4" },
  {
    route: "routes/trade-up",
    path: "/trade-up?s1=mag-7-insomnia&f1=0.2&n1=10&v1=souvenir&s2=awp-lightning-strike&n2=1&find=redline",
    as: SIGNED_OUT,
    consoleErrors: [/status of 422/],
  },
  { route: "routes/login", path: "/login", as: SIGNED_OUT },
  { route: "routes/login", path: "/login?mode=register", as: SIGNED_OUT },
  { route: "routes/login", path: "/login?mode=forgot", as: SIGNED_OUT },
  { route: "routes/profile", path: "/profile" },
  { route: "routes/profile", path: "/profile?tab=loadouts", as: ["user"] },
  { route: "routes/profile", path: "/profile?tab=resell", as: ["user"] },
  { route: "routes/profile_.security", path: "/profile/security", as: ["user"] },
  { route: "routes/resell-tracker", path: "/resell-tracker" },
  { route: "routes/resell-tracker_.new", path: "/resell-tracker/new?skin=ak-47-redline" },
  { route: "routes/resell-tracker_.import", path: "/resell-tracker/import", as: ["user"] },
  // No tracker of the test user's own exists: a visitor sees the login prompt, a user the not-found page.
  { route: "routes/resell-tracker_.$trackerId.edit", path: "/resell-tracker/999999/edit", as: SIGNED_OUT },
  { route: "routes/resell-tracker_.$trackerId.edit", path: "/resell-tracker/999999/edit", as: ["user"], consoleErrors: notFound },
  // The sale form of a sold tracker (its fields, Undo sale), the list's Sold view with its card, and a visitor's login prompt.
  { route: "routes/resell-tracker_.$trackerId.sale", path: "/resell-tracker/{soldTracker}/sale", as: ["user"] },
  { route: "routes/resell-tracker", path: "/resell-tracker?view=sold&tracker={soldTracker}", as: ["user"] },
  // An open card's markets, valued at the best market after fees.
  { route: "routes/resell-tracker", path: "/resell-tracker?market=best-net&tracker={openTracker}", as: ["user"] },
  { route: "routes/resell-tracker_.$trackerId.sale", path: "/resell-tracker/999999/sale", as: SIGNED_OUT },
  { route: "routes/loadouts._index", path: "/loadouts" },
  { route: "routes/loadouts.new", path: "/loadouts/new" },
  { route: "routes/loadouts.$loadoutType.$loadoutId", path: "/loadouts/official/1" },
  { route: "routes/loadouts.$loadoutType.$loadoutId", path: "/loadouts/official/1?side=ct", as: SIGNED_OUT },
  { route: "routes/loadouts.$loadoutType.$loadoutId", path: "/loadouts/user/999999", as: SIGNED_OUT, consoleErrors: notFound },
  // The owner's view: the share link (a read-only field, Copy with JavaScript) and 'Fill empty slots within budget'.
  { route: "routes/loadouts.$loadoutType.$loadoutId", path: "/loadouts/user/{ownLoadout}", as: ["user"] },
  // The owner's confirmations before the link is revoked or replaced (a dialog with JavaScript, a step without).
  { route: "routes/loadouts.$loadoutType.$loadoutId", path: "/loadouts/user/{ownLoadout}?dialog=share-revoke", as: ["user"] },
  { route: "routes/loadouts.$loadoutType.$loadoutId", path: "/loadouts/user/{ownLoadout}?dialog=share-replace&side=ct", as: ["user"] },
  { route: "routes/loadouts.shared.$token", path: "/loadouts/shared/{sharedLoadout}" },
  { route: "routes/loadouts.shared.$token", path: "/loadouts/shared/{sharedLoadout}?side=ct", as: SIGNED_OUT },
  { route: "routes/loadouts.shared.$token", path: "/loadouts/shared/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", as: SIGNED_OUT, consoleErrors: notFound },
  { route: "routes/loadouts.user.$id.fill", path: "/loadouts/user/{ownLoadout}/fill?side=t", as: ["user"] },
  { route: "routes/loadouts.user.$id.fill", path: "/loadouts/user/{ownLoadout}/fill?side=both&variant=stattrak", as: ["user"] },
  { route: "routes/loadouts.user.$id.fill", path: "/loadouts/user/{overBudgetLoadout}/fill?side=t", as: ["user"] },
  { route: "routes/loadouts.user.$id.fill", path: "/loadouts/user/999999/fill", as: ["user"], consoleErrors: notFound },
  // No loadout of the test user's own exists: a visitor sees the login prompt, a user the not-found page.
  { route: "routes/loadouts.edit.$id", path: "/loadouts/edit/999999", consoleErrors: notFound },
  { route: "routes/loadouts.edit.$id", path: "/loadouts/edit/1?side=ct&slot=knives_ctside", as: ["admin"], consoleErrors: notFound },
  { route: "routes/sticker-crafts._index", path: "/sticker-crafts" },
  { route: "routes/sticker-crafts.$craftId", path: "/sticker-crafts/1" },
  { route: "routes/sticker-crafts.$craftId", path: "/sticker-crafts/999999", as: SIGNED_OUT, consoleErrors: notFound },
  { route: "routes/sticker-crafts._index", path: "/sticker-crafts?kind=community", as: SIGNED_OUT },
  { route: "routes/sticker-crafts.submit", path: "/sticker-crafts/submit" },
  { route: "routes/sticker-crafts.submit", path: "/sticker-crafts/submit?edit=999999", as: ["user"], consoleErrors: notFound },
  { route: "routes/profile", path: "/profile?tab=crafts", as: ["user"] },
  // My trade-ups with a saved contract and the question before deleting it.
  { route: "routes/profile", path: "/profile?tab=trade-ups&delete-trade-up={savedTradeUp}", as: ["user"] },
  { route: "routes/admin.sticker-crafts_.queue", path: "/admin/sticker-crafts/queue", as: ["visitor", "admin"] },
  { route: "routes/admin.sticker-crafts_.queue", path: "/admin/sticker-crafts/queue?craft=1", as: ["admin"] },
  { route: "routes/admin.loadouts", path: "/admin/loadouts", as: ["visitor", "admin"] },
  { route: "routes/admin.loadouts", path: "/admin/loadouts?new", as: ["admin"] },
  { route: "routes/admin.loadouts", path: "/admin/loadouts?edit=1", as: ["admin"] },
  { route: "routes/admin.loadouts_.$id.edit", path: "/admin/loadouts/1/edit", as: ["visitor", "admin"] },
  { route: "routes/admin.loadouts_.$id.edit", path: "/admin/loadouts/1/edit?side=ct&slot=knives_ctside", as: ["admin"] },
  { route: "routes/admin.sticker-crafts", path: "/admin/sticker-crafts", as: ["visitor", "admin"] },
  { route: "routes/admin.sticker-crafts", path: "/admin/sticker-crafts?new", as: ["admin"] },
  { route: "routes/admin.sticker-crafts", path: "/admin/sticker-crafts?edit=1", as: ["admin"] },
  { route: "routes/reset-password", path: "/reset-password?token=not-a-real-token", as: SIGNED_OUT },
  { route: "routes/confirm-email", path: "/confirm-email?token=not-a-real-token", as: SIGNED_OUT },
  { route: "routes/confirm-new-email", path: "/confirm-new-email?token=not-a-real-token", as: SIGNED_OUT },
  { route: "routes/admin._index", path: "/admin", as: ["visitor", "admin"], consoleErrors: [/status of 403/] },
  { route: "routes/dev.mailbox", path: "/dev/mailbox", as: SIGNED_OUT },
  { route: "routes/legal-notice", path: "/legal-notice", as: SIGNED_OUT },
  { route: "routes/privacy-policy", path: "/privacy-policy", as: SIGNED_OUT },
  { route: "routes/terms-of-service", path: "/terms-of-service", as: SIGNED_OUT },
  { route: "routes/contact", path: "/contact", as: SIGNED_OUT },
  { route: "routes/leaving", path: "/leaving?to=https%3A%2F%2Fsteamcommunity.com%2Fmarket%2F" },
  { route: "routes/leaving", path: "/leaving?to=https%3A%2F%2Fsteamcommunity.com%40evil.example%2F", as: SIGNED_OUT, consoleErrors: [/status of 400/] },
  { route: "routes/cookie-settings", path: "/cookie-settings", as: SIGNED_OUT },
  { route: "routes/$", path: "/no/such/page", as: SIGNED_OUT, consoleErrors: notFound },
  { route: "routes/404", path: "/404", as: SIGNED_OUT, consoleErrors: notFound },
  { route: "routes/403", path: "/403", as: SIGNED_OUT, consoleErrors: [/status of 403/] },
  { route: "routes/500", path: "/500", as: SIGNED_OUT, consoleErrors: [/status of 500/] },
  { route: "routes/NETWORK", path: "/NETWORK", as: SIGNED_OUT },
  { route: "routes/UNKNOWN", path: "/UNKNOWN?message=Lost&timestamp=2026-11-21T10%3A00%3A00Z", as: SIGNED_OUT },
];

/** Routes that are not pages of their own, and why. */
export const NOT_PAGES: Record<string, string> = {
  root: "the layout around every page",
  "routes/api.suggestions": "JSON for the search box",
  "routes/api.password-reset-simple": "JSON endpoint",
  "routes/api.passkeys.register.options": "JSON endpoint of the passkey ceremony",
  "routes/api.passkeys.register.verify": "JSON endpoint of the passkey ceremony",
  "routes/api.passkeys.login.options": "JSON endpoint of the passkey ceremony",
  "routes/api.passkeys.login.verify": "JSON endpoint of the passkey ceremony",
  "routes/cookie-consent": "form target that redirects back",
  "routes/currency": "form target for the header's currency choice, redirects back",
  "routes/logout": "form target that redirects",
  "routes/favorites": "form target for the heart, redirects back",
  "routes/resell-tracker[.]csv": "CSV download",
  "routes/profile_.data[.json]": "JSON download of the player's data",
  "routes/images.$": "uploaded image bytes from R2",
};

export function pagesFor(visitor: Visitor): ProductPage[] {
  return PAGES.filter((page) => (page.as ?? DEFAULT_VISITORS).includes(visitor));
}
