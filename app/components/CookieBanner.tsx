import { useEffect, useRef } from "react";
import { consentStorageEntries, needsConsentChoice, parseConsent, serializeConsent, type StoredConsent } from "~/domain/cookie-consent";
import { ConsentForm, useDisplayedConsent } from "./ConsentForm";
import { PathLink } from "./links";

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

  const shown = needsConsentChoice(displayed);
  const banner = useRef<HTMLElement>(null);
  // The page keeps focused elements clear of the banner by its height (scroll-padding in app.css).
  useEffect(() => {
    const element = banner.current;
    if (!shown || !element) return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => root.style.setProperty("--cookie-banner-height", `${element.offsetHeight}px`));
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty("--cookie-banner-height");
    };
  }, [shown]);

  if (!shown) return null;
  return (
    <section
      ref={banner}
      aria-labelledby="cookie-banner-title"
      data-testid="cookie-banner"
      className="sticky bottom-0 z-30 flex max-h-[35vh] flex-col sm:max-h-[50vh] border-t border-line bg-panel px-4 py-3 shadow-2xl md:py-4"
    >
      <div className="mx-auto flex min-h-0 w-full max-w-screen-2xl flex-col gap-3 md:flex-row md:items-center md:justify-between">
        <div className="min-h-0 overflow-y-auto text-sm">
          <h2 id="cookie-banner-title" className="text-base font-bold">
            We use cookies to enhance your experience
          </h2>
          <p className="mt-1 text-muted">We use cookies for:</p>
          <ul className="mt-1 list-disc pl-5 text-muted">
            {PURPOSES.map((purpose) => (
              <li key={purpose}>{purpose}</li>
            ))}
          </ul>
          <PathLink to="/cookie-settings" className="mt-1 inline-block text-accent underline hover:text-accent-strong">
            Manage cookie settings
          </PathLink>
        </div>
        <ConsentForm className="flex shrink-0 flex-wrap gap-3">
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
