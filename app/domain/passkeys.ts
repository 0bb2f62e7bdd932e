// Passkeys (WebAuthn Level 3, https://www.w3.org/TR/webauthn-3/): the rules the server keeps around
// the ceremonies that @simplewebauthn/server checks. docs/features/accounts.md#passkeys.

/** A passkey's name: what the player calls it on the security page. */
export const PASSKEY_NAME_MAX = 60;

/**
 * How long a ceremony's challenge is good for: the time to touch a security key or unlock a phone
 * (the browser's own prompt gives up earlier, at the options' `timeout`).
 */
export const PASSKEY_CHALLENGE_TTL_MS = 5 * 60 * 1000;

/** The browser's prompt gives up after this (WebAuthn's `timeout`), well inside the challenge's life. */
export const PASSKEY_PROMPT_TIMEOUT_MS = 2 * 60 * 1000;

/** What the browser may report of how it reaches an authenticator (WebAuthn §5.8.4, AuthenticatorTransport). */
export const PASSKEY_TRANSPORTS = ["ble", "cable", "hybrid", "internal", "nfc", "smart-card", "usb"] as const;
export type PasskeyTransport = (typeof PASSKEY_TRANSPORTS)[number];

/** The transports a browser reported, those we know, once each, in their order: anything else is dropped. */
export function knownTransports(reported: readonly unknown[] | undefined): PasskeyTransport[] {
  const known = new Set<string>(PASSKEY_TRANSPORTS);
  return [...new Set((reported ?? []).filter((value): value is PasskeyTransport => typeof value === "string" && known.has(value)))];
}

/**
 * The relying party of a request (WebAuthn §5.1.3 and §7.1 step 9): its ID is the host name of the
 * address the page was served from, and a response must come from that page's origin (scheme, host
 * and port). A passkey made on one host name signs in only there.
 */
export function relyingParty(requestUrl: string): { id: string; origin: string } {
  const url = new URL(requestUrl);
  return { id: url.hostname, origin: url.origin };
}

/**
 * A passkey's name as the player typed it: spaces at either end and runs of white space (a tab, a
 * line break) become one space. Empty means none given.
 */
export function tidyPasskeyName(typed: string): string {
  return typed.replace(/\s+/g, " ").trim();
}

/**
 * The name a new passkey starts with: the device the player adds it from, as the sessions list
 * shows it ("Chrome on Windows"), cut to the longest name.
 */
export function defaultPasskeyName(deviceLabel: string): string {
  const name = tidyPasskeyName(deviceLabel);
  return (name === "" ? "Passkey" : name).slice(0, PASSKEY_NAME_MAX).trimEnd();
}
