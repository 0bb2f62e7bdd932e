import { z } from "zod";
import { knownTransports, PASSKEY_NAME_MAX, tidyPasskeyName } from "~/domain/passkeys";

/**
 * Passkeys: the bodies of the JSON ceremony endpoints (`/api/passkeys/...`, read by the server only)
 * and the security page's remove form. Messages a player reads: PASSKEY_MESSAGES.
 */
export const PASSKEY_MESSAGES = {
  name: `Give the passkey a name of 1 to ${PASSKEY_NAME_MAX} characters.`,
  unreadable: "The passkey's answer could not be read. Please try again.",
  challengeGone: "This passkey request expired or was used already. Please try again.",
  notVerified: "The passkey could not be checked. Please try again.",
  alreadyAdded: "This passkey is added to your account already.",
  signInRefused: "That passkey did not sign you in. Try again, or log in with your password.",
  signedOut: "You are not signed in any more. Please log in again.",
  notFound: "That passkey is not one of yours, or it was removed already.",
  addFailed: "Failed to add the passkey. Please try again.",
  removeFailed: "Failed to remove the passkey. Please try again.",
  signInFailed: "An unexpected error occurred. Please try again.",
} as const;

/** Base64url as WebAuthn's JSON forms carry binary values, at most `max` characters. */
const base64url = (max: number, min = 1) =>
  z
    .string({ error: PASSKEY_MESSAGES.unreadable })
    .min(min, PASSKEY_MESSAGES.unreadable)
    .max(max, PASSKEY_MESSAGES.unreadable)
    .regex(/^[A-Za-z0-9_-]*$/, PASSKEY_MESSAGES.unreadable);

/** A credential id is at most 1,023 bytes (WebAuthn §5.1: credential id), 1,364 characters of base64url. */
const credentialId = base64url(1364);

/** What every credential of `PublicKeyCredential.toJSON()` has, with the fields the server reads. */
const credential = <Response extends z.ZodType>(response: Response) =>
  z.object(
    {
      id: credentialId,
      rawId: credentialId,
      type: z.literal("public-key", { error: PASSKEY_MESSAGES.unreadable }),
      response,
      authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional().catch(undefined),
      // Extension outputs are not read: any the browser sends are dropped.
      clientExtensionResults: z.unknown().transform(() => ({})),
    },
    { error: PASSKEY_MESSAGES.unreadable },
  );

/** `PublicKeyCredential.toJSON()` of `navigator.credentials.create()` (WebAuthn §5.1, RegistrationResponseJSON). */
export const registrationResponseSchema = credential(
  z.object(
    {
      clientDataJSON: base64url(4096),
      attestationObject: base64url(32_768),
      transports: z
        .array(z.string().max(32))
        .max(16)
        .optional()
        .catch(undefined)
        .transform((listed) => listed && knownTransports(listed)),
    },
    { error: PASSKEY_MESSAGES.unreadable },
  ),
);

/** `PublicKeyCredential.toJSON()` of `navigator.credentials.get()` (WebAuthn §5.1, AuthenticationResponseJSON). */
export const authenticationResponseSchema = credential(
  z.object(
    {
      clientDataJSON: base64url(4096),
      authenticatorData: base64url(4096),
      signature: base64url(2048),
      userHandle: base64url(128, 0).optional(),
    },
    { error: PASSKEY_MESSAGES.unreadable },
  ),
);

/** A passkey's name: 1-60 characters once white space is tidied. */
export const passkeyName = z
  .string({ error: PASSKEY_MESSAGES.name })
  .max(1024, PASSKEY_MESSAGES.name)
  .transform(tidyPasskeyName)
  .pipe(z.string().min(1, PASSKEY_MESSAGES.name).max(PASSKEY_NAME_MAX, PASSKEY_MESSAGES.name));

/** The options endpoints take an empty object (any other member is ignored). */
export const passkeyOptionsSchema = z.object({}, { error: PASSKEY_MESSAGES.unreadable });

/** Adding a passkey: its name and the browser's answer to the registration options. */
export const addPasskeySchema = z.object({ name: passkeyName, response: registrationResponseSchema }, { error: PASSKEY_MESSAGES.unreadable });

/** Signing in with a passkey: the browser's answer, and where the login goes afterwards (checked as the login form's). */
export const passkeySignInSchema = z.object(
  { response: authenticationResponseSchema, redirectTo: z.string().max(2048).nullish().catch(null) },
  { error: PASSKEY_MESSAGES.unreadable },
);

/** The security page's "Remove": the passkey's handle. */
export const removePasskeySchema = z.object({
  passkey: z.string({ error: PASSKEY_MESSAGES.notFound }).regex(/^[0-9a-f]{32}$/, PASSKEY_MESSAGES.notFound),
});
