import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { lazyPart } from "~/components/lazy-part";
import { editorShouldRevalidate } from "~/components/loadout-editor/revalidate";
import { NotFound } from "~/components/NotFound";
import { pageMeta } from "~/components/page-meta";
import { LOADOUT_MESSAGES, parseLoadoutId } from "~/domain/loadouts";
import { requireAdmin } from "~/server/auth/guards.server";
import { officialLoadoutPages } from "~/server/http/edge-cache-plan.server";
import { editorAction, loadEditor } from "~/server/features/loadouts/loadout-editor.server";
import { answeringDatabaseFailures, failedForm } from "~/server/http/action-failures.server";
import { formRefusal } from "~/server/http/form-reply.server";

/**
 * The admin's slot editor for an official loadout: the same editor as user loadouts (one
 * component and one server half, two callers); only admins may open it or post to it.
 */
const LIST = "/admin/loadouts";
const editPath = (id: number) => `${LIST}/${id}/edit`;

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const id = parseLoadoutId(params.id);
  // The session and the loadout are asked in the same tick, so the page is one round trip.
  const [, editor] = await Promise.all([requireAdmin(context, request), id === null ? null : loadEditor(context, "official", id, request)]);
  if (!editor) return data({ editor: null }, { status: 404 });
  return data({ editor: editor.page });
}

export const action = answeringDatabaseFailures(editOfficialLoadout, (failure) => failedForm(failure, LOADOUT_MESSAGES.officialSaveFailed));

async function editOfficialLoadout({ params, request, context }: ActionFunctionArgs) {
  await requireAdmin(context, request);
  const id = parseLoadoutId(params.id);
  if (id === null) return formRefusal("", LOADOUT_MESSAGES.editForbidden, 404);
  const result = await editorAction(context, request, {
    target: { kind: "official", id },
    basePath: editPath(id),
    // The list has no sides to keep.
    afterSave: () => `${LIST}?notice=saved`,
    mayEdit: () => true,
  });
  // Every step may have changed a slot that visitors see.
  context.purgeEdgeCache(officialLoadoutPages(id));
  return result;
}

export const shouldRevalidate = editorShouldRevalidate;

// The editor's code (its forms with Conform, the picker) loads apart, once the page has hydrated (ADR 097).
const LoadoutEditor = lazyPart("LoadoutEditor", () => import("~/components/loadout-editor/LoadoutEditor").then((module) => module.LoadoutEditor));

export default function AdminEditOfficialLoadout() {
  const { editor } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  if (!editor) {
    return <NotFound heading={LOADOUT_MESSAGES.notFound} backHref={LIST} backLabel="Back to the official loadouts" />;
  }
  return (
    <LoadoutEditor data={editor} basePath={editPath(editor.loadout.id)} backHref={LIST} heading="Edit Official Loadout" showBudget={false} result={result} />
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) =>
  pageMeta(matches, {
    title: data?.editor ? `Admin: Edit ${data.editor.loadout.title}` : "Loadout not found",
    description: "Pick a skin for every slot of an official loadout.",
    path: location.pathname,
    noindex: true,
  });
