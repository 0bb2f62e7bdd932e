import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { buttonClass } from "~/components/basics";
import { lazyPart } from "~/components/lazy-part";
import { pageMeta } from "~/components/page-meta";
import { loginPath } from "~/domain/same-site-path";
import { LIMIT_MESSAGES } from "~/domain/limits";
import { LOADOUT_MESSAGES } from "~/domain/loadouts";
import { FORM_KEY_FIELD } from "~/forms/form-key";
import { createLoadoutSchema } from "~/forms/loadouts";
import { currencySymbol, storeTyped } from "~/domain/currency";
import { getPageCurrency } from "~/server/features/currency.server";
import { createUserLoadout, onceForForm } from "~/server/features/loadouts/loadouts.server";
import { getSessionUser } from "~/server/auth/session.server";
import { answeringDatabaseFailures, failedForm } from "~/server/http/action-failures.server";
import { readCappedFormData } from "~/server/http/form-body.server";
import { newFormKey, postedFormKey } from "~/server/http/form-key.server";
import { formRefusal, formReply, parseForm } from "~/server/http/form-reply.server";

const LOGIN_HREF = loginPath("/loadouts/new");
/** The page's one form, named in its replies. */
const INTENT = "create";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const [user, { rate }] = await Promise.all([getSessionUser(context), getPageCurrency(context, request)]);
  // A fresh key on every load: the form posted twice makes one loadout (ADR 090). The budget is typed in the page's currency.
  return { signedIn: user !== null, formKey: user ? newFormKey() : null, currencySign: currencySymbol(rate.currency) };
}

export const action = answeringDatabaseFailures(createLoadout, (failure) => failedForm(failure, LOADOUT_MESSAGES.saveFailed, { intent: INTENT }));

async function createLoadout({ request, context }: ActionFunctionArgs) {
  const currencyPromise = getPageCurrency(context, request);
  const user = await getSessionUser(context);
  if (!user) return redirect(LOGIN_HREF);
  const body = await readCappedFormData(request);
  if (!body.ok) return formRefusal(INTENT, body.message, body.status);
  const submission = parseForm(body.form, createLoadoutSchema);
  if (submission.status !== "success") return formReply(INTENT, submission.reply());
  const formKey = postedFormKey(body.form, FORM_KEY_FIELD);
  // The budget was typed in the page's currency: stored in US cents, with what was typed.
  const { budget } = submission.value;
  const values = {
    title: submission.value.title,
    description: submission.value.description,
    budget: budget === null ? null : storeTyped(budget, (await currencyPromise).rate),
    formKey,
  };
  const id = await onceForForm(context.db, user.id, formKey, () => createUserLoadout(context.db, user.id, values));
  if (id === "limit") return formReply(INTENT, submission.reply({ formErrors: [LIMIT_MESSAGES.loadouts] }), { status: 409 });
  if (typeof id === "object") return redirect(id.repeated === null ? "/loadouts" : `/loadouts/edit/${id.repeated}?notice=already-created`);
  return redirect(`/loadouts/edit/${id}?notice=created`);
}

// The form's code (Conform, the form kit) loads once the page has hydrated (ADR 097).
const NewLoadoutForm = lazyPart("NewLoadoutForm", () => import("~/components/NewLoadoutForm").then((module) => module.NewLoadoutForm));

export default function NewLoadoutPage() {
  const { signedIn, formKey, currencySign } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  if (!signedIn) {
    return (
      <div className="mx-auto max-w-md space-y-4 text-center">
        <h1 className="text-2xl font-bold">Create New Loadout</h1>
        <p className="text-muted">{LOADOUT_MESSAGES.loginToCreate}</p>
        <Link to={LOGIN_HREF} className={`${buttonClass} inline-block`}>
          Log in
        </Link>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-xl space-y-6">
      <h1 className="text-2xl font-bold">Create New Loadout</h1>
      <NewLoadoutForm formKey={formKey} currencySign={currencySign} result={reply?.result} />
    </div>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Create New Loadout", description: "Plan a T and CT loadout within a budget.", path: "/loadouts/new", noindex: true });
