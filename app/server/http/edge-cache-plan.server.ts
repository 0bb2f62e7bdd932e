import { craftGalleryPaths, parseCraftKind, parseCraftOrder } from "~/domain/community-crafts";
import { serializeConsent, type StoredConsent } from "~/domain/cookie-consent";
import { CURRENCY_CODES, type CurrencyCode } from "~/domain/currency";
import { DEFAULT_LANGUAGE, parseLanguageParam } from "~/domain/legal-language";
import { sharedLoadoutPath } from "~/domain/loadout-sharing";
import { parseSide } from "~/domain/loadouts";
import { DEFAULT_PRICE_RANGE, parsePriceRange, PRICE_RANGES } from "~/domain/price-history";
import { searchQueryParam } from "~/domain/search";
import { DEFAULT_SORT, SORT_OPTIONS, TYPE_OPTIONS, skinListValues } from "~/domain/skin-list";
import { DEFAULT_MARKET_CHOICE, parseMarketChoice } from "~/domain/markets";
import { CONTRACT_PARAMS, isAddRefusal } from "~/domain/trade-up";
import { isWear } from "~/domain/wear";

/**
 * Which anonymous pages the edge keeps, and under what key (docs/features/edge-cache.md). A page is the
 * same for every visitor with the same URL, build, cookie-banner state and currency, so those four
 * are the key (the currency as the page reads it: a visitor's chosen one, US dollars by default). Each page names the query parameters it reads: the others (tracking tags, cache busters) are
 * dropped from the key and from the request the page is rendered for, so key and page agree.
 */
interface CacheablePage {
  path: RegExp;
  params: readonly string[];
  /**
   * Parameters the page reads whose other values are not kept (a visit with one is answered without
   * the cache): the Market choice of pages an admin's or a moderator's change purges, whose purge
   * would otherwise reach five times the keys.
   */
  notKept?: readonly string[];
}

const CACHEABLE_PAGES: readonly CacheablePage[] = [
  { path: /^\/$/, params: [] },
  { path: /^\/category\/[^/]+$/, params: [] },
  { path: /^\/weapons\/[^/]+$/, params: ["sort", "type", "rarity", "crate", "collection", "market"] },
  { path: /^\/skins\/[^/]+$/, params: ["range", "variant", "wear", "market"] },
  // A craft's change purges the pages of its stickers: their history on one market is not kept.
  { path: /^\/stickers\/[^/]+$/, params: ["range", "market"], notKept: ["market"] },
  { path: /^\/search$/, params: ["q", "market"] },
  { path: /^\/api\/suggestions$/, params: ["q"] },
  { path: /^\/(privacy-policy|terms-of-service|legal-notice)$/, params: ["lang"] },
  { path: /^\/sticker-crafts$/, params: ["kind", "order", "market"], notKept: ["market"] },
  { path: /^\/sticker-crafts\/[^/]+$/, params: ["market"], notKept: ["market"] },
  { path: /^\/loadouts$/, params: [] },
  { path: /^\/loadouts\/official\/[^/]+$/, params: ["side", "market"], notKept: ["market"] },
  { path: /^\/loadouts\/shared\/[^/]+$/, params: ["side", "market"], notKept: ["market"] },
  { path: /^\/cases$/, params: ["market"] },
  { path: /^\/collections$/, params: [] },
  { path: /^\/cases\/[^/]+$/, params: ["market"] },
  { path: /^\/collections\/[^/]+$/, params: [] },
  // The picker's search and the form's buttons have no reader: a visit with them is not kept.
  { path: /^\/trade-up$/, params: [...CONTRACT_PARAMS, "find", "intent", "notice", "market"] },
];

/** A weapon page's filter values as it reads them, sorted. */
const filterValues = (values: readonly string[]) => skinListValues(values).sort();

/** A value the page would not read as it is: the page is answered without the cache. */
const UNCACHEABLE = null;

/**
 * Each parameter as its page reads it (the route's own parser), from every value the request
 * carries, to the canonical values of the key: a value the page ignores or reads as its default is
 * dropped (`?side=xyz`, `?side=CT`, `?side=t` are the T side, like no `side` at all), a
 * single-valued parameter keeps the first value (the one the page reads), a multi-valued filter
 * its distinct values, sorted. UNCACHEABLE when the page shows something of its own for the value
 * (a legal page says that it has no such language).
 */
