import { useLocation, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import type { StoredConsent } from "~/domain/cookie-consent";
import { CURRENCIES, STORED_CURRENCY, type PageCurrency } from "~/domain/currency";
import { CurrencyForm } from "./CurrencyForm";
import { CookieBanner } from "./CookieBanner";
import { CategorySkeleton } from "./CategorySkeleton";
import { ClientNavigation, isCurrentPath, PathLink } from "./links";
import { SearchBox } from "./SearchBox";
import { useTrappedPopup } from "./useFocusTrap";

const navItemClass = "block whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium hover:bg-panel-2";

/** A navigation link that marks the current page (`aria-current="page"`, accent colour). */
function NavItem({ to, pathname, end, children }: { to: `/${string}`; pathname: string; end?: boolean; children: ReactNode }) {
  const current = isCurrentPath(pathname, to, end);
  return (
    <PathLink to={to} aria-current={current ? "page" : undefined} className={`${navItemClass} ${current ? "text-accent" : "text-ink"}`}>
      {children}
    </PathLink>
  );
}

/** A link of the top bar, menu or footer. */
interface ShellLink {
  to: `/${string}`;
  label: string;
}

const PRIMARY_LINKS: ShellLink[] = [
  { to: "/sticker-crafts", label: "Sticker Crafts" },
  { to: "/loadouts", label: "Loadouts" },
  { to: "/resell-tracker", label: "Resell Tracker" },
];

const ADMIN_LINKS: ShellLink[] = [
  { to: "/admin", label: "Admin" },
  { to: "/admin/loadouts", label: "Admin Loadouts" },
  { to: "/admin/sticker-crafts", label: "Admin Crafts" },
];

export interface ShellProps {
  categories: string[];
  signedIn: boolean;
  isAdmin: boolean;
  demoPrices: boolean;
  cookieConsent: StoredConsent;
  /** The visitor's currency and its rate; null on an error page without the root's data. */
  currency: PageCurrency | null;
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

/** Without JavaScript the search button is a link to the search page; with it, a full-screen overlay opens in place. */
function MobileSearch() {
  const { open, setOpen, close, container: dialog, trigger } = useTrappedPopup<HTMLDivElement, HTMLAnchorElement>();
  return (
    <div className="lg:hidden">
      <a
        ref={trigger}
        href="/search"
        aria-haspopup="dialog"
        className={navItemClass}
        onClick={(event) => {
          event.preventDefault();
          setOpen(true);
        }}
      >
        Search
      </a>
      {open ? (
        <div ref={dialog} role="dialog" aria-modal="true" aria-label="Search skins" className="fixed inset-0 z-50 overflow-y-auto bg-surface p-4">
          <div className="flex items-start gap-2">
            <SearchBox id="mobile-search" label="Search skins (overlay)" focusOnOpen />
            <button type="button" onClick={close} className={`${navItemClass} shrink-0`}>
              Close
            </button>
          </div>
        </div>
      ) : null}
    </div>
  );
}

interface NavProps {
  categories: string[];
  signedIn: boolean;
  isAdmin: boolean;
  pathname: string;
  currency: PageCurrency | null;
}

function PrimaryLinks({ isAdmin, pathname }: { isAdmin: boolean; pathname: string }) {
  return (
    <>
      {PRIMARY_LINKS.map((link) => (
        <li key={link.to}>
          <NavItem to={link.to} pathname={pathname}>
            {link.label}
          </NavItem>
        </li>
      ))}
      {isAdmin
        ? ADMIN_LINKS.map((link) => (
            <li key={link.to}>
              <NavItem to={link.to} pathname={pathname} end={link.to === "/admin"}>
                {link.label}
              </NavItem>
            </li>
          ))
        : null}
    </>
  );
}

function CategoryLinks({ categories, pathname, labelledBy }: { categories: string[]; pathname: string; labelledBy?: string }) {
  return (
    <ul aria-labelledby={labelledBy} className="space-y-1">
      {categories.map((name) => (
        <li key={name}>
          <NavItem to={`/category/${encodeURIComponent(name)}`} pathname={pathname}>
            {name}
          </NavItem>
        </li>
      ))}
    </ul>
  );
}

function AccountLink({ signedIn, pathname }: { signedIn: boolean; pathname: string }) {
  return signedIn ? (
    <NavItem to="/profile" pathname={pathname}>
      Profile
    </NavItem>
  ) : (
    <NavItem to="/login" pathname={pathname}>
      Login
    </NavItem>
  );
}

/**
 * Below the wide breakpoint the links sit in a menu. Without JavaScript it is a plain `<details>`
 * disclosure; with it the same element becomes a drawer that traps focus, closes on Escape (focus
 * back on the Menu button) and on every navigation.
 */
function MenuDrawer({ categories, signedIn, isAdmin, pathname, currency }: NavProps) {
  const { open, setOpen, container: details, trigger: summary } = useTrappedPopup<HTMLDetailsElement, HTMLElement>();
  return (
    <details
      ref={details}
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
      className={isAdmin ? "xl:hidden" : "lg:hidden"}
      data-testid="menu"
    >
      <summary ref={summary} className={`${navItemClass} cursor-pointer list-none`}>
        <span aria-hidden="true">☰</span> Menu
      </summary>
      <div className="fixed inset-x-0 bottom-0 top-14 overflow-y-auto border-t border-line bg-panel p-4 sm:left-auto sm:w-80 sm:border-l">
        <ul className="space-y-1">
          <PrimaryLinks isAdmin={isAdmin} pathname={pathname} />
          <li>
            <AccountLink signedIn={signedIn} pathname={pathname} />
          </li>
        </ul>
        {currency ? (
          <div className="mt-4 px-3 sm:hidden">
            <CurrencyForm chosen={currency.chosen} id="menu-currency" />
          </div>
        ) : null}
        <p id="menu-categories" className="mb-1 mt-4 px-3 text-xs font-semibold uppercase tracking-wide text-muted">
          Categories
        </p>
        <CategoryLinks categories={categories} pathname={pathname} labelledBy="menu-categories" />
      </div>
    </details>
  );
}

const FOOTER_LINKS: ShellLink[] = [
  { to: "/legal-notice", label: "Legal Notice" },
  { to: "/privacy-policy", label: "Privacy Policy" },
  { to: "/terms-of-service", label: "Terms of Service" },
  { to: "/contact", label: "Contact" },
  { to: "/cookie-settings", label: "Cookie Settings" },
];

/** While a client navigation loads a category page, its 18-card skeleton stands in for the page. */
function useLoadingCategory(pathname: string): boolean {
  const navigation = useNavigation();
  const target = navigation.location?.pathname;
  return navigation.state === "loading" && !!target?.startsWith("/category/") && target !== pathname;
}

export function Shell(props: ShellProps) {
  return (
    <ClientNavigation>
      <ShellLayout {...props} />
    </ClientNavigation>
  );
}

/** What the footer says of the amounts: their currency and the ECB rate's day, or that a chosen currency has no rate yet. */
function currencyNote(currency: PageCurrency | null): string {
  if (!currency || currency.chosen === STORED_CURRENCY) return "Prices are estimates in US dollars.";
  const name = CURRENCIES[currency.chosen].name;
  if (currency.rate.currency === STORED_CURRENCY) return `Prices are estimates in US dollars: there is no exchange rate for ${name} yet.`;
  return `Prices are estimates in ${name}, converted from US dollars at the European Central Bank's reference rate of ${currency.rate.date}.`;
}

function ShellLayout({ categories, signedIn, isAdmin, demoPrices, cookieConsent, currency, children }: ShellProps) {
  const { pathname } = useLocation();
  const loadingCategory = useLoadingCategory(pathname);
  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:bg-panel focus:p-2">
        Skip to content
      </a>
      <header className="sticky top-0 z-40 border-b border-line bg-panel">
        {/* Inside the banner landmark, so a check while a page loads finds no content outside one. */}
        <RouteChangeBar />
        <nav aria-label="Main" className="mx-auto flex h-14 max-w-screen-2xl items-center gap-1 px-2 sm:px-4">
          <PathLink to="/" className="mr-auto shrink-0 px-1 text-lg font-black tracking-tight lg:mr-2">
            Skin<span className="text-accent">Vault</span>
          </PathLink>
          <ul className={isAdmin ? "hidden items-center gap-1 xl:flex" : "hidden items-center gap-1 lg:flex"}>
            <PrimaryLinks isAdmin={isAdmin} pathname={pathname} />
          </ul>
          <div className="ml-auto hidden w-72 min-w-0 lg:block">
            <SearchBox id="desktop-search" label="Search skins" />
          </div>
          {currency ? (
            <div className="hidden shrink-0 sm:block">
              <CurrencyForm chosen={currency.chosen} id="header-currency" />
            </div>
          ) : null}
          <MobileSearch />
          <div className={isAdmin ? "hidden xl:block" : "hidden lg:block"}>
            <AccountLink signedIn={signedIn} pathname={pathname} />
          </div>
          <MenuDrawer categories={categories} signedIn={signedIn} isAdmin={isAdmin} pathname={pathname} currency={currency} />
        </nav>
      </header>
      <div className="mx-auto flex w-full max-w-screen-2xl flex-1">
        <aside aria-label="Categories" className="hidden w-52 shrink-0 border-r border-line p-4 md:block">
          <h2 className="mb-2 text-xs font-semibold uppercase tracking-wide text-muted">Categories</h2>
          <CategoryLinks categories={categories} pathname={pathname} />
        </aside>
        <main id="main" className="min-w-0 flex-1 p-4 md:p-6">
          {currency && currency.chosen !== currency.rate.currency ? (
            <p role="status" data-testid="currency-fallback" className="mb-4 rounded-md border border-line bg-panel-2 p-3 text-sm">
              {`There is no exchange rate for ${CURRENCIES[currency.chosen].name} yet, so amounts are shown in US dollars.`}
            </p>
          ) : null}
          {loadingCategory ? <CategorySkeleton /> : children}
        </main>
      </div>
      <footer className="border-t border-line bg-panel px-4 py-6 text-sm text-muted">
        <div className="mx-auto flex max-w-screen-2xl flex-col gap-3">
          <nav aria-label="Legal">
            <ul className="flex flex-wrap gap-4">
              {FOOTER_LINKS.map((link) => (
                <li key={link.to}>
                  <PathLink to={link.to} className="hover:text-ink">
                    {link.label}
                  </PathLink>
                </li>
              ))}
            </ul>
          </nav>
          <p>
            Data sources: prices from{" "}
            <a className="underline" href="https://skinport.com">
              Skinport
            </a>
            , items from the{" "}
            <a className="underline" href="https://store.steampowered.com/app/730">
              Steam store
            </a>
            , skin data from the open{" "}
            <a className="underline" href="https://github.com/ianlucas/cs2-lib">
              cs2-lib
            </a>{" "}
            API. <span data-testid="currency-note">{currencyNote(currency)}</span> Not affiliated with Valve.
          </p>
          {demoPrices ? <p data-testid="demo-prices-notice">Prices shown are demo data for development.</p> : null}
        </div>
      </footer>
      <CookieBanner consent={cookieConsent} />
    </div>
  );
}
