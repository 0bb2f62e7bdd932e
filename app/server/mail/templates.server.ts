import { alertAnchor, alertMailLines, type AlertMailFacts } from "~/domain/price-alerts";
import type { MailMessage } from "./outbox.server";

function escapeHtml(value: string): string {
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
  return message(to, "Your SkinVault account", ["Someone tried to register a SkinVault account with this e-mail address, which already has one.", "If that was you, log in or reset your password."], {
    href: `${origin}/login?mode=forgot`,
    label: "Reset your password",
  });
}

export function passwordResetMail(to: string, origin: string, token: string): MailMessage {
  return message(to, "Reset your SkinVault password", ["We received a request to reset your SkinVault password.", "The link works once and expires in 30 minutes."], {
    href: `${origin}/reset-password?token=${encodeURIComponent(token)}`,
    label: "Reset your password",
  });
}

/**
 * A price alert went off: the item, its old and new price, the skin page, and the profile where
 * the alert is changed or removed. The recipient is chosen in SQL (the alert's owner), so this
 * returns the message without `to`.
 */
export function priceAlertMail(origin: string, skinId: string, facts: AlertMailFacts): Omit<MailMessage, "to"> {
  const base = origin.replace(/\/+$/, "");
  const { subject, lines } = alertMailLines(facts);
  const skinLink = { href: `${base}/skins/${encodeURIComponent(skinId)}`, label: "See the skin" };
  const profileLink = { href: `${base}/profile?tab=favorites#${encodeURIComponent(alertAnchor(skinId))}`, label: "Change or remove this alert" };
  const footer = "You get this e-mail because you set a price alert on a favourite on SkinVault.";
  const text = [...lines, "", `${skinLink.label}: ${skinLink.href}`, `${profileLink.label}: ${profileLink.href}`, "", footer, "", "SkinVault"].join("\n");
  const html = [
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p><a href="${escapeHtml(skinLink.href)}">${escapeHtml(skinLink.label)}</a></p>`,
    `<p><a href="${escapeHtml(profileLink.href)}">${escapeHtml(profileLink.label)}</a></p>`,
    `<p>${escapeHtml(footer)}</p><p>SkinVault</p>`,
  ].join("");
  return { subject, text, html };
}
