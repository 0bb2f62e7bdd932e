import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { buttonClass, Notice } from "~/components/basics";
import { LoadoutDetailsFields } from "~/components/LoadoutDetailsFields";
import { pageMeta } from "~/components/page-meta";
import { loginPath } from "~/domain/same-site-path";
import { LOADOUT_MESSAGES } from "~/domain/loadouts";
import { createLoadoutSchema } from "~/forms/loadouts";
import { createUserLoadout } from "~/server/features/loadouts/loadouts.server";
import { getSessionUser } from "~/server/auth/session.server";
import { readCappedFormData } from "~/server/http/form-body.server";

const LOGIN_HREF = loginPath("/loadouts/new");

type ActionResult = { formError?: string; fieldErrors?: Record<string, string[] | null>; values?: Record<string, string> };

export async function loader({ context }: LoaderFunctionArgs) {
  const user = await getSessionUser(context);
  return { signedIn: user !== null };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await getSessionUser(context);
  if (!user) return redirect(LOGIN_HREF);
  const body = await readCappedFormData(request);
  if (!body.ok) return data({ formError: body.message } satisfies ActionResult, { status: body.status });
  const form = body.form;
  const submission = parseWithZod(form, { schema: createLoadoutSchema });
  if (submission.status !== "success") {
    const values = Object.fromEntries(["title", "description", "budget"].map((name) => [name, String(form.get(name) ?? "").slice(0, 2000)]));
    return data({ fieldErrors: submission.error ?? {}, values } satisfies ActionResult, { status: 400 });
  }
  const id = await createUserLoadout(context.db, user.id, {
    title: submission.value.title,
    description: submission.value.description,
    budgetCents: submission.value.budget,
  });
  return redirect(`/loadouts/edit/${id}?notice=created`);
}

export default function NewLoadoutPage() {
  const { signedIn } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as ActionResult | undefined;
  const busy = useNavigation().state === "submitting";
  // With JavaScript the shared schema checks before sending; without it the server does the same.
  const [form, fields] = useForm({
    id: "create-loadout",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: createLoadoutSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const errors = {
    title: fields.title.errors ?? result?.fieldErrors?.title,
    description: fields.description.errors ?? result?.fieldErrors?.description,
    budget: fields.budget.errors ?? result?.fieldErrors?.budget,
  };

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
      {result?.formError ? <Notice tone="error">{result.formError}</Notice> : null}
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <LoadoutDetailsFields defaults={result?.values} errors={errors} />
        <div className="flex flex-wrap gap-2">
          <button type="submit" className={buttonClass} disabled={busy}>
            {busy ? "Creating..." : "Create Loadout"}
          </button>
          <Link to="/loadouts" className="rounded-md border border-line px-4 py-2 font-semibold hover:border-accent">
            Back
          </Link>
        </div>
      </Form>
    </div>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Create New Loadout", description: "Plan a T and CT loadout within a budget.", path: "/loadouts/new", noindex: true });
