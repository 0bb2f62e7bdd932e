import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { ConfirmDialog } from "~/components/ConfirmDialog";
import { NotFound } from "~/components/NotFound";
import { buttonClass, Notice } from "~/components/basics";
import { LoadoutSlots, LoadoutTotalsPanel, SideToggle } from "~/components/LoadoutSlots";
import { pageMeta } from "~/components/page-meta";
import { LIMIT_MESSAGES } from "~/domain/limits";
import { loginPath } from "~/domain/same-site-path";
import { formatDollars } from "~/domain/money";
import { buildLoadoutView, LOADOUT_MESSAGES, loadoutKindOf, parseLoadoutId, parseSide, SIDE_LABELS } from "~/domain/loadouts";
import { noticeText } from "~/domain/notices";
import { replyError } from "~/forms/reply";
import { copyOfficialLoadout, deleteUserLoadout, loadoutQuery, loadoutSlotsQuery, loadoutWearsQuery } from "~/server/features/loadouts/loadouts.server";
import { getSessionUser } from "~/server/auth/session.server";
import { readCappedFormData } from "~/server/http/form-body.server";
import { formRefusal } from "~/server/http/form-reply.server";
import { answeringDatabaseFailures, TRY_AGAIN } from "~/server/http/action-failures.server";

function notFound() {
  return data({ loadout: null } as const, { status: 404 });
}

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const { db } = context;
  const userPromise = getSessionUser(context);
  const kind = loadoutKindOf(params.loadoutType);
  const id = parseLoadoutId(params.loadoutId);
  if (!kind || id === null) {
    await userPromise;
    return notFound();
  }
  const [rows, slots, wears] = await context.load([loadoutQuery(db, kind, id), loadoutSlotsQuery(db, kind, id), loadoutWearsQuery(db, kind, id)]);
  const user = await userPromise;
  const row = rows[0];
  // A user loadout is visible to its owner only; to anyone else it does not exist.
  if (!row || (kind === "user" && row.ownerId !== user?.id)) return notFound();
  const url = new URL(request.url);
  const isOwner = kind === "user";
  return {
    loadout: { id: row.id, kind, title: row.title, description: row.description, budgetCents: row.budgetCents },
    view: buildLoadoutView(slots, wears, row.budgetCents),
    side: parseSide(url.searchParams.get("side")),
    signedIn: user !== null,
    isOwner,
    confirmDelete: isOwner && url.searchParams.get("dialog") === "delete",
    notice: noticeText("loadouts", url.searchParams.get("notice")),
  };
}

export const action = answeringDatabaseFailures(copyOrDelete, ({ intent }) =>
  formRefusal(intent, intent === "copy" ? LOADOUT_MESSAGES.copyFailed : intent === "delete" ? LOADOUT_MESSAGES.deleteFailed : TRY_AGAIN, 503),
);

async function copyOrDelete({ params, request, context }: ActionFunctionArgs) {
  const user = await getSessionUser(context);
  const kind = loadoutKindOf(params.loadoutType);
  const id = parseLoadoutId(params.loadoutId);
  const body = await readCappedFormData(request);
  const intent = String((body.ok && body.form.get("intent")) || "");
  if (!kind || id === null) return formRefusal(intent, LOADOUT_MESSAGES.notFound, 404);
  if (!user) return redirect(loginPath(`/loadouts/${kind}/${id}`));

  if (intent === "copy" && kind === "official") {
    const copyId = await copyOfficialLoadout(context.db, user.id, id);
    if (copyId === null) return formRefusal(intent, LOADOUT_MESSAGES.notFound, 404);
    if (copyId === "limit") return formRefusal(intent, LIMIT_MESSAGES.loadouts, 409);
    return redirect(`/loadouts/user/${copyId}?notice=copied`);
  }

  if (intent === "delete" && kind === "user") {
    if (!(await deleteUserLoadout(context.db, user.id, id))) return formRefusal(intent, LOADOUT_MESSAGES.notFound, 404);
    return redirect("/loadouts?notice=deleted");
  }

  return formRefusal(intent, "Unknown action.", 400);
}

