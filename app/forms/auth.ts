import { z } from "zod";
import {
  CHANGE_PASSWORD_MIN_LENGTH,
  CHANGE_PASSWORD_TOO_SHORT,
  CHANGE_PASSWORDS_DONT_MATCH,
  REGISTER_PASSWORD_MIN_LENGTH,
  RESET_PASSWORDS_DONT_MATCH,
  strengthErrors,
} from "~/domain/password-rules";

/** Spec section 5: login and sign-up pass e-mail and password to the server without client checks. */
export const email = z
  .string({ error: "Please enter your e-mail address." })
  .trim()
  .toLowerCase()
  .max(254, "That e-mail address is too long.")
  .pipe(z.email({ error: "Please enter a valid e-mail address." }));

const password = z.string({ error: "Please enter your password." }).min(1, "Please enter your password.").max(1024, "That password is too long.");

/** What each account form says when the database fails it (spec section 8 where it names one). */
export const ACCOUNT_FAILURES = {
  unexpected: "An unexpected error occurred. Please try again.",
  login: "An unexpected error occurred. Please try again.",
  register: "Registration failed. Please try again.",
  forgot: "Failed to send password reset email. Please try again.",
  resendConfirmation: "Failed to send the confirmation e-mail. Please try again.",
  confirmEmail: "Failed to confirm your e-mail address. Please try again.",
  validateToken: "Failed to validate reset token. Please try again.",
  resetPassword: "Failed to update password. Please try again.",
  changePassword: "An error occurred while updating password",
  deleteAccount: "Failed to delete your account. Please try again.",
} as const;

export { HONEYPOT_FIELD } from "./honeypot";

export const loginSchema = z.object({ email, password });

export const registerSchema = z.object({
  email,
  password: z
    .string({ error: "Please enter a password." })
    .min(REGISTER_PASSWORD_MIN_LENGTH, "Password must be at least 6 characters long.")
    .max(1024, "That password is too long."),
});

export const forgotSchema = z.object({ email });

export const resendConfirmationSchema = z.object({ email });

export const changePasswordSchema = z
  .object({
    currentPassword: z.string({ error: "Please enter your current password." }).min(1, "Please enter your current password."),
    newPassword: z
      .string({ error: CHANGE_PASSWORD_TOO_SHORT })
      .min(CHANGE_PASSWORD_MIN_LENGTH, CHANGE_PASSWORD_TOO_SHORT)
      .max(1024, "That password is too long."),
    confirmPassword: z.string({ error: CHANGE_PASSWORDS_DONT_MATCH }),
  })
  .refine((value) => value.newPassword === value.confirmPassword, {
    message: CHANGE_PASSWORDS_DONT_MATCH,
    path: ["confirmPassword"],
  });

export const resetPasswordSchema = z
  .object({
    token: z.string({ error: "Invalid or missing token." }).min(1, "Invalid or missing token."),
    newPassword: z.string({ error: "Password must be at least 8 characters long" }).max(1024, "That password is too long."),
    confirmPassword: z.string({ error: RESET_PASSWORDS_DONT_MATCH }),
    /** Asked for when the account has two-step sign-in on: a code of the app or a recovery code, checked by the server. */
    code: z.string().trim().max(40).optional(),
  })
  .superRefine((value, ctx) => {
    for (const message of strengthErrors(value.newPassword)) ctx.addIssue({ code: "custom", message, path: ["newPassword"] });
    if (value.newPassword !== value.confirmPassword) {
      ctx.addIssue({ code: "custom", message: RESET_PASSWORDS_DONT_MATCH, path: ["confirmPassword"] });
    }
  });

export const deleteAccountSchema = z.object({
  confirm: z.literal("DELETE", { error: "Type DELETE to confirm." }),
});

/** The JSON API of spec section 7. */
export const passwordResetApiSchema = z.discriminatedUnion("action", [
  z.object({ action: z.literal("request"), email }),
  z.object({ action: z.literal("validate"), token: z.string().min(1) }),
  z.object({ action: z.literal("reset"), token: z.string().min(1), newPassword: z.string().max(1024), code: z.string().trim().max(40).optional() }),
]);
