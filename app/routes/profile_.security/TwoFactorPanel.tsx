import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { Notice } from "~/components/basics";
import { buttonFormState } from "~/components/form-parts";
import { Field, FormError, SubmitButton } from "~/components/forms";
import { SECURITY_PATH } from "~/forms/account-security-path";
import type { FormReply } from "~/forms/reply";

// The passkeys' list is a part of the page too: one file with this one, so the page loads one file for both.
export { PasskeyPanel } from "./PasskeyPanel";

const secondaryButton = "rounded-md border border-line px-4 py-2 font-semibold hover:border-accent disabled:opacity-50";

export interface TwoFactorView {
  enabled: boolean;
  recoveryCodesLeft: number;
  /** A setup begun: its key as text and as a QR code (SVG made on the server from our own URI). */
  setup: { secret: string; qrSvg: string } | null;
}

function resultOf(reply: FormReply | undefined, intent: string): SubmissionResult<string[]> | undefined {
  return reply?.intent === intent ? reply.result : undefined;
}

/** A form of one code field (confirming the setup, turning the factor off), checked by the server. */
function CodeForm({
  id,
  intent,
  label,
  hint,
  submit,
  pending,
  reply,
}: {
  id: string;
  intent: string;
  label: string;
  hint: string;
  submit: string;
  pending: string;
  reply: FormReply | undefined;
}) {
  const [form, fields] = useForm<{ code: string }>({ id, lastResult: resultOf(reply, intent) });
  return (
    <Form method="post" action={SECURITY_PATH} {...getFormProps(form)} className="space-y-3">
      <input type="hidden" name="intent" value={intent} />
      <FormError form={form} />
      <Field
        label={label}
        meta={fields.code}
        hint={hint}
        inputProps={{ autoComplete: "one-time-code", inputMode: "numeric", className: "w-48 rounded-md border border-line bg-panel-2 px-3 py-2" }}
      />
      <SubmitButton intent={intent} formAction={SECURITY_PATH} pendingText={pending}>
        {submit}
      </SubmitButton>
    </Form>
  );
}

/** Two-step sign-in (TOTP): off (a button), being set up (QR code, key, code field), or on (turning it off takes a code). */
export function TwoFactorPanel({
  twoFactor,
  reply,
  recoveryCodes,
}: {
  twoFactor: TwoFactorView;
  reply: FormReply | undefined;
  recoveryCodes: string[] | null;
}) {
  const started = buttonFormState("totp-start", resultOf(reply, "totp-start"));
  return (
    <section aria-labelledby="two-step-heading" className="max-w-2xl space-y-4">
      <h2 id="two-step-heading" className="text-xl font-bold">
        Two-step sign-in
      </h2>
      {recoveryCodes ? (
        <div className="space-y-3 rounded-lg border border-accent bg-panel p-4">
          <Notice>Two-step sign-in is on. Every other session was signed out.</Notice>
          <h3 className="font-semibold">Your recovery codes</h3>
          <p className="text-sm">Keep these somewhere safe: each signs you in once if you lose your phone. They are shown only now.</p>
          <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-1 font-mono">
            {recoveryCodes.map((code) => (
              <li key={code}>{code}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {twoFactor.enabled ? (
        <>
          <p>
            Two-step sign-in is <strong>on</strong>: after your password, signing in asks for the code of your authenticator app.{" "}
            {`${twoFactor.recoveryCodesLeft} recovery ${twoFactor.recoveryCodesLeft === 1 ? "code is" : "codes are"} left.`}
          </p>
          <CodeForm
            id="totp-disable"
            intent="totp-disable"
            label="Code to turn it off"
            hint="The 6-digit code your app shows now, or a recovery code."
            submit="Turn off two-step sign-in"
            pending="Turning off…"
            reply={reply}
          />
        </>
      ) : twoFactor.setup ? (
        <div className="space-y-4">
          <p>Scan this QR code with an authenticator app (for example Google Authenticator, 1Password or Aegis), then type the code it shows.</p>
          <div
            className="inline-block rounded bg-white p-2"
            role="img"
            aria-label="QR code of your two-step sign-in key"
            dangerouslySetInnerHTML={{ __html: twoFactor.setup.qrSvg }}
          />
          <p className="text-sm">
            Cannot scan? Type this key into the app:{" "}
            <code data-testid="totp-secret" className="font-mono break-all">
              {twoFactor.setup.secret}
            </code>
          </p>
          <CodeForm
            id="totp-confirm"
            intent="totp-confirm"
            label="Code from the app"
            hint="6 digits; a new one every 30 seconds."
            submit="Turn on two-step sign-in"
            pending="Checking…"
            reply={reply}
          />
          <Form method="post" action={SECURITY_PATH}>
            <SubmitButton
              name="intent"
              value="totp-cancel"
              intent="totp-cancel"
              formAction={SECURITY_PATH}
              pendingText="Cancelling…"
              className={secondaryButton}
            >
              Cancel the setup
            </SubmitButton>
          </Form>
        </div>
      ) : (
        <>
          <p>
            Two-step sign-in is <strong>off</strong>. With it on, signing in also asks for a code from an authenticator app on your phone, so your password
            alone is not enough.
          </p>
          <Form method="post" action={SECURITY_PATH} {...started.formProps} className="space-y-2">
            <FormError form={started.formError} />
            <SubmitButton name="intent" value="totp-start" intent="totp-start" formAction={SECURITY_PATH} pendingText="Starting…">
              Set up two-step sign-in
            </SubmitButton>
          </Form>
        </>
      )}
    </section>
  );
}
