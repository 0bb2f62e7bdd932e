import type { SubmissionResult } from "@conform-to/react";
import { redirect, type ActionFunctionArgs, type AppLoadContext } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import { endSession } from "../auth/session.server";
import { describeDatabaseFailure, isDatabaseFailure, isForeignKeyFailure } from "../db/failures.server";
import { formText } from "./form-body.server";
import { formReply } from "./form-reply.server";
import { sessions } from "../db/schema.server";
import { expireUserSessionCookie } from "./cookies.server";

/** What a route's answer to a database failure builds on: the form as it was posted, and its intent. */
export interface ActionFailure {
  /** Null when the body was not a form (a JSON API, an empty POST). */
  form: FormData | null;
  intent: string;
}

/** The message where the spec names none for a form. */
export const TRY_AGAIN = "An error occurred. Please try again.";

/** Where a request whose account was deleted while it ran ends up, signed out. */
export const SIGNED_OUT_PATH = "/login?mode=login&notice=signed-out";

const FORM_TYPE = /^\s*(application\/x-www-form-urlencoded|multipart\/form-data)\b/i;

/**
 * An action that answers a database failure (D1 down, overloaded, a refused statement; anywhere in
 * the action, reads included) with `answer`: the route's own message, at 503, with the form as
 * typed, instead of the crash screen. The failure is logged once, here. A write refused because the
 * account was deleted meanwhile (a foreign key to the gone user) signs the request out and sends
 * it to /login with a notice; that is expected, so it is not logged. Writes are single statements
 * or one `db.batch`, so a failure leaves nothing half written. Other errors are bugs and stay 500s.
 *
 * `export const action = answeringDatabaseFailures(saveThing, (failure) => data(..., { status: 503 }))`.
 */
export function answeringDatabaseFailures<Args extends ActionFunctionArgs, Result, Failure>(
  action: (args: Args) => Promise<Result>,
  answer: (failure: ActionFailure) => Failure,
): (args: Args) => Promise<Result | Failure | Redirect> {
  return async (args) => {
    const { request, context } = args;
    // The Worker has read the body into memory already (the request guard); a second copy of its
    // bytes lets the answer show the form without reading it twice when nothing fails.
    const isForm = request.body !== null && FORM_TYPE.test(request.headers.get("Content-Type") ?? "");
    const body = isForm ? await request.arrayBuffer() : null;
    const forAction = body ? new Request(request, { body }) : request;
    try {
      return await action({ ...args, request: forAction });
    } catch (error) {
      if (!isDatabaseFailure(error)) throw error;
      if (isForeignKeyFailure(error) && (await sessionGone(context))) return signedOut(request, context);
      console.error(`[action] ${request.method} ${new URL(request.url).pathname}: ${describeDatabaseFailure(error)}`);
      const form = body ? await new Request(request.url, { method: "POST", headers: request.headers, body }).formData().catch(() => null) : null;
      return answer({ form, intent: formText(form, "intent") });
    }
  };
}

/** The request was signed in, and its session row is gone: deleting an account deletes its sessions. */
async function sessionGone(context: AppLoadContext): Promise<boolean> {
  if (!context.sessionId) return false;
  try {
    const rows = await context.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.id, context.sessionId)).limit(1);
    return rows.length === 0;
  } catch {
    return false;
  }
}

type Redirect = ReturnType<typeof redirect>;

async function signedOut(request: Request, context: AppLoadContext): Promise<Redirect> {
  const headers = new Headers({ "Set-Cookie": await endSession(context.db, context.env, null) });
  headers.append("Set-Cookie", expireUserSessionCookie(request));
  return redirect(SIGNED_OUT_PATH, { status: 303, headers });
}

/** The longest any text field of the product accepts (a craft's description); longer values come back cut. */
const ECHO_LIMIT = 2000;
/** More fields than the largest form has (the sticker craft's); a body of many small fields does not come back whole. */
const ECHO_FIELDS = 64;

/** The posted text fields by name (first value of each), cut to what any field accepts; files and `hide` are left out. */
export function typedValues(form: FormData | null, hide: readonly string[] = []): Record<string, string> {
  const values: Record<string, string> = {};
  let count = 0;
  for (const [name, value] of form?.entries() ?? []) {
    if (typeof value !== "string" || hide.includes(name) || Object.hasOwn(values, name)) continue;
    if (++count > ECHO_FIELDS) break;
    values[name] = value.slice(0, ECHO_LIMIT);
  }
  return values;
}

/**
 * The failure as Conform's reply: `message` as the form's error, the fields as typed. A form
 * rendered with `useForm({ lastResult })` shows both, with JavaScript or without.
 */
export function failureReply(failure: ActionFailure, message: string, { hide = [] }: { hide?: readonly string[] } = {}): SubmissionResult<string[]> {
  return { status: "error", initialValue: typedValues(failure.form, hide), error: { "": [message] } };
}

/**
 * The failure as the one form reply (ADR 035) at 503: the form of `intent` (the posted intent
 * unless told) shows `message` and the fields as typed.
 */
export function failedForm<Extra extends object = object>(
  failure: ActionFailure,
  message: string,
  { intent = failure.intent, hide, extra }: { intent?: string; hide?: readonly string[]; extra?: Extra } = {},
) {
  return formReply<Extra>(intent, failureReply(failure, message, { hide }), { status: 503, extra });
}
