import { useFetcher, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { applyConsentChoice, type StoredConsent } from "~/domain/cookie-consent";
import { wayBack } from "~/domain/same-site-path";
import type { ConsentAnswer } from "~/forms/cookie-consent";
import { useHydrated } from "./useHydrated";

/** The banner and the settings panel share one fetcher, so either shows a choice the other made. */
const CONSENT_FETCHER_KEY = "cookie-consent";

/** The consent as the page should show it: a choice being sent wins over the stored one. */
export function useDisplayedConsent(stored: StoredConsent): StoredConsent {
  const fetcher = useFetcher<ConsentAnswer>({ key: CONSENT_FETCHER_KEY });
  const intent = fetcher.formData?.get("intent");
  if (intent === "accept" || intent === "decline") return applyConsentChoice(intent);
  return stored;
}

/**
 * Posts a consent choice to /cookie-consent. Without JavaScript it is a plain form that redirects
 * back to this page; with JavaScript it asks for data instead and the page stays put.
 * The submit buttons inside carry `name="intent"`.
 */
export function ConsentForm({ className, children }: { className?: string; children: ReactNode }) {
  const fetcher = useFetcher<ConsentAnswer>({ key: CONSENT_FETCHER_KEY });
  const location = useLocation();
  const hydrated = useHydrated();
  return (
    <fetcher.Form method="post" action="/cookie-consent" className={className}>
      <input type="hidden" name="redirectTo" value={wayBack(`${location.pathname}${location.search}`)} />
      {hydrated ? <input type="hidden" name="respond" value="data" /> : null}
      {children}
    </fetcher.Form>
  );
}
