// The browser's side of the passkey ceremonies (docs/features/accounts.md#passkeys), loaded when the
// player presses a passkey button, never with the page: the JSON endpoints under /api/passkeys/ and
// WebAuthn Level 3's own JSON forms (PublicKeyCredential.parse*OptionsFromJSON, toJSON), no library.

export type PasskeyOutcome = { ok: true; redirectTo: string } | { ok: false; message: string };

export const PASSKEY_CLIENT_MESSAGES = {
  offline: "SkinVault could not be reached. Check your connection and try again.",
  cancelled: "No passkey was used. Press the button again when you are ready.",
  excluded: "This device holds a passkey of your account already.",
  unsupported: "Your browser could not use a passkey here.",
  unexpected: "An unexpected error occurred. Please try again.",
} as const;

type Answer = { ok: true; body: Record<string, unknown> } | { ok: false; message: string };

/** POSTs JSON to an endpoint; its refusal's own message, or one of ours when there is none. */
async function post(path: string, body: object): Promise<Answer> {
  let response: Response;
  try {
    response = await fetch(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body), credentials: "same-origin" });
  } catch {
    return { ok: false, message: PASSKEY_CLIENT_MESSAGES.offline };
  }
  const answer = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (response.ok) return { ok: true, body: answer };
  return { ok: false, message: typeof answer.error === "string" ? answer.error : PASSKEY_CLIENT_MESSAGES.unexpected };
}

/** What the browser's refusal means to the player: cancelled or timed out, a passkey already there, or no passkeys here. */
function browserRefusal(error: unknown): PasskeyOutcome {
  const name = error instanceof DOMException ? error.name : "";
  if (name === "NotAllowedError" || name === "AbortError") return { ok: false, message: PASSKEY_CLIENT_MESSAGES.cancelled };
  if (name === "InvalidStateError") return { ok: false, message: PASSKEY_CLIENT_MESSAGES.excluded };
  return { ok: false, message: PASSKEY_CLIENT_MESSAGES.unsupported };
}

/** The server's answer to the last step: where to go now. */
function finished(answer: Answer): PasskeyOutcome {
  if (!answer.ok) return answer;
  return typeof answer.body.redirectTo === "string"
    ? { ok: true, redirectTo: answer.body.redirectTo }
    : { ok: false, message: PASSKEY_CLIENT_MESSAGES.unexpected };
}

/**
 * One ceremony: the options of `/api/passkeys/{step}/options`, the browser's prompt (`ask`), and its
 * answer with `extra` to `/api/passkeys/{step}/verify`.
 */
async function ceremony(step: "register" | "login", ask: (options: unknown) => Promise<Credential | null>, extra: object): Promise<PasskeyOutcome> {
  const begun = await post(`/api/passkeys/${step}/options`, {});
  if (!begun.ok) return begun;
  let credential: Credential | null;
  try {
    credential = await ask(begun.body.options);
  } catch (error) {
    return browserRefusal(error);
  }
  if (!(credential instanceof PublicKeyCredential)) return { ok: false, message: PASSKEY_CLIENT_MESSAGES.cancelled };
  return finished(await post(`/api/passkeys/${step}/verify`, { ...extra, response: credential.toJSON() as unknown }));
}

/** Makes a passkey on this device for the signed-in account, named `name`. */
export function addPasskey(name: string): Promise<PasskeyOutcome> {
  const create = (options: unknown) =>
    navigator.credentials.create({ publicKey: PublicKeyCredential.parseCreationOptionsFromJSON(options as PublicKeyCredentialCreationOptionsJSON) });
  return ceremony("register", create, { name });
}

/** Signs in with a passkey the browser holds for this site; the session's cookie comes with the answer. */
export function signInWithPasskey(redirectTo: string | null): Promise<PasskeyOutcome> {
  const get = (options: unknown) =>
    navigator.credentials.get({ publicKey: PublicKeyCredential.parseRequestOptionsFromJSON(options as PublicKeyCredentialRequestOptionsJSON) });
  return ceremony("login", get, { redirectTo });
}
