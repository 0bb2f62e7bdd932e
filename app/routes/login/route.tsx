import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Notice } from "~/components/basics";
import { pageMeta } from "~/components/page-meta";
import { TabNav } from "~/components/TabNav";
import { noticeText } from "~/domain/notices";
import { safeReturnPath } from "~/domain/same-site-path";
import { getSessionUser } from "~/server/auth/session.server";
import { formText, knownIntent, readCappedFormData } from "~/server/http/form-body.server";
import { formRefusal } from "~/server/http/form-reply.server";
import { hydratedOnUse } from "~/components/hydrate-on-use";
import { answeringDatabaseFailures } from "~/server/http/action-failures.server";
import { failedIntent, forgotIntent, loginIntent, registerIntent, resendConfirmationIntent, type LoginExtra } from "./intents.server";

const TABS = [
  { id: "login", label: "Login" },
  { id: "register", label: "Register" },
  { id: "forgot", label: "Forgot password" },
] as const;
type Mode = (typeof TABS)[number]["id"];

function modeOf(value: string | null): Mode {
  return TABS.find((tab) => tab.id === value)?.id ?? "login";
}

/** Without this Remix keeps only Set-Cookie from the action: a 429 keeps its Retry-After. */
export { retryAfterHeaders as headers } from "~/server/http/retry-after.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await getSessionUser(context);
  const url = new URL(request.url);
  const redirectTo = safeReturnPath(url.searchParams.get("redirectTo"), "/profile");
  if (user) throw redirect(redirectTo);
  return {
    mode: modeOf(url.searchParams.get("mode")),
    /** Where a successful login goes: a checked same-site path (the page that sent the visitor here). */
    redirectTo: redirectTo === "/profile" ? null : redirectTo,
    notice: noticeText("login", url.searchParams.get("notice")),
  };
}

export const action = answeringDatabaseFailures(loginAction, failedIntent);

async function loginAction({ request, context }: ActionFunctionArgs) {
  const body = await readCappedFormData(request);
  if (!body.ok) return formRefusal<LoginExtra>("login", body.message, body.status);
  const intent = formText(body.form, "intent");
  switch (knownIntent(intent, ["login", "register", "forgot", "resend-confirmation"])) {
    case "login":
      return loginIntent(context, request, body.form);
    case "register":
      return registerIntent(context, request, body.form);
    case "forgot":
      return forgotIntent(context, request, body.form);
    case "resend-confirmation":
      return resendConfirmationIntent(context, body.form);
    default:
      return formRefusal<LoginExtra>("login", "Unknown action.", 400);
  }
}

const LoginForm = hydratedOnUse(() => import("./AuthForms").then((module) => module.LoginForm));
const RegisterForm = hydratedOnUse(() => import("./AuthForms").then((module) => module.RegisterForm));
const ForgotForm = hydratedOnUse(() => import("./AuthForms").then((module) => module.ForgotForm));

export default function LoginPage() {
  const { mode, notice, redirectTo } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  // The reply of this mode's form; asking for the confirmation mail again is part of logging in.
  const answered = reply && (reply.intent === mode || (reply.intent === "resend-confirmation" && mode === "login")) ? reply : undefined;

  return (
    <div className="mx-auto max-w-md space-y-6">
      <h1 className="text-2xl font-bold">{TABS.find((tab) => tab.id === mode)?.label}</h1>
      <TabNav label="Account" tabs={TABS} current={mode} hrefFor={(id) => `/login?mode=${id}`} />
      {notice && !answered ? <Notice>{notice}</Notice> : null}
      {mode === "login" ? <LoginForm redirectTo={redirectTo} result={answered?.result} unconfirmedEmail={answered?.unconfirmedEmail} /> : null}
      {mode === "register" ? <RegisterForm result={answered?.result} /> : null}
      {mode === "forgot" ? <ForgotForm result={answered?.result} retryAfterSeconds={answered?.retryAfterSeconds} /> : null}
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ matches, data: loaderData }) =>
  pageMeta(matches, {
    title: loaderData?.mode === "register" ? "Register" : loaderData?.mode === "forgot" ? "Forgot password" : "Login",
    description: "Log in to SkinVault, create an account or reset your password.",
    path: "/login",
    noindex: true,
  });
