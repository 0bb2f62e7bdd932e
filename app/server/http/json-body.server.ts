// The body reader of the JSON endpoints under /api/ (the forms' is form-body.server.ts): the same
// contract, a clear message and a 4xx for a body that is not what the endpoint reads, never a 500.
import type { z } from "zod";
import { parseMediaType } from "./request-guard.server";

/** The body types read as JSON: JSON itself, and what `fetch` declares for a string body (text/plain) or a client that declares nothing. */
const JSON_BODY_TYPES = new Set(["", "application/json", "text/plain"]);

/** What an endpoint reads at most: WebAuthn's largest answer (an attestation with its certificates) fits many times over. */
export const MAX_JSON_BYTES = 64 * 1024;

export const JSON_MESSAGES = {
  type: "Send the body as JSON (Content-Type: application/json).",
  invalid: "Invalid JSON body",
  tooLarge: `The body is larger than ${MAX_JSON_BYTES / 1024} KB.`,
} as const;

export type JsonBody<T> = { ok: true; value: T } | { ok: false; status: 400 | 413 | 415; message: string };

/**
 * The request's JSON body: refused (415) when declared as anything but JSON or text (a form, an
 * image), 413 past `maxBytes`, 400 when it is not JSON (or not UTF-8).
 */
export async function readJsonBody(request: Request, maxBytes: number = MAX_JSON_BYTES): Promise<JsonBody<unknown>> {
  if (!JSON_BODY_TYPES.has(parseMediaType(request.headers.get("Content-Type")).type)) {
    await request.body?.cancel();
    return { ok: false, status: 415, message: JSON_MESSAGES.type };
  }
  const declared = Number(request.headers.get("Content-Length"));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await request.body?.cancel();
    return { ok: false, status: 413, message: JSON_MESSAGES.tooLarge };
  }
  // The Worker has read the body into memory already (the request guard caps it at 10 MB).
  const bytes = await request.arrayBuffer();
  if (bytes.byteLength > maxBytes) return { ok: false, status: 413, message: JSON_MESSAGES.tooLarge };
  try {
    return { ok: true, value: JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes)) as unknown };
  } catch {
    return { ok: false, status: 400, message: JSON_MESSAGES.invalid };
  }
}

/** The JSON body parsed with `schema`: its value, or a 400 with the first issue's message (each schema words its own). */
export async function readJsonWith<Schema extends z.ZodType>(request: Request, schema: Schema): Promise<JsonBody<z.output<Schema>>> {
  const body = await readJsonBody(request);
  if (!body.ok) return body;
  const parsed = schema.safeParse(body.value);
  if (!parsed.success) return { ok: false, status: 400, message: parsed.error.issues[0]?.message ?? JSON_MESSAGES.invalid };
  return { ok: true, value: parsed.data };
}

/** An answer of a JSON endpoint. */
export function jsonAnswer(body: object, status = 200, headers: HeadersInit = {}): Response {
  const all = new Headers(headers);
  all.set("Cache-Control", "no-store");
  return Response.json(body, { status, headers: all });
}

/** A refusal of a JSON endpoint: `{ error }` with its status, and `Retry-After` for a 429. */
export function jsonRefusal(refusal: { status: number; message: string; retryAfterSeconds?: number }, headers: HeadersInit = {}): Response {
  const all = new Headers(headers);
  if (refusal.retryAfterSeconds !== undefined) all.set("Retry-After", String(refusal.retryAfterSeconds));
  return jsonAnswer({ error: refusal.message }, refusal.status, all);
}

/** The loader of an endpoint that only takes POST: a GET is told so. */
export function postOnly(): Response {
  return jsonAnswer({ error: "Method not allowed" }, 405, { Allow: "POST" });
}
