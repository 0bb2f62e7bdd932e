import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { useMemo } from "react";
import { pageMeta } from "~/components/page-meta";
import { SkinGrid } from "~/components/SkinCard";
import { marketChoiceLabel, parseMarketChoice } from "~/domain/markets";
import { firstSkinCard, packList, packSkinCards, unpackSkinCards } from "~/domain/skin-cards";
import { applySkinList, filterOptions, parseSkinListState, priceVariantOf } from "~/domain/skin-list";
import { VARIANT_NAMES } from "~/domain/variants";
import {
  catalogueCacheHeaders,
  catalogueHeaders,
  collectionNamesOfWeaponQuery,
  crateNamesOfWeaponQuery,
  findWeaponQuery,
  weaponSkinsQuery,
} from "~/server/features/catalogue.server";
import { loadFavoriteIds } from "~/server/features/favorites.server";
import { SkinListForm } from "./SkinListForm";
import { revalidateUnlessReadOnly } from "~/forms/reply";

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const { db } = context;
  const name = params.weaponName ?? "";
  const favoritesPromise = loadFavoriteIds(context);
  // Every matching skin in one grid; an old `?page=` link is ignored and shows them all.
  const url = new URL(request.url);
  const state = parseSkinListState(url.searchParams);
  const priceVariant = priceVariantOf(state);
  // Which market's price the cards show (the default: the cheapest listing across markets).
  const market = parseMarketChoice(url.searchParams.get("market"));
  const [found, skinRows, crateRows, collectionRows] = await context.load([
    findWeaponQuery(db, name),
    weaponSkinsQuery(db, name, priceVariant, market),
    crateNamesOfWeaponQuery(db, name),
    collectionNamesOfWeaponQuery(db, name),
  ]);
  const namesBySkin = (rows: { skinId: string; name: string }[]) => {
    const map = new Map<string, string[]>();
    for (const row of rows) {
      const names = map.get(row.skinId);
      if (names) names.push(row.name);
      else map.set(row.skinId, [row.name]);
    }
    return map;
  };
  const cratesBySkin = namesBySkin(crateRows);
  const collectionsBySkin = namesBySkin(collectionRows);
  const all = skinRows.map((skin) => ({
    ...skin,
    crates: cratesBySkin.get(skin.id) ?? [],
    collections: collectionsBySkin.get(skin.id) ?? [],
  }));
  const { rarities, crates, collections } = filterOptions(all);
  const weapon = found[0]?.name ?? name;
  const favoriteIds = await favoritesPromise;
  return data(
    {
      weapon,
      state,
      priceVariant,
      market,
      total: all.length,
      // Cards and filter choices as compact text (app/domain/skin-cards.ts): the hydration data stays light.
      cards: packSkinCards(applySkinList(all, state)),
      options: { rarities: packList(rarities), crates: packList(crates), collections: packList(collections) },
      favoriteIds,
    },
    { status: found.length === 0 ? 404 : 200, headers: catalogueCacheHeaders(request) },
  );
}

export const headers = catalogueHeaders;

// A refused post (a fetcher's favourite or tracker too) changed nothing: the page does not load again.
export const shouldRevalidate = revalidateUnlessReadOnly;

export default function WeaponPage() {
  const { weapon, state, priceVariant, market, total, cards, options, favoriteIds } = useLoaderData<typeof loader>();
  const skins = useMemo(() => unpackSkinCards(cards), [cards]);
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const loading = navigation.state === "loading" && navigation.location.pathname === pathname;
  return (
    <section>
      <h1 className="text-3xl font-bold">{weapon} Skins</h1>
      {total === 0 ? (
        <p className="mt-6">No skins for this weapon.</p>
      ) : (
        <>
          <SkinListForm state={state} market={market} packedOptions={options} />
          <p className="mt-3 text-sm text-muted" aria-live="polite" data-testid="skin-count">
            {loading ? "Loading..." : `${skins.length} of ${total} skins`}
          </p>
          <p className="text-sm text-muted" data-testid="price-market">
            Prices: {marketChoiceLabel(market)}
          </p>
          {skins.length === 0 ? (
            <p className="mt-6">No skins match these filters.</p>
          ) : (
            <SkinGrid
              skins={skins}
              label={`${weapon} skins`}
              favoriteIds={favoriteIds}
              priceLabel={priceVariant === "normal" ? undefined : `${VARIANT_NAMES[priceVariant]} price`}
              // On one market a card without a price there says so as the market tables do; the spec's 'No Data' otherwise.
              noPrice={market === "cheapest" ? undefined : "No price"}
            />
          )}
        </>
      )}
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const weapon = data?.weapon ?? "Weapon";
  return pageMeta(matches, {
    title: `${weapon} Skins`,
    description: `All ${data?.total ?? 0} ${weapon} skins in Counter-Strike 2 with rarity, StatTrak and Souvenir availability and prices by wear.`,
    path: `/weapons/${encodeURIComponent(weapon)}`,
    noindex: !data?.total,
    openGraph: { image: data ? (firstSkinCard(data.cards)?.image ?? null) : null },
  });
};
