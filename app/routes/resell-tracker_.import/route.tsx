import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { lazyPart } from "~/components/lazy-part";
import { pageMeta } from "~/components/page-meta";
import { TrackerPage } from "~/components/TrackerPage";
import { IMPORT_MAX_BYTES, IMPORT_MAX_ITEMS } from "~/domain/inventory-import";
import { loginPath } from "~/domain/same-site-path";
import { todayIn } from "~/domain/trade-lock";
import { IMPORT_INTENTS, IMPORT_MESSAGES } from "~/forms/resell-import-texts";
import { revalidateUnlessReadOnly } from "~/forms/reply";
import { getSessionUser, requestOwner } from "~/server/auth/session.server";
import { trackerCountQuery } from "~/server/features/resell/import.server";
import { requestTimeZone } from "~/server/features/resell/time-zone.server";
import { answeringDatabaseFailures, failedForm } from "~/server/http/action-failures.server";
import { formText, knownIntent, readCappedFormData } from "~/server/http/form-body.server";
import { formRefusal } from "~/server/http/form-reply.server";
import { fitting, importIntent, previewIntent, type ImportExtra } from "./intents.server";

const PAGE = "/resell-tracker/import";
/** Room in the body beside an uploaded inventory (the preview) or for the choices of a full preview (1,000 rows of price and date). */
const CHOICES_ROOM = 128 * 1024;
/** The fields of a full preview's form: three per row (tick, price, date) and a few of the form's own. */
const IMPORT_MAX_FIELDS = IMPORT_MAX_ITEMS * 3 + 16;

/** Step 1: paste or upload the inventory. Signed-in only; a visitor is sent to log in. */
export async function loader({ context }: LoaderFunctionArgs) {
  const userPromise = getSessionUser(context);
  const countPromise = context.sessionId ? context.load([trackerCountQuery(context.db, requestOwner(context))]) : Promise.resolve([[]] as const);
  const [user, [counted]] = await Promise.all([userPromise, countPromise]);
  if (!user) throw redirect(loginPath(PAGE));
  return data({ fit: fitting(counted[0]?.n ?? 0) });
}

export const shouldRevalidate = revalidateUnlessReadOnly;

export const action = answeringDatabaseFailures(importAction, (failure) => failedForm<ImportExtra>(failure, IMPORT_MESSAGES.failed, { hide: ["text"] }));

async function importAction({ request, context }: ActionFunctionArgs) {
  const [user, body] = await Promise.all([getSessionUser(context), readCappedFormData(request, IMPORT_MAX_BYTES + CHOICES_ROOM, IMPORT_MAX_FIELDS)]);
  const posted = formText(body.ok ? body.form : null, "intent");
  if (!user) return redirect(loginPath(PAGE), 303);
  if (!body.ok) return formRefusal<ImportExtra>(posted, body.status === 413 ? IMPORT_MESSAGES.tooLarge : body.message, body.status);
  const post = { context, userId: user.id, form: body.form, today: todayIn(Date.now(), requestTimeZone(request)) };
  const intent = knownIntent(posted, IMPORT_INTENTS);
  switch (intent) {
    case "preview":
      return previewIntent(post);
    case "import":
      return importIntent(post);
    default:
      return formRefusal<ImportExtra>(posted, "Unknown action.", 400);
  }
}

// The two steps' forms work as the server's HTML; their code (Conform, the form kit) loads once the
// page has hydrated (ADR 097), or at once when a preview's reply brings the second step in place.
const SourceForm = lazyPart("SourceForm", () => import("~/components/ImportForms").then((module) => module.SourceForm));
const PreviewForm = lazyPart("PreviewForm", () => import("~/components/ImportForms").then((module) => module.PreviewForm));

export default function ImportPage() {
  const { fit } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const preview = reply?.preview;
  return (
    <TrackerPage title="Import Inventory">
      {preview ? (
        <PreviewForm key={preview.formKey} preview={preview} lastResult={reply?.intent === "import" ? reply.result : undefined} />
      ) : (
        <SourceForm fit={fit} lastResult={reply?.result} />
      )}
    </TrackerPage>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Import Inventory", description: "Import a Steam inventory or a resell tracker CSV as trackers.", path: PAGE, noindex: true });
