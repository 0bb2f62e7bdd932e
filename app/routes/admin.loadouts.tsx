import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { Notice } from "~/components/basics";
import { FieldErrors } from "~/components/forms";
import { pageMeta } from "~/components/page-meta";
import { useHydrated } from "~/components/useHydrated";
import { formatDate } from "~/domain/dates";
import { officialLoadoutPages } from "~/server/http/edge-cache-plan.server";
import { parseId } from "~/domain/ids";
import { noticeText } from "~/domain/notices";
import { officialLoadoutSchema, TITLE_REQUIRED } from "~/forms/official-loadout";
import {
  createOfficialLoadout,
  deleteOfficialLoadout,
  officialLoadoutListQuery,
  officialLoadoutQuery,
  updateOfficialLoadout,
} from "~/server/features/loadouts/admin-loadouts.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { readCappedFormData } from "~/server/http/form-body.server";

const PAGE = "/admin/loadouts";
const SAVE_FAILED = "Error saving loadout";
const DELETE_FAILED = "Error deleting loadout";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const editId = parseId(url.searchParams.get("edit"));
  const deleteId = parseId(url.searchParams.get("delete"));
  // Asked in the same tick as the session, so the page is one round trip; shown only to an admin.
  const admin = requireAdmin(context);
  const reads = context.load([officialLoadoutListQuery(context.db), officialLoadoutQuery(context.db, editId ?? 0)]);
  await admin;
  const [rows, found] = await reads;
  const editing = editId === null ? null : (found[0] ?? null);
  return data(
    {
      loadouts: rows.map((l) => ({ ...l, updatedAt: l.updatedAt.getTime() })),
      editor: editing ?? (url.searchParams.has("new") ? { id: null, title: "", description: null } : null),
      editMissing: editId !== null && !editing,
      confirmDelete: rows.find((l) => l.id === deleteId) ?? null,
      notice: noticeText("adminLoadouts", url.searchParams.get("notice")),
    },
    { status: editId !== null && !editing ? 404 : 200, headers: { "Cache-Control": "private, no-store" } },
  );
}

interface ActionReply {
  intent: string;
  formError?: string;
  fieldErrors?: Record<string, string[] | null>;
  values?: { id: number | null; title: string; description: string };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(context);
  const body = await readCappedFormData(request);
  if (!body.ok) return data({ intent: "error", formError: body.message } satisfies ActionReply, { status: body.status });
  const form = body.form;
  const intent = String(form.get("intent") ?? "");

  if (intent === "delete") {
    const id = parseId(String(form.get("id") ?? ""));
    if (id === null || !(await deleteOfficialLoadout(context.db, id))) {
      return data({ intent, formError: DELETE_FAILED } satisfies ActionReply, { status: 404 });
    }
    context.purgeEdgeCache(officialLoadoutPages(id));
    return redirect(`${PAGE}?notice=deleted`);
  }

  if (intent === "save") {
    const submission = parseWithZod(form, { schema: officialLoadoutSchema });
    const values = {
      id: parseId(String(form.get("id") ?? "")),
      title: String(form.get("title") ?? "").slice(0, 200),
      description: String(form.get("description") ?? "").slice(0, 2000),
    };
    if (submission.status !== "success") {
      const errors = submission.error ?? {};
      const first = errors.title?.[0] ?? Object.values(errors).flat()[0] ?? SAVE_FAILED;
      return data({ intent, formError: first, fieldErrors: errors, values } satisfies ActionReply, { status: 400 });
    }
    const { id, title, description } = submission.value;
    const input = { title, description: description ?? null };
    if (id === undefined) {
      await createOfficialLoadout(context.db, input, admin.id);
    } else if (!(await updateOfficialLoadout(context.db, id, input))) {
      return data({ intent, formError: SAVE_FAILED, values } satisfies ActionReply, { status: 404 });
    }
    context.purgeEdgeCache(officialLoadoutPages(id ?? null));
    return redirect(`${PAGE}?notice=saved`);
  }

  return data({ intent, formError: "Unknown action." } satisfies ActionReply, { status: 400 });
}

