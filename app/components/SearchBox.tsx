import { Form } from "@remix-run/react";
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { isSearchable } from "~/domain/search";
import { useHydrated } from "./useHydrated";

interface Suggestion {
  id: string;
  name: string;
  image: string;
  rarity: string;
  rarityColor: string;
}

const DEBOUNCE_MS = 120;

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
        .then((response) => (response.ok ? (response.json() as Promise<{ suggestions: Suggestion[] }>) : { suggestions: [] }))
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

/** Arrow keys move between the input and the suggestion links; Escape goes back to the input. */
function moveFocus(event: KeyboardEvent<HTMLElement>, input: HTMLInputElement | null) {
  const links = [...event.currentTarget.querySelectorAll<HTMLAnchorElement>("[data-suggestion]")];
  if (links.length === 0 || !input) return;
  const stops: HTMLElement[] = [input, ...links];
  const index = stops.indexOf(document.activeElement as HTMLElement);
  if (event.key === "Escape") {
    input.focus();
    return;
  }
  if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
  event.preventDefault();
  const next = (index + (event.key === "ArrowDown" ? 1 : -1) + stops.length) % stops.length;
  stops[next]?.focus();
}

/**
 * The shell's search box. Without JavaScript it is a plain GET form to /search; with it, up to 10
 * suggestions (links to the skins) appear under it from the second character.
 */
export function SearchBox({ id, focusOnOpen }: { id: string; focusOnOpen?: boolean }) {
  const hydrated = useHydrated();
  const inputRef = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState("");
  const [open, setOpen] = useState(false);
  const suggestions = useSuggestions(query);
  const shown = hydrated && open && suggestions.length > 0 && isSearchable(query);

  // The input is uncontrolled, so whatever was typed before hydration counts too.
  useEffect(() => {
    if (inputRef.current?.value) {
      setQuery(inputRef.current.value);
      setOpen(document.activeElement === inputRef.current);
    }
  }, []);

  // In the mobile search dialog, focus moves into the dialog as it opens.
  useEffect(() => {
    if (focusOnOpen) inputRef.current?.focus();
  }, [focusOnOpen]);

  return (
    <Form
      method="get"
      action="/search"
      role="search"
      className="relative w-full"
      onKeyDown={(event) => moveFocus(event, inputRef.current)}
      onFocus={() => setOpen(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
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
        placeholder="Search skins..."
        autoComplete="off"
        minLength={2}
        aria-describedby={`${id}-status`}
        onChange={(event) => {
          setQuery(event.currentTarget.value);
          setOpen(true);
        }}
        className="w-full rounded-md border border-line bg-panel-2 px-3 py-2 text-sm placeholder:text-muted"
      />
      <p id={`${id}-status`} className="sr-only" aria-live="polite">
        {shown ? `${suggestions.length} suggestions, use the down arrow to reach them` : ""}
      </p>
      {shown ? (
        <ul
          aria-label="Suggestions"
          className="absolute inset-x-0 top-full z-40 mt-1 max-h-[70vh] overflow-auto rounded-md border border-line bg-panel shadow-xl"
        >
          {suggestions.map((suggestion) => (
            <li key={suggestion.id}>
              <a
                href={`/skins/${encodeURIComponent(suggestion.id)}`}
                data-suggestion
                className="flex items-center gap-3 px-3 py-2 text-sm hover:bg-panel-2 focus:bg-panel-2"
              >
                <img src={suggestion.image} alt="" className="h-8 w-10 shrink-0 object-contain" />
                <span className="min-w-0">
                  <span className="block truncate">{suggestion.name}</span>
                  <span className="block text-xs" style={{ color: suggestion.rarityColor }}>
                    {suggestion.rarity}
                  </span>
                </span>
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </Form>
  );
}
