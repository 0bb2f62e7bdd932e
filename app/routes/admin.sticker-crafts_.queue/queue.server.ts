// The moderation queue's server side: one function per intent of its forms (ADR 035).
import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { MODERATION_QUEUE_PATH } from "~/domain/community-crafts";
import { deleteCommunityCraftSchema, dismissReportsSchema, rejectCraftSchema } from "~/forms/community-craft";
import { deleteCraftAsAdmin, dismissReports, moderateCraft, moderationTargetQuery } from "~/server/features/community-crafts.server";
import type { ModerationAction } from "~/domain/community-crafts";
import { craftStickerIdsQuery, stickerIdsOf } from "~/server/features/stickers.server";
import { stickerCraftPages } from "~/server/http/edge-cache-plan.server";
import { formReply, parseForm } from "~/server/http/form-reply.server";
import { craftDecisionMail } from "~/server/mail/craft-mails.server";

const QUEUE_PAGE = MODERATION_QUEUE_PATH;

const CONFLICT = "This craft changed since you opened it (its author edited it, or another moderator decided on it). Look at it again before you decide.";
const NOT_FOUND = "Sticker craft not found.";

/** The decisions' intents and the decision each makes. */
export const DECISIONS = { publish: "published", reject: "rejected", unpublish: "unpublished" } as const satisfies Record<string, ModerationAction>;
export type DecisionIntent = keyof typeof DECISIONS;

/** intents "publish", "reject" and "unpublish": a decision on a community craft, logged, its author mailed. */
export async function decide(context: AppLoadContext, adminId: string, intent: DecisionIntent, form: FormData) {
  const decision = DECISIONS[intent];
  // Publishing takes no reason; rejecting and unpublishing need one.
  const submission = parseForm(form, decision === "published" ? rejectCraftSchema.partial({ reason: true }) : rejectCraftSchema);
  if (submission.status !== "success") return formReply(intent, submission.reply());
  const { id, version } = submission.value;
  const reason = decision === "published" ? null : (submission.value.reason ?? null);
  const [[target], stickerRows] = await context.db.batch([moderationTargetQuery(context.db, id), craftStickerIdsQuery(context.db, [id])]);
  if (!target?.authorEmail) return formReply(intent, submission.reply({ formErrors: [NOT_FOUND] }), { status: 404 });
  const outcome = await moderateCraft(context.db, {
    id,
    version,
    action: decision,
    reason,
    adminId,
    craftName: target.name,
    mail: craftDecisionMail(target.authorEmail, context.env.APP_ORIGIN, { id, name: target.name }, decision, reason),
  });
  if (outcome.status === "not-found") return formReply(intent, submission.reply({ formErrors: [NOT_FOUND] }), { status: 404 });
  if (outcome.status === "conflict") return formReply(intent, submission.reply({ formErrors: [CONFLICT] }), { status: 409 });
  // A rejected pending craft was never public; the other two decisions change public pages.
  if (decision !== "rejected") context.purgeEdgeCache(stickerCraftPages(id, stickerIdsOf(stickerRows)));
  return redirect(`${QUEUE_PAGE}?notice=${decision}`);
}

/** intent "delete": a community craft and its images go; logged, its author mailed with the reason. */
export async function deleteFromQueue(context: AppLoadContext, adminId: string, form: FormData) {
  const submission = parseForm(form, deleteCommunityCraftSchema);
  if (submission.status !== "success") return formReply("delete", submission.reply());
  const { id, reason } = submission.value;
  const deleted = await deleteCraftAsAdmin(context, id, adminId, reason ?? null);
  if (!deleted) return formReply("delete", submission.reply({ formErrors: [NOT_FOUND] }), { status: 404 });
  context.purgeEdgeCache(stickerCraftPages(id, deleted.stickerIds));
  return redirect(`${QUEUE_PAGE}?notice=deleted`);
}

/** intent "dismiss": a published craft's open reports are closed (logged); the craft stays. */
export async function dismiss(context: AppLoadContext, adminId: string, form: FormData) {
  const submission = parseForm(form, dismissReportsSchema);
  if (submission.status !== "success") return formReply("dismiss", submission.reply());
  if (!(await dismissReports(context.db, submission.value.id, adminId))) {
    return formReply("dismiss", submission.reply({ formErrors: ["This craft has no open reports."] }), { status: 404 });
  }
  return redirect(`${QUEUE_PAGE}?notice=dismissed`);
}
