import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { searchQueryParam } from "~/domain/search";
import { catalogueCacheHeaders, loadSearchResults } from "~/server/features/catalogue.server";

/** Typeahead: up to 10 ranked skins for `?q=` as JSON (a resource route, no page around it). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const query = searchQueryParam(new URL(request.url).searchParams);
  const results = await loadSearchResults(context, query);
  const suggestions = results.map(({ id, name, image, rarity, rarityColor }) => ({ id, name, image, rarity, rarityColor }));
  return Response.json({ query, suggestions }, { headers: catalogueCacheHeaders(request) });
}
