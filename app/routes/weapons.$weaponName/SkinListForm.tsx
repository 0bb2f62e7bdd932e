// The weapon page's sort and filter menus: a GET form that works without JavaScript (each change
// is a submit), which with JavaScript submits on change and behaves as a menu.
import { Form, useLocation, useSubmit } from "@remix-run/react";
import { useEffect, useMemo, useRef, type ReactNode, type RefObject } from "react";
import { MarketSelect } from "~/components/MarketSelect";
import { useHydrated } from "~/components/useHydrated";
import { DEFAULT_MARKET_CHOICE, type MarketChoice } from "~/domain/markets";
import { unpackList } from "~/domain/skin-cards";
import { isFiltered, SORT_OPTIONS, TYPE_OPTIONS, type filterOptions, type SkinListState } from "~/domain/skin-list";

/**
 * A sort or filter menu. Below the wide breakpoint its panel spans the form (it can never run past
 * the screen's edge); on wide screens it hangs under its button, the last ones opening leftwards.
 */
function Dropdown({ label, count, alignEnd, children }: { label: string; count?: number; alignEnd?: boolean; children: ReactNode }) {
  return (
    <details className="lg:relative" data-dropdown>
      <summary className="cursor-pointer list-none rounded-md border border-line bg-panel px-3 py-2 text-sm hover:border-accent">
        {label}
        {count ? <span className="ml-1 rounded bg-accent px-1.5 text-xs font-bold text-black">{count}</span> : null}
        <span aria-hidden="true" className="ml-1 text-muted">
          ▾
        </span>
      </summary>
      <fieldset
        className={`absolute inset-x-0 z-20 mt-1 max-h-80 overflow-auto rounded-md border border-line bg-panel p-3 shadow-xl lg:w-72 ${alignEnd ? "lg:left-auto" : "lg:right-auto"}`}
      >
        <legend className="sr-only">{label}</legend>
        {children}
      </fieldset>
    </details>
  );
}

function Choice({ type, name, value, label, checked }: { type: "radio" | "checkbox"; name: string; value: string; label: string; checked: boolean }) {
  return (
    <label className="flex cursor-pointer items-center gap-2 rounded px-1 py-1 text-sm hover:bg-panel-2">
      <input type={type} name={name} value={value} defaultChecked={checked} className="accent-[var(--color-accent)]" />
      {label}
    </label>
  );
}

/** Which `name=value` inputs the URL's state checks. */
function checkedInputs(state: SkinListState): Set<string> {
  return new Set([
    `sort=${state.sort}`,
    ...state.types.map((v) => `type=${v}`),
    ...state.rarities.map((v) => `rarity=${v}`),
    ...state.crates.map((v) => `crate=${v}`),
    ...state.collections.map((v) => `collection=${v}`),
  ]);
}

/**
 * With JavaScript the dropdowns behave as menus: one open at a time, Escape closes the open one
 * (focus back on its button), and so does focus or a click leaving it. A change applies in place
 * and focus stays on the control that changed.
 */
function useDropdownBehaviour(form: RefObject<HTMLFormElement | null>) {
  useEffect(() => {
    const root = form.current;
    if (!root) return;
    const openDropdowns = () => [...root.querySelectorAll<HTMLDetailsElement>("details[data-dropdown][open]")];
    const onToggle = (event: Event) => {
      const opened = event.target as HTMLDetailsElement;
      if (!opened.open) return;
      for (const other of openDropdowns()) if (other !== opened) other.open = false;
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      const current = (event.target as Element).closest<HTMLDetailsElement>("details[data-dropdown][open]");
      if (!current) return;
      event.preventDefault();
      current.open = false;
      current.querySelector("summary")?.focus();
    };
    const onFocusOut = (event: FocusEvent) => {
      const left = (event.target as Element).closest<HTMLDetailsElement>("details[data-dropdown][open]");
      const to = event.relatedTarget as Node | null;
      if (left && to && !left.contains(to)) left.open = false;
    };
    const onPointerDown = (event: PointerEvent) => {
      for (const open of openDropdowns()) if (!open.contains(event.target as Node)) open.open = false;
    };
    // `toggle` does not bubble, so it is caught on the way down.
    root.addEventListener("toggle", onToggle, true);
    root.addEventListener("keydown", onKeyDown);
    root.addEventListener("focusout", onFocusOut);
    document.addEventListener("pointerdown", onPointerDown);
    return () => {
      root.removeEventListener("toggle", onToggle, true);
      root.removeEventListener("keydown", onKeyDown);
      root.removeEventListener("focusout", onFocusOut);
      document.removeEventListener("pointerdown", onPointerDown);
    };
  }, [form]);
}

