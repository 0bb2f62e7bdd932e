import { getFormProps, useForm } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { useEffect, useRef, type ReactNode } from "react";
import type { FormConstraint } from "~/components/client-checks";
import { FormError, SubmitButton, TextareaField } from "~/components/forms";
import { MODERATION_QUEUE_PATH, type CraftStatus } from "~/domain/community-crafts";
import { formatDate } from "~/domain/dates";
import type { z } from "zod";
import type { deleteCommunityCraftSchema, dismissReportsSchema, publishCraftSchema, rejectCraftSchema } from "~/forms/community-craft";
import { resultFor, type FormReply } from "~/forms/reply";
import { DELETE_CONFIRM } from "~/forms/sticker-craft-texts";

/** The craft under review, as the queue's loader gives it. */
export interface ReviewedCraft {
  id: number;
  name: string;
  version: number;
  status: CraftStatus;
  authorEmail: string | null;
  reports: { id: string; reason: string; createdAt: number }[];
}

const PANEL = "space-y-3 rounded-lg border border-line bg-panel p-4";
const DANGER = "rounded-md bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-600 disabled:opacity-50";

/**
 * The moderator's forms for the craft under review: publish, reject or unpublish, dismiss its
 * reports, delete it. Deleting asks first: a link to the confirmation step in the URL
 * (`&dialog=delete`, `confirmDelete`), which holds the reason and the delete itself. The reason
 * fields' constraints come from the loader (`formConstraint`).
 */
export function DecisionForms({
  craft,
  reply,
  constraints,
  confirmDelete,
}: {
  craft: ReviewedCraft;
  reply: FormReply | undefined;
  constraints: { reason: FormConstraint; delete: FormConstraint };
  confirmDelete: boolean;
}) {
  const [publishForm] = useForm<z.output<typeof publishCraftSchema>>({
    id: `publish-${craft.id}`,
    lastResult: resultFor(reply, "publish"),
  });
  const reasonIntent = craft.status === "published" ? "unpublish" : "reject";
  const [reasonForm, reasonFields] = useForm<z.output<typeof rejectCraftSchema>>({
    id: `${reasonIntent}-${craft.id}`,
    lastResult: resultFor(reply, reasonIntent),
    constraint: constraints.reason,
  });
  const [deleteForm, deleteFields] = useForm<z.output<typeof deleteCommunityCraftSchema>>({
    id: `delete-${craft.id}`,
    lastResult: resultFor(reply, "delete"),
    constraint: constraints.delete,
  });
  const [dismissForm] = useForm<z.output<typeof dismissReportsSchema>>({
    id: `dismiss-${craft.id}`,
    lastResult: resultFor(reply, "dismiss"),
  });
  const hidden = (
    <>
      <input type="hidden" name="id" value={craft.id} />
      <input type="hidden" name="version" value={craft.version} />
    </>
  );
  if (craft.authorEmail === null) return <p className="text-muted">An official craft: change it in the sticker crafts list.</p>;
  return (
    <div className="space-y-4">
      {craft.reports.length > 0 ? (
        <section aria-labelledby="reports-heading" className={PANEL}>
          <h3 id="reports-heading" className="font-semibold">
            {`Open reports (${craft.reports.length})`}
          </h3>
          <ul className="space-y-2 text-sm" data-testid="craft-report">
            {craft.reports.map((report) => (
              <li key={report.id}>
                <span className="text-muted">{formatDate(report.createdAt)}:</span> {report.reason}
              </li>
            ))}
          </ul>
          <Form method="post" {...getFormProps(dismissForm)} className="space-y-2">
            <FormError form={dismissForm} />
            <input type="hidden" name="id" value={craft.id} />
            <p className="text-sm text-muted">Nothing wrong with it? Dismiss the reports; the craft stays published. Otherwise unpublish or delete it below.</p>
            <SubmitButton name="intent" value="dismiss" intent="dismiss" pendingText="Dismissing...">
              Dismiss reports
            </SubmitButton>
          </Form>
        </section>
      ) : null}
      {craft.status === "rejected" ? <p className="text-muted">Rejected: it waits for its author to change and resubmit it.</p> : null}
      <div className="grid gap-4 md:grid-cols-2">
        {craft.status === "pending" ? (
          <Form method="post" {...getFormProps(publishForm)} className={PANEL}>
            <h3 className="font-semibold">Publish</h3>
            <p className="text-sm text-muted">It appears in the gallery as a community craft, and its author gets an e-mail.</p>
            <FormError form={publishForm} />
            {hidden}
            <SubmitButton name="intent" value="publish" intent="publish" pendingText="Publishing...">
              Publish craft
            </SubmitButton>
          </Form>
        ) : null}
        {craft.status === "rejected" ? null : (
          <Form method="post" {...getFormProps(reasonForm)} className={PANEL}>
            <h3 className="font-semibold">{craft.status === "published" ? "Unpublish" : "Reject"}</h3>
            <FormError form={reasonForm} />
            {hidden}
            <TextareaField label="Reason (sent to the author)" meta={reasonFields.reason} textareaProps={{ rows: 3 }} />
            <SubmitButton
              name="intent"
              value={reasonIntent}
              intent={reasonIntent}
              pendingText={craft.status === "published" ? "Unpublishing..." : "Rejecting..."}
              className={DANGER}
            >
              {craft.status === "published" ? "Unpublish craft" : "Reject craft"}
            </SubmitButton>
          </Form>
        )}
        {confirmDelete ? (
          <ConfirmStep labelledBy="delete-craft-heading">
            <Form method="post" {...getFormProps(deleteForm)} className="space-y-3">
              <h3 id="delete-craft-heading" className="font-semibold">
                Delete “{craft.name}”?
              </h3>
              <p>{DELETE_CONFIRM}</p>
              <p className="text-sm text-muted">Its images go with it; its author gets an e-mail.</p>
              <FormError form={deleteForm} />
              <input type="hidden" name="id" value={craft.id} />
              <TextareaField label="Reason for deleting (sent to the author, optional)" meta={deleteFields.reason} textareaProps={{ rows: 3 }} />
              <div className="flex flex-wrap gap-3">
                <SubmitButton name="intent" value="delete" intent="delete" pendingText="Deleting..." className={DANGER}>
                  Delete craft
                </SubmitButton>
                <Link to={reviewPath(craft.id)} preventScrollReset className="rounded-md border border-line px-4 py-2 font-semibold hover:border-accent">
                  Cancel
                </Link>
              </div>
            </Form>
          </ConfirmStep>
        ) : (
          <div className={PANEL}>
            <h3 className="font-semibold">Delete</h3>
            <p className="text-sm text-muted">The craft and its images are deleted for good; its author gets an e-mail. You are asked first.</p>
            <Link to={`${reviewPath(craft.id)}&dialog=delete`} preventScrollReset className={`${DANGER} inline-block`}>
              Delete craft
            </Link>
          </div>
        )}
      </div>
    </div>
  );
}

const reviewPath = (id: number) => `${MODERATION_QUEUE_PATH}?craft=${id}`;

/** The delete confirmation in place of the Delete panel; focus moves to it when it opens, so a screen reader hears the question. */
function ConfirmStep({ labelledBy, children }: { labelledBy: string; children: ReactNode }) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <section
      ref={ref}
      tabIndex={-1}
      aria-labelledby={labelledBy}
      className="space-y-3 rounded-lg border border-red-700 bg-panel p-4"
      data-testid="delete-craft-confirm"
    >
      {children}
    </section>
  );
}
