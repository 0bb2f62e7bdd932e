/** Spec section 6: an admin is a user whose lower-cased e-mail is on the configured list. */
export function parseAdminEmails(list: string | undefined): Set<string> {
  return new Set(
    (list ?? "")
      .split(",")
      .map((email) => email.trim().toLowerCase())
      .filter(Boolean),
  );
}

export function isAdminEmail(email: string | null | undefined, adminEmails: string | undefined): boolean {
  if (!email) return false;
  return parseAdminEmails(adminEmails).has(email.trim().toLowerCase());
}
