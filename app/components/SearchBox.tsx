import { Form } from "@remix-run/react";
import { useEffect, useState, type KeyboardEvent } from "react";
import { isSearchable } from "~/domain/search";

interface Suggestion {
  id: string;
  name: string;
  image: string;
  weapon: string;
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

/**
 * The search box of the shell. Without JavaScript it is a plain GET form to /search; with it, up to
 * 10 suggestions appear under it as a listbox (arrow keys move, Enter opens, Escape closes).
 */
export function SearchBox({ id, autoFocus }: { id: string; autoFocus?: boolean }) {
  const [query, setQuery] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const suggestions = useSuggestions(query);
  const listId = `${id}-suggestions`;
  const shown = open && suggestions.length > 0 && isSearchable(query);

  useEffect(() => setActive(-1), [suggestions]);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Escape") {
      setOpen(false);
      return;
    }
    if (!shown) return;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      const step = event.key === "ArrowDown" ? 1 : -1;
      // Moves through the options and back to the input (-1) at either end.
      setActive((current) => {
        const next = current + step;
        return next < -1 ? suggestions.length - 1 : next >= suggestions.length ? -1 : next;
      });
    } else if (event.key === "Enter" && active >= 0 && suggestions[active]) {
      event.preventDefault();
      window.location.assign(`/skins/${encodeURIComponent(suggestions[active].id)}`);
    }
  };

  return (
    <Form method="get" action="/search" role="search" className="relative w-full">
      <label htmlFor={id} className="sr-only">
        Search skins
      </label>
      <input
        id={id}
        name="q"
        type="search"
        placeholder="Search skins..."
        autoComplete="off"
        minLength={2}
        autoFocus={autoFocus}
        value={query}
        role="combobox"
        aria-expanded={shown}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={shown && active >= 0 ? `${listId}-${active}` : undefined}
        onChange={(event) => {
          setQuery(event.currentTarget.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onKeyDown={onKeyDown}
        className="w-full rounded-md border border-line bg-panel-2 px-3 py-2 text-sm placeholder:text-muted"
      />
      <ul
        id={listId}
        role="listbox"
        aria-label="Suggestions"
        hidden={!shown}
        className="absolute inset-x-0 top-full z-40 mt-1 max-h-[70vh] overflow-auto rounded-md border border-line bg-panel shadow-xl"
      >
        {suggestions.map((suggestion, index) => (
          <li key={suggestion.id} id={`${listId}-${index}`} role="option" aria-selected={index === active}>
            <a
              href={`/skins/${encodeURIComponent(suggestion.id)}`}
              tabIndex={-1}
              className={`flex items-center gap-3 px-3 py-2 text-sm hover:bg-panel-2 ${index === active ? "bg-panel-2" : ""}`}
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
    </Form>
  );
}
