import type { MetaDescriptor } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { pageMeta } from "./page-meta";

export type ErrorKind = "not-found" | "server" | "forbidden" | "method-not-allowed" | "network" | "unknown" | "crash";

interface ErrorCopy {
  code?: string;
  title: string;
  message: string;
}

const COPY: Record<ErrorKind, ErrorCopy> = {
  "not-found": { code: "404", title: "Page Not Found", message: "The page you're looking for doesn't exist or has been moved." },
  server: { code: "500", title: "Server Error", message: "Something went wrong on our end. We're working to fix it." },
  forbidden: {
    code: "403",
    title: "Access Denied",
    message: "You don't have permission to access this page. Please log in or contact support.",
  },
  "method-not-allowed": { code: "405", title: "Method not allowed", message: "This page cannot be sent a form. Please go back and try again." },
  network: { title: "Network Error", message: "Network error. Please check your connection" },
  unknown: { title: "Unexpected Error", message: "An unexpected error occurred" },
  crash: { title: "Something went wrong", message: "An unexpected error occurred. Please try refreshing the page." },
};

const QUICK_LINKS = [
  { to: "/loadouts", label: "Loadouts" },
  { to: "/sticker-crafts", label: "Sticker Crafts" },
  { to: "/resell-tracker", label: "Resell Tracker" },
];

const buttonClass = "inline-flex items-center rounded-md px-4 py-2 text-sm font-semibold transition-colors focus-visible:outline-2";
const primary = `${buttonClass} bg-accent text-black hover:bg-accent-strong`;
const secondary = `${buttonClass} border border-line text-ink hover:bg-panel-2`;

/** A plain form that reloads the current URL: a real button that works without JavaScript. */
function ReloadButton({ label }: { label: string }) {
  return (
    <form method="get">
      <button type="submit" className={secondary}>
        {label}
      </button>
    </form>
  );
}

export function ErrorScreen({ kind, detail }: { kind: ErrorKind; detail?: { message?: string; timestamp?: string } }) {
  const copy = COPY[kind];
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-5 py-16 text-center" aria-labelledby="error-title">
      {copy.code ? <p className="text-6xl font-black text-accent">{copy.code}</p> : null}
      <h1 id="error-title" className="text-3xl font-bold">
        {copy.title}
      </h1>
      <p className="text-muted">{detail?.message ?? copy.message}</p>
      {detail?.timestamp ? <p className="text-xs text-muted">Occurred at {detail.timestamp}</p> : null}
      <div className="flex flex-wrap justify-center gap-3">
        {kind === "crash" ? <ReloadButton label="Refresh Page" /> : null}
        <Link to="/" className={primary} reloadDocument={kind === "crash"}>
          Go to Homepage
        </Link>
        {kind === "not-found" ? (
          <a
            href="/"
            className={secondary}
            onClick={(event) => {
              if (window.history.length > 1) {
                event.preventDefault();
                window.history.back();
              }
            }}
          >
            Go Back
          </a>
        ) : null}
        {kind === "server" ? <ReloadButton label="Try Again" /> : null}
        {kind === "forbidden" ? (
          <Link to="/login" className={secondary}>
            Log In
          </Link>
        ) : null}
      </div>
      <nav aria-label="Quick links" className="mt-6 border-t border-line pt-6">
        <h2 className="mb-3 text-sm font-semibold uppercase tracking-wide text-muted">Quick links</h2>
        <ul className="flex flex-wrap justify-center gap-4">
          {QUICK_LINKS.map((link) => (
            <li key={link.to}>
              <Link to={link.to} className="text-accent underline-offset-4 hover:underline">
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </section>
  );
}

/** An error page's title and message as its metadata; error pages stay out of search results. */
export function errorPageMeta(matches: readonly { id: string; data?: unknown }[], kind: ErrorKind, path: string): MetaDescriptor[] {
  const { title, message } = COPY[kind];
  return pageMeta(matches, { title, description: message, path, noindex: true });
}
