import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AdminEditorFrame, AdminList } from "~/components/AdminList";
import { lazyPart } from "~/components/lazy-part";
import { NotFound } from "~/components/NotFound";
import { pageMeta } from "~/components/page-meta";
import { formatDate } from "~/domain/dates";
import { parseId } from "~/domain/ids";
import { noticeText } from "~/domain/notices";
import { OFFICIAL_CRAFT_FORM, type CraftFormExtra } from "~/forms/craft-form";
import { replyError, revalidateUnlessReadOnly } from "~/forms/reply";
import { DELETE_CONFIRM, DELETE_FAILED, SAVE_FAILED } from "~/forms/sticker-craft-texts";
import { requireAdmin } from "~/server/auth/guards.server";
import { deleteCraftAsAdmin } from "~/server/features/community-crafts.server";
import { answerCraftForm, craftFormFailure, emptyCraftForm, loadCraftForm } from "~/server/features/craft-form.server";
import { allCraftsQuery } from "~/server/features/sticker-crafts.server";
import { answeringDatabaseFailures } from "~/server/http/action-failures.server";
import { stickerCraftPages } from "~/server/http/edge-cache-plan.server";
import { formText, readCappedFormData } from "~/server/http/form-body.server";
import { newFormKey } from "~/server/http/form-key.server";
import { formRefusal } from "~/server/http/form-reply.server";

const PAGE = "/admin/sticker-crafts";
const BACK = "Back to the sticker crafts";
const MODE = OFFICIAL_CRAFT_FORM;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const editId = parseId(url.searchParams.get("edit"));
  const deleteId = parseId(url.searchParams.get("delete"));
  // Asked in the same tick as the session, so the page is one round trip; shown only to an admin.
  const admin = requireAdmin(context, request);
  const list = context.load([allCraftsQuery(context.db)]);
  const editor = editId ? loadCraftForm(context, MODE, editId) : Promise.resolve(url.searchParams.has("new") ? emptyCraftForm() : null);
  await admin;
  const [[rows], page] = await Promise.all([list, editor]);
  const crafts = rows.map((c) => ({
    id: c.id,
    name: c.name,
    skinName: c.skinName,
    hasIngame: Boolean(c.ingameImage),
    hasPlacement: Boolean(c.placementImage),
    updatedAt: c.updatedAt.getTime(),
  }));
  return data(
    {
      crafts,
      editor: page,
      editMissing: editId !== null && page === null,
      confirmDelete: crafts.find((c) => c.id === deleteId) ?? null,
      notice: noticeText("adminCrafts", url.searchParams.get("notice")),
      /** A new craft's form key, fresh on every load: posted twice, the form creates one (ADR 090). */
      formKey: editId === null && url.searchParams.has("new") ? newFormKey() : null,
    },
    { status: editId !== null && page === null ? 404 : 200 },
  );
}

export const shouldRevalidate = revalidateUnlessReadOnly;

export const action = answeringDatabaseFailures(craftAction, craftFormFailure(MODE));

async function craftAction({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(context, request);
  const body = await readCappedFormData(request, MODE.maxBytes);
  if (!body.ok) return formRefusal<CraftFormExtra>("", body.status === 413 ? `${SAVE_FAILED}: ${body.message}` : body.message, body.status);
  const form = body.form;
  const intent = formText(form, "intent");
  return answerCraftForm(
    { context, mode: MODE, userId: admin.id, intent, form },
    {
      remove: async () => {
        const id = parseId(formText(form, "id"));
        // A community craft's deletion is a moderation decision: logged, and its author is mailed.
        const deleted = id === null ? null : await deleteCraftAsAdmin(context, id, admin.id, null);
        if (id === null || !deleted) return formRefusal<CraftFormExtra>(intent, DELETE_FAILED, 404);
        context.purgeEdgeCache(stickerCraftPages(id, deleted.stickerIds));
        return redirect(`${PAGE}?notice=deleted`);
      },
      saved: (id, repeated, stickerIds) => {
        context.purgeEdgeCache(stickerCraftPages(id, stickerIds));
        // The same form posted again (a double click without JavaScript): the first post created it.
        return redirect(`${PAGE}?notice=${repeated ? "already-created" : "saved"}`);
      },
    },
  );
}

// The editor's code (Conform, the form kit) loads once the page has hydrated (ADR 097).
const OfficialCraftEditor = lazyPart("OfficialCraftEditor", () => import("~/components/CraftEditors").then((module) => module.OfficialCraftEditor));

export default function AdminStickerCrafts() {
  const { crafts, editor, editMissing, confirmDelete, notice, formKey } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  // A submit of the editor (a search, a pick, a refused save) shows it again with what was typed.
  const replied = reply && "view" in reply ? reply : undefined;

  if (editMissing) return <NotFound heading="Sticker craft not found." backHref={PAGE} backLabel={BACK} />;
  if (editor || replied) {
    const typedName = replied?.result.initialValue?.name;
    const craftId = editor?.craft?.id ?? replied?.result.initialValue?.id;
    return (
      <AdminEditorFrame page={PAGE} backLabel={BACK}>
        <h1 id="editor-heading" className="text-2xl font-bold">
          {craftId ? `Edit “${editor?.craft?.name ?? (typeof typedName === "string" ? typedName : "")}”` : "New sticker craft"}
        </h1>
        <OfficialCraftEditor
          mode={MODE}
          view={replied?.view ?? editor!.view}
          defaultValue={editor?.values}
          lastResult={replied?.result}
          results={replied?.results}
          labelledBy="editor-heading"
          formKey={formKey ?? undefined}
        />
      </AdminEditorFrame>
    );
  }
  return (
    <AdminList
      page={PAGE}
      heading="Sticker Crafts"
      newLabel="New sticker craft"
      listHeading="All crafts"
      emptyText="No Sticker Crafts Yet"
      testId="admin-craft"
      items={crafts.map((craft) => ({
        id: craft.id,
        name: craft.name,
        summary: `${craft.skinName} · ${craft.hasIngame ? "in-game image" : "no in-game image"} · ${craft.hasPlacement ? "placement guide" : "no placement guide"} · updated ${formatDate(craft.updatedAt)}`,
        viewHref: `/sticker-crafts/${craft.id}`,
      }))}
      notice={notice}
      error={replyError(reply)}
      confirmDelete={confirmDelete}
      deleteMessage={DELETE_CONFIRM}
      headerLinks={[{ href: `${PAGE}/queue`, label: "Moderation queue" }]}
    />
  );
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Admin: Sticker Crafts", description: "Create, edit and delete sticker crafts.", path: PAGE, noindex: true });
