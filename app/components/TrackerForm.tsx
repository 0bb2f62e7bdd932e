import { getFormProps, useForm } from "@conform-to/react";
import { useFetcher } from "@remix-run/react";
import { useEffect, useState } from "react";
import { currencySymbol } from "~/domain/currency";
import { VARIANT_NAMES } from "~/domain/variants";
import { parseFloatInput, wearForFloat, WEAR_NAMES } from "~/domain/wear";
import type { FormReply } from "~/forms/reply";
import type { TrackerFormContext } from "~/forms/resell";
import { NOTES_MAX_LENGTH, TRACKER_KEY_FIELD } from "~/forms/resell-texts";
import { FallbackImage } from "./FallbackImage";
import { FloatBar } from "./FloatBar";
import { DateField, FormError, NumberField, SelectField, SubmitButton, TextareaField } from "./forms";
import { useHydrated } from "./useHydrated";
import { useMoney } from "./money";

export interface TrackerDefaults {
  wear?: string;
  wearValue?: string;
  boughtAt?: string;
  buyPrice?: string;
  notes?: string;
  variant?: string;
}

/** Another control of the same form, by name (the wear and the float set each other). */
function sibling(control: { form: HTMLFormElement | null }, name: string) {
  return control.form?.elements.namedItem(name) ?? null;
}

/**
 * The resell form (create and edit). Without JavaScript it posts as a page and the server answers
 * with the page again (errors and what was typed) or a redirect. In a dialog (`inDialog`) it asks
 * for data and calls `onDone` with the success text. Choosing a wear clears the float; a float sets
 * its wear (the server applies the same rule when JavaScript is off).
 */
export function TrackerForm({
  context,
  action,
  submitLabel,
  defaults,
  pageResult,
  returnTo,
  cancelHref,
  inDialog = false,
  onDone,
  onCancel,
}: {
  context: TrackerFormContext;
  action: string;
  submitLabel: string;
  defaults?: TrackerDefaults;
  pageResult?: FormReply;
  /** Where the saved form goes back to (a checked way back), kept in a hidden field. */
  returnTo?: string;
  cancelHref: string;
  inDialog?: boolean;
  onDone?: (message: string) => void;
  onCancel?: () => void;
}) {
  const money = useMoney();
  const fetcher = useFetcher<FormReply>();
  const hydrated = useHydrated();
  const { skin, enabledWears, variants, today } = context;
  const [form, fields] = useForm({
    id: `tracker-${action}`,
    lastResult: (fetcher.data ?? pageResult)?.result,
    defaultValue: defaults,
  });

  useEffect(() => {
    if (inDialog && fetcher.state === "idle" && fetcher.data?.notice) onDone?.(fetcher.data.notice);
  }, [inDialog, fetcher.state, fetcher.data, onDone]);

  // The float bar marks the float in the field: the saved or sent one from the server, then (with
  // JavaScript) whatever is typed. A new form (or a cleared field) marks nothing.
  const [typedFloat, setTypedFloat] = useState<string | null>(null);
  const markedFloat = parseFloatInput(typedFloat ?? fields.wearValue.initialValue ?? "");

  return (
    <fetcher.Form method="post" action={action} {...getFormProps(form)} noValidate className="space-y-4" data-testid="tracker-form">
      <div className="flex items-center gap-3">
        <FallbackImage sources={[skin.image]} alt="" lazy={false} className="h-14 w-20 object-contain" />
        <p className="font-semibold">{skin.name}</p>
      </div>
      <FormError form={form} />
      <input type="hidden" name="skinId" value={skin.id} />
      {context.trackerKey ? <input type="hidden" name={TRACKER_KEY_FIELD} value={context.trackerKey} /> : null}
      {returnTo ? <input type="hidden" name="redirectTo" value={returnTo} /> : null}
      {inDialog && hydrated ? <input type="hidden" name="respond" value="data" /> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Wear"
          meta={fields.wear}
          placeholder="Select wear"
          options={enabledWears.map((wear) => ({ value: wear, label: `${WEAR_NAMES[wear]} (${wear})` }))}
          selectProps={{
            onChange: (event) => {
              const float = sibling(event.currentTarget, "wearValue");
              if (float instanceof HTMLInputElement) float.value = "";
              setTypedFloat("");
            },
          }}
        />
        <NumberField
          label="Float"
          meta={fields.wearValue}
          hint={`Optional, ${skin.minFloat.toFixed(2)} – ${skin.maxFloat.toFixed(2)}`}
          inputProps={{
            min: 0,
            max: 1,
            step: 0.0001,
            onInput: (event) => {
              const typed = event.currentTarget.value;
              setTypedFloat(typed);
              const wear = wearForFloat(Number(typed));
              const select = sibling(event.currentTarget, "wear");
              if (typed !== "" && wear && enabledWears.includes(wear) && select instanceof HTMLSelectElement) select.value = wear;
            },
          }}
        />
        {variants.length > 1 ? (
          <SelectField label="Variant" meta={fields.variant} options={variants.map((variant) => ({ value: variant, label: VARIANT_NAMES[variant] }))} />
        ) : null}
        <DateField label="Bought date" meta={fields.boughtAt} inputProps={{ max: today }} />
        <NumberField label={`Buy price (${currencySymbol(money.rate.currency)})`} meta={fields.buyPrice} inputProps={{ min: 0, step: 0.01 }} />
      </div>
      <FloatBar minFloat={skin.minFloat} maxFloat={skin.maxFloat} marker={markedFloat} rangeLine />
      <TextareaField label="Notes" meta={fields.notes} hint="Optional" textareaProps={{ rows: 3, maxLength: NOTES_MAX_LENGTH }} />
      <div className="flex flex-wrap gap-3">
        <SubmitButton fetcher={fetcher} pendingText="Saving...">
          {submitLabel}
        </SubmitButton>
        {onCancel ? (
          <button type="button" onClick={onCancel} className="rounded-md border border-line px-4 py-2">
            Cancel
          </button>
        ) : (
          <a href={cancelHref} className="rounded-md border border-line px-4 py-2">
            Cancel
          </a>
        )}
      </div>
    </fetcher.Form>
  );
}
