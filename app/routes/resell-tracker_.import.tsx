import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Notice } from "~/components/basics";
import { useClientChecks } from "~/components/client-checks";
import { CheckboxField, DateField, ErrorList, FileField, FormError, NumberField, SubmitButton, TextareaField } from "~/components/forms";
import { pageMeta } from "~/components/page-meta";
import { TrackerPage } from "~/components/TrackerPage";
import {
  catalogueKeys,
  IMPORT_MAX_BYTES,
  importIdentities,
  matchImport,
  parseImport,
  SKIP_REASONS,
  type ImportMatch,
  type PreviewRow,
} from "~/domain/inventory-import";
import { ACCOUNT_LIMITS } from "~/domain/limits";
import { MARKET_NAMES } from "~/domain/market-fees";
import { dollarsToCents, formatDollars } from "~/domain/money";
import { loginPath } from "~/domain/same-site-path";
import { formatCalendarDate, todayIn } from "~/domain/trade-lock";
import { VARIANT_NAMES } from "~/domain/variants";
import { formatFloat, WEAR_NAMES } from "~/domain/wear";
import { importSchema, previewSchema } from "~/forms/resell-import";
import { IMPORT_FORM, IMPORT_INTENTS, IMPORT_MESSAGES } from "~/forms/resell-import-texts";
import { SALE_MESSAGES } from "~/forms/sale-texts";
import { FORM_KEY_FIELD } from "~/forms/form-key";
import { revalidateUnlessReadOnly } from "~/forms/reply";
import { TRACKER_MESSAGES } from "~/forms/resell-texts";
import { getSessionUser, requestOwner } from "~/server/auth/session.server";
import { importQueries, importSkins, importTrackers, trackerCountQuery } from "~/server/features/resell/import.server";
import { requestTimeZone } from "~/server/features/resell/time-zone.server";
import { answeringDatabaseFailures, failedForm } from "~/server/http/action-failures.server";
import { formText, knownIntent, readCappedFormData } from "~/server/http/form-body.server";
import { newFormKey, postedFormKey } from "~/server/http/form-key.server";
import { formRefusal, formReply, parseForm } from "~/server/http/form-reply.server";

const PAGE = "/resell-tracker/import";
/** Where a repeated import lands: where its first post did, saying why nothing more was imported. */
const REPEATED = "/resell-tracker?notice=already-imported";
/** Room in the body beside the inventory: the choices of a full preview (1,000 rows of price and date). */
const CHOICES_ROOM = 128 * 1024;

/** Step 1: paste or upload the inventory. Signed-in only; a visitor is sent to log in. */
export async function loader({ context }: LoaderFunctionArgs) {
  const userPromise = getSessionUser(context);
  const countPromise = context.sessionId ? context.load([trackerCountQuery(context.db, requestOwner(context))]) : Promise.resolve([[]] as const);
  const [user, [counted]] = await Promise.all([userPromise, countPromise]);
  if (!user) throw redirect(loginPath(PAGE));
  return data({ fit: fitting(counted[0]?.n ?? 0) });
}

const fitting = (trackers: number) => Math.max(0, ACCOUNT_LIMITS.trackers - trackers);

/**
 * The preview a page renders: the inventory as read (carried to step 2, read again there), its rows,
 * how many fit, and the import form's key (ADR 093): new with every preview, kept by step 2's replies.
 */
interface Preview {
  source: string;
  rows: PreviewRow[];
  fit: number;
  formKey: string;
}
type ImportExtra = { preview: Preview };

export const shouldRevalidate = revalidateUnlessReadOnly;

export const action = answeringDatabaseFailures(importAction, (failure) =>
  failedForm<ImportExtra>(failure, IMPORT_MESSAGES.failed, { hide: ["source", "text"] }),
);

