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
export function createAuthenticator(context: AppLoadContext) {
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
