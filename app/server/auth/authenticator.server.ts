import { parseWithZod } from "@conform-to/zod/v4";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { loginSchema } from "~/forms/auth";
import { verifyLogin, type LoginResult } from "./accounts.server";
import { clientAddress } from "./rate-limit.server";

export type LoginOutcome = LoginResult | { ok: false; reason: "validation"; fieldErrors: Record<string, string[] | null> };

/**
 * remix-auth v4 with the form strategy. Built per request because it needs the request's database
 * and password service. The strategy answers an outcome rather than throwing, so the action can
 * show the server's message inline.
 */
function createAuthenticator(context: AppLoadContext) {
  const authenticator = new Authenticator<LoginOutcome>();
  authenticator.use(
    new FormStrategy(async ({ form, request }) => {
      const submission = parseWithZod(form, { schema: loginSchema });
      if (submission.status !== "success") {
        return { ok: false, reason: "validation", fieldErrors: submission.error ?? {} } as const;
      }
      return verifyLogin(context, submission.value.email, submission.value.password, clientAddress(request));
    }),
    "form",
  );
  return authenticator;
}

/**
 * Logs in with a form the action has already read: the form strategy reads the body of the
 * request it is given, so it gets a copy that carries this form (and the original's headers, for
 * the client address).
 */
export function authenticateForm(context: AppLoadContext, request: Request, form: FormData) {
  const headers = new Headers(request.headers);
  headers.delete("Content-Type");
  headers.delete("Content-Length");
  return createAuthenticator(context).authenticate("form", new Request(request.url, { method: "POST", headers, body: form }));
}
