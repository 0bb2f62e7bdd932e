import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Breadcrumb, Notice } from "~/components/basics";
import { CraftDetail } from "~/components/CraftDetail";
import { FormError, SubmitButton, TextareaField } from "~/components/forms";
import { pageMeta } from "~/components/page-meta";
import { CRAFT_STATUS_LABELS, type ModerationAction } from "~/domain/community-crafts";
import { formatDate } from "~/domain/dates";
import { parseId } from "~/domain/ids";
import { noticeText } from "~/domain/notices";
import { publishCraftSchema, rejectCraftSchema } from "~/forms/community-craft";
import { resultFor } from "~/forms/reply";
import { requireAdmin } from "~/server/auth/guards.server";
import {
  loadCraftPage,
  moderateCraft,
  moderationLogQuery,
  moderationQueueQuery,
  moderationTargetQuery,
  publishedCommunityQuery,
} from "~/server/features/community-crafts.server";
import { stickerCraftPages } from "~/server/http/edge-cache-plan.server";
import { answeringDatabaseFailures, failedForm, TRY_AGAIN } from "~/server/http/action-failures.server";
import { formText, readCappedFormData } from "~/server/http/form-body.server";
import { formRefusal, formReply, parseForm } from "~/server/http/form-reply.server";
import { craftDecisionMail } from "~/server/mail/craft-mails.server";

const PAGE = "/admin/sticker-crafts/queue";
const ACTION_LABELS: Record<ModerationAction, string> = { published: "Published", rejected: "Rejected", unpublished: "Unpublished" };
/** Each form's intent and the decision it makes. */
const INTENTS = { publish: "published", reject: "rejected", unpublish: "unpublished" } as const satisfies Record<string, ModerationAction>;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const craftId = parseId(url.searchParams.get("craft"));
  // Everything on the page, the preview included, is asked in the session's batch: one round trip.
  const admin = requireAdmin(context);
  const lists = context.load([
    moderationQueueQuery(context.db),
    publishedCommunityQuery(context.db),
    moderationLogQuery(context.db),
    moderationTargetQuery(context.db, craftId ?? 0),
  ]);
  const preview = craftId
    ? loadCraftPage(
        context,
        craftId,
        admin.catch(() => null),
      )
    : Promise.resolve(null);
  await admin;
  const [[queue, published, log, target], page] = await Promise.all([lists, preview]);
  const selected = target[0] && page ? { ...target[0], page } : null;
  return data(
    {
      queue: queue.map((craft) => ({ ...craft, submittedAt: craft.submittedAt?.getTime() ?? null })),
      published,
      log: log.map((entry) => ({ ...entry, createdAt: entry.createdAt.getTime() })),
      selected,
      selectedMissing: craftId !== null && selected === null,
      notice: noticeText("moderation", url.searchParams.get("notice")),
    },
    { status: craftId !== null && selected === null ? 404 : 200, headers: { "Cache-Control": "private, no-store" } },
  );
}

const CONFLICT = "This craft changed since you opened it (its author edited it, or another moderator decided on it). Look at it again before you decide.";
const NOT_FOUND = "Sticker craft not found.";

export const action = answeringDatabaseFailures(moderationAction, (failure) => failedForm(failure, TRY_AGAIN));

