import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { RESET_FIX_REQUIREMENTS } from "~/domain/password-rules";
import { RESET_RATE_LIMIT_MESSAGE, SECOND_FACTOR_RATE_LIMIT_MESSAGE } from "~/domain/rate-limits";
import { TWO_FACTOR_MESSAGES } from "~/forms/account-security";
import { ACCOUNT_FAILURES, passwordResetApiSchema } from "~/forms/auth";
import { strengthErrors } from "~/domain/password-rules";
import { isResetTokenValid, requestPasswordReset, resetPassword } from "~/server/auth/accounts.server";
import { clientAddress } from "~/server/auth/rate-limit.server";
import { answeringDatabaseFailures } from "~/server/http/action-failures.server";
import { readJsonBody } from "~/server/http/json-body.server";

/** Spec section 7: JSON `{action, ...}` answered with `{success, valid, error}`, same rules as the pages. */
function answer(body: { success: boolean; valid?: boolean; error?: string }, status = 200, headers: HeadersInit = {}) {
  return Response.json(body, { status, headers });
}

export function loader() {
  return answer({ success: false, error: "Method not allowed" }, 405, { Allow: "POST" });
}

export const action = answeringDatabaseFailures(passwordResetApi, () => answer({ success: false, error: ACCOUNT_FAILURES.unexpected }, 503));

async function passwordResetApi({ request, context }: ActionFunctionArgs) {
  const body = await readJsonBody(request);
  if (!body.ok) return answer({ success: false, error: body.message }, body.status);
  const parsed = passwordResetApiSchema.safeParse(body.value);
  if (!parsed.success) return answer({ success: false, error: parsed.error.issues[0]?.message ?? "Invalid request" }, 400);
  const input = parsed.data;

  switch (input.action) {
    case "request": {
      const result = await requestPasswordReset(context, input.email, clientAddress(request));
      if (!result.ok) return answer({ success: false, error: RESET_RATE_LIMIT_MESSAGE }, 429, { "Retry-After": String(result.retryAfterSeconds) });
      return answer({ success: true });
    }
    case "validate": {
      const valid = await isResetTokenValid(context.db, input.token);
      return answer({ success: true, valid, ...(valid ? {} : { error: "Invalid or expired reset token." }) });
    }
    case "reset": {
      const errors = strengthErrors(input.newPassword);
      if (errors.length > 0) return answer({ success: false, error: `${RESET_FIX_REQUIREMENTS} ${errors.join(". ")}.` }, 400);
      // An account with two-step sign-in on needs `code` as the page's form does.
      const reset = await resetPassword(context, input.token, input.newPassword, input.code || undefined);
      if (reset.ok) return answer({ success: true });
      switch (reset.reason) {
        case "code-needed":
          return answer({ success: false, valid: true, error: `${TWO_FACTOR_MESSAGES.enterSignInCode} (send it as "code")` }, 400);
        case "wrong-code":
          return answer({ success: false, valid: true, error: TWO_FACTOR_MESSAGES.wrongSignInCode }, 400);
        case "rate-limited":
          return answer({ success: false, valid: true, error: SECOND_FACTOR_RATE_LIMIT_MESSAGE }, 429, { "Retry-After": String(reset.retryAfterSeconds) });
        default:
          return answer({ success: false, valid: false, error: "Invalid or expired reset token." }, 400);
      }
    }
  }
}
