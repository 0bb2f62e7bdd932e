import type { Language } from "~/content/legal/types";
import { hasConsent, type StoredConsent } from "~/domain/cookie-consent";
import { ConsentForm, useDisplayedConsent } from "./ConsentForm";

const COPY: Record<Language, { title: string; enabled: string; disabled: string; accept: string; decline: string }> = {
  en: {
    title: "Cookie Management",
    enabled: "Cookies are currently enabled",
    disabled: "Cookies are currently disabled",
    accept: "Accept All Cookies",
    decline: "Decline Cookies",
  },
  de: {
    title: "Cookie-Verwaltung",
    enabled: "Cookies sind derzeit aktiviert",
    disabled: "Cookies sind derzeit deaktiviert",
    accept: "Alle Cookies akzeptieren",
    decline: "Cookies ablehnen",
  },
};

const buttonClass = "rounded-md px-4 py-2 text-sm font-semibold focus-visible:outline-2";

/**
 * The consent panel of the cookie settings page, shown only once a choice is stored. Its buttons
 * take effect at once: with JavaScript the status changes as the choice is sent; without it the
 * form reloads this page with the new choice.
 */
export function CookieManagement({ consent, lang }: { consent: StoredConsent; lang: Language }) {
  const displayed = useDisplayedConsent(consent);
  if (displayed === null) return null;
  const copy = COPY[lang];
  const enabled = hasConsent(displayed);
  return (
    <section aria-labelledby="cookie-management-title" className="mt-6 rounded-lg border border-line bg-panel p-5 text-ink">
      <h2 id="cookie-management-title" className="text-lg font-bold">
        {copy.title}
      </h2>
      <p role="status" className="mt-2 flex items-center gap-2" data-testid="cookie-status">
        <span aria-hidden="true" className={`inline-block h-3 w-3 rounded-full ${enabled ? "bg-green-500" : "bg-red-500"}`} />
        {enabled ? copy.enabled : copy.disabled}
      </p>
      <ConsentForm className="mt-4 flex flex-wrap gap-3">
        <button type="submit" name="intent" value="accept" className={`${buttonClass} bg-accent text-black hover:bg-accent-strong`}>
          {copy.accept}
        </button>
        <button type="submit" name="intent" value="decline" className={`${buttonClass} border border-line hover:bg-panel-2`}>
          {copy.decline}
        </button>
      </ConsentForm>
    </section>
  );
}
