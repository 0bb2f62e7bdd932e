import type { MailMessage } from "./outbox.server";

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function message(to: string, subject: string, lines: string[], link: { href: string; label: string }): MailMessage {
  const text = [...lines, "", `${link.label}: ${link.href}`, "", "If you did not ask for this, you can ignore this e-mail.", "", "SkinVault"].join("\n");
  const html = `<p>${lines.map(escapeHtml).join("</p><p>")}</p><p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p><p>If you did not ask for this, you can ignore this e-mail.</p><p>SkinVault</p>`;
  return { to, subject, text, html };
}

export function confirmationMail(to: string, origin: string, token: string): MailMessage {
  return message(to, "Confirm your SkinVault account", ["Welcome to SkinVault!", "Please confirm your e-mail address to activate your account."], {
    href: `${origin}/confirm-email?token=${encodeURIComponent(token)}`,
    label: "Confirm your e-mail address",
  });
}

export function alreadyRegisteredMail(to: string, origin: string): MailMessage {
  return message(
    to,
    "Your SkinVault account",
    ["Someone tried to register a SkinVault account with this e-mail address, which already has one.", "If that was you, log in or reset your password."],
    {
      href: `${origin}/login?mode=forgot`,
      label: "Reset your password",
    },
  );
}

export function passwordResetMail(to: string, origin: string, token: string): MailMessage {
  return message(
    to,
    "Reset your SkinVault password",
    ["We received a request to reset your SkinVault password.", "The link works once and expires in 30 minutes."],
    {
      href: `${origin}/reset-password?token=${encodeURIComponent(token)}`,
      label: "Reset your password",
    },
  );
}

/** To the new address of a change asked for on the security page: its link opens a page whose button confirms. */
export function emailChangeMail(to: string, origin: string, token: string): MailMessage {
  return message(
    to,
    "Confirm your new SkinVault e-mail address",
    [
      "You asked to make this the e-mail address of your SkinVault account.",
      "The link works once and expires in 30 minutes. Until it is used, your account keeps its old address.",
    ],
    {
      href: `${origin}/confirm-new-email?token=${encodeURIComponent(token)}`,
      label: "Confirm your new e-mail address",
    },
  );
}
