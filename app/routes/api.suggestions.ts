import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { rarityTextColor } from "~/domain/rarity-text-color";
import { searchQueryParam } from "~/domain/search";
import { catalogueCacheHeaders, loadSearchResults } from "~/server/features/catalogue.server";

/**
 * Typeahead: up to 10 ranked skins for `?q=` as JSON (a resource route, no page around it), each
 * rarity with its readable text colour, worked out here so the search box (on every page) does not
 * ship the colour maths.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const query = searchQueryParam(new URL(request.url).searchParams);
  const results = await loadSearchResults(context, query);
  const suggestions = results.map(({ id, name, image, rarity, rarityColor }) => ({
    id,
    name,
    image,
    rarity,
    // Still sent for a page loaded before this field existed: its search box works the text colour
    // out from it, and would fail on a suggestion without one.
    rarityColor,
    rarityTextColor: rarityTextColor(rarityColor),
  }));
  return Response.json({ query, suggestions }, { headers: catalogueCacheHeaders(request) });
}
