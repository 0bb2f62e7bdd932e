import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AdminEditorFrame, AdminList } from "~/components/AdminList";
import { NotFound } from "~/components/NotFound";
import { pageMeta } from "~/components/page-meta";
import { formatDate } from "~/domain/dates";
import { parseId } from "~/domain/ids";
import { MAX_IMAGE_BYTES } from "~/domain/images";
import { noticeText } from "~/domain/notices";
import { MAX_STICKERS } from "~/domain/sticker-crafts";
import { replyError } from "~/forms/reply";
import { DELETE_FAILED, SAVE_FAILED } from "~/forms/sticker-craft";
import { requireAdmin } from "~/server/auth/guards.server";
import { deleteCraftAsAdmin } from "~/server/features/community-crafts.server";
import { allCraftsQuery } from "~/server/features/sticker-crafts.server";
import { stickerCraftPages } from "~/server/http/edge-cache-plan.server";
import { formText, readCappedFormData } from "~/server/http/form-body.server";
import { formRefusal } from "~/server/http/form-reply.server";
import { CraftEditor } from "./CraftEditor";
import { isDatabaseFailure } from "~/server/db/failures.server";
import { answeringDatabaseFailures } from "~/server/http/action-failures.server";
import { craftFailure, emptyEditor, loadEditor, pickSkin, pickSticker, saveCraft, searchSkins, searchStickers, type EditorExtra } from "./editor.server";

const PAGE = "/admin/sticker-crafts";
const BACK = "Back to the sticker crafts";
/** Every image field full, plus room for the text fields. */
const MAX_FORM_BYTES = (2 + MAX_STICKERS) * MAX_IMAGE_BYTES + 512 * 1024;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const editId = parseId(url.searchParams.get("edit"));
  const deleteId = parseId(url.searchParams.get("delete"));
  // Asked in the same tick as the session, so the page is one round trip; shown only to an admin.
  const admin = requireAdmin(context);
  const list = context.load([allCraftsQuery(context.db)]);
  const editor = editId ? loadEditor(context, editId) : Promise.resolve(url.searchParams.has("new") ? emptyEditor() : null);
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
    },
    { status: editId !== null && page === null ? 404 : 200, headers: { "Cache-Control": "private, no-store" } },
  );
}

export const action = answeringDatabaseFailures(craftAction, craftFailure);

async function craftAction({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(context);
  const body = await readCappedFormData(request, MAX_FORM_BYTES);
  if (!body.ok) return formRefusal<EditorExtra>("", body.status === 413 ? `${SAVE_FAILED}: ${body.message}` : body.message, body.status);
  const form = body.form;
  const intent = formText(form, "intent");
  const [verb, first, second] = intent.split(":");

  if (verb === "delete") {
    const id = parseId(formText(form, "id"));
    // A community craft's deletion is a moderation decision: logged, and its author is mailed.
    const deleted = id !== null && (await deleteCraftAsAdmin(context, id, admin.id, null));
    if (!deleted) return formRefusal<EditorExtra>(intent, DELETE_FAILED, 404);
    context.purgeEdgeCache(stickerCraftPages(id));
    return redirect(`${PAGE}?notice=deleted`);
  }
  if (verb === "save") {
    try {
      const outcome = await saveCraft(context, form, admin.id);
      if (outcome.status === "refused") return outcome.reply;
      context.purgeEdgeCache(stickerCraftPages(outcome.id));
      return redirect(`${PAGE}?notice=saved`);
    } catch (error) {
      // A database failure is answered (and logged) around the whole action; this is R2's.
      if (isDatabaseFailure(error)) throw error;
      console.error(error);
      return craftFailure({ intent, form });
    }
  }
  const position = Number(first);
  const validPosition = Number.isInteger(position) && position >= 1 && position <= MAX_STICKERS;
  if (verb === "search-skin") return searchSkins(context, intent, form);
  if (verb === "pick-skin" && first) return pickSkin(context, intent, form, first);
  if (verb === "search-sticker" && validPosition) return searchStickers(context, intent, form, position);
  if (verb === "pick-sticker" && validPosition && /^[0-9]{1,9}$/.test(second ?? "")) return pickSticker(context, intent, form, position, Number(second));
  return formRefusal<EditorExtra>(intent, "Unknown action.", 400);
}

export default function AdminStickerCrafts() {
  const { crafts, editor, editMissing, confirmDelete, notice } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  // A submit of the editor (a search, a pick, a refused save) shows it again with what was typed.
  const replied = reply?.editor ? { ...reply, editor: reply.editor } : undefined;

  if (editMissing) return <NotFound heading="Sticker craft not found." backHref={PAGE} backLabel={BACK} />;
  if (editor || replied) {
    const view = replied?.editor ?? editor!.view;
    return (
      <AdminEditorFrame page={PAGE} backLabel={BACK}>
        <CraftEditor
          // Mounted afresh when a reply changes the values, so the fields show what the server picked.
          key={JSON.stringify(replied?.result.initialValue ?? editor?.values.id ?? "new")}
          storedName={editor?.storedName ?? null}
          view={view}
          defaultValue={editor?.values}
          result={replied?.result}
          results={replied?.results}
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
      deleteMessage="Are you sure you want to delete this sticker craft? This action cannot be undone."
      headerLinks={[{ href: `${PAGE}/queue`, label: "Moderation queue" }]}
    />
  );
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Admin: Sticker Crafts", description: "Create, edit and delete sticker crafts.", path: PAGE, noindex: true });
