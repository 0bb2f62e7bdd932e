import { Form } from "@remix-run/react";
import { useId } from "react";
import { Notice } from "~/components/basics";
import { buttonFormState, FormError, SubmitButton } from "~/components/form-parts";
import { usePasskeyPress, usePasskeySupport } from "~/components/passkey-support";
import { formatDateTime } from "~/domain/dates";
import { PASSKEY_NAME_MAX } from "~/domain/passkeys";
import { SECURITY_PATH } from "~/forms/account-security-path";
import type { FormReply } from "~/forms/reply";
import type { PasskeyView } from "~/server/auth/passkeys.server";

const smallButton = "rounded-md border border-line px-3 py-1.5 text-sm hover:border-accent disabled:opacity-50";

/**
 * "Add a passkey": a name (the device's label to begin with) and the button that runs the browser's
 * passkey prompt. Only where the browser runs passkeys and the page has hydrated; the name is checked
 * by the server.
 */
function AddPasskey({ defaultName }: { defaultName: string }) {
  const supported = usePasskeySupport();
  const [press, run] = usePasskeyPress();
  const nameId = useId();
  if (!supported) return <p className="text-sm text-muted">Adding a passkey needs a browser that supports them, with JavaScript on.</p>;
  return (
    <form
      className="space-y-3"
      onSubmit={(event) => {
        event.preventDefault();
        const name = new FormData(event.currentTarget).get("name");
        run((ceremonies) => ceremonies.addPasskey(typeof name === "string" ? name : ""));
      }}
    >
      {press.error ? <Notice tone="error">{press.error}</Notice> : null}
      <div>
        <label htmlFor={nameId} className="mb-1 block text-sm font-medium">
          Name of the new passkey
        </label>
        <input
          id={nameId}
          name="name"
          defaultValue={defaultName}
          required
          maxLength={PASSKEY_NAME_MAX}
          className="w-full rounded-md border border-line bg-panel-2 px-3 py-2"
        />
      </div>
      <button type="submit" className="rounded-md bg-accent px-4 py-2 font-semibold text-surface hover:opacity-90 disabled:opacity-50" disabled={press.pending}>
        {press.pending ? "Waiting for your passkey…" : "Add a passkey"}
      </button>
    </form>
  );
}

/** The account's passkeys (name, added, last used), each with its own "Remove" (a form post), and the way to add one. */
export function PasskeyPanel({ passkeys, defaultName, reply }: { passkeys: readonly PasskeyView[]; defaultName: string; reply: FormReply | undefined }) {
  const removed = buttonFormState("passkey-remove", reply?.intent === "passkey-remove" ? reply.result : undefined);
  return (
    <section aria-labelledby="passkeys-heading" className="max-w-2xl space-y-4">
      <h2 id="passkeys-heading" className="text-xl font-bold">
        Passkeys
      </h2>
      <p className="text-sm text-muted">
        A passkey signs you in with your device&apos;s fingerprint, face or PIN instead of your password, with no code asked. Its private key never leaves your
        device.
      </p>
      <FormError form={removed.formError} />
      {passkeys.length > 0 ? (
        <ul className="space-y-2" aria-label="Passkeys">
          {passkeys.map((passkey) => (
            <li key={passkey.handle} className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-line bg-panel p-3">
              <div>
                <p className="font-semibold break-all">{passkey.name}</p>
                <p className="text-sm text-muted">
                  Added {formatDateTime(passkey.createdAt)} · {passkey.lastUsedAt === null ? "never used" : `last used ${formatDateTime(passkey.lastUsedAt)}`}
                </p>
              </div>
              <Form method="post" action={SECURITY_PATH} {...removed.formProps} id={`passkey-remove-${passkey.handle}`}>
                <input type="hidden" name="passkey" value={passkey.handle} />
                <SubmitButton
                  name="intent"
                  value="passkey-remove"
                  intent="passkey-remove"
                  fields={{ passkey: passkey.handle }}
                  formAction={SECURITY_PATH}
                  pendingText="Removing…"
                  className={smallButton}
                  aria-label={`Remove the passkey ${passkey.name}`}
                >
                  Remove
                </SubmitButton>
              </Form>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm">You have no passkeys yet.</p>
      )}
      <AddPasskey defaultName={defaultName} />
    </section>
  );
}
