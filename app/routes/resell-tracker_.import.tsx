import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { lazyPart } from "~/components/lazy-part";
import type { Preview } from "~/components/ImportForms";
import { pageMeta } from "~/components/page-meta";
import { TrackerPage } from "~/components/TrackerPage";
import {
  catalogueKeys,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ITEMS,
  importIdentities,
  matchImport,
  parseImport,
  type ImportLine,
  type ImportMatch,
} from "~/domain/inventory-import";
import { ACCOUNT_LIMITS } from "~/domain/limits";
import { dollarsToCents } from "~/domain/money";
import { loginPath } from "~/domain/same-site-path";
import { todayIn } from "~/domain/trade-lock";
import { importSchema, previewSchema } from "~/forms/resell-import";
import { IMPORT_FORM, IMPORT_INTENTS, IMPORT_MESSAGES } from "~/forms/resell-import-texts";
import { SALE_MESSAGES } from "~/forms/sale-texts";
import { FORM_KEY_FIELD } from "~/forms/form-key";
import { revalidateUnlessReadOnly } from "~/forms/reply";
import { TRACKER_MESSAGES } from "~/forms/resell-texts";
import { getSessionUser, requestOwner } from "~/server/auth/session.server";
import { importDraftLines, importQueries, importSkins, importTrackers, saveImportDraft, trackerCountQuery } from "~/server/features/resell/import.server";
import { requestTimeZone } from "~/server/features/resell/time-zone.server";
import { answeringDatabaseFailures, failedForm } from "~/server/http/action-failures.server";
import { formText, knownIntent, readCappedFormData } from "~/server/http/form-body.server";
import { newFormKey, postedFormKey } from "~/server/http/form-key.server";
import { formRefusal, formReply, parseForm } from "~/server/http/form-reply.server";

const PAGE = "/resell-tracker/import";
/** Where a repeated import lands: where its first post did, saying why nothing more was imported. */
const REPEATED = "/resell-tracker?notice=already-imported";
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

const fitting = (trackers: number) => Math.max(0, ACCOUNT_LIMITS.trackers - trackers);

/** The preview carried by the action's replies (`Preview`, beside the forms that render it). */
type ImportExtra = { preview: Preview };

export const shouldRevalidate = revalidateUnlessReadOnly;

export const action = answeringDatabaseFailures(importAction, (failure) => failedForm<ImportExtra>(failure, IMPORT_MESSAGES.failed, { hide: ["text"] }));

