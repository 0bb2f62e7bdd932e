/**
 * Cookie consent (spec section 4): two flags, `accepted` and `enabled`.
 * Accept sets both on; decline sets both off; `enabled` can be toggled alone.
 * Consent counts only when both are true. `null` means no choice is stored yet.
 */
export interface CookieConsent {
  accepted: boolean;
  enabled: boolean;
}

export type StoredConsent = CookieConsent | null;

export type ConsentChoice = "accept" | "decline";

export function acceptCookies(): CookieConsent {
  return { accepted: true, enabled: true };
}

export function declineCookies(): CookieConsent {
  return { accepted: false, enabled: false };
}

/** Toggles `enabled` and leaves `accepted` as it was (off when no choice was stored). */
export function setCookiesEnabled(consent: StoredConsent, enabled: boolean): CookieConsent {
  return { accepted: consent?.accepted ?? false, enabled };
}

export function applyConsentChoice(choice: ConsentChoice): CookieConsent {
  return choice === "accept" ? acceptCookies() : declineCookies();
}

export type ConsentEvent = { type: "accept" } | { type: "decline" } | { type: "set-enabled"; enabled: boolean };

/** The whole state machine: from any state (stored or not), where an event leads. */
export function nextConsent(state: StoredConsent, event: ConsentEvent): CookieConsent {
  switch (event.type) {
    case "accept":
      return acceptCookies();
    case "decline":
      return declineCookies();
    case "set-enabled":
      return setCookiesEnabled(state, event.enabled);
  }
}

/** Non-essential cookies (user_session, analytics) may be written only when this is true. */
export function hasConsent(consent: StoredConsent): boolean {
  return consent !== null && consent.accepted && consent.enabled;
}

/** The banner shows while no choice is stored for the browser session. */
export function needsConsentChoice(consent: StoredConsent): boolean {
  return consent === null;
}

/** The consent cookie's value: "accepted.enabled" as 1/0, e.g. "1.1". */
export function serializeConsent(consent: CookieConsent): string {
  return `${consent.accepted ? 1 : 0}.${consent.enabled ? 1 : 0}`;
}

/** Anything but a well-formed value reads as "no choice stored". */
export function parseConsent(value: string | null | undefined): StoredConsent {
  const match = /^([01])\.([01])$/.exec(value ?? "");
  if (!match) return null;
  return { accepted: match[1] === "1", enabled: match[2] === "1" };
}

/** Local storage keys the choice is mirrored under when JavaScript runs, with "true"/"false" values. */
export const CONSENT_STORAGE_KEYS = { accepted: "cookies-accepted", enabled: "cookies-enabled" } as const;

export function consentStorageEntries(consent: CookieConsent): [string, "true" | "false"][] {
  return [
    [CONSENT_STORAGE_KEYS.accepted, consent.accepted ? "true" : "false"],
    [CONSENT_STORAGE_KEYS.enabled, consent.enabled ? "true" : "false"],
  ];
}
