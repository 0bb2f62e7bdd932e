import { serializeConsent, type StoredConsent } from "~/domain/cookie-consent";
import { sharedLoadoutPath } from "~/domain/loadout-sharing";
import { parseSide } from "~/domain/loadouts";

/**
 * Which anonymous pages the edge keeps, and under what key (docs/features/edge-cache.md). A page is the
 * same for every visitor with the same URL, build and cookie-banner state, so that triple is the
 * key. Each page names the query parameters it reads: the others (tracking tags, cache busters) are
 * dropped from the key and from the request the page is rendered for, so key and page agree.
 */
interface CacheablePage {
  path: RegExp;
  params: readonly string[];
  /** The page's search in its one spelling, when it has one: every variant of the URL gets one key, so one purge reaches them all. */
  canonical?: (params: URLSearchParams) => string;
}

/**
 * A loadout side as the page reads it (the first `side`; anything but `ct` is T), spelled once:
 * `?side=ct` or nothing. `?side=CT`, `?side=xyz` and `?side=t&side=ct` are the T page's key.
 */
function sideSearch(params: URLSearchParams): string {
  return parseSide(params.get("side")) === "ct" ? "?side=ct" : "";
}

const CACHEABLE_PAGES: readonly CacheablePage[] = [
  { path: /^\/$/, params: [] },
  { path: /^\/category\/[^/]+$/, params: [] },
  { path: /^\/weapons\/[^/]+$/, params: ["sort", "type", "rarity", "crate", "collection"] },
  { path: /^\/skins\/[^/]+$/, params: ["range", "wear"] },
  { path: /^\/search$/, params: ["q"] },
  { path: /^\/api\/suggestions$/, params: ["q"] },
  { path: /^\/(privacy-policy|terms-of-service|legal-notice)$/, params: ["lang"] },
  { path: /^\/sticker-crafts$/, params: ["kind"] },
  { path: /^\/sticker-crafts\/[^/]+$/, params: [] },
  { path: /^\/loadouts$/, params: [] },
  { path: /^\/loadouts\/official\/[^/]+$/, params: ["side"] },
  { path: /^\/loadouts\/shared\/[^/]+$/, params: ["side"], canonical: sideSearch },
];

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

/** The page's known parameters, each value once, sorted by name and value; null when the path is not kept. */
export function normalisedSearch(pathname: string, params: URLSearchParams): string | null {
  const page = CACHEABLE_PAGES.find((candidate) => candidate.path.test(pathname));
  if (!page) return null;
  if (page.canonical) return page.canonical(params);
  const pairs = new Set<string>();
  for (const [name, value] of params) {
    if (page.params.includes(name) && value !== "") pairs.add(new URLSearchParams([[name, value]]).toString());
  }
  const sorted = [...pairs].sort();
  return sorted.length === 0 ? "" : `?${sorted.join("&")}`;
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

/** The cache key of a normalised page URL (path and sorted known parameters) for one build and banner state. */
export function edgeCacheKey(origin: string, buildVersion: string, consent: StoredConsent, pathAndSearch: string): string {
  return `${origin}/__edge-cache/${encodeURIComponent(buildVersion)}/${consentPart(consent)}${pathAndSearch}`;
}

export type EdgeCachePlan =
  | { cache: false }
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
  buildVersion: string;
  seconds: number;
}

/** Whether a request may be answered from, and stored into, the edge cache. */
export function planEdgeCache(request: EdgeCacheRequest): EdgeCachePlan {
  if (request.seconds === 0 || request.method !== "GET" || request.signedIn) return { cache: false };
  if (request.url.href.length > MAX_URL_LENGTH) return { cache: false };
  const search = normalisedSearch(request.url.pathname, request.url.searchParams);
  if (search === null) return { cache: false };
  const pathAndSearch = `${request.url.pathname}${search}`;
  return {
    cache: true,
    url: `${request.url.origin}${pathAndSearch}`,
    key: edgeCacheKey(request.url.origin, request.buildVersion, request.consent, pathAndSearch),
  };
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

/** The keys of every banner variant of the given pages (path plus normalised search), for purging after an admin's change. */
export function edgeCacheKeysFor(origin: string, buildVersion: string, pathsAndSearches: readonly string[]): string[] {
  return pathsAndSearches.flatMap((pathAndSearch) => CONSENT_STATES.map((consent) => edgeCacheKey(origin, buildVersion, consent, pathAndSearch)));
}

/** A page on both sides, as HTML and as the `.data` a client-side navigation fetches (both are kept). */
function bothSides(path: string): string[] {
  return [path, `${path}.data`].flatMap((page) => [page, `${page}?side=ct`, `${page}?side=t`]);
}

/** The anonymous pages that show an official loadout (its detail on both sides, the list, the home page). */
export function officialLoadoutPages(id: number | null): string[] {
  return ["/", "/loadouts", ...(id === null ? [] : bothSides(`/loadouts/official/${id}`))];
}

/**
 * The anonymous pages of a share link (both sides, as HTML and as the `.data` a client-side
 * navigation fetches), for purging when the link stops working or changes what it shows. Its key
 * is canonical (`sideSearch`), so these reach every spelling of its URL.
 */
export function sharedLoadoutPages(token: string): string[] {
  return bothSides(sharedLoadoutPath(token));
}

/**
 * The anonymous pages that show a sticker craft (its detail, also as the data a client-side
 * navigation asks for, the list under each filter, the home page). Ids of deleted crafts are used
 * again, so a new craft must not be shown another's kept page.
 */
export function stickerCraftPages(id: number | null): string[] {
  const detail = id === null ? [] : [`/sticker-crafts/${id}`, `/sticker-crafts/${id}.data`];
  return ["/", "/sticker-crafts", "/sticker-crafts?kind=community", "/sticker-crafts?kind=official", ...detail];
}
