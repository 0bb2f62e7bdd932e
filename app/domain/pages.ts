/**
 * Long lists a page at a time (`?page=N`): the tracker list and the profile's favourites and
 * trackers, so a page stays small however many an account keeps (README.md, "Limits").
 */

/** Trackers and favourites a page: 48 fills whole rows of grids of 1, 2, 3, 4 and 6 columns. */
export const ITEMS_PER_PAGE = 48;
const MAX_PAGE_DIGITS = 4;

/** `?page=N` as a whole number from 1; anything else is page 1. */
export function parsePage(params: URLSearchParams): number {
  const value = params.get("page") ?? "";
  return new RegExp(`^[1-9][0-9]{0,${MAX_PAGE_DIGITS - 1}}$`).test(value) ? Number(value) : 1;
}

export interface Page<T> {
  items: T[];
  /** The page shown: the one asked for, or the last one when it asked past the end. */
  page: number;
  pageCount: number;
}

/** The page shown of a list of `total` items (the last one when asked past the end), and how many there are. */
export function pageBounds(total: number, requested: number, size = ITEMS_PER_PAGE): Omit<Page<never>, "items"> {
  const pageCount = Math.max(1, Math.ceil(total / size));
  return { page: Math.min(Math.max(1, requested), pageCount), pageCount };
}

export function pageOf<T>(items: readonly T[], requested: number, size = ITEMS_PER_PAGE): Page<T> {
  const { page, pageCount } = pageBounds(items.length, requested, size);
  return { items: items.slice((page - 1) * size, page * size), page, pageCount };
}

/**
 * The page the URL asks for (`?page=N`); without one, the page that holds the item the URL points
 * at (a card a redirect returns to), else page 1.
 */
export function requestedPage<T>(params: URLSearchParams, items: readonly T[], isPointedAt: (item: T) => boolean, size = ITEMS_PER_PAGE): number {
  if (params.has("page")) return parsePage(params);
  const index = items.findIndex(isPointedAt);
  return index < 0 ? 1 : Math.floor(index / size) + 1;
}

/** The search string of another page of the same list: the sort kept, page 1 without `page`. */
export function searchOfPage(search: string, page: number): string {
  const params = new URLSearchParams(search);
  if (page <= 1) params.delete("page");
  else params.set("page", String(page));
  const query = params.toString();
  return query === "" ? "" : `?${query}`;
}
