import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Notice } from "~/components/basics";
import { pageMeta } from "~/components/page-meta";
import { formatDate } from "~/domain/dates";
import { stickerCraftPages } from "~/server/http/edge-cache-plan.server";
import { MAX_IMAGE_BYTES } from "~/domain/images";
import { MAX_STICKERS} from "~/domain/sticker-crafts";
import { parseId } from "~/domain/ids";
import { noticeText } from "~/domain/notices";
import { requireAdmin } from "~/server/auth/guards.server";
import { allCraftsQuery, deleteCraft } from "~/server/features/sticker-crafts.server";
import { readCappedFormData } from "~/server/http/form-body.server";
import { CraftEditor } from "./CraftEditor";
import { emptyEditor, loadEditor, pickSkin, pickSticker, SAVE_FAILED, saveCraft, searchSkins, searchStickers, type EditorReply } from "./editor.server";

const PAGE = "/admin/sticker-crafts";
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
  const [[rows], values] = await Promise.all([list, editor]);
  const crafts = rows.map((c) => ({ id: c.id, name: c.name, skinName: c.skinName, hasIngame: Boolean(c.ingameImage), hasPlacement: Boolean(c.placementImage), updatedAt: c.updatedAt.getTime() }));
  return data(
    {
      crafts,
      editor: values,
      editMissing: editId !== null && values === null,
      confirmDelete: crafts.find((c) => c.id === deleteId) ?? null,
      notice: noticeText("adminCrafts", url.searchParams.get("notice")),
    },
    { status: editId !== null && values === null ? 404 : 200, headers: { "Cache-Control": "private, no-store" } },
  );
}

type ActionReply = EditorReply & { intent: string };

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(context);
  const body = await readCappedFormData(request, MAX_FORM_BYTES);
  if (!body.ok) {
    const message = body.status === 413 ? `${SAVE_FAILED}: ${body.message}` : body.message;
    return data({ intent: "error", formError: message }, { status: body.status });
  }
  const form = body.form;
  const intent = String(form.get("intent") ?? "");
  const [verb, first, second] = intent.split(":");

  if (verb === "delete") {
    const id = parseId(String(form.get("id") ?? ""));
    const deleted = id !== null && (await deleteCraft(context.db, context.env.IMAGES, id));
    if (!deleted) return data({ intent, formError: "Error deleting sticker craft" }, { status: 404 });
    context.purgeEdgeCache(stickerCraftPages(id));
    return redirect(`${PAGE}?notice=deleted`);
  }
  if (verb === "save") {
    try {
      const outcome = await saveCraft(context, form, admin.id);
      if (outcome.status === "saved") {
        context.purgeEdgeCache(stickerCraftPages(outcome.id));
        return redirect(`${PAGE}?notice=saved`);
      }
      return data({ intent, ...outcome.reply } satisfies ActionReply, { status: outcome.httpStatus });
    } catch (error) {
      console.error(error);
      return data({ intent, formError: SAVE_FAILED }, { status: 503 });
    }
  }
  const position = Number(first);
  const validPosition = Number.isInteger(position) && position >= 1 && position <= MAX_STICKERS;
  if (verb === "search-skin") return data({ intent, ...(await searchSkins(context, form)) } satisfies ActionReply);
  if (verb === "pick-skin" && first) return data({ intent, ...(await pickSkin(context, form, first)) } satisfies ActionReply);
  if (verb === "search-sticker" && validPosition) return data({ intent, ...(await searchStickers(context, form, position)) } satisfies ActionReply);
  if (verb === "pick-sticker" && validPosition && /^[0-9]{1,9}$/.test(second ?? "")) {
    return data({ intent, ...(await pickSticker(context, form, position, Number(second))) } satisfies ActionReply);
  }
  return data({ intent, formError: "Unknown action." }, { status: 400 });
}

