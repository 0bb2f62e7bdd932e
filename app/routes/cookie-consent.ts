import { data, redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { cookieConsentSchema, type ConsentAnswer } from "~/forms/cookie-consent";
import { consentChoiceHeaders } from "~/server/features/consent.server";
import { readCappedFormData } from "~/server/http/form-body.server";
import { isCrossOriginWrite } from "~/server/http/origin-check.server";

/** The consent form posts here; a GET has nothing to show, so it goes to the settings page. */
export function loader() {
  return redirect("/cookie-settings");
}

/**
 * Stores the banner or settings choice in a browser-session cookie (declining also expires
 * user_session), then redirects back (303, Post/Redirect/Get). The JavaScript form sends
 * `respond=data` and gets data instead, so the page stays where it is.
 */
export async function action({ request }: ActionFunctionArgs) {
  const body = await readCappedFormData(request);
  const form = body.ok ? Object.fromEntries(body.form) : {};
  const wantsData = form.respond === "data";
  // A plain form post to a resource route gets a plain response: data() would lose the status.
  const refuse = (status: 400 | 403 | 413, error: string) =>
    wantsData
      ? data({ ok: false as const, error } satisfies ConsentAnswer, { status })
      : new Response(error, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });

  // The Worker refuses cross-origin writes before Remix runs; this is the same check, kept here
  // so the route is safe on its own (Vite dev server, tests).
  if (isCrossOriginWrite(request)) return refuse(403, "Cross-site requests may not change cookie settings.");
  if (!body.ok) return refuse(body.status, body.message);
  const parsed = cookieConsentSchema.safeParse(form);
  if (!parsed.success) return refuse(400, parsed.error.issues.map((issue) => issue.message).join(" "));

  const { intent, redirectTo } = parsed.data;
  const { consent, headers } = consentChoiceHeaders(request, intent);
  if (wantsData) return data({ ok: true as const, consent } satisfies ConsentAnswer, { headers });
  return redirect(redirectTo, { status: 303, headers });
}