const PARAMETERS: Record<string, (values: readonly string[]) => readonly string[] | typeof UNCACHEABLE> = {
  sort: ([value = ""]) => (SORT_OPTIONS.some((option) => option.value === value) && value !== DEFAULT_SORT ? [value] : []),
  type: (values) => filterValues(values).filter((value) => TYPE_OPTIONS.some((option) => option.value === value)),
  rarity: filterValues,
  crate: filterValues,
  collection: filterValues,
  range: ([value]) => {
    const range = parsePriceRange(value);
    return range === DEFAULT_PRICE_RANGE ? [] : [String(range)];
  },
  wear: ([value]) => (isWear(value) ? [value] : []),
  // Which market's prices a page shows: part of the key, so one market's page is never served for another's.
  market: ([value = null]) => {
    const market = parseMarketChoice(value);
    return market === DEFAULT_MARKET_CHOICE ? [] : [market];
  },
  // The skin page's market table: StatTrak™ or Souvenir (normal is the default).
  variant: ([value]) => (value === "stattrak" || value === "souvenir" ? [value] : []),
  q: (values) => {
    const query = searchQueryParam(new URLSearchParams(values.map((value) => ["q", value])));
    return query === "" ? [] : [query];
  },
  lang: ([value = ""]) => {
    const lang = parseLanguageParam(value);
    if (lang === null) return UNCACHEABLE;
    return lang === DEFAULT_LANGUAGE ? [] : [lang];
  },
  kind: ([value = null]) => {
    const kind = parseCraftKind(value);
    return kind === "all" ? [] : [kind];
  },
  order: ([value = null]) => {
    const order = parseCraftOrder(value);
    return order === "newest" ? [] : [order];
  },
  side: ([value]) => (parseSide(value) === "ct" ? ["ct"] : []),
  // A contract's fields as given: the trade-up page redirects any other spelling to its canonical one.
  ...Object.fromEntries(CONTRACT_PARAMS.map((name) => [name, ([value]: readonly string[]) => (value === undefined ? [] : [value])])),
  // Why 'Add to trade-up' added nothing, which the page says.
  notice: ([value = null]) => (isAddRefusal(value) ? [value] : []),
};

/** How long a kept page is served, in seconds, unless `EDGE_CACHE_SECONDS` says otherwise (0 switches the cache off). */
export const DEFAULT_EDGE_CACHE_SECONDS = 60;
const MAX_EDGE_CACHE_SECONDS = 3600;
const MAX_URL_LENGTH = 2048;

export function edgeCacheSeconds(setting: string | undefined): number {
  if (setting === undefined || setting.trim() === "") return DEFAULT_EDGE_CACHE_SECONDS;
  const seconds = Number(setting);
  if (!Number.isInteger(seconds) || seconds < 0) return DEFAULT_EDGE_CACHE_SECONDS;
  return Math.min(seconds, MAX_EDGE_CACHE_SECONDS);
}

/** The Cache-Control of a kept page, for the edge and (revalidate every time) for the browser. */
export function edgeCacheControl(seconds: number): string {
  return `public, max-age=0, s-maxage=${seconds}`;
}

/**
 * A path segment in the one spelling the product's links use (`encodeURIComponent`): `/sticker-crafts/%31`
 * is craft 1 to the router but another key to the cache, which a purge of `/sticker-crafts/1` would miss.
 */
function isCanonicalSegment(segment: string): boolean {
  try {
    return encodeURIComponent(decodeURIComponent(segment)) === segment;
  } catch {
    return false;
  }
}

/**
 * The page's known parameters as it reads them, canonical and sorted (see PARAMETERS); null when
 * the path is not kept, is not spelt canonically, or carries a value the page shows as its own.
 */
export function normalisedSearch(pathname: string, params: URLSearchParams): string | null {
  const page = CACHEABLE_PAGES.find((candidate) => candidate.path.test(pathname));
  if (!page || !pathname.split("/").every(isCanonicalSegment)) return null;
  const pairs: [string, string][] = [];
  for (const name of [...page.params].sort()) {
    const given = params.getAll(name);
    if (given.length === 0) continue;
    const read = PARAMETERS[name];
    const canonical = read ? read(given) : UNCACHEABLE;
    if (canonical === UNCACHEABLE) return null;
    if (canonical.length > 0 && page.notKept?.includes(name)) return null;
    for (const value of canonical) pairs.push([name, value]);
  }
  return pairs.length === 0 ? "" : `?${new URLSearchParams(pairs).toString()}`;
}

function consentPart(consent: StoredConsent): string {
  return consent === null ? "none" : serializeConsent(consent);
}

/** Every banner state a visitor can be in, for purging all variants of a page. */
export const CONSENT_STATES: readonly StoredConsent[] = [
  null,
  { accepted: true, enabled: true },
  { accepted: true, enabled: false },
  { accepted: false, enabled: true },
  { accepted: false, enabled: false },
];