export default function LoadoutPage() {
  const loaded = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const error = replyError(actionData);
  const copying = useNavigation().formData?.get("intent") === "copy";

  if (!loaded.loadout) return <NotFound heading={LOADOUT_MESSAGES.notFound} backHref="/loadouts" backLabel="Back to Loadouts" />;
  const { loadout, view, side, signedIn, isOwner, confirmDelete, notice } = loaded;
  const path = `/loadouts/${loadout.kind}/${loadout.id}`;
  const sideHref = (s: "t" | "ct") => (s === "ct" ? `${path}?side=ct` : path);

  return (
    <article className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <p className="text-sm text-muted">
            <Link to="/loadouts" className="hover:text-accent">
              Loadouts
            </Link>{" "}
            · {loadout.kind === "official" ? "Official loadout" : "Your loadout"}
          </p>
          <h1 className="break-words text-3xl font-bold">{loadout.title}</h1>
          {loadout.description ? <p className="mt-2 whitespace-pre-line text-muted">{loadout.description}</p> : null}
          {loadout.budgetCents !== null ? <p className="mt-1 text-sm">Budget: {formatDollars(loadout.budgetCents)}</p> : null}
        </div>
        <div className="flex flex-wrap gap-2">
          {loadout.kind === "official" ? (
            signedIn ? (
              <Form method="post">
                <input type="hidden" name="intent" value="copy" />
                <button type="submit" className={buttonClass} disabled={copying}>
                  {copying ? "Saving..." : "Save Loadout"}
                </button>
              </Form>
            ) : (
              <Link
                to={loginPath(path)}
                className="rounded-md border border-line px-4 py-2 font-semibold hover:border-accent"
              >
                Log in to save this loadout
              </Link>
            )
          ) : null}
          {isOwner ? (
            <>
              <Link to={`/loadouts/edit/${loadout.id}`} className={buttonClass}>
                Edit
              </Link>
              <Link
                to={`${path}?dialog=delete${side === "ct" ? "&side=ct" : ""}`}
                preventScrollReset
                className="rounded-md border border-red-600 px-4 py-2 font-semibold text-red-300 hover:bg-red-950"
              >
                Delete
              </Link>
            </>
          ) : null}
        </div>
      </div>

      {notice ? <Notice>{notice}</Notice> : null}
      {error && actionData?.intent !== "delete" ? <Notice tone="error">{error}</Notice> : null}
      {confirmDelete ? (
        <ConfirmDialog
          title="Delete loadout"
          message={LOADOUT_MESSAGES.deleteConfirm}
          confirmLabel="Delete"
          pendingLabel="Deleting..."
          cancelHref={sideHref(side)}
          intent="delete"
          error={actionData?.intent === "delete" ? error : null}
        />
      ) : null}

      <LoadoutTotalsPanel totals={view.totals} side={side} budgetCents={loadout.budgetCents} />

      <SideToggle side={side} hrefFor={sideHref} />

      <section aria-labelledby="side-heading">
        <h2 id="side-heading" className="mb-3 text-xl font-bold">
          {SIDE_LABELS[side]}
        </h2>
        <LoadoutSlots slots={view.slots} side={side} />
      </section>
    </article>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) => {
  const loadout = data?.loadout;
  if (!loadout)
    return pageMeta(matches, { title: "Loadout not found", description: LOADOUT_MESSAGES.notFound, path: location.pathname, noindex: true });
  return pageMeta(matches, {
    title: loadout.title,
    description: loadout.description ?? `${loadout.title}: a full T and CT loadout with prices.`,
    path: `/loadouts/${loadout.kind}/${loadout.id}`,
    noindex: loadout.kind === "user",
  });
};