async function importAction({ request, context }: ActionFunctionArgs) {
  const [user, body] = await Promise.all([getSessionUser(context), readCappedFormData(request, IMPORT_MAX_BYTES + CHOICES_ROOM)]);
  const posted = formText(body.ok ? body.form : null, "intent");
  if (!user) return redirect(loginPath(PAGE), 303);
  if (!body.ok) return formRefusal<ImportExtra>(posted, body.status === 413 ? IMPORT_MESSAGES.tooLarge : body.message, body.status);
  const intent = knownIntent(posted, IMPORT_INTENTS);
  if (!intent) return formRefusal<ImportExtra>(posted, "Unknown action.", 400);
  const form = body.form;

  if (intent === "preview") {
    const submission = parseForm(form, previewSchema);
    if (submission.status !== "success") return formReply<ImportExtra>(intent, submission.reply());
  }
  const source = intent === "preview" ? await postedInventory(form) : { text: formText(form, "source") };
  if ("refusal" in source) return formRefusal<ImportExtra>(intent, source.refusal.message, source.refusal.status);
  if (new TextEncoder().encode(source.text).byteLength > IMPORT_MAX_BYTES) return formRefusal<ImportExtra>(intent, IMPORT_MESSAGES.tooLarge, 413);
  if (source.text.trim() === "") return formRefusal<ImportExtra>(intent, IMPORT_MESSAGES.empty, 400);
  const parsed = parseImport(source.text);
  if (!parsed.ok) return formRefusal<ImportExtra>(intent, parsed.message, 400);

  // The catalogue, the owner's count, the assets and CSV rows tracked already and what this form
  // imported already in one round trip; everything is matched again on Import.
  const keys = { ...catalogueKeys(parsed.lines), ...importIdentities(parsed.lines) };
  const formKey = intent === "import" ? postedFormKey(form, FORM_KEY_FIELD) : null;
  const [found, wears, variantPrices, counted, tracked, imported] = await context.load(importQueries(context.db, user.id, keys, formKey));
  // The same form posted again (a double click without JavaScript, Back and send): the first post imported it.
  if (imported.length > 0) return redirect(REPEATED, 303);
  const today = todayIn(Date.now(), requestTimeZone(request));
  const preview: Preview = {
    source: source.text,
    rows: matchImport(parsed.lines, importSkins(found, wears, variantPrices), today, {
      assetIds: new Set(tracked.flatMap(({ assetId }) => (assetId === null ? [] : [assetId]))),
      exportKeys: new Set(tracked.map(({ exportKey }) => exportKey)),
    }),
    fit: fitting(counted[0]?.n ?? 0),
    formKey: formKey ?? newFormKey(),
  };
  const extra = { preview };
  // A preview writes nothing: the page's loaders are not run again after it (ADR 084).
  if (intent === "preview") return formReply<ImportExtra>(IMPORT_FORM, { initialValue: null }, { status: 200, extra, readOnly: true });

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

export default function ImportPage() {
  const { fit } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const preview = reply?.preview;
  return (
    <TrackerPage title="Import Inventory">
      {preview ? (
        <PreviewForm
          key={`${preview.source.length}/${preview.rows.length}`}
          preview={preview}
          lastResult={reply?.intent === "import" ? reply.result : undefined}
        />
      ) : (
        <SourceForm fit={fit} lastResult={reply?.result} />
      )}
    </TrackerPage>
  );
}

/** Step 1: the inventory, pasted or as a file. */
function SourceForm({ fit, lastResult }: { fit: number; lastResult: SubmissionResult<string[]> | undefined }) {
  const checks = useClientChecks(
    () => import("~/forms/resell-import"),
    (module) => module.previewSchema,
  );
  const [form, fields] = useForm({
    id: "import-source",
    lastResult,
    onValidate: checks.onValidate,
    shouldValidate: "onSubmit",
  });
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} {...checks.formProps} className="space-y-4">
      <p className="text-sm text-muted">
        Paste or upload your Steam inventory as JSON (from steamcommunity.com/inventory/&lt;your SteamID&gt;/730/2), or a CSV exported from the resell tracker.
        At most {IMPORT_MAX_BYTES / 1024 / 1024} MB. You choose what to import on the next page.
      </p>
      <p className="text-sm">{IMPORT_MESSAGES.fit(fit)}</p>
      <FormError form={form} />
      <input type="hidden" name="intent" value="preview" />
      <TextareaField
        label="Inventory JSON or CSV"
        meta={fields.text}
        textareaProps={{ className: "min-h-40 w-full rounded-md border border-line bg-panel-2 px-3 py-2 font-mono text-sm" }}
      />
      <FileField label="Or a file" meta={fields.file} inputProps={{ accept: ".json,.csv,application/json,text/csv" }} />
      <SubmitButton intent="preview" pendingText="Reading...">
        Preview
      </SubmitButton>
    </Form>
  );
}