function LoadoutEditor({ initial, reply, busy }: { initial: { id: number | null; title: string; description: string | null }; reply?: ActionReply; busy: boolean }) {
  const values = reply?.values ?? { id: initial.id, title: initial.title, description: initial.description ?? "" };
  const hydrated = useHydrated();
  const [title, setTitle] = useState(values.title);
  // With JavaScript, Save waits for a title; without it the server answers 'Title is required'.
  const canSave = !hydrated || title.trim() !== "";
  const titleErrors = reply?.fieldErrors?.title;
  return (
    <Form method="post" className="max-w-2xl space-y-4" aria-labelledby="editor-heading">
      <h1 id="editor-heading" className="text-2xl font-bold">
        {initial.id ? `Edit “${initial.title}”` : "New official loadout"}
      </h1>
      {reply?.formError ? <Notice tone="error">{reply.formError}</Notice> : null}
      {values.id ? <input type="hidden" name="id" value={values.id} /> : null}
      <div>
        <label htmlFor="title" className="mb-1 block text-sm font-medium">
          Title
        </label>
        <input
          id="title"
          name="title"
          defaultValue={values.title}
          onChange={(event) => setTitle(event.currentTarget.value)}
          aria-required="true"
          aria-invalid={titleErrors?.length ? true : undefined}
          aria-describedby={titleErrors?.length ? "title-errors" : undefined}
          className="w-full rounded-md border border-line bg-panel-2 px-3 py-2"
        />
        <FieldErrors id="title-errors" errors={titleErrors} />
      </div>
      <div>
        <label htmlFor="description" className="mb-1 block text-sm font-medium">
          Description
        </label>
        <textarea id="description" name="description" rows={4} defaultValue={values.description} className="w-full rounded-md border border-line bg-panel-2 px-3 py-2" />
        <FieldErrors id="description-errors" errors={reply?.fieldErrors?.description} />
      </div>
      {!canSave ? <p className="text-sm text-muted">{TITLE_REQUIRED}.</p> : null}
      <button
        type="submit"
        name="intent"
        value="save"
        disabled={!canSave || busy}
        className="rounded-md bg-accent px-4 py-2 font-semibold text-black hover:opacity-90 disabled:cursor-not-allowed disabled:opacity-50"
      >
        {busy ? "Saving..." : "Save loadout"}
      </button>
    </Form>
  );
}

export default function AdminLoadouts() {
  const { loadouts, editor, editMissing, confirmDelete, notice } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as ActionReply | undefined;
  const busy = useNavigation().state !== "idle";

  if (editMissing) {
    return (
      <section className="space-y-4">
        <h1 className="text-2xl font-bold">Loadout not found.</h1>
        <Link to={PAGE} className="text-accent hover:underline">
          Back to the official loadouts
        </Link>
      </section>
    );
  }
  const editing = reply?.values ?? editor;
  if (editing) {
    return (
      <div className="space-y-4">
        <Link to={PAGE} className="text-sm text-accent hover:underline">
          Back to the official loadouts
        </Link>
        <LoadoutEditor key={editing.id ?? "new"} initial={editor ?? editing} reply={reply} busy={busy} />
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
          <h1 className="text-2xl font-bold">Official Loadouts</h1>
        </div>
        <Link to={`${PAGE}?new`} className="rounded-md bg-accent px-4 py-2 font-semibold text-black hover:opacity-90">
          New official loadout
        </Link>
      </div>
      {notice ? <Notice>{notice}</Notice> : null}
      {reply?.formError ? <Notice tone="error">{reply.formError}</Notice> : null}
      {confirmDelete ? (
        <section aria-labelledby="confirm-heading" className="space-y-3 rounded-lg border border-red-700 bg-panel p-4">
          <h2 id="confirm-heading" className="font-semibold">
            Delete “{confirmDelete.title}”?
          </h2>
          <p>Are you sure you want to delete this loadout? This action cannot be undone.</p>
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
          All official loadouts ({loadouts.length})
        </h2>
        {loadouts.length === 0 ? (
          <p className="text-muted">No official loadouts yet.</p>
        ) : (
          <ul className="divide-y divide-line rounded-lg border border-line bg-panel">
            {loadouts.map((loadout) => (
              <li key={loadout.id} className="flex flex-wrap items-center gap-3 p-3" data-testid="admin-loadout">
                <div className="min-w-0 flex-1">
                  <h3 className="font-semibold">{loadout.title}</h3>
                  <p className="text-sm text-muted">
                    {loadout.slots} slots filled · updated {formatDate(loadout.updatedAt)}
                  </p>
                </div>
                <Link to={`/loadouts/official/${loadout.id}`} className="rounded-md border border-line px-3 py-1.5 text-sm hover:border-accent">
                  View<span className="sr-only"> {loadout.title}</span>
                </Link>
                <Link to={`${PAGE}?edit=${loadout.id}`} className="rounded-md border border-line px-3 py-1.5 text-sm hover:border-accent">
                  Edit<span className="sr-only"> {loadout.title}</span>
                </Link>
                <Link to={`${PAGE}/${loadout.id}/edit`} className="rounded-md border border-line px-3 py-1.5 text-sm hover:border-accent">
                  Edit slots<span className="sr-only"> of {loadout.title}</span>
                </Link>
                <Link to={`${PAGE}?delete=${loadout.id}`} className="rounded-md border border-red-700 px-3 py-1.5 text-sm text-red-300 hover:bg-red-950">
                  Delete<span className="sr-only"> {loadout.title}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Admin: Official Loadouts", description: "Create, edit and delete the official loadouts.", path: PAGE, noindex: true });
