import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { Breadcrumb, buttonClass, Notice } from "~/components/basics";
import { lazyPart } from "~/components/lazy-part";
import { pageMeta } from "~/components/page-meta";
import { COMMUNITY_LIMIT_MESSAGES, CRAFT_STATUS_LABELS, submissionLimitReached } from "~/domain/community-crafts";
import { parseId } from "~/domain/ids";
import { loginPath } from "~/domain/same-site-path";
import { communityCraftSchema, deleteOwnCraftSchema } from "~/forms/community-craft";
import { COMMUNITY_CRAFT_FORM, EMPTY_CRAFT_VIEW, type CraftFormExtra } from "~/forms/craft-form";
import { replyError, revalidateUnlessReadOnly } from "~/forms/reply";
import { SAVE_FAILED } from "~/forms/sticker-craft-texts";
import { getSessionUser, requestOwner } from "~/server/auth/session.server";
import { deleteOwnCraft, submissionCountsQuery } from "~/server/features/community-crafts.server";
import { answerCraftForm, craftFormFailure, loadCraftForm } from "~/server/features/craft-form.server";
import { answeringDatabaseFailures } from "~/server/http/action-failures.server";
import { stickerCraftPages } from "~/server/http/edge-cache-plan.server";
import { formText, readCappedFormData } from "~/server/http/form-body.server";
import { newFormKey } from "~/server/http/form-key.server";
import { formConstraint } from "~/server/http/form-constraints.server";
import { formRefusal, parseForm } from "~/server/http/form-reply.server";

const PAGE = "/sticker-crafts/submit";
const MODE = COMMUNITY_CRAFT_FORM;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const editParam = url.searchParams.get("edit");
  const editId = parseId(editParam);
  // The session, the edited craft and the limits go to D1 in one batch.
  const userPromise = getSessionUser(context);
  const editedPromise = editId && context.sessionId ? loadCraftForm(context, MODE, editId) : Promise.resolve(null);
  const countsPromise =
    editParam === null && context.sessionId
      ? context.load([submissionCountsQuery(context.db, requestOwner(context), Date.now())]).then(([rows]) => rows[0])
      : Promise.resolve(undefined);
  const [user, edited, counts] = await Promise.all([userPromise, editedPromise, countsPromise]);
  if (!user) return data({ signedIn: false as const, loginHref: loginPath(`${url.pathname}${url.search}`) });
  // Another player's craft, a published one or none at all: nothing to edit here.
  if (editParam !== null && (!edited?.craft || edited.craft.status === "published")) {
    return data({ signedIn: true as const, missing: true as const }, { status: 404 });
  }
  // The limit the player has reached already, for the page to say before they fill the form in.
  const reached = counts ? submissionLimitReached(counts) : null;
  return data({
    signedIn: true as const,
    missing: false as const,
    edited,
    limit: reached ? COMMUNITY_LIMIT_MESSAGES[reached] : null,
    constraint: formConstraint(communityCraftSchema),
    /** Fresh on every load: the form posted twice submits once (ADR 090). */
    formKey: newFormKey(),
  });
}

export const shouldRevalidate = revalidateUnlessReadOnly;

export const action = answeringDatabaseFailures(submitAction, craftFormFailure(MODE));

async function submitAction({ request, context }: ActionFunctionArgs) {
  const user = await getSessionUser(context);
  if (!user) return redirect(loginPath(PAGE));
  const body = await readCappedFormData(request, MODE.maxBytes);
  if (!body.ok) return formRefusal<CraftFormExtra>("", body.status === 413 ? `${SAVE_FAILED}: ${body.message}` : body.message, body.status);
  const form = body.form;
  const intent = formText(form, "intent");
  return answerCraftForm(
    { context, mode: MODE, userId: user.id, intent, form },
    {
      remove: async () => {
        const submission = parseForm(form, deleteOwnCraftSchema);
        const deleted = submission.status === "success" ? await deleteOwnCraft(context.db, context.env.IMAGES, submission.value.id, user.id) : null;
        if (!deleted || submission.status !== "success") return formRefusal<CraftFormExtra>(intent, "Sticker craft not found.", 404);
        if (deleted.status === "published") context.purgeEdgeCache(stickerCraftPages(submission.value.id, deleted.stickerIds));
        return redirect("/profile?tab=crafts&notice=craft-deleted");
      },
      // The same form posted again (a double click without JavaScript): the first post submitted it.
      saved: (_id, repeated) => redirect(`/profile?tab=crafts&notice=${repeated ? "craft-already-submitted" : "craft-submitted"}`),
    },
  );
}

// The form's code (Conform, the form kit, its checks) loads once the page has hydrated (ADR 097).
const CommunityCraftEditor = lazyPart("CommunityCraftEditor", () => import("~/components/CraftEditors").then((module) => module.CommunityCraftEditor));

export default function SubmitCraftPage() {
  const loaded = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();

  if (!loaded.signedIn) {
    return (
      <div className="mx-auto max-w-md space-y-4 text-center">
        <h1 className="text-2xl font-bold">Submit a craft</h1>
        <p className="text-muted">Log in to submit your sticker craft for review.</p>
        <Link to={loaded.loginHref} className={`${buttonClass} inline-block`}>
          Go to Login
        </Link>
      </div>
    );
  }
  if (loaded.missing) {
    return (
      <section className="space-y-4">
        <h1 className="text-2xl font-bold">Sticker craft not found.</h1>
        <p className="text-muted">Only your own crafts that are pending or rejected can be edited.</p>
        <Link to="/profile?tab=crafts" className="text-accent hover:underline">
          Back to My Crafts
        </Link>
      </section>
    );
  }
  const { edited, limit, formKey, constraint } = loaded;
  const craft = edited?.craft;
  // A delete refused from My Crafts is shown above the form; every other reply belongs to the form.
  const answer = reply && "view" in reply ? reply : undefined;
  return (
    <div className="space-y-6">
      <div>
        <Breadcrumb trail={[{ to: "/sticker-crafts", label: "Sticker Crafts" }]} />
        <h1 className="text-3xl font-bold">{craft ? `Edit “${craft.name}”` : "Submit a craft"}</h1>
        <p className="mt-1 text-muted">
          {craft
            ? `${CRAFT_STATUS_LABELS[craft.status]}. Your changes go back to the moderators, who publish or reject the craft.`
            : "Moderators review every craft before it appears in the gallery. You can follow it in My Crafts on your profile."}
        </p>
      </div>
      {limit ? <Notice tone="info">{limit}</Notice> : null}
      {reply?.intent === "delete" ? <Notice tone="error">{replyError(reply)}</Notice> : null}
      <CommunityCraftEditor
        mode={MODE}
        view={answer?.view ?? edited?.view ?? EMPTY_CRAFT_VIEW}
        defaultValue={edited?.values}
        lastResult={answer?.result}
        results={answer?.results}
        constraint={constraint}
        resubmit={Boolean(craft)}
        formKey={formKey}
      />
    </div>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Submit a craft", description: "Submit your sticker craft for the community gallery.", path: PAGE, noindex: true });
