// Every page of the product, for the accessibility and layout checks (a11y.spec.ts). A route of
// the built manifest that is neither here nor in NOT_PAGES fails a test: add new pages here.

/** Who visits: a visitor, a signed-in user, or an admin. */
export type Visitor = "visitor" | "user" | "admin";

export interface ProductPage {
  /** The route id in the manifest (`routes/` + the file name without extension). */
  route: string;
  /** A path that shows the page, with sample parameters from the seed. */
  path: string;
  /** Who sees this page; a visitor also visits pages meant for others (a redirect, a 403). Default: everyone. */
  as?: Visitor[];
  /** Console errors the page causes on purpose (the browser's note on a 404 or 403 answer). */
  consoleErrors?: RegExp[];
}

const EVERYONE: Visitor[] = ["visitor", "user", "admin"];
const notFound = [/status of 404/];

export const PAGES: ProductPage[] = [
  { route: "routes/_index", path: "/" },
  { route: "routes/category.$categoryName", path: "/category/Rifles" },
  { route: "routes/category.$categoryName", path: "/category/Bazookas", as: ["visitor"], consoleErrors: notFound },
  { route: "routes/weapons.$weaponName", path: "/weapons/AK-47" },
  { route: "routes/weapons.$weaponName", path: "/weapons/AK-47?sort=price-desc&type=stattrak&rarity=Covert", as: ["visitor"] },
  { route: "routes/skins.$skinId", path: "/skins/ak-47-redline" },
  { route: "routes/skins.$skinId", path: "/skins/no-such-skin", as: ["visitor"], consoleErrors: notFound },
  { route: "routes/search", path: "/search?q=ak47" },
  { route: "routes/search", path: "/search", as: ["visitor"] },
  { route: "routes/login", path: "/login" },
  { route: "routes/login", path: "/login?mode=register", as: ["visitor"] },
  { route: "routes/login", path: "/login?mode=forgot", as: ["visitor"] },
  { route: "routes/profile", path: "/profile" },
  { route: "routes/reset-password", path: "/reset-password?token=not-a-real-token", as: ["visitor"] },
  { route: "routes/confirm-email", path: "/confirm-email?token=not-a-real-token", as: ["visitor"] },
  { route: "routes/admin._index", path: "/admin", as: ["visitor", "admin"], consoleErrors: [/status of 403/] },
  { route: "routes/dev.mailbox", path: "/dev/mailbox", as: ["visitor"] },
  { route: "routes/legal-notice", path: "/legal-notice" },
  { route: "routes/privacy-policy", path: "/privacy-policy" },
  { route: "routes/terms-of-service", path: "/terms-of-service" },
  { route: "routes/contact", path: "/contact" },
  { route: "routes/cookie-settings", path: "/cookie-settings" },
  { route: "routes/$", path: "/no/such/page", as: ["visitor"], consoleErrors: notFound },
  { route: "routes/404", path: "/404", as: ["visitor"], consoleErrors: notFound },
  { route: "routes/403", path: "/403", as: ["visitor"], consoleErrors: [/status of 403/] },
  { route: "routes/500", path: "/500", as: ["visitor"], consoleErrors: [/status of 500/] },
  { route: "routes/NETWORK", path: "/NETWORK", as: ["visitor"] },
  { route: "routes/UNKNOWN", path: "/UNKNOWN?message=Lost&timestamp=2026-11-21T10%3A00%3A00Z", as: ["visitor"] },
];

/** Routes that are not pages of their own, and why. */
export const NOT_PAGES: Record<string, string> = {
  root: "the layout around every page",
  "routes/api.suggestions": "JSON for the search box",
  "routes/api.password-reset-simple": "JSON endpoint",
  "routes/cookie-consent": "form target that redirects back",
  "routes/logout": "form target that redirects",
};

export function pagesFor(visitor: Visitor): ProductPage[] {
  return PAGES.filter((page) => (page.as ?? EVERYONE).includes(visitor));
}
