// The two WebAuthn ceremonies (docs/features/accounts.md#passkeys), checked by @simplewebauthn/server
// (Web Crypto only: it runs in workerd, tests/integration/passkeys.test.ts). Each begins with
// options whose challenge travels in a signed five-minute cookie, and ends with the browser's
// answer checked against that challenge, the request's origin and RP ID, and the stored key and
// counter; the challenge is spent in the batch that writes the outcome, so it counts once.
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { isoBase64URL } from "@simplewebauthn/server/helpers";
import { ACCOUNT_LIMITS, LIMIT_MESSAGES } from "~/domain/limits";
import { knownTransports, PASSKEY_CHALLENGE_TTL_MS, PASSKEY_PROMPT_TIMEOUT_MS, relyingParty } from "~/domain/passkeys";
import { LOGIN_RATE_LIMIT_MESSAGE } from "~/domain/rate-limits";
import { PASSKEY_MESSAGES } from "~/forms/passkeys";
import type { Database } from "../db/client.server";
import type { MailMessage } from "../mail/outbox.server";
import { readSignedObject, signedSiteCookie } from "../platform/site-cookie.server";
import { addPasskey, ownCredentials, recordPasskeySignIn, signInState } from "./passkeys.server";
import { hit, peek, rateLimitsFor } from "./rate-limit.server";

/** The site's name in the browser's passkey prompt. */
const RP_NAME = "SkinVault";
/** ES256, EdDSA and RS256 (COSE -7, -8, -257): what authenticators make; offered and accepted alike. */
const ALGORITHMS = [-7, -8, -257];

type Purpose = "register" | "sign-in";

interface CeremonyEnv {
  ENVIRONMENT: string;
  /** The site's address, for the new-sign-in mail's link to the sessions. */
  APP_ORIGIN: string;
  SESSION_SECRET?: string;
  RATE_LIMIT_MULTIPLIER?: string;
}

/** A ceremony begun: its challenge, what for, whose (a registration's), and until when. */
export interface PendingCeremony {
  challenge: string;
  purpose: Purpose;
  userId: string | null;
  expiresAt: number;
}

const CEREMONY_COOKIE = "skinvault_passkey";

function ceremonyCookie(env: CeremonyEnv) {
  const cookie = signedSiteCookie(env, CEREMONY_COOKIE, PASSKEY_CHALLENGE_TTL_MS / 1000);
  if (!cookie) throw new Error("SESSION_SECRET is not set");
  return cookie;
}

/** The Set-Cookie of a ceremony begun now (`now` for tests of its expiry). */
export function beginCeremony(env: CeremonyEnv, challenge: string, purpose: Purpose, userId: string | null, now = Date.now()): Promise<string> {
  const pending: PendingCeremony = { challenge, purpose, userId, expiresAt: now + PASSKEY_CHALLENGE_TTL_MS };
  return ceremonyCookie(env).serialize(pending);
}

/** The Set-Cookie that ends the ceremony in the browser (the server has spent its challenge). */
export function endCeremony(env: CeremonyEnv): Promise<string> {
  return ceremonyCookie(env).serialize("", { maxAge: 0, expires: new Date(0) });
}

/** The request's ceremony of `purpose`, if its signature holds and it has not expired; anything else is none. */
async function readCeremony(env: CeremonyEnv, request: Request, purpose: Purpose): Promise<PendingCeremony | null> {
  const value = await readSignedObject(env, CEREMONY_COOKIE, request);
  if (!value) return null;
  const { challenge, purpose: posted, userId, expiresAt } = value;
  if (typeof challenge !== "string" || posted !== purpose || typeof expiresAt !== "number" || expiresAt <= Date.now()) return null;
  return { challenge, purpose, userId: typeof userId === "string" ? userId : null, expiresAt };
}

/** A refusal: the status and the message a player reads (a 429 with when to try again). */
export type CeremonyRefusal = { ok: false; status: 400 | 401 | 409 | 429; message: string; retryAfterSeconds?: number };
const refused = (status: CeremonyRefusal["status"], message: string): CeremonyRefusal => ({ ok: false, status, message });

type CeremonyContext = { db: Database; env: CeremonyEnv };

// ---------------------------------------------------------------- adding a passkey

/**
 * Options to make a passkey for a signed-in player: a discoverable credential (so it signs in
 * without an e-mail typed) with user verification (a PIN or a fingerprint: the passkey is both
 * factors), none of the account's own credentials again. Refused at the account's most passkeys.
 */
export async function registrationOptions(
  context: CeremonyContext,
  request: Request,
  user: { id: string; email: string },
): Promise<{ ok: true; options: PublicKeyCredentialCreationOptionsJSON; cookie: string } | CeremonyRefusal> {
  const owned = await ownCredentials(context.db, user.id);
  if (owned.length >= ACCOUNT_LIMITS.passkeys) return refused(409, LIMIT_MESSAGES.passkeys);
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: relyingParty(request.url).id,
    userName: user.email,
    userDisplayName: user.email,
    // The account's id, never its address: an authenticator may show or sync the handle.
    userID: new TextEncoder().encode(user.id),
    timeout: PASSKEY_PROMPT_TIMEOUT_MS,
    attestationType: "none",
    excludeCredentials: owned.map((row) => ({ id: row.credentialId, transports: knownTransports(row.transports?.split(",")) })),
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
    supportedAlgorithmIDs: ALGORITHMS,
  });
  return { ok: true, options, cookie: await beginCeremony(context.env, options.challenge, "register", user.id) };
}