async function importAction({ request, context }: ActionFunctionArgs) {
  const [user, body] = await Promise.all([getSessionUser(context), readCappedFormData(request, IMPORT_MAX_BYTES + CHOICES_ROOM, IMPORT_MAX_FIELDS)]);
  const posted = formText(body.ok ? body.form : null, "intent");
  if (!user) return redirect(loginPath(PAGE), 303);
  if (!body.ok) return formRefusal<ImportExtra>(posted, body.status === 413 ? IMPORT_MESSAGES.tooLarge : body.message, body.status);
  const intent = knownIntent(posted, IMPORT_INTENTS);
  if (!intent) return formRefusal<ImportExtra>(posted, "Unknown action.", 400);
  const form = body.form;

  const today = todayIn(Date.now(), requestTimeZone(request));
  const formKey = intent === "import" ? postedFormKey(form, FORM_KEY_FIELD) : newFormKey();
  let lines: ImportLine[];
  if (intent === "preview") {
    const submission = parseForm(form, previewSchema);
    if (submission.status !== "success") return formReply<ImportExtra>(intent, submission.reply());
    const source = await postedInventory(form);
    if ("refusal" in source) return formRefusal<ImportExtra>(intent, source.refusal.message, source.refusal.status);
    if (new TextEncoder().encode(source.text).byteLength > IMPORT_MAX_BYTES) return formRefusal<ImportExtra>(intent, IMPORT_MESSAGES.tooLarge, 413);
    if (source.text.trim() === "") return formRefusal<ImportExtra>(intent, IMPORT_MESSAGES.empty, 400);
    const parsed = parseImport(source.text);
    if (!parsed.ok) return formRefusal<ImportExtra>(intent, parsed.message, 400);
    lines = parsed.lines;
  } else {
    // The preview's lines, kept under its form's key (ADR 096): the post carries the choices only.
    const kept = formKey === null ? null : await importDraftLines(context.db, user.id, formKey);
    if (!kept) return formRefusal<ImportExtra>(intent, IMPORT_MESSAGES.expired, 400);
    lines = kept;
  }

  // The catalogue, the owner's count, the assets and CSV rows tracked already and what this form
  // imported already in one round trip; everything is matched again on Import.
  const keys = { ...catalogueKeys(lines), ...importIdentities(lines) };
  const [found, wears, variantPrices, counted, tracked, imported] = await context.load(
    importQueries(context.db, user.id, keys, intent === "import" ? formKey : null),
  );
  // The same form posted again (a double click without JavaScript, Back and send): the first post imported it.
  if (imported.length > 0) return redirect(REPEATED, 303);
  const preview: Preview = {
    rows: matchImport(lines, importSkins(found, wears, variantPrices), today, {
      assetIds: new Set(tracked.flatMap(({ assetId }) => (assetId === null ? [] : [assetId]))),
      exportKeys: new Set(tracked.map(({ exportKey }) => exportKey)),
    }),
    fit: fitting(counted[0]?.n ?? 0),
    formKey: formKey!,
  };
  const extra = { preview };
  if (intent === "preview") {
    await saveImportDraft(context.db, user.id, preview.formKey, lines);
    // What a preview wrote is for its own Import step only: the page's loaders are not run again after it (ADR 084).
    return formReply<ImportExtra>(IMPORT_FORM, { initialValue: null }, { status: 200, extra, readOnly: true });
  }

  // Each row the preview offers posts its fields; a post cut short by hand would leave the form
  // without rows the preview shows, so it gets the preview's form again (its values, not the post's).
  if (preview.rows.some((row, index) => row.match !== null && !form.has(`rows[${index}].buyPrice`))) {
    return formReply<ImportExtra>(IMPORT_FORM, { status: "error", initialValue: null, error: { "": [IMPORT_MESSAGES.incomplete] } }, { status: 400, extra });
  }
  const submission = parseForm(form, importSchema({ today }));
  if (submission.status !== "success") return formReply<ImportExtra>(IMPORT_FORM, submission.reply(), { extra });
  const alreadyTracked = formReply<ImportExtra>(IMPORT_FORM, submission.reply({ formErrors: [IMPORT_MESSAGES.alreadyTracked] }), { status: 409, extra });
  // A ticked asset or CSV row tracked since the preview was read (another tab, an import racing this one): the same 409 as the unique index's below.
  if (submission.value.rows.some((row, index) => row.pick && preview.rows[index]?.reason === "tracked")) return alreadyTracked;
  const fieldErrors: Record<string, string[]> = {};
  const chosen: { match: ImportMatch; buyPrice: number; boughtAt: string }[] = [];
  submission.value.rows.forEach((row, index) => {
    if (!row.pick) return;
    const match = preview.rows[index]?.match;
    if (!match) fieldErrors[`rows[${index}].pick`] = [IMPORT_MESSAGES.notOffered];
    else if (match.sale && match.sale.soldAt > today) fieldErrors[`rows[${index}].boughtAt`] = [SALE_MESSAGES.future];
    else if (match.sale && row.boughtAt! > match.sale.soldAt) fieldErrors[`rows[${index}].boughtAt`] = [TRACKER_MESSAGES.afterSale];
    else chosen.push({ match, buyPrice: row.buyPrice!, boughtAt: row.boughtAt! });
  });
  if (Object.keys(fieldErrors).length > 0) return formReply<ImportExtra>(IMPORT_FORM, submission.reply({ fieldErrors }), { extra });
  if (chosen.length === 0) return formReply<ImportExtra>(IMPORT_FORM, submission.reply({ formErrors: [IMPORT_MESSAGES.nothingChosen] }), { extra });
  const over = formReply<ImportExtra>(IMPORT_FORM, submission.reply({ formErrors: [IMPORT_MESSAGES.overLimit] }), { status: 409, extra });
  if (chosen.length > preview.fit) return over;
  const written = await importTrackers(
    context.db,
    user.id,
    chosen.map(({ match, buyPrice, boughtAt }) => ({
      skinId: match.skinId,
      wear: match.wear,
      variant: match.variant,
      wearValue: match.wearValue,
      assetId: match.assetId,
      exportKey: match.exportKey,
      notes: match.notes,
      sale: match.sale,
      buyPriceCents: dollarsToCents(buyPrice),
      boughtAt,
    })),
    formKey,
  );
  if (written === "repeated") return redirect(REPEATED, 303);
  if (written === "limit") return over;
  if (written === "tracked") return alreadyTracked;
  return redirect("/resell-tracker?notice=imported", 303);
}

/** The uploaded file when one was chosen, else the pasted text; a file over the cap is refused before it is read. */
async function postedInventory(form: FormData): Promise<{ text: string } | { refusal: { status: 400 | 413; message: string } }> {
  const file = form.get("file");
  if (file instanceof File && (file.size > 0 || file.name !== "")) {
    if (file.size > IMPORT_MAX_BYTES) return { refusal: { status: 413, message: IMPORT_MESSAGES.tooLarge } };
    return { text: await file.text() };
  }
  return { text: formText(form, "text") };
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
