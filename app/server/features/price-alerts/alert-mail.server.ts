import type { Money } from "~/domain/money";
import { alertAnchor, alertMailLines, type AlertMailFacts } from "~/domain/price-alerts";
import type { MailMessage } from "../../mail/outbox.server";
import { escapeHtml } from "../../mail/templates.server";

/**
 * A price alert went off: the item, its old and new price, the skin page, and the profile where
 * the alert is changed or removed, amounts in the player's currency (`money`). The recipient is chosen in SQL (the alert's owner), so this
 * returns the message without `to`.
 */
export function priceAlertMail(origin: string, skinId: string, facts: AlertMailFacts, money: Money): Omit<MailMessage, "to"> {
  const base = origin.replace(/\/+$/, "");
  const { subject, lines } = alertMailLines(facts, money);
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
