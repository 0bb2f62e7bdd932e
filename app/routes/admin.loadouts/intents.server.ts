// The official loadouts page's intents, one function each: the refusal to show (or a repeated
// post's answer), or null once done.
import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { parseId } from "~/domain/ids";
import { LOADOUT_MESSAGES } from "~/domain/loadouts";
import { FORM_KEY_FIELD } from "~/forms/form-key";
import { officialLoadoutSchema } from "~/forms/official-loadout";
import { createOfficialLoadout, deleteOfficialLoadout, updateOfficialLoadout } from "~/server/features/loadouts/admin-loadouts.server";
import { officialLoadoutPages } from "~/server/http/edge-cache-plan.server";
import { failedForm, TRY_AGAIN, type ActionFailure } from "~/server/http/action-failures.server";
import { formText } from "~/server/http/form-body.server";
import { postedFormKey } from "~/server/http/form-key.server";
import { formRefusal, formReply, parseForm } from "~/server/http/form-reply.server";

const SAVE_FAILED = LOADOUT_MESSAGES.officialSaveFailed;
const DELETE_FAILED = LOADOUT_MESSAGES.officialDeleteFailed;

/** A save or delete the database failed (`answeringDatabaseFailures`): the spec's message, the form as typed. */
export function failedIntent(failure: ActionFailure) {
  return failedForm(failure, failure.intent === "save" ? SAVE_FAILED : failure.intent === "delete" ? DELETE_FAILED : TRY_AGAIN);
}

/** intent "save": creates a loadout, or updates the one named by `id`. */
export async function saveIntent(context: AppLoadContext, form: FormData, adminId: string) {
  const submission = parseForm(form, officialLoadoutSchema);
  if (submission.status !== "success") {
    // Spec section 5: the missing title is also announced as an alert above the form.
    const errors = submission.error ?? {};
    const first = errors.title?.[0] ?? Object.values(errors).flat()[0] ?? SAVE_FAILED;
    return formReply("save", submission.reply({ formErrors: [first] }));
  }
  const { id, title, description } = submission.value;
  const input = { title, description: description ?? null };
  if (id === undefined) {
    const created = await createOfficialLoadout(context.db, input, adminId, postedFormKey(form, FORM_KEY_FIELD));
    // The same form posted again (a double click without JavaScript): the first post created it.
    if (created === "repeated") return redirect("/admin/loadouts?notice=already-created");
    // Its page may be kept as a 404 (a visitor who guessed the next id), like any id used again.
    context.purgeEdgeCache(officialLoadoutPages(created));
    return null;
  }
  if (!(await updateOfficialLoadout(context.db, id, input))) return formReply("save", submission.reply({ formErrors: [SAVE_FAILED] }), { status: 404 });
  context.purgeEdgeCache(officialLoadoutPages(id));
  return null;
}

/** intent "delete": the loadout named by `id`, with its slots. */
export async function deleteIntent(context: AppLoadContext, form: FormData) {
  const id = parseId(formText(form, "id"));
  if (id === null || !(await deleteOfficialLoadout(context.db, id))) return formRefusal("delete", DELETE_FAILED, 404);
  context.purgeEdgeCache(officialLoadoutPages(id));
  return null;
}
