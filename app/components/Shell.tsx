import { Link, NavLink, useLocation, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import type { StoredConsent } from "~/domain/cookie-consent";
import { CookieBanner } from "./CookieBanner";
import { CategorySkeleton } from "./CategorySkeleton";
import { SearchBox } from "./SearchBox";

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-medium hover:bg-panel-2 ${isActive ? "text-accent" : "text-ink"}`;

export interface ShellProps {
  categories: string[];
  signedIn: boolean;
  isAdmin: boolean;
  demoPrices: boolean;
  cookieConsent: StoredConsent;
  children: ReactNode;
}

/** A thin bar shown for 100 ms on every route change, and for as long as a navigation loads. */
function RouteChangeBar() {
  const navigation = useNavigation();
  const location = useLocation();
  const [flash, setFlash] = useState(false);
  const firstRender = useRef(true);

  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    setFlash(true);
    const timer = setTimeout(() => setFlash(false), 100);
    return () => clearTimeout(timer);
  }, [location.key]);

  if (!flash && navigation.state === "idle") return null;
  return (
    <div
      role="progressbar"
      aria-label="Loading page"
      data-testid="route-change-bar"
      className="fixed inset-x-0 top-0 z-50 h-0.5 origin-left bg-accent"
      style={{ animation: "route-progress 100ms ease-out forwards" }}
    />
  );
}

/** Without JavaScript the search icon is a link to the search page; with it, an overlay opens in place. */
function MobileSearch() {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  useEffect(() => setOpen(false), [location.key]);
  return (
    <div className="md:hidden">
      <a
        href="/search"
        className="rounded-md px-3 py-2 text-sm hover:bg-panel-2"
        onClick={(event) => {
          event.preventDefault();
          setOpen(true);
        }}
      >
        Search
      </a>
      {open ? (
        <div role="dialog" aria-modal="true" aria-label="Search skins" className="fixed inset-0 z-40 bg-surface/95 p-4">
          <div className="flex items-center gap-2">
            <SearchBox id="mobile-search" focusOnOpen />
            <button type="button" onClick={() => setOpen(false)} className="rounded-md px-3 py-2 text-sm hover:bg-panel-2">
              Close
            </button>
          </div>
        </div>
      ) : null}
    </div>
  );
}

const FOOTER_LINKS = [
  { to: "/legal-notice", label: "Legal Notice" },
  { to: "/privacy-policy", label: "Privacy Policy" },
  { to: "/terms-of-service", label: "Terms of Service" },
  { to: "/contact", label: "Contact" },
  { to: "/cookie-settings", label: "Cookie Settings" },
];

/** While a client navigation loads a category page, its 18-card skeleton stands in for the page. */
function useLoadingCategory(): boolean {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const target = navigation.location?.pathname;
  return navigation.state === "loading" && !!target?.startsWith("/category/") && target !== pathname;
}

export function Shell({ categories, signedIn, isAdmin, demoPrices, cookieConsent, children }: ShellProps) {
  const loadingCategory = useLoadingCategory();
  return (
    <div className="flex min-h-screen flex-col">
      <RouteChangeBar />
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:bg-panel focus:p-2">
        Skip to content
      </a>
      <header className="sticky top-0 z-30 border-b border-line bg-panel/95 backdrop-blur">
        <nav aria-label="Main" className="mx-auto flex max-w-screen-2xl items-center gap-2 px-4 py-2">
          <Link to="/" className="mr-2 text-lg font-black tracking-tight">
            Skin<span className="text-accent">Vault</span>
          </Link>
          <NavLink to="/sticker-crafts" className={navLinkClass}>
            Sticker Crafts
          </NavLink>
          <NavLink to="/loadouts" className={navLinkClass}>
            Loadouts
          </NavLink>
          <NavLink to="/resell-tracker" className={navLinkClass}>
            Resell Tracker
          </NavLink>
          {isAdmin ? (
            <>
              <NavLink to="/admin" end className={navLinkClass}>
                Admin
              </NavLink>
              <NavLink to="/admin/loadouts" className={navLinkClass}>
                Admin Loadouts
              </NavLink>
              <NavLink to="/admin/sticker-crafts" className={navLinkClass}>
                Admin Crafts
              </NavLink>
            </>
          ) : null}
          <div className="ml-auto hidden w-72 md:block">
            <SearchBox id="desktop-search" />
          </div>
          <MobileSearch />
          {signedIn ? (
            <NavLink to="/profile" className={navLinkClass}>
              Profile
            </NavLink>
          ) : (
            <NavLink to="/login" className={navLinkClass}>
              Login
            </NavLink>
          )}
        </nav>
      </header>
      <div className="mx-auto flex w-full max-w-screen-2xl flex-1">
        <aside aria-label="Categories" className="hidden w-52 shrink-0 border-r border-line p-4 md:block">
          <h2 className="mb-2 text-xs font-semibold uppercase tracking-wide text-muted">Categories</h2>
          <ul className="space-y-1">
            {categories.map((name) => (
              <li key={name}>
                <NavLink to={`/category/${encodeURIComponent(name)}`} className={navLinkClass}>
                  {name}
                </NavLink>
              </li>
            ))}
          </ul>
        </aside>
        <main id="main" className="min-w-0 flex-1 p-4 md:p-6">
          {loadingCategory ? <CategorySkeleton /> : children}
        </main>
      </div>
      <footer className="border-t border-line bg-panel px-4 py-6 text-sm text-muted">
        <div className="mx-auto flex max-w-screen-2xl flex-col gap-3">
          <nav aria-label="Legal">
            <ul className="flex flex-wrap gap-4">
              {FOOTER_LINKS.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className="hover:text-ink">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <p>
            Data sources: prices from <a className="underline" href="https://skinport.com">Skinport</a>, items from the{" "}
            <a className="underline" href="https://store.steampowered.com/app/730">Steam store</a>, skin data from the open{" "}
            <a className="underline" href="https://github.com/ianlucas/cs2-lib">cs2-lib</a> API. Prices are estimates in US
            dollars. Not affiliated with Valve.
          </p>
          {demoPrices ? <p data-testid="demo-prices-notice">Prices shown are demo data for development.</p> : null}
        </div>
      </footer>
      <CookieBanner consent={cookieConsent} />
    </div>
  );
}
