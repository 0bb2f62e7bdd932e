import { Form } from "@remix-run/react";
import { buttonFormState, FormError, SubmitButton } from "~/components/form-parts";
import { formatDateTime } from "~/domain/dates";
import { SECURITY_PATH } from "~/forms/account-security-path";
import type { FormReply } from "~/forms/reply";
import type { AccountSession } from "~/server/auth/account-sessions.server";

const smallButton = "rounded-md border border-line px-3 py-1.5 text-sm hover:border-accent disabled:opacity-50";

/** The account's signed-in sessions, each with its own "Sign out" (the current one says so instead), and "Sign out everywhere else". */
export function SessionList({ sessions, reply }: { sessions: readonly AccountSession[]; reply: FormReply | undefined }) {
  const others = sessions.filter((session) => !session.current);
  const revoked = buttonFormState("revoke-session", reply?.intent === "revoke-session" ? reply.result : undefined);
  const revokedOthers = buttonFormState("revoke-other-sessions", reply?.intent === "revoke-other-sessions" ? reply.result : undefined);
  return (
    <section aria-labelledby="sessions-heading" className="max-w-2xl space-y-4">
      <h2 id="sessions-heading" className="text-xl font-bold">
        Signed-in sessions
      </h2>
      <p className="text-sm text-muted">Every browser where your account is signed in. Sign out any you do not recognise, then change your password.</p>
      <FormError form={revoked.formError} />
      <ul className="space-y-2" aria-label="Sessions">
        {sessions.map((session) => (
          <li key={session.handle} className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-line bg-panel p-3">
            <div>
              <p className="font-semibold">
                {session.device ?? "Unknown device"}
                {session.current ? <span className="ml-2 rounded bg-accent px-2 py-0.5 text-xs font-semibold text-surface">This device</span> : null}
              </p>
              <p className="text-sm text-muted">
                Signed in {formatDateTime(session.startedAt)} · last seen {formatDateTime(session.lastSeenAt)}
              </p>
            </div>
            {session.current ? null : (
              <Form method="post" action={SECURITY_PATH} {...revoked.formProps} id={`revoke-session-${session.handle}`}>
                <input type="hidden" name="session" value={session.handle} />
                <SubmitButton
                  name="intent"
                  value="revoke-session"
                  intent="revoke-session"
                  fields={{ session: session.handle }}
                  formAction={SECURITY_PATH}
                  pendingText="Signing out…"
                  className={smallButton}
                  aria-label={`Sign out ${session.device ?? "Unknown device"}, last seen ${formatDateTime(session.lastSeenAt)}`}
                >
                  Sign out
                </SubmitButton>
              </Form>
            )}
          </li>
        ))}
      </ul>
      {others.length > 0 ? (
        <Form method="post" action={SECURITY_PATH} {...revokedOthers.formProps} className="space-y-2">
          <FormError form={revokedOthers.formError} />
          <SubmitButton name="intent" value="revoke-other-sessions" intent="revoke-other-sessions" formAction={SECURITY_PATH} pendingText="Signing out…">
            Sign out everywhere else
          </SubmitButton>
        </Form>
      ) : (
        <p className="text-sm text-muted">This is your only signed-in session.</p>
      )}
    </section>
  );
}