/** Checks the browser's answer to the registration options and adds the passkey under `name`; the notice `mail` goes out with it. */
export async function finishRegistration(
  context: CeremonyContext,
  request: Request,
  user: { id: string },
  name: string,
  response: RegistrationResponseJSON,
  mail: MailMessage,
): Promise<{ ok: true } | CeremonyRefusal> {
  const ceremony = await readCeremony(context.env, request, "register");
  if (!ceremony || ceremony.userId !== user.id) return refused(400, PASSKEY_MESSAGES.challengeGone);
  const rp = relyingParty(request.url);
  let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verified = await verifyRegistrationResponse({
      response,
      expectedChallenge: ceremony.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
      supportedAlgorithmIDs: ALGORITHMS,
    });
  } catch {
    // The library throws for every check that fails (origin, RP ID, challenge, flags, a malformed attestation).
    return refused(400, PASSKEY_MESSAGES.notVerified);
  }
  if (!verified.verified) return refused(400, PASSKEY_MESSAGES.notVerified);
  const { credential } = verified.registrationInfo;
  const transports = knownTransports(credential.transports ?? response.response.transports);
  const outcome = await addPasskey(
    context.db,
    {
      userId: user.id,
      credentialId: credential.id,
      publicKey: isoBase64URL.fromBuffer(credential.publicKey),
      counter: credential.counter,
      transports: transports.length > 0 ? transports.join(",") : null,
      name,
    },
    { value: ceremony.challenge, expiresAt: ceremony.expiresAt },
    mail,
  );
  switch (outcome) {
    case "added":
      return { ok: true };
    case "challenge-spent":
      return refused(400, PASSKEY_MESSAGES.challengeGone);
    case "already-added":
      return refused(409, PASSKEY_MESSAGES.alreadyAdded);
    case "limit":
      return refused(409, LIMIT_MESSAGES.passkeys);
  }
}

// ---------------------------------------------------------------- signing in

/** Options to sign in with any passkey of this site the browser holds (no e-mail asked), with user verification. */
export async function signInOptions(
  context: { env: CeremonyEnv },
  request: Request,
): Promise<{ options: PublicKeyCredentialRequestOptionsJSON; cookie: string }> {
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(request.url).id,
    timeout: PASSKEY_PROMPT_TIMEOUT_MS,
    userVerification: "required",
  });
  return { options, cookie: await beginCeremony(context.env, options.challenge, "sign-in", null) };
}

/**
 * Checks the browser's answer to the sign-in options and starts a session for the passkey's
 * account. Refused answers count as failed logins (from the client's address, and for the
 * passkey's account when the credential is one of ours), under the password's limits.
 */
export async function finishSignIn(
  context: CeremonyContext,
  request: Request,
  response: AuthenticationResponseJSON,
  ip: string,
  device: string,
): Promise<{ ok: true; userId: string; sessionId: string } | CeremonyRefusal> {
  const ceremony = await readCeremony(context.env, request, "sign-in");
  if (!ceremony) return refused(400, PASSKEY_MESSAGES.challengeGone);
  const { db } = context;
  const { passkey, challengeSpent } = await signInState(db, response.id, ceremony.challenge);
  // A replayed answer: refused for what it is, before it counts as a failed login.
  if (challengeSpent) return refused(400, PASSKEY_MESSAGES.challengeGone);
  const limits = rateLimitsFor(context.env);
  const checks = passkey
    ? ([
        [limits.loginByIp, ip],
        [limits.loginByAccount, passkey.email],
      ] as const)
    : ([[limits.loginByIp, ip]] as const);
  const blocked = (await peek(db, checks)).filter((decision) => !decision.allowed);
  if (blocked.length > 0) {
    return { ...refused(429, LOGIN_RATE_LIMIT_MESSAGE), retryAfterSeconds: Math.max(...blocked.map((decision) => decision.retryAfterSeconds)) };
  }
  const failed = async () => {
    await Promise.all(checks.map(([rule, id]) => hit(db, rule, id)));
    return refused(400, PASSKEY_MESSAGES.signInRefused);
  };
  if (!passkey) return failed();
  // A discoverable credential names its account; it must be the stored one's.
  const handle = response.response.userHandle;
  if (handle && handle !== isoBase64URL.fromUTF8String(passkey.userId)) return failed();
  const rp = relyingParty(request.url);
  let newCounter: number;
  try {
    const verified = await verifyAuthenticationResponse({
      response,
      expectedChallenge: ceremony.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: response.id,
        publicKey: isoBase64URL.toBuffer(passkey.publicKey),
        counter: passkey.counter,
        transports: knownTransports(passkey.transports?.split(",")),
      },
      requireUserVerification: true,
    });
    if (!verified.verified) return failed();
    newCounter = verified.authenticationInfo.newCounter;
  } catch {
    // Every failed check throws: the signature, origin, RP ID, challenge, flags, and a counter that did not move on.
    return failed();
  }
  const sessionId = await recordPasskeySignIn(
    db,
    passkey,
    newCounter,
    { value: ceremony.challenge, expiresAt: ceremony.expiresAt },
    device,
    context.env.APP_ORIGIN,
  );
  if (!sessionId) return refused(400, PASSKEY_MESSAGES.challengeGone);
  return { ok: true, userId: passkey.userId, sessionId };
}
