import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { lazyPart } from "~/components/lazy-part";
import { editorShouldRevalidate } from "~/components/loadout-editor/revalidate";
import { NotFound } from "~/components/NotFound";
import { pageMeta } from "~/components/page-meta";
import { loginPath } from "~/domain/same-site-path";
import { LOADOUT_MESSAGES, parseLoadoutId } from "~/domain/loadouts";
import { noticeText } from "~/domain/notices";
import { editorAction, loadEditor } from "~/server/features/loadouts/loadout-editor.server";
import { answeringDatabaseFailures, failedForm } from "~/server/http/action-failures.server";
import { formRefusal } from "~/server/http/form-reply.server";
import { getSessionUser } from "~/server/auth/session.server";

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const userPromise = getSessionUser(context);
  const id = parseLoadoutId(params.id);
  const url = new URL(request.url);
  const editor = id === null ? null : await loadEditor(context, "user", id, request);
  const user = await userPromise;
  if (!user) throw redirect(loginPath(url.pathname + url.search));
  // Someone else's loadout answers exactly as a missing one.
  if (!editor || editor.row.ownerId !== user.id) return data({ editor: null, notice: null }, { status: 404 });
  return { editor: editor.page, notice: noticeText("loadouts", url.searchParams.get("notice")) };
}

export const action = answeringDatabaseFailures(editLoadout, (failure) => failedForm(failure, LOADOUT_MESSAGES.saveFailed));

async function editLoadout({ params, request, context }: ActionFunctionArgs) {
  const user = await getSessionUser(context);
  const id = parseLoadoutId(params.id);
  if (!user) return redirect(loginPath(new URL(request.url).pathname));
  if (id === null) return formRefusal("", LOADOUT_MESSAGES.editForbidden, 404);
  return editorAction(context, request, {
    target: { kind: "user", id, userId: user.id },
    basePath: `/loadouts/edit/${id}`,
    // Back on the side the editor showed.
    afterSave: (side) => `/loadouts/user/${id}?notice=saved${side === "ct" ? "&side=ct" : ""}`,
    mayEdit: (row) => row.ownerId === user.id,
  });
}

export const shouldRevalidate = editorShouldRevalidate;

// The editor's code (its forms with Conform, the picker) loads once the page has hydrated (ADR 097).
const LoadoutEditor = lazyPart("LoadoutEditor", () => import("~/components/loadout-editor/LoadoutEditor").then((module) => module.LoadoutEditor));

export default function EditLoadoutPage() {
  const { editor, notice } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  if (!editor) {
    return <NotFound heading={LOADOUT_MESSAGES.editNotFound} backHref="/loadouts" backLabel="Back to Loadouts" />;
  }
  return (
    <LoadoutEditor
      data={editor}
      basePath={`/loadouts/edit/${editor.loadout.id}`}
      backHref="/loadouts"
      heading="Edit Loadout"
      showBudget
      result={result}
      notice={notice}
    />
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) =>
  pageMeta(matches, {
    title: data?.editor ? `Edit ${data.editor.loadout.title}` : "Loadout not found",
    description: "Pick a skin for every slot of your loadout.",
    path: location.pathname,
    noindex: true,
  });
