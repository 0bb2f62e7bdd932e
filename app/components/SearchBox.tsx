import { Form } from "@remix-run/react";
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { isSearchable } from "~/domain/search";
import { FallbackImage } from "./FallbackImage";
import { useHydrated } from "./useHydrated";

interface Suggestion {
  id: string;
  name: string;
  image: string;
  rarity: string;
  /** The rarity's colour, readable on the dark panels (`rarityTextColor`, applied by the server). */
  rarityTextColor: string;
}

const DEBOUNCE_MS = 120;

const skinHref = (id: string) => `/skins/${encodeURIComponent(id)}`;

/** Asks the suggestions endpoint as the query changes (from 2 characters), dropping stale answers. */
function useSuggestions(query: string): Suggestion[] {
  const [suggestions, setSuggestions] = useState<Suggestion[]>([]);
  useEffect(() => {
    if (!isSearchable(query)) {
      setSuggestions([]);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetch(`/api/suggestions?q=${encodeURIComponent(query)}`, { signal: controller.signal })
        .then((response) => (response.ok ? response.json<{ suggestions: Suggestion[] }>() : { suggestions: [] }))
        .then((body) => setSuggestions(body.suggestions))
        .catch(() => undefined); // Aborted or offline: submitting still opens the results page.
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query]);
  return suggestions;
}

/**
 * The shell's search box. Without JavaScript it is a plain GET form to /search; with it, up to 10
 * suggestions appear under it from the second character, as an ARIA combobox: focus stays in the
 * input, the arrow keys move the active option (aria-activedescendant), Enter opens it, Escape
 * closes the list (a second Escape reaches whatever holds the box, such as the search overlay).
 */
export function SearchBox({ id, label, focusOnOpen }: { id: string; label: string; focusOnOpen?: boolean }) {
  const hydrated = useHydrated();
  const inputRef = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const suggestions = useSuggestions(query);
  const shown = hydrated && open && suggestions.length > 0 && isSearchable(query);
  const listId = `${id}-suggestions`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const activeSuggestion = shown ? suggestions[active] : undefined;

  // The input is uncontrolled, so whatever was typed before hydration counts too.
  useEffect(() => {
    if (inputRef.current?.value) {
      setQuery(inputRef.current.value);
      setOpen(document.activeElement === inputRef.current);
    }
  }, []);
  useEffect(() => setActive(-1), [suggestions]);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Escape" && shown) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    } else if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (!shown) {
        setOpen(true);
        return;
      }
      event.preventDefault();
      const step = event.key === "ArrowDown" ? 1 : -1;
      // -1 (the input itself) is one stop of the cycle, as in the usual autocomplete lists.
      setActive((current) => ((current + 1 + step + suggestions.length + 1) % (suggestions.length + 1)) - 1);
    } else if (event.key === "Enter" && activeSuggestion) {
      event.preventDefault();
      window.location.assign(skinHref(activeSuggestion.id));
    }
  };

  // In the mobile search dialog, focus moves into the dialog as it opens.
  useEffect(() => {
    if (focusOnOpen) inputRef.current?.focus();
  }, [focusOnOpen]);

  return (
    <Form
      method="get"
      action="/search"
      role="search"
      aria-label={label}
      className="relative w-full"
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setOpen(false);
      }}
    >
      <label htmlFor={id} className="sr-only">
        Search skins
      </label>
      <input
        ref={inputRef}
        id={id}
        name="q"
        type="search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={shown}
        aria-controls={listId}
        aria-activedescendant={activeSuggestion ? optionId(active) : undefined}
        placeholder="Search skins..."
        autoComplete="off"
        minLength={2}
        aria-describedby={`${id}-status`}
        onFocus={() => setOpen(true)}
        onKeyDown={onKeyDown}
        onChange={(event) => {
          setQuery(event.currentTarget.value);
          setOpen(true);
        }}
        className="w-full rounded-md border border-line bg-panel-2 px-3 py-2 text-sm placeholder:text-muted"
      />
      <p id={`${id}-status`} className="sr-only" aria-live="polite">
        {shown ? `${suggestions.length} suggestions, use the arrow keys to choose one` : ""}
      </p>
      <div
        id={listId}
        role="listbox"
        aria-label="Suggestions"
        hidden={!shown}
        className="absolute inset-x-0 top-full z-40 mt-1 max-h-[70vh] overflow-auto rounded-md border border-line bg-panel shadow-xl"
      >
        {shown
          ? suggestions.map((suggestion, index) => (
              <a
                key={suggestion.id}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                tabIndex={-1}
                href={skinHref(suggestion.id)}
                // Keeps focus in the input, so the list is still there when the click lands.
                onMouseDown={(event) => event.preventDefault()}
                className={`flex items-center gap-3 px-3 py-2 text-sm hover:bg-panel-2 ${index === active ? "bg-panel-2 outline outline-2 -outline-offset-2 outline-accent" : ""}`}
              >
                <FallbackImage sources={[suggestion.image]} alt="" lazy={false} className="h-8 w-10 shrink-0 object-contain" />
                <span className="min-w-0">
                  <span className="block truncate">{suggestion.name}</span>
                  <span className="block text-xs" style={{ color: suggestion.rarityTextColor }}>
                    {suggestion.rarity}
                  </span>
                </span>
              </a>
            ))
          : null}
      </div>
    </Form>
  );
}
