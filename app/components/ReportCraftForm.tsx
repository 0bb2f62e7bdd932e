import { getFormProps, useForm } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { Notice } from "~/components/basics";
import { FormError, SubmitButton, TextareaField } from "~/components/forms";
import type { z } from "zod";
import type { reportCraftSchema } from "~/forms/community-craft";
import { resultFor, type FormReply } from "~/forms/reply";
import type { FormConstraint } from "./client-checks";

/**
 * "Report this craft" under a published craft: what is wrong with it, for the moderators' queue. A
 * disclosure that opens by itself when the answer has something to say. The action checks it
 * (`constraint`: the reason's attributes from its schema, from the loader).
 */
export function ReportCraftForm({ craftId, reply, constraint }: { craftId: number; reply: FormReply | undefined; constraint: FormConstraint }) {
  const lastResult = resultFor(reply, "report");
  const [form, fields] = useForm<z.output<typeof reportCraftSchema>>({
    id: `report-${craftId}`,
    lastResult,
    constraint,
  });
  const sent = reply?.intent === "report" && reply.notice ? reply.notice : null;
  return (
    <details className="mt-8 rounded-lg border border-line bg-panel p-4" open={lastResult !== undefined}>
      <summary className="cursor-pointer font-semibold">Report this craft</summary>
      {sent ? (
        <div className="mt-3">
          <Notice>{sent}</Notice>
        </div>
      ) : (
        <Form method="post" {...getFormProps(form)} className="mt-3 space-y-3">
          <p className="text-sm text-muted">
            Tell the moderators what is wrong: someone else&apos;s work, offensive content, a misleading link. Reports are anonymous to the craft&apos;s author.
          </p>
          <FormError form={form} />
          <TextareaField label="What is wrong with this craft?" meta={fields.reason} textareaProps={{ rows: 3 }} />
          <SubmitButton name="intent" value="report" intent="report" pendingText="Sending...">
            Send report
          </SubmitButton>
        </Form>
      )}
    </details>
  );
}