function CraftList({ crafts }: { crafts: ReturnType<typeof useLoaderData<typeof loader>>["crafts"] }) {
  if (crafts.length === 0) return <p className="text-muted">No Sticker Crafts Yet</p>;
  return (
    <ul className="divide-y divide-line rounded-lg border border-line bg-panel">
      {crafts.map((craft) => (
        <li key={craft.id} className="flex flex-wrap items-center gap-3 p-3" data-testid="admin-craft">
          <div className="min-w-0 flex-1">
            <h3 className="font-semibold">{craft.name}</h3>
            <p className="text-sm text-muted">
              {craft.skinName} · {craft.hasIngame ? "in-game image" : "no in-game image"} · {craft.hasPlacement ? "placement guide" : "no placement guide"} · updated{" "}
              {formatDate(craft.updatedAt)}
            </p>
          </div>
          <Link to={`/sticker-crafts/${craft.id}`} className="rounded-md border border-line px-3 py-1.5 text-sm hover:border-accent">
            View<span className="sr-only"> {craft.name}</span>
          </Link>
          <Link to={`${PAGE}?edit=${craft.id}`} className="rounded-md border border-line px-3 py-1.5 text-sm hover:border-accent">
            Edit<span className="sr-only"> {craft.name}</span>
          </Link>
          <Link to={`${PAGE}?delete=${craft.id}`} className="rounded-md border border-red-700 px-3 py-1.5 text-sm text-red-300 hover:bg-red-950">
            Delete<span className="sr-only"> {craft.name}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

export default function AdminStickerCrafts() {
  const { crafts, editor, editMissing, confirmDelete, notice } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as Partial<ActionReply> | undefined;
  const busy = useNavigation().state !== "idle";

  if (editMissing) {
    return (
      <section className="space-y-4">
        <h1 className="text-2xl font-bold">Sticker craft not found.</h1>
        <Link to={PAGE} className="text-accent hover:underline">
          Back to the sticker crafts
        </Link>
      </section>
    );
  }
  // A submit of the editor (a search, a pick, a refused save) shows it again with what was typed.
  const editing = reply?.values ?? editor;
  if (editing) {
    return (
      <div className="space-y-4">
        <Link to={PAGE} className="text-sm text-accent hover:underline">
          Back to the sticker crafts
        </Link>
        <CraftEditor key={editing.id ?? "new"} initial={editor ?? editing} reply={reply?.values ? { ...reply, values: reply.values } : undefined} formError={reply?.formError} busy={busy} />
      </div>
    );
  }
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <p className="text-sm text-muted">
            <Link to="/admin" className="hover:text-accent">
              Admin Dashboard
            </Link>
          </p>
          <h1 className="text-2xl font-bold">Sticker Crafts</h1>
        </div>
        <Link to={`${PAGE}?new`} className="rounded-md bg-accent px-4 py-2 font-semibold text-black hover:opacity-90">
          New sticker craft
        </Link>
      </div>
      {notice ? <Notice>{notice}</Notice> : null}
      {reply?.formError ? <Notice tone="error">{reply.formError}</Notice> : null}
      {confirmDelete ? (
        <section aria-labelledby="confirm-heading" className="space-y-3 rounded-lg border border-red-700 bg-panel p-4">
          <h2 id="confirm-heading" className="font-semibold">
            Delete “{confirmDelete.name}”?
          </h2>
          <p>Are you sure you want to delete this sticker craft? This action cannot be undone.</p>
          <Form method="post" action={PAGE} className="flex gap-3">
            <input type="hidden" name="id" value={confirmDelete.id} />
            <button type="submit" name="intent" value="delete" disabled={busy} className="rounded-md bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-600 disabled:opacity-50">
              {busy ? "Deleting..." : "Delete"}
            </button>
            <Link to={PAGE} className="rounded-md border border-line px-4 py-2 font-semibold hover:border-accent">
              Cancel
            </Link>
          </Form>
        </section>
      ) : null}
      <section aria-labelledby="list-heading" className="space-y-3">
        <h2 id="list-heading" className="text-xl font-bold">
          All crafts ({crafts.length})
        </h2>
        <CraftList crafts={crafts} />
      </section>
    </div>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Admin: Sticker Crafts", description: "Create, edit and delete sticker crafts.", path: PAGE, noindex: true });