export function SkinListForm({
  state,
  market,
  packedOptions,
}: {
  state: SkinListState;
  market: MarketChoice;
  packedOptions: Record<keyof ReturnType<typeof filterOptions>, string>;
}) {
  const submit = useSubmit();
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const { pathname } = useLocation();
  useDropdownBehaviour(formRef);
  const { rarities, crates, collections } = packedOptions;
  const options = useMemo(
    () => ({ rarities: unpackList(rarities), crates: unpackList(crates), collections: unpackList(collections) }),
    [rarities, crates, collections],
  );
  // The inputs stay mounted (so focus stays where it was); after back/forward they follow the URL.
  const key = JSON.stringify(state);
  useEffect(() => {
    const checked = checkedInputs(JSON.parse(key) as SkinListState);
    formRef.current?.querySelectorAll<HTMLInputElement>("input[name]").forEach((input) => {
      input.checked = checked.has(`${input.name}=${input.value}`);
    });
  }, [key]);
  const many = (name: string, values: string[], chosen: string[]) =>
    values.map((value) => <Choice key={value} type="checkbox" name={name} value={value} label={value} checked={chosen.includes(value)} />);
  return (
    <Form
      ref={formRef}
      method="get"
      // The page's path only: a GET form's fields replace the query, and an action without one would
      // echo the whole request URL into the page.
      action={pathname}
      aria-label="Sort and filter skins"
      className="relative mt-4 flex flex-wrap items-start gap-2"
      onChange={(event) => submit(event.currentTarget, { preventScrollReset: true, replace: true })}
    >
      <Dropdown label={`Sort: ${SORT_OPTIONS.find((o) => o.value === state.sort)?.label}`}>
        {SORT_OPTIONS.map((o) => (
          <Choice key={o.value} type="radio" name="sort" value={o.value} label={o.label} checked={state.sort === o.value} />
        ))}
      </Dropdown>
      <Dropdown label="Type" count={state.types.length}>
        {TYPE_OPTIONS.map((o) => (
          <Choice key={o.value} type="checkbox" name="type" value={o.value} label={o.label} checked={state.types.includes(o.value)} />
        ))}
      </Dropdown>
      <Dropdown label="Rarity" count={state.rarities.length}>
        {many("rarity", options.rarities, state.rarities)}
      </Dropdown>
      {options.crates.length > 0 ? (
        <Dropdown label="Crates" count={state.crates.length} alignEnd>
          {many("crate", options.crates, state.crates)}
        </Dropdown>
      ) : null}
      {options.collections.length > 0 ? (
        <Dropdown label="Collections" count={state.collections.length} alignEnd>
          {many("collection", options.collections, state.collections)}
        </Dropdown>
      ) : null}
      <MarketSelect choice={market} />
      {hydrated ? null : (
        <button type="submit" className="rounded-md bg-accent px-3 py-2 text-sm font-semibold text-black">
          Apply
        </button>
      )}
      {isFiltered(state) || state.sort !== "rarity" || market !== DEFAULT_MARKET_CHOICE ? (
        <a href={pathname} className="px-3 py-2 text-sm text-accent hover:underline">
          Clear
        </a>
      ) : null}
    </Form>
  );
}