/** What the preview says of a matched item: the catalogue skin, wear and variant, and the CSV's float and sale. */
function matchText(match: ImportMatch): string {
  const parts = [match.skinName, WEAR_NAMES[match.wear], VARIANT_NAMES[match.variant]];
  if (match.wearValue !== null) parts.push(`Float ${formatFloat(match.wearValue)}`);
  if (match.sale) parts.push(`Sold ${formatCalendarDate(match.sale.soldAt)} on ${MARKET_NAMES[match.sale.market]} for ${formatDollars(match.sale.priceCents)}`);
  return parts.join(" · ");
}

/** Step 2: the matched items to choose, with price and date; the others with why they are not offered. */
function PreviewForm({ preview, lastResult }: { preview: Preview; lastResult: SubmissionResult<string[]> | undefined }) {
  const checks = useClientChecks(
    () => import("~/forms/resell-import"),
    (module) => module.importSchema(),
  );
  const [form, fields] = useForm({
    id: IMPORT_FORM,
    lastResult,
    onValidate: checks.onValidate,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    defaultValue: {
      source: preview.source,
      rows: preview.rows.map((row) =>
        row.match ? { pick: "on", buyPrice: row.match.priceCents === null ? "" : (row.match.priceCents / 100).toFixed(2), boughtAt: row.match.boughtAt } : {},
      ),
    },
  });
  const rows = fields.rows.getFieldList();
  const matched = preview.rows.flatMap((row, index) => (row.match ? [{ index, label: row.label, match: row.match }] : []));
  const skipped = preview.rows.flatMap((row) => (row.match === null ? [row] : []));
  return (
    <div className="space-y-4">
      <p>
        {matched.length} of {preview.rows.length} {preview.rows.length === 1 ? "item matches" : "items match"} the catalogue. {IMPORT_MESSAGES.fit(preview.fit)}
      </p>
      {matched.length > 0 ? (
        <Form method="post" {...getFormProps(form)} {...checks.formProps} className="space-y-4">
          <FormError form={form} />
          <input type="hidden" name="intent" value="import" />
          <input type="hidden" name="source" value={preview.source} />
          <input type="hidden" name={FORM_KEY_FIELD} value={preview.formKey} />
          <ul className="space-y-3">
            {matched.map(({ index, label, match }) => {
              const row = rows[index]!.getFieldset();
              return (
                <li key={index} className="space-y-2 rounded-lg border border-line bg-panel p-3" data-testid="import-row">
                  <CheckboxField label={<span className="font-semibold">{label}</span>} meta={row.pick} />
                  <p className="text-sm text-muted">{matchText(match)}</p>
                  <div className="grid gap-3 sm:grid-cols-2">
                    <NumberField label="Buy price ($)" meta={row.buyPrice} inputProps={{ min: 0, step: 0.01 }} />
                    <DateField label="Bought date" meta={row.boughtAt} />
                  </div>
                </li>
              );
            })}
          </ul>
          <SubmitButton intent="import" pendingText="Importing...">
            Import chosen items
          </SubmitButton>
        </Form>
      ) : (
        <Notice tone="info">Nothing in this inventory can be imported.</Notice>
      )}
      {skipped.length > 0 ? (
        <section aria-labelledby="import-skipped-heading" className="space-y-2">
          <h2 id="import-skipped-heading" className="text-lg font-semibold">
            Not imported
          </h2>
          <ul className="space-y-1 text-sm" data-testid="import-skipped">
            {skipped.map((row, index) => (
              <li key={index}>
                <span className="font-semibold">{row.label}</span>: {SKIP_REASONS[row.reason]}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <ErrorList errors={fields.source.errors} />
      <p>
        <Link to={PAGE} className="text-sm text-accent underline" reloadDocument>
          Start over with another inventory
        </Link>
      </p>
    </div>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Import Inventory", description: "Import a Steam inventory or a resell tracker CSV as trackers.", path: PAGE, noindex: true });
