import {
  applyConsentChoice,
  hasConsent,
  parseConsent,
  serializeConsent,
  type ConsentChoice,
  type CookieConsent,
  type StoredConsent,
} from "~/domain/cookie-consent";
import { cookieAttributes, cookieValue, expireUserSessionCookie, USER_SESSION_COOKIE } from "~/server/http/cookies.server";

/** The stored banner choice. A browser-session cookie: no Max-Age, so it ends with the session. */
export const CONSENT_COOKIE = "cookie_consent";
export const USER_SESSION_MAX_AGE = 7 * 24 * 60 * 60;

/** The value of one cookie from the request's Cookie header, or null. */
export function readCookie(request: Request, name: string): string | null {
  return cookieValue(request.headers.get("Cookie"), name);
}

/** The consent stored for this browser session, or null when no choice has been made. */
export function readConsent(request: Request): StoredConsent {
  return parseConsent(readCookie(request, CONSENT_COOKIE));
}

export function consentCookie(request: Request, consent: CookieConsent): string {
  return `${CONSENT_COOKIE}=${serializeConsent(consent)}; ${cookieAttributes(request)}`;
}

/**
 * For the login: the Set-Cookie header that writes `user_session` (the user id, 7 days), or null
 * when the browser has not consented. The login session cookie itself is essential and never waits
 * for this.
 */
export function userSessionCookie(request: Request, userId: string): string | null {
  if (!hasConsent(readConsent(request))) return null;
  return `${USER_SESSION_COOKIE}=${encodeURIComponent(userId)}; Max-Age=${USER_SESSION_MAX_AGE}; ${cookieAttributes(request)}`;
}

/** Set-Cookie headers for a banner or settings choice: the new consent, and without consent no user_session. */
export function consentChoiceHeaders(request: Request, choice: ConsentChoice): { consent: CookieConsent; headers: Headers } {
  const consent = applyConsentChoice(choice);
  const headers = new Headers();
  headers.append("Set-Cookie", consentCookie(request, consent));
  if (!hasConsent(consent)) headers.append("Set-Cookie", expireUserSessionCookie(request));
  return { consent, headers };
}
