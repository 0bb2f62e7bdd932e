import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { IMPORT_MAX_BYTES, SKIP_REASONS, type ImportMatch, type PreviewRow } from "~/domain/inventory-import";
import { MARKET_NAMES } from "~/domain/market-fees";

import { formatCalendarDate } from "~/domain/trade-lock";
import { VARIANT_NAMES } from "~/domain/variants";
import { formatFloat, WEAR_NAMES } from "~/domain/wear";
import type { z } from "zod";
import { FORM_KEY_FIELD } from "~/forms/form-key";
import type { importSchema, previewSchema } from "~/forms/resell-import";
import { IMPORT_FORM, IMPORT_MESSAGES } from "~/forms/resell-import-texts";
import { Notice } from "./basics";
import { CheckboxField, DateField, FileField, FormError, NumberField, SubmitButton, TextareaField } from "./forms";
import type { Money } from "~/domain/money";
import { useMoney } from "./money";

// The inventory import's two forms (/resell-tracker/import), a module of their own so the page's
// first visit carries no Conform: their code loads apart, once the page has hydrated (ADR 097).

/**
 * The preview a page renders: the inventory's rows, how many fit, and the import form's key (ADR
 * 090), new with every preview and kept by step 2's replies, under which the server keeps the
 * inventory as read for step 2 (ADR 096): the page never carries the paste back.
 */
export interface Preview {
  rows: PreviewRow[];
  fit: number;
  formKey: string;
}

/** Where "Start over" goes: the import's first step, as a page of its own. */
const PAGE = "/resell-tracker/import";

/** Step 1: the inventory, pasted or as a file. */
export function SourceForm({ fit, lastResult }: { fit: number; lastResult: SubmissionResult<string[]> | undefined }) {
  const [form, fields] = useForm<z.output<typeof previewSchema>>({
    id: "import-source",
    lastResult,
  });
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="space-y-4">
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
function matchText(match: ImportMatch, money: Money): string {
  const parts = [match.skinName, WEAR_NAMES[match.wear], VARIANT_NAMES[match.variant]];
  if (match.wearValue !== null) parts.push(`Float ${formatFloat(match.wearValue)}`);
  if (match.sale) parts.push(`Sold ${formatCalendarDate(match.sale.soldAt)} on ${MARKET_NAMES[match.sale.market]} for ${money.format(match.sale.priceCents)}`);
  return parts.join(" · ");
}

/** Step 2: the matched items to choose, with price and date; the others with why they are not offered. */
export function PreviewForm({ preview, lastResult }: { preview: Preview; lastResult: SubmissionResult<string[]> | undefined }) {
  const money = useMoney();
  const [form, fields] = useForm<z.output<ReturnType<typeof importSchema>>>({
    id: IMPORT_FORM,
    lastResult,
    defaultValue: {
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
        <Form method="post" {...getFormProps(form)} className="space-y-4">
          <FormError form={form} />
          <input type="hidden" name="intent" value="import" />
          <input type="hidden" name={FORM_KEY_FIELD} value={preview.formKey} />
          <ul className="space-y-3">
            {matched.map(({ index, label, match }) => {
              const row = rows[index]!.getFieldset();
              return (
                <li key={index} className="space-y-2 rounded-lg border border-line bg-panel p-3" data-testid="import-row">
                  <CheckboxField label={<span className="font-semibold">{label}</span>} meta={row.pick} />
                  <p className="text-sm text-muted">{matchText(match, money)}</p>
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
      <p>
        <Link to={PAGE} className="text-sm text-accent underline" reloadDocument>
          Start over with another inventory
        </Link>
      </p>
    </div>
  );
}
