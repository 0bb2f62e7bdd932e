import { Notice } from "~/components/basics";
import { usePasskeyPress, usePasskeySupport } from "~/components/passkey-support";

const secondaryButton = "w-full rounded-md border border-line px-4 py-2 font-semibold hover:border-accent disabled:cursor-not-allowed disabled:opacity-50";

/**
 * "Sign in with a passkey": only where the browser runs passkeys and the page has hydrated (a page
 * without JavaScript offers the password only). No code is asked afterwards: the passkey, unlocked
 * on the device, is both factors.
 */
export function PasskeySignIn({ redirectTo }: { redirectTo: string | null }) {
  const supported = usePasskeySupport();
  const [press, run] = usePasskeyPress();
  if (!supported) return null;
  return (
    <div className="space-y-3 border-t border-line pt-4">
      {press.error ? <Notice tone="error">{press.error}</Notice> : null}
      <button type="button" className={secondaryButton} disabled={press.pending} onClick={() => run((ceremonies) => ceremonies.signInWithPasskey(redirectTo))}>
        {press.pending ? "Waiting for your passkey…" : "Sign in with a passkey"}
      </button>
    </div>
  );
}
