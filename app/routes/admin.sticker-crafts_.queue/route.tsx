import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { Breadcrumb, Notice } from "~/components/basics";
import { CraftDetail } from "~/components/CraftDetail";
import { lazyPart } from "~/components/lazy-part";
import { pageMeta } from "~/components/page-meta";
import { CRAFT_STATUS_LABELS, MODERATION_QUEUE_PATH } from "~/domain/community-crafts";
import { formatDate } from "~/domain/dates";
import { parseId } from "~/domain/ids";
import { noticeText } from "~/domain/notices";
import { deleteCommunityCraftSchema, rejectCraftSchema } from "~/forms/community-craft";
import { requireAdmin } from "~/server/auth/guards.server";
import {
  loadCraftPage,
  moderationLogQuery,
  moderationQueueQuery,
  moderationTargetQuery,
  publishedCommunityQuery,
} from "~/server/features/community-crafts.server";
import { craftReportsQuery, reportedCraftsQuery } from "~/server/features/craft-reports.server";
import { answeringDatabaseFailures, failedForm, TRY_AGAIN } from "~/server/http/action-failures.server";
import { formText, knownIntent, readCappedFormData } from "~/server/http/form-body.server";
import { formConstraint } from "~/server/http/form-constraints.server";
import { formRefusal } from "~/server/http/form-reply.server";
import { decide, DECISIONS, deleteFromQueue, dismiss, type DecisionIntent } from "./queue.server";

const DECISION_INTENTS = Object.keys(DECISIONS) as DecisionIntent[];

const PAGE = MODERATION_QUEUE_PATH;

type LogAction = "published" | "rejected" | "unpublished" | "deleted" | "dismissed";
const ACTION_LABELS: Record<LogAction, string> = {
  published: "Published",
  rejected: "Rejected",
  unpublished: "Unpublished",
  deleted: "Deleted",
  dismissed: "Dismissed the reports of",
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const craftId = parseId(url.searchParams.get("craft"));
  // Everything on the page, the preview included, is asked in the session's batch: one round trip.
  const admin = requireAdmin(context, request);
  const lists = context.load([
    moderationQueueQuery(context.db),
    publishedCommunityQuery(context.db),
    moderationLogQuery(context.db),
    moderationTargetQuery(context.db, craftId ?? 0),
    reportedCraftsQuery(context.db),
    craftReportsQuery(context.db, craftId ?? 0),
  ]);
  const preview = craftId
    ? loadCraftPage(
        context,
        craftId,
        admin.catch(() => null),
      )
    : Promise.resolve(null);
  await admin;
  const [[queue, published, log, target, reported, reports], page] = await Promise.all([lists, preview]);
  const selected = target[0] && page ? { ...target[0], page, reports: reports.map((r) => ({ ...r, createdAt: r.createdAt.getTime() })) } : null;
  return data(
    {
      queue: queue.map((craft) => ({ ...craft, submittedAt: craft.submittedAt?.getTime() ?? null })),
      published,
      reported,
      log: log.map((entry) => ({ ...entry, createdAt: entry.createdAt.getTime() })),
      selected,
      selectedMissing: craftId !== null && selected === null,
      /** Deleting asks first (`&dialog=delete`): only a community craft is deleted here. */
      confirmDelete: selected?.authorEmail != null && url.searchParams.get("dialog") === "delete",
      notice: noticeText("moderation", url.searchParams.get("notice")),
      constraints: { reason: formConstraint(rejectCraftSchema), delete: formConstraint(deleteCommunityCraftSchema) },
    },
    { status: craftId !== null && selected === null ? 404 : 200 },
  );
}

export const action = answeringDatabaseFailures(moderationAction, (failure) => failedForm(failure, TRY_AGAIN));

async function moderationAction({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(context, request);
  const body = await readCappedFormData(request);
  if (!body.ok) return formRefusal("", body.message, body.status);
  const form = body.form;
  const intent = formText(form, "intent");
  const known = knownIntent(intent, [...DECISION_INTENTS, "delete", "dismiss"]);
  switch (known) {
    case "publish":
    case "reject":
    case "unpublish":
      return decide(context, admin.id, known, form);
    case "delete":
      return deleteFromQueue(context, admin.id, form);
    case "dismiss":
      return dismiss(context, admin.id, form);
    case null:
      return formRefusal(intent, "Unknown action.", 400);
  }
}

// The decisions' forms (Conform, the form kit) load apart, once the page has hydrated (ADR 097).
const DecisionForms = lazyPart("DecisionForms", () => import("./DecisionForms").then((module) => module.DecisionForms));

export default function ModerationQueuePage() {
  const { queue, published, reported, log, selected, selectedMissing, confirmDelete, notice, constraints } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
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
          <DecisionForms key={`${selected.id}-${selected.version}`} craft={selected} reply={reply} constraints={constraints} confirmDelete={confirmDelete} />
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

      <section aria-labelledby="reported-heading" className="space-y-3">
        <h2 id="reported-heading" className="text-xl font-bold">
          {`Reported crafts (${reported.length})`}
        </h2>
        {reported.length === 0 ? (
          <p className="text-muted">No published craft has open reports.</p>
        ) : (
          <ul className="divide-y divide-line rounded-lg border border-line bg-panel">
            {reported.map((craft) => (
              <li key={craft.id} className="flex flex-wrap items-center gap-3 p-3" data-testid="reported-craft">
                <p className="min-w-0 flex-1">
                  <span className="font-semibold">{craft.name}</span>{" "}
                  <span className="text-sm text-muted">
                    {craft.reports === 1 ? "1 report" : `${craft.reports} reports`} · latest {formatDate(craft.latestAt)}
                  </span>
                </p>
                <Link to={`${PAGE}?craft=${craft.id}`} className="rounded-md border border-line px-3 py-1.5 text-sm hover:border-accent">
                  Review reports<span className="sr-only"> of {craft.name}</span>
                </Link>
              </li>
            ))}
          </ul>
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
