import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { Breadcrumb, buttonClass, Notice } from "~/components/basics";
import { pageMeta } from "~/components/page-meta";
import { CRAFT_STATUS_LABELS } from "~/domain/community-crafts";
import { parseId } from "~/domain/ids";
import { MAX_IMAGE_BYTES } from "~/domain/images";
import { loginPath } from "~/domain/same-site-path";
import { MAX_STICKERS, STICKER_POSITIONS } from "~/domain/sticker-crafts";
import { deleteOwnCraftSchema } from "~/forms/community-craft";
import { getSessionUser } from "~/server/auth/session.server";
import { isDatabaseFailure } from "~/server/db/failures.server";
import { deleteOwnCraft } from "~/server/features/community-crafts.server";
import { stickerCraftPages } from "~/server/http/edge-cache-plan.server";
import { answeringDatabaseFailures } from "~/server/http/action-failures.server";
import { formText, readCappedFormData } from "~/server/http/form-body.server";
import { formRefusal, parseForm } from "~/server/http/form-reply.server";
import { SubmitCraftForm } from "./SubmitCraftForm";
import { replyError } from "~/forms/reply";
import { SAVE_FAILED } from "~/forms/sticker-craft";
import {
  loadOwnCraft,
  pickSkin,
  pickSticker,
  reachedLimit,
  searchSkins,
  searchStickers,
  submitCraft,
  submitFailure,
  submitReply,
  type SubmitExtra,
} from "./submit.server";

const PAGE = "/sticker-crafts/submit";
/** Both image fields full, plus room for the text fields. */
const MAX_FORM_BYTES = 2 * MAX_IMAGE_BYTES + 512 * 1024;
const PRIVATE = { "Cache-Control": "private, no-store" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const editParam = url.searchParams.get("edit");
  const editId = parseId(editParam);
  // The session, the edited craft and the limits go to D1 in one batch.
  const userPromise = getSessionUser(context);
  const editedPromise = editId && context.sessionId ? loadOwnCraft(context, editId) : Promise.resolve(null);
  const limitPromise = editParam === null && context.sessionId ? reachedLimit(context) : Promise.resolve(null);
  const [user, edited, limit] = await Promise.all([userPromise, editedPromise, limitPromise]);
  if (!user) return data({ signedIn: false as const, loginHref: loginPath(`${url.pathname}${url.search}`) }, { headers: PRIVATE });
  // Another player's craft, a published one or none at all: nothing to edit here.
  if (editParam !== null && (!edited || edited.status === "published")) {
    return data({ signedIn: true as const, missing: true as const }, { status: 404, headers: PRIVATE });
  }
  return data({ signedIn: true as const, missing: false as const, edited, limit }, { headers: PRIVATE });
}

export const action = answeringDatabaseFailures(submitAction, submitFailure);

async function submitAction({ request, context }: ActionFunctionArgs) {
  const user = await getSessionUser(context);
  if (!user) return redirect(loginPath(PAGE));
  const body = await readCappedFormData(request, MAX_FORM_BYTES);
  if (!body.ok) return formRefusal<SubmitExtra>("", body.status === 413 ? `${SAVE_FAILED}: ${body.message}` : body.message, body.status);
  const form = body.form;
  const intent = formText(form, "intent");
  const [verb, first, second] = intent.split(":");

  if (verb === "delete") {
    const submission = parseForm(form, deleteOwnCraftSchema);
    const deleted = submission.status === "success" ? await deleteOwnCraft(context.db, context.env.IMAGES, submission.value.id, user.id) : null;
    if (!deleted || submission.status !== "success") return formRefusal<SubmitExtra>(intent, "Sticker craft not found.", 404);
    if (deleted.status === "published") context.purgeEdgeCache(stickerCraftPages(submission.value.id));
    return redirect("/profile?tab=crafts&notice=craft-deleted");
  }
  if (verb === "submit") {
    try {
      const outcome = await submitCraft(context, form, user.id);
      if (outcome.status === "submitted") return redirect("/profile?tab=crafts&notice=craft-submitted");
      return submitReply(intent, outcome.reply, outcome.httpStatus);
    } catch (error) {
      // A database failure is answered (and logged) around the whole action; this is R2's.
      if (isDatabaseFailure(error)) throw error;
      console.error(error);
      return submitFailure({ intent, form });
    }
  }
  const position = Number(first);
  const validPosition = Number.isInteger(position) && position >= 1 && position <= MAX_STICKERS;
  if (verb === "search-skin") return submitReply(intent, await searchSkins(context, form));
  if (verb === "pick-skin" && first) return submitReply(intent, await pickSkin(context, form, first));
  if (verb === "search-sticker" && validPosition) return submitReply(intent, await searchStickers(context, form, position));
  if (verb === "clear-sticker" && validPosition) return submitReply(intent, await pickSticker(context, form, position, null));
  if (verb === "pick-sticker" && validPosition && /^[1-9][0-9]{0,8}$/.test(second ?? "")) {
    return submitReply(intent, await pickSticker(context, form, position, Number(second)));
  }
  return formRefusal<SubmitExtra>(intent, "Unknown action.", 400);
}

const EMPTY_CHOSEN = { skin: null, stickers: STICKER_POSITIONS.map(() => null), ingameImage: null, placementImage: null, owned: false };

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
  const { edited, limit } = loaded;
  // A delete refused from My Crafts is shown above the form; every other reply belongs to the form.
  const answer = reply?.intent === "delete" ? undefined : reply;
  return (
    <div className="space-y-6">
      <div>
        <Breadcrumb trail={[{ to: "/sticker-crafts", label: "Sticker Crafts" }]} />
        <h1 className="text-3xl font-bold">{edited ? `Edit “${edited.defaults.name}”` : "Submit a craft"}</h1>
        <p className="mt-1 text-muted">
          {edited
            ? `${CRAFT_STATUS_LABELS[edited.status]}. Your changes go back to the moderators, who publish or reject the craft.`
            : "Moderators review every craft before it appears in the gallery. You can follow it in My Crafts on your profile."}
        </p>
      </div>
      {limit ? <Notice tone="info">{limit}</Notice> : null}
      {reply?.intent === "delete" ? <Notice tone="error">{replyError(reply)}</Notice> : null}
      <SubmitCraftForm
        editing={edited ? { id: edited.id, version: edited.version } : null}
        defaults={edited?.defaults ?? { name: "", description: "", externalCraftLink: "" }}
        lastResult={answer?.result}
        chosen={answer?.chosen ?? edited?.chosen ?? EMPTY_CHOSEN}
        results={answer?.results}
      />
    </div>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Submit a craft", description: "Submit your sticker craft for the community gallery.", path: PAGE, noindex: true });