/** The cache key of a normalised page URL (path and sorted known parameters) for one build, banner state and currency. */
export function edgeCacheKey(origin: string, buildVersion: string, consent: StoredConsent, currency: CurrencyCode, pathAndSearch: string): string {
  return `${origin}/__edge-cache/${encodeURIComponent(buildVersion)}/${consentPart(consent)}/${currency}${pathAndSearch}`;
}

export type EdgeCachePlan =
  | {
      cache: false;
      /**
       * The URL an anonymous GET of a listed page is rendered for even when it is not kept (the
       * cache is off, or the URL is too long to keep): the page never echoes what it does not read.
       */
      url?: string;
    }
  | {
      cache: true;
      /** The URL the page is rendered for: the request's path with its known parameters, sorted. */
      url: string;
      key: string;
    };

export interface EdgeCacheRequest {
  method: string;
  url: URL;
  signedIn: boolean;
  consent: StoredConsent;
  /** The currency the page shows amounts in (the visitor's cookie as `readCurrencyCookie` reads it, else US dollars). */
  currency: CurrencyCode;
  buildVersion: string;
  seconds: number;
}

/** Whether a request may be answered from, and stored into, the edge cache, and the URL its page is rendered for. */
export function planEdgeCache(request: EdgeCacheRequest): EdgeCachePlan {
  if (request.method !== "GET" || request.signedIn) return { cache: false };
  const search = normalisedSearch(request.url.pathname, request.url.searchParams);
  if (search === null) return { cache: false };
  const pathAndSearch = `${request.url.pathname}${search}`;
  const url = `${request.url.origin}${pathAndSearch}`;
  if (request.seconds === 0 || request.url.href.length > MAX_URL_LENGTH) return { cache: false, url };
  return { cache: true, url, key: edgeCacheKey(request.url.origin, request.buildVersion, request.consent, request.currency, pathAndSearch) };
}

export interface RenderedPage {
  status: number;
  cacheControl: string | null;
  setsCookie: boolean;
}

/** A page is kept when it is a 200 or a 404, sets no cookie and was not marked personal by its route. */
export function isStorable(page: RenderedPage): boolean {
  if (page.status !== 200 && page.status !== 404) return false;
  if (page.setsCookie) return false;
  return !/\b(private|no-store)\b/i.test(page.cacheControl ?? "");
}

/** The keys of every banner and currency variant of the given pages (path plus normalised search), for purging after an admin's change. */
export function edgeCacheKeysFor(origin: string, buildVersion: string, pathsAndSearches: readonly string[]): string[] {
  return pathsAndSearches.flatMap((pathAndSearch) =>
    CONSENT_STATES.flatMap((consent) => CURRENCY_CODES.map((currency) => edgeCacheKey(origin, buildVersion, consent, currency, pathAndSearch))),
  );
}

/** A page on both sides, as HTML and as the `.data` a client-side navigation fetches (both are kept). */
function bothSides(path: string): string[] {
  return [path, `${path}.data`].flatMap((page) => [page, `${page}?side=ct`, `${page}?side=t`]);
}

/**
 * The anonymous pages that show an official loadout (its detail on both sides, the list, the home
 * page). A new loadout's too: its id may have been asked for before it existed, and a 404 is kept.
 */
export function officialLoadoutPages(id: number): string[] {
  return ["/", "/loadouts", ...bothSides(`/loadouts/official/${id}`)];
}

/**
 * The anonymous pages of a share link (both sides, as HTML and as the `.data` a client-side
 * navigation fetches), for purging when the link stops working or changes what it shows. Its key
 * holds the side as the page reads it (PARAMETERS), so these reach every spelling of its URL.
 */
export function sharedLoadoutPages(token: string): string[] {
  return bothSides(sharedLoadoutPath(token));
}

/** A catalogue sticker's page under each price range, as HTML and as the `.data` a client-side navigation fetches. */
function stickerPages(stickerId: number): string[] {
  return [`/stickers/${stickerId}`, `/stickers/${stickerId}.data`].flatMap((page) =>
    PRICE_RANGES.map((range) => (range === DEFAULT_PRICE_RANGE ? page : `${page}?range=${range}`)),
  );
}

/**
 * The anonymous pages that show a sticker craft: its detail (also as the data a client-side
 * navigation asks for), the list under each filter and order, the home page, and the pages of the
 * catalogue stickers on it (`stickerIds`, as `craftStickerIdsQuery` reads them before and after the
 * change), which list their newest crafts. Ids of deleted crafts are used again, so a new craft must
 * not be shown another's kept page.
 */
export function stickerCraftPages(id: number | null, stickerIds: readonly number[]): string[] {
  const detail = id === null ? [] : [`/sticker-crafts/${id}`, `/sticker-crafts/${id}.data`];
  return ["/", ...craftGalleryPaths(), ...detail, ...[...new Set(stickerIds)].flatMap(stickerPages)];
}
