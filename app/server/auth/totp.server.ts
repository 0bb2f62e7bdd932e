import { constantTimeEqual } from "@oslojs/crypto/subtle";
import { decodeBase32IgnorePadding, encodeBase32LowerCaseNoPadding, encodeBase32UpperCaseNoPadding } from "@oslojs/encoding";
import { createTOTPKeyURI, generateHOTP } from "@oslojs/otp";
import { renderSVG } from "uqr";
import { hashToken } from "./tokens.server";

// TOTP (RFC 6238) by @oslojs/otp: 6 digits, 30-second steps, HMAC-SHA1, the parameters every
// authenticator app reads from the key URI. The QR code is an SVG made here by uqr.

export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
const ISSUER = "SkinVault";
/** 160 bits, RFC 4226's recommended key length for HMAC-SHA1. */
const SECRET_BYTES = 20;
export const RECOVERY_CODE_COUNT = 10;

/** A fresh shared key, as base32 (what the player types into an app that cannot scan). */
export function newTotpSecret(): string {
  return encodeBase32UpperCaseNoPadding(crypto.getRandomValues(new Uint8Array(SECRET_BYTES)));
}

function keyOf(secret: string): Uint8Array {
  return decodeBase32IgnorePadding(secret);
}

/** The `otpauth://` URI an authenticator app reads from the QR code. */
export function totpKeyUri(secret: string, email: string): string {
  return createTOTPKeyURI(ISSUER, email, keyOf(secret), TOTP_PERIOD_SECONDS, TOTP_DIGITS);
}

/** The key URI as an SVG QR code (markup made from our own URI only). */
export function totpQrSvg(secret: string, email: string): string {
  return renderSVG(totpKeyUri(secret, email), { pixelSize: 5 });
}

/** The 30-second step a moment falls in. */
export function totpStepAt(now: number): number {
  return Math.floor(now / 1000 / TOTP_PERIOD_SECONDS);
}

/** The code of one step (for tests and the step match below). */
export function totpCodeAt(secret: string, step: number): string {
  return generateHOTP(keyOf(secret), BigInt(step), TOTP_DIGITS);
}

const encoder = new TextEncoder();

/**
 * The step whose code `code` is, within one step either side of now, and later than
 * `lastUsedStep` (a code once accepted, or an older one, is never taken again); null if none.
 */
export function matchingTotpStep(secret: string, code: string, now: number, lastUsedStep: number | null): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const current = totpStepAt(now);
  for (const step of [current - 1, current, current + 1]) {
    if (lastUsedStep !== null && step <= lastUsedStep) continue;
    if (constantTimeEqual(encoder.encode(totpCodeAt(secret, step)), encoder.encode(code))) return step;
  }
  return null;
}

/** Ten recovery codes, 80 random bits each, written as four groups of four ("abcd-efgh-ijkl-mnop"). */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const text = encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(10)));
    return text.match(/.{4}/g)!.join("-");
  });
}

/** A recovery code as typed (any case, with or without dashes and spaces), in its stored form. */
export function recoveryCodeHash(typed: string): string {
  return hashToken(typed.toLowerCase().replace(/[^a-z2-7]/g, ""));
}
