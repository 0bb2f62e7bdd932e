import { useEffect, useState } from "react";
import type * as PasskeyCeremonies from "./passkey-ceremony";
import type { PasskeyOutcome } from "./passkey-ceremony";

// What a page needs to offer passkeys, small enough to come with it; the ceremonies' own code
// (passkey-ceremony.ts) loads when the player presses the button. Imported by a page's parts only
// (never by a route module), so that code is no page's first-visit JavaScript (tests/deploy/script-budget.ts).

/**
 * Whether this browser runs the passkey ceremonies: WebAuthn with its JSON forms
 * (`PublicKeyCredential.parseCreationOptionsFromJSON` and `parseRequestOptionsFromJSON`, WebAuthn
 * Level 3: Chrome 129, Firefox 119, Safari 18.4 and later). False on the server and until the page
 * has hydrated, so a page without JavaScript never offers a passkey button.
 */
export function usePasskeySupport(): boolean {
  const [supported, setSupported] = useState(false);
  useEffect(() => {
    const credential = "PublicKeyCredential" in window ? window.PublicKeyCredential : undefined;
    setSupported(typeof credential?.parseCreationOptionsFromJSON === "function" && typeof credential.parseRequestOptionsFromJSON === "function");
  }, []);
  return supported;
}

/** A passkey button's state: running (until the next page has loaded), or what went wrong. */
export interface PasskeyPress {
  pending: boolean;
  error: string | null;
}

type Ceremonies = typeof PasskeyCeremonies;

/**
 * A press of a passkey button: loads the ceremonies' code, runs `ceremony`, and goes where the
 * server's answer says (a full load: the header shows who is signed in), or shows what went wrong.
 */
export function usePasskeyPress(): [PasskeyPress, (ceremony: (ceremonies: Ceremonies) => Promise<PasskeyOutcome>) => void] {
  const [press, setPress] = useState<PasskeyPress>({ pending: false, error: null });
  const run = (ceremony: (ceremonies: Ceremonies) => Promise<PasskeyOutcome>) => {
    setPress({ pending: true, error: null });
    import("./passkey-ceremony").then(ceremony).then(
      (outcome) => (outcome.ok ? window.location.assign(outcome.redirectTo) : setPress({ pending: false, error: outcome.message })),
      () => setPress({ pending: false, error: "The passkey code could not be loaded. Check your connection and try again." }),
    );
  };
  return [press, run];
}
