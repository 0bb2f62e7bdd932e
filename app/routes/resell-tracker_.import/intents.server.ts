// The import page's two steps, one function each: `preview` reads the inventory and shows what it
// matched; `import` writes the rows the player ticked. Both match the lines against the catalogue
// again (the same read), so a step never trusts what the browser sends back.
import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import type { Preview } from "~/components/ImportForms";
import { catalogueKeys, IMPORT_MAX_BYTES, importIdentities, matchImport, parseImport, type ImportLine, type ImportMatch } from "~/domain/inventory-import";
import { ACCOUNT_LIMITS } from "~/domain/limits";
import { dollarsToCents } from "~/domain/money";
import { FORM_KEY_FIELD } from "~/forms/form-key";
import { importSchema, previewSchema } from "~/forms/resell-import";
import { IMPORT_FORM, IMPORT_MESSAGES } from "~/forms/resell-import-texts";
import { TRACKER_MESSAGES } from "~/forms/resell-texts";
import { SALE_MESSAGES } from "~/forms/sale-texts";
import { importDraftLines, importQueries, importSkins, importTrackers, saveImportDraft } from "~/server/features/resell/import.server";
import { formText } from "~/server/http/form-body.server";
import { newFormKey, postedFormKey } from "~/server/http/form-key.server";
import { formRefusal, formReply, parseForm } from "~/server/http/form-reply.server";

/** The preview carried by the action's replies (`Preview`, beside the forms that render it). */
export type ImportExtra = { preview: Preview };

export type ImportPost = { context: AppLoadContext; userId: string; form: FormData; today: string };

/** Where a repeated import lands: where its first post did, saying why nothing more was imported. */
const REPEATED = "/resell-tracker?notice=already-imported";

/** How many more trackers the account may hold. */
export const fitting = (trackers: number) => Math.max(0, ACCOUNT_LIMITS.trackers - trackers);

/** Step 1: the inventory pasted or uploaded, read, matched and kept under a new form key (ADR 096). */
export async function previewIntent({ context, userId, form, today }: ImportPost) {
  const intent = "preview";
  const submission = parseForm(form, previewSchema);
  if (submission.status !== "success") return formReply<ImportExtra>(intent, submission.reply());
  const source = await postedInventory(form);
  if ("refusal" in source) return formRefusal<ImportExtra>(intent, source.refusal.message, source.refusal.status);
  if (new TextEncoder().encode(source.text).byteLength > IMPORT_MAX_BYTES) return formRefusal<ImportExtra>(intent, IMPORT_MESSAGES.tooLarge, 413);
  if (source.text.trim() === "") return formRefusal<ImportExtra>(intent, IMPORT_MESSAGES.empty, 400);
  const parsed = parseImport(source.text);
  if (!parsed.ok) return formRefusal<ImportExtra>(intent, parsed.message, 400);

  const matched = await matchedPreview(context, userId, parsed.lines, newFormKey(), today, null);
  if (matched === "repeated") return redirect(REPEATED, 303);
  await saveImportDraft(context.db, userId, matched.formKey, parsed.lines);
  // What a preview wrote is for its own Import step only: the page's loaders are not run again after it (ADR 084).
  return formReply<ImportExtra>(IMPORT_FORM, { initialValue: null }, { status: 200, extra: { preview: matched }, readOnly: true });
}

/** Step 2: the preview's lines, kept under its form's key, matched again; the ticked rows written once. */
export async function importIntent({ context, userId, form, today }: ImportPost) {
  const intent = "import";
  const formKey = postedFormKey(form, FORM_KEY_FIELD);
  // The post carries the choices only (ADR 096).
  const lines = formKey === null ? null : await importDraftLines(context.db, userId, formKey);
  if (!lines) return formRefusal<ImportExtra>(intent, IMPORT_MESSAGES.expired, 400);
  const preview = await matchedPreview(context, userId, lines, formKey!, today, formKey);
  // The same form posted again (a double click without JavaScript, Back and send): the first post imported it.
  if (preview === "repeated") return redirect(REPEATED, 303);
  const extra = { preview };

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
    userId,
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

/**
 * The lines matched against the catalogue, the owner's count, the assets and CSV rows tracked
 * already and (on Import) what this form imported already, in one round trip; "repeated" when
 * this form's import was written before.
 */
async function matchedPreview(context: AppLoadContext, userId: string, lines: ImportLine[], formKey: string, today: string, importing: string | null) {
  const keys = { ...catalogueKeys(lines), ...importIdentities(lines) };
  const [found, wears, variantPrices, counted, tracked, imported] = await context.load(importQueries(context.db, userId, keys, importing));
  if (imported.length > 0) return "repeated" as const;
  const preview: Preview = {
    rows: matchImport(lines, importSkins(found, wears, variantPrices), today, {
      assetIds: new Set(tracked.flatMap(({ assetId }) => (assetId === null ? [] : [assetId]))),
      exportKeys: new Set(tracked.map(({ exportKey }) => exportKey)),
    }),
    fit: fitting(counted[0]?.n ?? 0),
    formKey,
  };
  return preview;
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
