import type { MailMessage } from "./outbox.server";
import { escapeHtml } from "./templates.server";

/** What changed on the account, as the notice mail's subject and first line say it. */
export const SECURITY_EVENTS = {
  "totp-on": { subject: "Two-step sign-in is on", line: "Two-step sign-in was turned on for your SkinVault account. Every other session was signed out." },
  "totp-off": { subject: "Two-step sign-in is off", line: "Two-step sign-in was turned off for your SkinVault account." },
  "passkey-added": {
    subject: "A passkey was added",
    line: "A passkey was added to your SkinVault account: it signs in without your password or a code. If you do not know it, remove it on the security page.",
  },
  "passkey-removed": { subject: "A passkey was removed", line: "A passkey was removed from your SkinVault account: it no longer signs in." },
  "password-changed": { subject: "Your password was changed", line: "The password of your SkinVault account was changed. Every other session was signed out." },
  "email-change-requested": {
    subject: "A new e-mail address was asked for",
    line: "Someone signed in to your SkinVault account asked to change its e-mail address to the one below. It changes only when the link we sent there is used, within 30 minutes; until then this address stays the one you sign in with.",
  },
  "email-changed": {
    subject: "Your e-mail address was changed",
    line: "The e-mail address of your SkinVault account was changed to the one below. This address no longer signs in, and mail about the account goes to the new one.",
  },
  "new-sign-in": {
    subject: "A new sign-in to your account",
    line: "Your SkinVault account was signed in to from a device it had not been signed in from before:",
  },
} as const;

export type SecurityEvent = keyof typeof SECURITY_EVENTS;

/**
 * A notice that something about signing in changed: not a request the reader made, so no "ignore
 * this"; it says where to look and what to do if it was not them. `details` are lines shown after
 * the first (the new address, the device and time).
 */
export function securityNoticeMail(to: string, origin: string, event: SecurityEvent, details: readonly string[] = []): MailMessage {
  const { subject, line } = SECURITY_EVENTS[event];
  const lines = [line, ...details, "If this was you, there is nothing to do.", ...whatToDo(event)];
  // Once the address has moved, a reset link would go to the new one: that mail links nothing.
  const links =
    event === "email-changed"
      ? []
      : [
          { label: "Reset your password", href: `${origin}/login?mode=forgot` },
          { label: "Your sessions", href: `${origin}/profile/security` },
        ];
  const text = [...lines, "", ...links.map((link) => `${link.label}: ${link.href}`), ...(links.length > 0 ? [""] : []), "SkinVault"].join("\n");
  const anchors = links.map((link) => `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>`).join("");
  const html = `<p>${lines.map(escapeHtml).join("</p><p>")}</p>${anchors}<p>SkinVault</p>`;
  return { to, subject: `SkinVault: ${subject}`, text, html };
}

/** If it was not them: reset the password and sign the others out; once the address is gone, a reset would reach the new one, so write to us. */
function whatToDo(event: SecurityEvent): string[] {
  if (event === "email-changed")
    return ["If it was not you, write to contact@skinvault.example from this address at once, so that we can give the account back to you."];
  return ["If it was not you, reset your password now, then sign out everywhere else:"];
}
