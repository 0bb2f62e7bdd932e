/** Spec section 5: password change and reset rules, with the spec's messages. */

export const CHANGE_PASSWORD_MIN_LENGTH = 6;
export const CHANGE_PASSWORD_TOO_SHORT = "New password must be at least 6 characters long";
export const CHANGE_PASSWORDS_DONT_MATCH = "New passwords don't match";

export const RESET_PASSWORDS_DONT_MATCH = "Passwords do not match.";
export const RESET_FIX_REQUIREMENTS = "Please fix the password requirements.";

export interface StrengthRule {
  id: "length" | "uppercase" | "lowercase" | "number" | "special";
  message: string;
  test: (password: string) => boolean;
}

export const RESET_STRENGTH_RULES: readonly StrengthRule[] = [
  { id: "length", message: "Password must be at least 8 characters long", test: (p) => p.length >= 8 },
  { id: "uppercase", message: "Password must contain at least one uppercase letter", test: (p) => /[A-Z]/.test(p) },
  { id: "lowercase", message: "Password must contain at least one lowercase letter", test: (p) => /[a-z]/.test(p) },
  { id: "number", message: "Password must contain at least one number", test: (p) => /[0-9]/.test(p) },
  { id: "special", message: "Password must contain at least one special character", test: (p) => /[^A-Za-z0-9]/.test(p) },
];

/** The messages of every strength rule the password breaks, in the listed order. */
export function strengthErrors(password: string): string[] {
  return RESET_STRENGTH_RULES.filter((rule) => !rule.test(password)).map((rule) => rule.message);
}

/** Registration (spec: 'at least 6 characters'). */
export const REGISTER_PASSWORD_MIN_LENGTH = 6;
