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
} as const;

export type SecurityEvent = keyof typeof SECURITY_EVENTS;

/**
 * A notice that something about signing in changed: not a request the reader made, so no "ignore
 * this"; it says where to look and what to do if it was not them.
 */
export function securityNoticeMail(to: string, origin: string, event: SecurityEvent): MailMessage {
  const { subject, line } = SECURITY_EVENTS[event];
  const security = `${origin}/profile/security`;
  const reset = `${origin}/login?mode=forgot`;
  const lines = [line, "If this was you, there is nothing to do.", "If it was not you, reset your password now, then sign out everywhere else:"];
  const text = [...lines, "", `Reset your password: ${reset}`, `Your sessions: ${security}`, "", "SkinVault"].join("\n");
  const html = `<p>${lines.map(escapeHtml).join("</p><p>")}</p><p><a href="${escapeHtml(reset)}">Reset your password</a></p><p><a href="${escapeHtml(security)}">Your sessions</a></p><p>SkinVault</p>`;
  return { to, subject: `SkinVault: ${subject}`, text, html };
}
