import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { DateField, FormError, NumberField, SelectField, SubmitButton } from "~/components/forms";
import { DEFAULT_FEES, describeFee, FEES_CHECKED_ON, MARKET_NAMES, MARKETS } from "~/domain/market-fees";
import { formatCalendarDate } from "~/domain/trade-lock";

const MARKET_OPTIONS = MARKETS.map((market) => ({ value: market, label: `${MARKET_NAMES[market]} (${describeFee(DEFAULT_FEES[market])})` }));

export interface SaleDefaults {
  salePrice: string;
  soldAt: string;
  market: string;
  feePercent: string;
}

/**
 * The sale's form of /resell-tracker/{id}/sale (app/routes/resell-tracker_.$trackerId.sale.tsx), its
 * code loaded apart (a lazy part, ADR 097).
 */
export function SaleForm({
  boughtAt,
  sold,
  today,
  currencySign,
  defaults,
  postTo,
  returnTo,
  result,
}: {
  boughtAt: string;
  sold: boolean;
  today: string;
  /** The page's currency as amounts are written ("$", "€"), which the price is typed in. */
  currencySign: string;
  defaults: SaleDefaults;
  postTo: string;
  returnTo: string;
  result?: SubmissionResult<string[]>;
}) {
  const [form, fields] = useForm({
    id: "sale",
    lastResult: result,
    defaultValue: defaults,
  });
  return (
    <Form method="post" action={postTo} {...getFormProps(form)} className="space-y-4">
      <FormError form={form} />
      <input type="hidden" name="intent" value="sell" />
      <input type="hidden" name="redirectTo" value={returnTo} />
      <div className="grid gap-4 sm:grid-cols-2">
        <NumberField label={`Sale price (${currencySign})`} meta={fields.salePrice} hint="What the buyer paid" inputProps={{ min: 0, step: 0.01 }} />
        <DateField label="Sold date" meta={fields.soldAt} inputProps={{ min: boughtAt, max: today }} />
        <SelectField label="Market" meta={fields.market} placeholder="Select market" options={MARKET_OPTIONS} />
        <NumberField
          label="Fee (%)"
          meta={fields.feePercent}
          hint={`Optional: empty uses the market's fee (as of ${formatCalendarDate(FEES_CHECKED_ON)})`}
          inputProps={{ min: 0, max: 99.99, step: 0.01 }}
        />
      </div>
      <SubmitButton intent="sell" pendingText="Saving...">
        {sold ? "Save Sale" : "Record Sale"}
      </SubmitButton>
    </Form>
  );
}
