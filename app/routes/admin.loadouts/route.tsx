import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AdminEditorFrame, AdminList } from "~/components/AdminList";
import { lazyPart } from "~/components/lazy-part";
import { NotFound } from "~/components/NotFound";
import { pageMeta } from "~/components/page-meta";
import { formatDate } from "~/domain/dates";
import { parseId } from "~/domain/ids";
import { LOADOUT_MESSAGES } from "~/domain/loadouts";
import { noticeText } from "~/domain/notices";
import { replyError, resultFor } from "~/forms/reply";
import { requireAdmin } from "~/server/auth/guards.server";
import { officialLoadoutListQuery, officialLoadoutQuery } from "~/server/features/loadouts/admin-loadouts.server";
import { formText, knownIntent, readCappedFormData } from "~/server/http/form-body.server";
import { newFormKey } from "~/server/http/form-key.server";
import { formRefusal } from "~/server/http/form-reply.server";
import { answeringDatabaseFailures } from "~/server/http/action-failures.server";
import { deleteIntent, failedIntent, saveIntent } from "./intents.server";

const PAGE = "/admin/loadouts";
const BACK = "Back to the official loadouts";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const editId = parseId(url.searchParams.get("edit"));
  const deleteId = parseId(url.searchParams.get("delete"));
  // Asked in the same tick as the session, so the page is one round trip; shown only to an admin.
  const admin = requireAdmin(context, request);
  const reads = context.load([officialLoadoutListQuery(context.db), officialLoadoutQuery(context.db, editId ?? 0)]);
  await admin;
  const [rows, found] = await reads;
  const editing = editId === null ? null : (found[0] ?? null);
  return data(
    {
      loadouts: rows.map((l) => ({ ...l, updatedAt: l.updatedAt.getTime() })),
      editor: editing ?? (url.searchParams.has("new") ? { id: null, title: "", description: null } : null),
      /** A new loadout's form key, fresh on every load: posted twice, the form creates one (ADR 090). */
      formKey: editing === null && url.searchParams.has("new") ? newFormKey() : null,
      editMissing: editId !== null && !editing,
      confirmDelete: rows.find((l) => l.id === deleteId) ?? null,
      notice: noticeText("adminLoadouts", url.searchParams.get("notice")),
    },
    { status: editId !== null && !editing ? 404 : 200 },
  );
}

export const action = answeringDatabaseFailures(saveOrDelete, failedIntent);

async function saveOrDelete({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(context, request);
  const body = await readCappedFormData(request);
  if (!body.ok) return formRefusal("", body.message, body.status);
  const intent = formText(body.form, "intent");
  switch (knownIntent(intent, ["save", "delete"])) {
    case "save":
      return (await saveIntent(context, body.form, admin.id)) ?? redirect(`${PAGE}?notice=saved`);
    case "delete":
      return (await deleteIntent(context, body.form)) ?? redirect(`${PAGE}?notice=deleted`);
    default:
      return formRefusal(intent, "Unknown action.", 400);
  }
}

// The editor's code (Conform, the form kit) loads apart, once the page has hydrated (ADR 097).
const OfficialLoadoutForm = lazyPart("OfficialLoadoutForm", () => import("./OfficialLoadoutForm").then((module) => module.OfficialLoadoutForm));

export default function AdminLoadouts() {
  const { loadouts, editor, editMissing, confirmDelete, notice, formKey } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const saveResult = resultFor(reply, "save");

  if (editMissing) return <NotFound heading={LOADOUT_MESSAGES.notFound} backHref={PAGE} backLabel={BACK} />;
  // A refused save shows the form again with what was typed.
  if (editor || saveResult) {
    return (
      <AdminEditorFrame page={PAGE} backLabel={BACK}>
        <OfficialLoadoutForm key={editor?.id ?? "new"} stored={editor} formKey={formKey} result={saveResult} />
      </AdminEditorFrame>
    );
  }
  return (
    <AdminList
      page={PAGE}
      heading="Official Loadouts"
      newLabel="New official loadout"
      listHeading="All official loadouts"
      emptyText="No official loadouts yet."
      testId="admin-loadout"
      items={loadouts.map((loadout) => ({
        id: loadout.id,
        name: loadout.title,
        summary: `${loadout.slots} slots filled · updated ${formatDate(loadout.updatedAt)}`,
        viewHref: `/loadouts/official/${loadout.id}`,
        moreLinks: [
          {
            href: `${PAGE}/${loadout.id}/edit`,
            label: (
              <>
                Edit slots<span className="sr-only"> of {loadout.title}</span>
              </>
            ),
          },
        ],
      }))}
      notice={notice}
      error={replyError(reply)}
      confirmDelete={confirmDelete ? { id: confirmDelete.id, name: confirmDelete.title } : null}
      deleteMessage={LOADOUT_MESSAGES.deleteConfirm}
    />
  );
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Admin: Official Loadouts", description: "Create, edit and delete the official loadouts.", path: PAGE, noindex: true });
