import { z } from "zod";
import { email } from "./auth";

/** The profile's security page: its forms' shared schemas and messages (its path: account-security-path.ts). */
export { SECURITY_PATH } from "./account-security-path";

export const SECURITY_MESSAGES = {
  sessionNotFound: "That session is not one of yours, or it has already ended.",
  currentSession: "This is the session you are using: log out to end it.",
  revokeFailed: "Failed to sign the session out. Please try again.",
  revokeOthersFailed: "Failed to sign the other sessions out. Please try again.",
} as const;

export const revokeSessionSchema = z.object({
  session: z.string({ error: SECURITY_MESSAGES.sessionNotFound }).regex(/^[0-9a-f]{32}$/, SECURITY_MESSAGES.sessionNotFound),
});

export const revokeOtherSessionsSchema = z.object({});

export const TWO_FACTOR_MESSAGES = {
  wrongCode: "That code is not right, or it was used already. Type the code your app shows now.",
  wrongSignInCode: "That code is not right, or it was used already. Type the code your app shows now, or a recovery code.",
  enterCode: "Please enter the 6-digit code from your authenticator app.",
  enterSignInCode: "Please enter the 6-digit code from your app, or one of your recovery codes.",
  alreadyOn: "Two-step sign-in is on already.",
  noSetup: "Start the setup again: it was cancelled or finished in another tab.",
  startFailed: "Failed to start the setup. Please try again.",
  confirmFailed: "Failed to turn on two-step sign-in. Please try again.",
  cancelFailed: "Failed to cancel the setup. Please try again.",
  disableFailed: "Failed to turn off two-step sign-in. Please try again.",
  signInFailed: "An unexpected error occurred. Please try again.",
  pendingGone: "Your sign-in took too long or was already finished. Please log in again.",
} as const;

/** A code of the authenticator app: six digits (spaces, as some apps show "123 456", are dropped). */
const appCode = z
  .string({ error: TWO_FACTOR_MESSAGES.enterCode })
  .transform((value) => value.replace(/\s/g, ""))
  .pipe(z.string().regex(/^\d{6}$/, TWO_FACTOR_MESSAGES.enterCode));

/** At sign-in, in a reset or to turn the factor off: the app's code, or a recovery code. */
const signInCode = z
  .string({ error: TWO_FACTOR_MESSAGES.enterSignInCode })
  .trim()
  .min(6, TWO_FACTOR_MESSAGES.enterSignInCode)
  .max(40, TWO_FACTOR_MESSAGES.enterSignInCode);

export const totpStartSchema = z.object({});
export const totpCancelSchema = z.object({});
export const totpConfirmSchema = z.object({ code: appCode });
export const totpDisableSchema = z.object({ code: signInCode });
export const twoStepLoginSchema = z.object({ code: signInCode });

export const EMAIL_CHANGE_MESSAGES = {
  enterPassword: "Please enter your current password.",
  wrongPassword: "Current password is incorrect",
  sameAddress: "That is already the address of your account.",
  requestFailed: "Failed to ask for the change of e-mail address. Please try again.",
} as const;

/** A new e-mail address, asked for with the current password (checked by the server only, as the login's). */
export const changeEmailSchema = z.object({
  email,
  currentPassword: z.string({ error: EMAIL_CHANGE_MESSAGES.enterPassword }).min(1, EMAIL_CHANGE_MESSAGES.enterPassword).max(1024, "That password is too long."),
});
