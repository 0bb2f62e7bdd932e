import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useLoaderData } from "@remix-run/react";
import { isDevelopment } from "~/domain/environment";
import { runMailJob } from "~/server/jobs/mail-job.server";
import { sentMailQuery } from "~/server/mail/outbox.server";
import { answeringDatabaseFailures, TRY_AGAIN } from "~/server/http/action-failures.server";
import { readCappedFormData } from "~/server/http/form-body.server";

/**
 * Development only: mail the `log` transport "sent", with its links, so they can be clicked locally.
 * Anywhere but an explicit development or test environment (production, a typo, nothing) it is a 404.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  if (!isDevelopment(context.env.ENVIRONMENT)) throw new Response("Not Found", { status: 404 });
  const to = new URL(request.url).searchParams.get("to")?.trim().toLowerCase() || null;
  const [rows] = await context.load([sentMailQuery(context.db, to)]);
  return {
    to,
    messages: rows.map((row) => ({
      id: row.id,
      to: row.to,
      subject: row.subject,
      text: row.text,
      sentAt: row.sentAt?.toISOString() ?? null,
      links: [...row.text.matchAll(/https?:\/\/\S+/g)].map((match) => match[0]),
    })),
  };
}

/** Development only: runs the mail job now instead of waiting for the cron trigger. */
export const action = answeringDatabaseFailures(
  deliverNow,
  () => new Response(TRY_AGAIN, { status: 503, headers: { "Content-Type": "text/plain; charset=utf-8" } }),
);

async function deliverNow({ request, context }: ActionFunctionArgs) {
  if (!isDevelopment(context.env.ENVIRONMENT)) throw new Response("Not Found", { status: 404 });
  const body = await readCappedFormData(request);
  if (!body.ok) return new Response(body.message, { status: body.status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  if (body.form.get("intent") === "deliver") await runMailJob(context.db, context.env);
  return redirect(new URL(request.url).pathname + new URL(request.url).search);
}

export default function DevMailbox() {
  const { to, messages } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-4 [overflow-wrap:anywhere]">
      <h1 className="text-2xl font-bold">Development mailbox</h1>
      <p className="text-sm text-muted">
        Mail sent by the <code>log</code> transport{to ? ` to ${to}` : ""}, newest first. The mail job runs every minute (locally: open{" "}
        <code>/__scheduled</code>, or press the button).
      </p>
      <Form method="post">
        <input type="hidden" name="intent" value="deliver" />
        <button type="submit" className="rounded-md border border-line px-3 py-1.5 text-sm hover:border-accent">
          Deliver pending mail now
        </button>
      </Form>
      {messages.length === 0 ? <p>No mail yet.</p> : null}
      <ul className="space-y-4">
        {messages.map((message) => (
          <li key={message.id} className="rounded-lg border border-line bg-panel p-4" data-testid="mail">
            <p className="text-sm text-muted">
              To {message.to} · {message.sentAt}
            </p>
            <h2 className="font-semibold">{message.subject}</h2>
            <pre className="mt-2 whitespace-pre-wrap text-sm [overflow-wrap:anywhere]">{message.text}</pre>
            <ul className="mt-2">
              {message.links.map((link) => (
                <li key={link}>
                  <a href={link} className="text-accent underline">
                    {link}
                  </a>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Development mailbox | SkinVault" }, { name: "robots", content: "noindex" }];
