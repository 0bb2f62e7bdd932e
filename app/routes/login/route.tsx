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
import { lazyPart } from "~/components/lazy-part";
import { answeringDatabaseFailures } from "~/server/http/action-failures.server";
import { readPendingLogin } from "~/server/auth/pending-login.server";
import { failedIntent, forgotIntent, loginIntent, registerIntent, resendConfirmationIntent, twoStepIntent, type LoginExtra } from "./intents.server";

// Only an account with two-step sign-in sees this step: its code (Conform and the kit) loads then.
const TwoStepForm = lazyPart("TwoStepForm", () => import("./TwoStepForm").then((module) => module.TwoStepForm));

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
  // The code's page needs the password step's pending state; without it (expired, another browser) the login starts over.
  const twoStep = url.searchParams.get("mode") === "two-step";
  if (twoStep && !(await readPendingLogin(context.env, request))) throw redirect("/login?mode=login&notice=two-step-expired");
  return {
    twoStep,
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
  switch (knownIntent(intent, ["login", "two-step", "register", "forgot", "resend-confirmation"])) {
    case "login":
      return loginIntent(context, request, body.form);
    case "two-step":
      return twoStepIntent(context, request, body.form);
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

const LoginForm = lazyPart("LoginForm", () => import("./AuthForms").then((module) => module.LoginForm));
const RegisterForm = lazyPart("RegisterForm", () => import("./AuthForms").then((module) => module.RegisterForm));
const ForgotForm = lazyPart("ForgotForm", () => import("./AuthForms").then((module) => module.ForgotForm));

export default function LoginPage() {
  const { mode, notice, redirectTo, twoStep } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  if (twoStep && !reply?.pendingGone) {
    const answered = reply?.intent === "two-step" ? reply : undefined;
    return (
      <div className="mx-auto max-w-md space-y-6">
        <h1 className="text-2xl font-bold">Two-step sign-in</h1>
        <TwoStepForm result={answered?.result} retryAfterSeconds={answered?.retryAfterSeconds} />
      </div>
    );
  }
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
    title: loaderData?.twoStep
      ? "Two-step sign-in"
      : loaderData?.mode === "register"
        ? "Register"
        : loaderData?.mode === "forgot"
          ? "Forgot password"
          : "Login",
    description: "Log in to SkinVault, create an account or reset your password.",
    path: "/login",
    noindex: true,
  });
