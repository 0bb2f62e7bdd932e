import { createHash } from "node:crypto";

/** Random tokens for links and session ids, and their stored SHA-256 form. */
export function randomToken(bytes = 32): string {
  const data = crypto.getRandomValues(new Uint8Array(bytes));
  let binary = "";
  for (const byte of data) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

/**
 * Synchronous (node:crypto, which nodejs_compat provides in the Worker), so a loader can hash a
 * token and still ask for its query in the page's single `context.load` batch.
 */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