async function moderationAction({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(context);
  const body = await readCappedFormData(request);
  if (!body.ok) return formRefusal("", body.message, body.status);
  const form = body.form;
  const intent = formText(form, "intent");
  const decision = Object.hasOwn(INTENTS, intent) ? INTENTS[intent as keyof typeof INTENTS] : null;
  if (!decision) return formRefusal(intent, "Unknown action.", 400);

  // Publishing takes no reason; rejecting and unpublishing need one.
  const submission = parseForm(form, decision === "published" ? rejectCraftSchema.partial({ reason: true }) : rejectCraftSchema);
  if (submission.status !== "success") return formReply(intent, submission.reply());
  const { id, version } = submission.value;
  const reason = decision === "published" ? null : (submission.value.reason ?? null);
  const [target] = await moderationTargetQuery(context.db, id);
  if (!target?.authorEmail) return formReply(intent, submission.reply({ formErrors: [NOT_FOUND] }), { status: 404 });
  const outcome = await moderateCraft(context.db, {
    id,
    version,
    action: decision,
    reason,
    adminId: admin.id,
    craftName: target.name,
    mail: craftDecisionMail(target.authorEmail, context.env.APP_ORIGIN, { id, name: target.name }, decision, reason),
  });
  if (outcome.status === "not-found") return formReply(intent, submission.reply({ formErrors: [NOT_FOUND] }), { status: 404 });
  if (outcome.status === "conflict") return formReply(intent, submission.reply({ formErrors: [CONFLICT] }), { status: 409 });
  // A rejected pending craft was never public; the other two decisions change public pages.
  if (decision !== "rejected") context.purgeEdgeCache(stickerCraftPages(id));
  return redirect(`${PAGE}?notice=${decision}`);
}

type Loaded = ReturnType<typeof useLoaderData<typeof loader>>;

function DecisionForms({ craft }: { craft: NonNullable<Loaded["selected"]> }) {
  const reply = useActionData<typeof action>();
  const [publishForm] = useForm({
    id: `publish-${craft.id}`,
    lastResult: resultFor(reply, "publish"),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: publishCraftSchema }),
  });
  const reasonIntent = craft.status === "published" ? "unpublish" : "reject";
  const [reasonForm, reasonFields] = useForm({
    id: `${reasonIntent}-${craft.id}`,
    lastResult: resultFor(reply, reasonIntent),
    constraint: getZodConstraint(rejectCraftSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: rejectCraftSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const hidden = (
    <>
      <input type="hidden" name="id" value={craft.id} />
      <input type="hidden" name="version" value={craft.version} />
    </>
  );
  if (craft.authorEmail === null) return <p className="text-muted">An official craft: change it in the sticker crafts list.</p>;
  if (craft.status === "rejected") return <p className="text-muted">Rejected: it waits for its author to change and resubmit it.</p>;
  return (
    <div className="grid gap-4 md:grid-cols-2">
      {craft.status === "pending" ? (
        <Form method="post" {...getFormProps(publishForm)} className="space-y-3 rounded-lg border border-line bg-panel p-4">
          <h3 className="font-semibold">Publish</h3>
          <p className="text-sm text-muted">It appears in the gallery as a community craft, and its author gets an e-mail.</p>
          <FormError form={publishForm} />
          {hidden}
          <SubmitButton name="intent" value="publish" intent="publish" pendingText="Publishing...">
            Publish craft
          </SubmitButton>
        </Form>
      ) : null}
      <Form method="post" {...getFormProps(reasonForm)} className="space-y-3 rounded-lg border border-line bg-panel p-4">
        <h3 className="font-semibold">{craft.status === "published" ? "Unpublish" : "Reject"}</h3>
        <FormError form={reasonForm} />
        {hidden}
        <TextareaField label="Reason (sent to the author)" meta={reasonFields.reason} textareaProps={{ rows: 3 }} />
        <SubmitButton
          name="intent"
          value={reasonIntent}
          intent={reasonIntent}
          pendingText={craft.status === "published" ? "Unpublishing..." : "Rejecting..."}
          className="rounded-md bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-600 disabled:opacity-50"
        >
          {craft.status === "published" ? "Unpublish craft" : "Reject craft"}
        </SubmitButton>
      </Form>
    </div>
  );
}

export default function ModerationQueuePage() {
  const { queue, published, log, selected, selectedMissing, notice } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-8">
      <div>
        <Breadcrumb
          trail={[
            { to: "/admin", label: "Admin Dashboard" },
            { to: "/admin/sticker-crafts", label: "Sticker Crafts" },
          ]}
        />
        <h1 className="text-2xl font-bold">Moderation queue</h1>
      </div>
      {notice ? <Notice>{notice}</Notice> : null}
      {selectedMissing ? <Notice tone="error">Sticker craft not found.</Notice> : null}

      {selected ? (
        <section aria-labelledby="review-heading" className="space-y-4">
          <h2 id="review-heading" className="text-xl font-bold">
            Review “{selected.name}”{selected.authorEmail ? ` by ${selected.authorEmail}` : ""}
          </h2>
          <p className="text-sm text-muted">{CRAFT_STATUS_LABELS[selected.status]}. Below, the craft exactly as visitors would see it.</p>
          <DecisionForms key={`${selected.id}-${selected.version}`} craft={selected} />
          <div className="rounded-xl border-2 border-dashed border-line p-4" data-testid="craft-preview">
            <CraftDetail {...selected.page} preview />
          </div>
        </section>
      ) : null}

      <section aria-labelledby="queue-heading" className="space-y-3">
        <h2 id="queue-heading" className="text-xl font-bold">
          Waiting for review ({queue.length})
        </h2>
        {queue.length === 0 ? (
          <p className="text-muted">No craft is waiting for review.</p>
        ) : (
          <ol className="divide-y divide-line rounded-lg border border-line bg-panel">
            {queue.map((craft) => (
              <li key={craft.id} className="flex flex-wrap items-center gap-3 p-3" data-testid="queued-craft">
                <div className="min-w-0 flex-1">
                  <h3 className="font-semibold">{craft.name}</h3>
                  <p className="text-sm text-muted">
                    {craft.skinName} · by {craft.authorEmail}
                    {craft.submittedAt ? <> · submitted {formatDate(craft.submittedAt)}</> : null}
                  </p>
                </div>
                <Link to={`${PAGE}?craft=${craft.id}`} className="rounded-md border border-line px-3 py-1.5 text-sm hover:border-accent">
                  Review<span className="sr-only"> {craft.name}</span>
                </Link>
              </li>
            ))}
          </ol>
        )}
      </section>

      <section aria-labelledby="published-heading" className="space-y-3">
        <h2 id="published-heading" className="text-xl font-bold">
          Published community crafts ({published.length})
        </h2>
        {published.length === 0 ? (
          <p className="text-muted">No community craft is published.</p>
        ) : (
          <ul className="divide-y divide-line rounded-lg border border-line bg-panel">
            {published.map((craft) => (
              <li key={craft.id} className="flex flex-wrap items-center gap-3 p-3">
                <p className="min-w-0 flex-1">
                  <span className="font-semibold">{craft.name}</span> <span className="text-sm text-muted">by {craft.authorEmail}</span>
                </p>
                <Link to={`${PAGE}?craft=${craft.id}`} className="rounded-md border border-line px-3 py-1.5 text-sm hover:border-accent">
                  Review or unpublish<span className="sr-only"> {craft.name}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="log-heading" className="space-y-3">
        <h2 id="log-heading" className="text-xl font-bold">
          Moderation log
        </h2>
        {log.length === 0 ? (
          <p className="text-muted">No decisions yet.</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">The latest moderation decisions</caption>
              <thead className="text-muted">
                <tr>
                  <th scope="col" className="p-2">
                    When
                  </th>
                  <th scope="col" className="p-2">
                    Who
                  </th>
                  <th scope="col" className="p-2">
                    What
                  </th>
                  <th scope="col" className="p-2">
                    Reason
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-line">
                {log.map((entry) => (
                  <tr key={entry.id} data-testid="moderation-entry">
                    <td className="p-2">{new Date(entry.createdAt).toISOString().slice(0, 16).replace("T", " ")} UTC</td>
                    <td className="p-2">{entry.adminEmail ?? "a deleted account"}</td>
                    <td className="p-2">
                      {ACTION_LABELS[entry.action]} “{entry.craftName}”
                    </td>
                    <td className="p-2">{entry.reason ?? ""}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Admin: Moderation queue", description: "Review, publish and reject community sticker crafts.", path: PAGE, noindex: true });
