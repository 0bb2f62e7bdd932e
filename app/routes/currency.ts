import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { currencyChoiceSchema } from "~/forms/currency";
import { getSessionUser } from "~/server/auth/session.server";
import { currencyCookie, setUserCurrency } from "~/server/features/currency.server";
import { answeringDatabaseFailures } from "~/server/http/action-failures.server";
import { readCappedFormData } from "~/server/http/form-body.server";
import { isCrossOriginWrite } from "~/server/http/origin-check.server";

/** The header's currency form posts here; a GET has nothing to show. */
export function loader() {
  return redirect("/");
}

/** What a database failure answers: the account's setting was not saved (nor the cookie set). */
export const CURRENCY_NOT_SAVED = "Your currency could not be saved. Please try again.";

const refuse = (status: 400 | 403 | 413 | 503, error: string) => new Response(error, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });

/**
 * Stores the visitor's currency in a cookie and, for a signed-in player, in their account, then
 * redirects back (303, Post/Redirect/Get): the page comes back in that currency.
 */
async function chooseCurrency({ request, context }: ActionFunctionArgs) {
  if (isCrossOriginWrite(request)) return refuse(403, "Cross-site requests may not change the currency.");
  const userPromise = getSessionUser(context);
  const body = await readCappedFormData(request);
  if (!body.ok) return refuse(body.status, body.message);
  const parsed = currencyChoiceSchema.safeParse(Object.fromEntries(body.form));
  if (!parsed.success) return refuse(400, parsed.error.issues.map((issue) => issue.message).join(" "));
  const { currency, redirectTo } = parsed.data;
  const user = await userPromise;
  if (user) await setUserCurrency(context.db, user.id, currency);
  return redirect(redirectTo, { status: 303, headers: { "Set-Cookie": currencyCookie(request, currency) } });
}

export const action = answeringDatabaseFailures(chooseCurrency, () => refuse(503, CURRENCY_NOT_SAVED));
