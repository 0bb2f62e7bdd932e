import { Link } from "@remix-run/react";
import { useEffect } from "react";
import { consentStorageEntries, needsConsentChoice, parseConsent, serializeConsent, type StoredConsent } from "~/domain/cookie-consent";
import { ConsentForm, useDisplayedConsent } from "./ConsentForm";

const PURPOSES = [
  "Keeping you signed in and remembering your preferences",
  "Remembering your language and theme",
  "Transmitting your data securely",
  "Analysing how the site is used, so we can improve it",
];

const buttonClass = "rounded-md px-4 py-2 text-sm font-semibold focus-visible:outline-2";

/**
 * Shown at the bottom of every page while no choice is stored for the browser session. It sticks
 * to the bottom of the viewport but stays in the page's flow, so at the end of a page it sits
 * below the footer instead of covering it. When JavaScript runs, the choice is mirrored in local
 * storage (cookies-accepted, cookies-enabled).
 */
export function CookieBanner({ consent }: { consent: StoredConsent }) {
  const displayed = useDisplayedConsent(consent);
  const mirrored = displayed ? serializeConsent(displayed) : null;

  // Keyed by the serialized value: `displayed` is a new object on each render while a choice is sent.
  useEffect(() => {
    const choice = parseConsent(mirrored);
    if (!choice) return;
    for (const [key, value] of consentStorageEntries(choice)) window.localStorage.setItem(key, value);
  }, [mirrored]);

  if (!needsConsentChoice(displayed)) return null;
  return (
    <section
      aria-labelledby="cookie-banner-title"
      data-testid="cookie-banner"
      className="sticky bottom-0 z-40 border-t border-line bg-panel/95 px-4 py-4 shadow-2xl backdrop-blur"
    >
      <div className="mx-auto flex max-w-screen-2xl flex-col gap-3 md:flex-row md:items-center md:justify-between">
        <div className="text-sm">
          <h2 id="cookie-banner-title" className="text-base font-bold">
            We use cookies to enhance your experience
          </h2>
          <p className="mt-1 text-muted">We use cookies for:</p>
          <ul className="mt-1 list-disc pl-5 text-muted">
            {PURPOSES.map((purpose) => (
              <li key={purpose}>{purpose}</li>
            ))}
          </ul>
          <Link to="/cookie-settings" className="mt-1 inline-block text-accent underline hover:text-accent-strong">
            Manage cookie settings
          </Link>
        </div>
        <ConsentForm className="flex shrink-0 gap-3">
          <button type="submit" name="intent" value="decline" className={`${buttonClass} border border-line hover:bg-panel-2`}>
            Decline
          </button>
          <button type="submit" name="intent" value="accept" className={`${buttonClass} bg-accent text-black hover:bg-accent-strong`}>
            Accept All
          </button>
        </ConsentForm>
      </div>
    </section>
  );
}
