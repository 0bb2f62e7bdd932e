import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteError, useRouteLoaderData } from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { ErrorScreen, errorPageMeta, type ErrorKind } from "~/components/ErrorScreen";
import { markHydrated, releaseHeldEvents } from "~/components/hydration-guard";
import { useNonce } from "~/components/nonce";
import { MoneyProvider } from "~/components/money";
import { Shell } from "~/components/Shell";
import { revalidateUnlessReadOnly } from "~/forms/reply";
import { loadShell } from "~/server/features/shell.server";
import stylesheet from "~/styles/app.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ context, request }: LoaderFunctionArgs) {
  return loadShell(context, request);
}

// A read-only post (a picker's step) leaves the shell as it was: no loader runs again after it.
export const shouldRevalidate = revalidateUnlessReadOnly;

/** The fallback; an error shown by the root boundary gets that error page's metadata (noindex). */
export const meta: MetaFunction = ({ error, matches, location }) =>
  error
    ? errorPageMeta(matches, errorKindOf(error), location.pathname)
    : [
        { title: "SkinVault: CS2 skins, prices and loadouts" },
        { name: "description", content: "Browse every Counter-Strike 2 weapon skin with per-wear prices, plan loadouts and track resells." },
      ];

export function Layout({ children }: { children: ReactNode }) {
  // The page's data is decoded once the root renders: from here a click may hydrate the page at once.
  releaseHeldEvents();
  useEffect(markHydrated, []);
  const shell = useRouteLoaderData<typeof loader>("root");
  const nonce = useNonce();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body className="bg-surface text-ink antialiased">
        <MoneyProvider rate={shell?.currency.rate}>
          <Shell
            currency={shell?.currency ?? null}
            categories={shell?.categories ?? []}
            signedIn={shell?.signedIn ?? false}
            isAdmin={shell?.isAdmin ?? false}
            demoPrices={shell?.demoPrices ?? false}
            cookieConsent={shell?.cookieConsent ?? null}
          >
            {children}
          </Shell>
        </MoneyProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

const STATUS_KINDS: Record<number, ErrorKind> = { 403: "forbidden", 404: "not-found", 405: "method-not-allowed" };

function errorKindOf(error: unknown): ErrorKind {
  if (isRouteErrorResponse(error)) return STATUS_KINDS[error.status] ?? (error.status >= 500 ? "server" : "unknown");
  return "crash";
}

export function ErrorBoundary() {
  return <ErrorScreen kind={errorKindOf(useRouteError())} />;
}
