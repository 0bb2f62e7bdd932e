import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { parseFloatInput, wearForFloat, WEAR_NAMES } from "~/domain/wear";
import { NOTES_MAX_LENGTH, trackerSchema, type TrackerActionData, type TrackerFormContext } from "~/forms/resell";
import { buttonClass, Notice } from "./basics";
import { FloatBar } from "./FloatBar";
import { FieldErrors } from "./forms";
import { useHydrated } from "./useHydrated";
import { FallbackImage } from "./FallbackImage";

export interface TrackerDefaults {
  wear?: string;
  wearValue?: string;
  boughtAt?: string;
  buyPrice?: string;
  notes?: string;
}

const inputClass = "w-full rounded-md border border-line bg-panel-2 px-3 py-2";

function Field({ id, label, errors, hint, children }: { id: string; label: string; errors?: string[]; hint?: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      {children}
      {hint ? <p className="mt-1 text-xs text-muted">{hint}</p> : null}
      <FieldErrors id={`${id}-errors`} errors={errors} />
    </div>
  );
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
  cancelHref,
  inDialog = false,
  onDone,
  onCancel,
}: {
  context: TrackerFormContext;
  action: string;
  submitLabel: string;
  defaults?: TrackerDefaults;
  pageResult?: TrackerActionData;
  cancelHref: string;
  inDialog?: boolean;
  onDone?: (message: string) => void;
  onCancel?: () => void;
}) {
  const fetcher = useFetcher<TrackerActionData>();
  const hydrated = useHydrated();
  const answer = fetcher.data ?? pageResult;
  const failure = answer && !answer.ok ? answer : undefined;
  const { skin, enabledWears, today } = context;
  const rules = { enabledWears, minFloat: skin.minFloat, maxFloat: skin.maxFloat, today };
  const [form, fields] = useForm({
    id: `tracker-${action}`,
    lastResult: failure?.result,
    defaultValue: defaults,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: trackerSchema(rules) }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const wearRef = useRef<HTMLSelectElement>(null);
  const floatRef = useRef<HTMLInputElement>(null);
  const busy = fetcher.state !== "idle";

  useEffect(() => {
    if (inDialog && fetcher.state === "idle" && fetcher.data?.ok) onDone?.(fetcher.data.message);
  }, [inDialog, fetcher.state, fetcher.data, onDone]);

  const errorsOf = (name: keyof typeof fields) => fields[name].errors;
  const value = (name: keyof TrackerDefaults) => (fields[name].initialValue as string | undefined) ?? "";
  // The float bar marks the float in the field: the saved or sent one from the server, then (with
  // JavaScript) whatever is typed. A new form (or a cleared field) marks nothing.
  const [typedFloat, setTypedFloat] = useState<string | null>(null);
  const markedFloat = parseFloatInput(typedFloat ?? value("wearValue"));

  return (
    <fetcher.Form method="post" action={action} {...getFormProps(form)} noValidate className="space-y-4" data-testid="tracker-form">
      <div className="flex items-center gap-3">
        <FallbackImage sources={[skin.image]} alt="" lazy={false} className="h-14 w-20 object-contain" />
        <p className="font-semibold">{skin.name}</p>
      </div>
      {failure?.message ? <Notice tone="error">{failure.message}</Notice> : null}
      {form.errors?.length ? <Notice tone="error">{form.errors.join(" ")}</Notice> : null}
      <input type="hidden" name="skinId" value={skin.id} />
      {inDialog && hydrated ? <input type="hidden" name="respond" value="data" /> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={`${form.id}-wear`} label="Wear" errors={errorsOf("wear")}>
          <select
            ref={wearRef}
            id={`${form.id}-wear`}
            name="wear"
            key={fields.wear.key}
            defaultValue={value("wear")}
            className={inputClass}
            aria-invalid={errorsOf("wear") ? true : undefined}
            aria-describedby={errorsOf("wear") ? `${form.id}-wear-errors` : undefined}
            onChange={() => {
              if (floatRef.current) floatRef.current.value = "";
              setTypedFloat("");
            }}
          >
            <option value="">Select wear</option>
            {enabledWears.map((wear) => (
              <option key={wear} value={wear}>
                {WEAR_NAMES[wear]} ({wear})
              </option>
            ))}
          </select>
        </Field>
        <Field id={`${form.id}-float`} label="Float" errors={errorsOf("wearValue")} hint={`Optional, ${skin.minFloat.toFixed(2)} – ${skin.maxFloat.toFixed(2)}`}>
          <input
            ref={floatRef}
            id={`${form.id}-float`}
            name="wearValue"
            key={fields.wearValue.key}
            type="number"
            inputMode="decimal"
            min={0}
            max={1}
            step={0.0001}
            defaultValue={value("wearValue")}
            className={inputClass}
            aria-invalid={errorsOf("wearValue") ? true : undefined}
            aria-describedby={errorsOf("wearValue") ? `${form.id}-float-errors` : undefined}
            onInput={(event) => {
              setTypedFloat(event.currentTarget.value);
              const wear = wearForFloat(Number(event.currentTarget.value));
              if (event.currentTarget.value !== "" && wear && enabledWears.includes(wear) && wearRef.current) wearRef.current.value = wear;
            }}
          />
        </Field>
        <Field id={`${form.id}-bought`} label="Bought date" errors={errorsOf("boughtAt")}>
          <input
            id={`${form.id}-bought`}
            name="boughtAt"
            key={fields.boughtAt.key}
            type="date"
            max={today}
            defaultValue={value("boughtAt")}
            className={inputClass}
            aria-invalid={errorsOf("boughtAt") ? true : undefined}
            aria-describedby={errorsOf("boughtAt") ? `${form.id}-bought-errors` : undefined}
          />
        </Field>
        <Field id={`${form.id}-price`} label="Buy price ($)" errors={errorsOf("buyPrice")}>
          <input
            id={`${form.id}-price`}
            name="buyPrice"
            key={fields.buyPrice.key}
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            defaultValue={value("buyPrice")}
            className={inputClass}
            aria-invalid={errorsOf("buyPrice") ? true : undefined}
            aria-describedby={errorsOf("buyPrice") ? `${form.id}-price-errors` : undefined}
          />
        </Field>
      </div>
      <FloatBar minFloat={skin.minFloat} maxFloat={skin.maxFloat} marker={markedFloat} />
      <Field id={`${form.id}-notes`} label="Notes" errors={errorsOf("notes")} hint="Optional">
        <textarea
          id={`${form.id}-notes`}
          name="notes"
          key={fields.notes.key}
          rows={3}
          maxLength={NOTES_MAX_LENGTH}
          defaultValue={value("notes")}
          className={inputClass}
        />
      </Field>
      <div className="flex flex-wrap gap-3">
        <button type="submit" className={buttonClass} disabled={busy}>
          {busy ? "Saving..." : submitLabel}
        </button>
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
