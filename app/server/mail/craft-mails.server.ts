// What the author of a community craft is told when an admin decides on it.
import type { ModerationAction } from "~/domain/community-crafts";

/** What an author is told about: a decision, or their craft deleted by a moderator. */
type Told = ModerationAction | "deleted";
import type { MailMessage } from "./outbox.server";
import { escapeHtml } from "./templates.server";

const SUBJECTS: Record<Told, string> = {
  published: "Your sticker craft is published",
  rejected: "Your sticker craft was not published",
  unpublished: "Your sticker craft was taken down",
  deleted: "Your sticker craft was deleted",
};

function opening(action: Told, name: string): string {
  if (action === "published") return `Good news: your sticker craft “${name}” is now published on SkinVault for everyone to see.`;
  if (action === "rejected") return `A moderator reviewed your sticker craft “${name}” and did not publish it.`;
  if (action === "deleted") return `A moderator deleted your sticker craft “${name}”, with its images.`;
  return `A moderator took your sticker craft “${name}” down; only you can see it now.`;
}

/** The mail to a craft's author about a moderation decision (the reason, when there is one, word for word). */
export function craftDecisionMail(to: string, origin: string, craft: { id: number; name: string }, action: Told, reason: string | null): MailMessage {
  const link =
    action === "published"
      ? { href: `${origin}/sticker-crafts/${craft.id}`, label: "See your craft" }
      : action === "deleted"
        ? { href: `${origin}/profile?tab=crafts`, label: "Your crafts" }
        : { href: `${origin}/sticker-crafts/submit?edit=${craft.id}`, label: "Edit and resubmit your craft" };
  const lines = [opening(action, craft.name), ...(reason ? [`Reason: ${reason}`] : [])];
  if (action === "deleted") lines.push("If you think this was a mistake, write to us through the contact page.");
  else if (action !== "published") lines.push("You can change it and submit it again, or delete it, from My Crafts on your profile.");
  const text = [...lines, "", `${link.label}: ${link.href}`, "", "SkinVault"].join("\n");
  const html = `${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join("")}<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p><p>SkinVault</p>`;
  return { to, subject: SUBJECTS[action], text, html };
}
