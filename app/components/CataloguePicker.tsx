import { SKIN_REQUIRED } from "~/forms/sticker-craft-texts";
import { FallbackImage } from "./FallbackImage";

export interface PickerItem {
  id: string;
  name: string;
  image: string;
}

const inputClass = "w-full rounded-md border border-line bg-panel-2 px-3 py-2";
export const pickerButtonClass = "rounded-md border border-line px-3 py-2 text-sm font-semibold hover:border-accent";

/**
 * A form's default button, placed first in it. Enter in a field submits the form through its first
 * submit button (the browser's implicit submission; with JavaScript Remix's `Form` posts that
 * button as the submitter too), which would otherwise be a row's Remove or a picker's search. It
 * posts `intent` when given (else the form's plain submit), skipping the browser's checks when
 * `noValidate`. Out of sight, out of the tab order and hidden from assistive technology: Enter is
 * its only way in.
 */
export function EnterButton({ intent, noValidate }: { intent?: string; noValidate?: boolean }) {
  return (
    <button type="submit" name={intent ? "intent" : undefined} value={intent} formNoValidate={noValidate} tabIndex={-1} aria-hidden="true" className="sr-only">
      Apply
    </button>
  );
}

/**
 * A search in the catalogue that works without JavaScript: the button submits the whole form
 * (`intent` names the search), which comes back with what was typed and the results to choose from.
 */
export function CatalogueSearch({
  id,
  name,
  label,
  query,
  intent,
  buttonLabel,
}: {
  id: string;
  name: string;
  label: string;
  query?: string;
  intent: string;
  buttonLabel: React.ReactNode;
}) {
  return (
    <div className="flex items-end gap-2">
      <div className="flex-1">
        <label htmlFor={id} className="mb-1 block text-sm font-medium">
          {label}
        </label>
        <input key={query ?? "none"} id={id} name={name} type="search" defaultValue={query ?? ""} className={inputClass} />
      </div>
      <button type="submit" name="intent" value={intent} formNoValidate className={pickerButtonClass}>
        {buttonLabel}
      </button>
    </div>
  );
}

/** The results of a catalogue search, each a submit that chooses it (`intent(item)`). */
export function PickerResults({ label, items, intent }: { label: string; items: readonly PickerItem[] | undefined; intent: (item: PickerItem) => string }) {
  if (!items) return null;
  if (items.length === 0) return <p className="text-sm text-muted">No matches.</p>;
  return (
    <ul aria-label={label} className="grid gap-2 sm:grid-cols-2">
      {items.map((item) => (
        <li key={item.id}>
          <button
            type="submit"
            name="intent"
            value={intent(item)}
            formNoValidate
            className="flex w-full items-center gap-2 rounded-md border border-line bg-panel-2 p-2 text-left text-sm hover:border-accent"
          >
            <FallbackImage sources={[item.image]} alt="" className="h-10 w-12 shrink-0 object-contain" />
            <span>
              Choose <span className="font-semibold">{item.name}</span>
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/** The skin a craft form has chosen, posted back as the hidden field `name`; or how to choose one. */
export function ChosenSkin({ name, skin }: { name: string; skin: PickerItem | null }) {
  if (!skin) return <p className="text-sm text-muted">{SKIN_REQUIRED}: search for it below and choose it.</p>;
  return (
    <p className="flex items-center gap-3" data-testid="chosen-skin">
      <input type="hidden" name={name} value={skin.id} />
      <FallbackImage sources={[skin.image]} alt="" className="h-12 w-16 object-contain" />
      <span>
        Chosen: <span className="font-semibold">{skin.name}</span>
      </span>
    </p>
  );
}
