import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useLoaderData } from "@remix-run/react";
import { pageMeta } from "~/components/page-meta";
import { SkinGrid } from "~/components/SkinCard";
import { isSearchable, SEARCH_MIN_LENGTH, searchQueryParam } from "~/domain/search";
import { FallbackImage } from "~/components/FallbackImage";
import { MarketSelect } from "~/components/MarketSelect";
import { marketChoiceLabel, parseMarketChoice } from "~/domain/markets";
import { PathLink } from "~/components/links";
import { catalogueCacheHeaders, catalogueHeaders, loadSkinAndStickerResults } from "~/server/features/catalogue.server";
import { loadFavoriteIds } from "~/server/features/favorites.server";
import { revalidateUnlessReadOnly } from "~/forms/reply";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { searchParams } = new URL(request.url);
  const query = searchQueryParam(searchParams);
  // Which market's price the cards show (the default: the cheapest listing across markets).
  const market = parseMarketChoice(searchParams.get("market"));
  const favoritesPromise = loadFavoriteIds(context);
  const { skins: results, stickers } = await loadSkinAndStickerResults(context, query, market);
  return data(
    { query, market, searchable: isSearchable(query), results, stickers, favoriteIds: await favoritesPromise },
    { headers: catalogueCacheHeaders(request) },
  );
}

export const headers = catalogueHeaders;

// A refused post (a fetcher's favourite or tracker too) changed nothing: the page does not load again.
export const shouldRevalidate = revalidateUnlessReadOnly;

export default function SearchPage() {
  const { query, market, searchable, results, stickers, favoriteIds } = useLoaderData<typeof loader>();
  return (
    <section>
      <h1 className="text-3xl font-bold">Search skins</h1>
      <Form
        method="get"
        action="/search"
        role="search"
        aria-label="Search the catalogue"
        className="mt-4 flex max-w-3xl flex-wrap gap-2"
        key={`${query} ${market}`}
      >
        <label htmlFor="search-page-q" className="sr-only">
          Search skins
        </label>
        <input
          id="search-page-q"
          name="q"
          type="search"
          defaultValue={query}
          placeholder="Search skins..."
          autoComplete="off"
          className="min-w-0 flex-1 basis-56 rounded-md border border-line bg-panel-2 px-3 py-2 text-sm placeholder:text-muted"
        />
        <MarketSelect choice={market} />
        <button type="submit" className="rounded-md bg-accent px-4 py-2 text-sm font-semibold text-black">
          Search
        </button>
      </Form>
      {!searchable ? (
        <p className="mt-6 text-muted">Type at least {SEARCH_MIN_LENGTH} characters to search.</p>
      ) : (
        <>
          {results.length === 0 ? (
            <p className="mt-6">No skins found for “{query}”.</p>
          ) : (
            <>
              <p className="mt-6 text-sm text-muted" aria-live="polite">
                {results.length} {results.length === 1 ? "result" : "results"} for “{query}”
              </p>
              <p className="text-sm text-muted" data-testid="price-market">
                Prices: {marketChoiceLabel(market)}
              </p>
              <SkinGrid skins={results} label="Search results" favoriteIds={favoriteIds} noPrice="No price" />
            </>
          )}
          {stickers.length > 0 ? (
            <section aria-labelledby="sticker-results-heading" className="mt-8">
              <h2 id="sticker-results-heading" className="text-xl font-semibold">
                Stickers
              </h2>
              <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-4" aria-label="Sticker results">
                {stickers.map((sticker) => (
                  <li key={sticker.id}>
                    <PathLink to={`/stickers/${sticker.id}`} className="flex items-center gap-3 rounded-lg border border-line bg-panel p-3 hover:border-accent">
                      <FallbackImage sources={[sticker.image]} alt="" className="h-12 w-12 shrink-0 object-contain" />
                      <span className="text-sm font-semibold">{sticker.name}</span>
                    </PathLink>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </>
      )}
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(matches, {
    title: data?.query ? `Search: ${data.query}` : "Search skins",
    description: "Search every Counter-Strike 2 skin by name, with typos and short weapon names understood.",
    path: data?.query ? `/search?q=${encodeURIComponent(data.query)}` : "/search",
    noindex: true,
    openGraph: {},
  });
