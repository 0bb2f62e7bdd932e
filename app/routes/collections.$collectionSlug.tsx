import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { Breadcrumb } from "~/components/basics";
import { FallbackImage } from "~/components/FallbackImage";
import { packGroupedSkins } from "~/domain/skin-cards";
import { pageMeta } from "~/components/page-meta";
import { SkinGroups } from "~/components/SkinGroups";
import { RARITY_COLORS, RARITY_ORDER } from "~/domain/rarity";
import { contractQuery, inputsNeeded, nextRarity, openTradeUpPath } from "~/domain/trade-up";
import { catalogueCacheHeaders, catalogueHeaders } from "~/server/features/catalogue.server";
import { collectionBySlugQuery, collectionCratesQuery, collectionSkinsQuery, listedSkin } from "~/server/features/containers.server";
import { loadMoney } from "~/server/features/currency.server";
import { revalidateUnlessReadOnly } from "~/forms/reply";

const CRATE_KIND_NAMES = {
  weapon_case: "Weapon case",
  keyless_case: "Opens without a key",
  souvenir_package: "Souvenir package",
  sticker_capsule: "Sticker capsule",
} as const;

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const slug = params.collectionSlug ?? "";
  const moneyPromise = loadMoney(context, request);
  const [found, skinRows, crates] = await context.load([
    collectionBySlugQuery(context.db, slug),
    collectionSkinsQuery(context.db, slug),
    collectionCratesQuery(context.db, slug),
  ]);
  const headers = catalogueCacheHeaders(request);
  const collection = found[0];
  if (!collection) return data({ collection: null, groups: [], crates: [] }, { status: 404, headers });
  const money = await moneyPromise;
  const skins = skinRows.map((row) => listedSkin(row, money));
  const rarities = RARITY_ORDER.filter((rarity) => skins.some(({ skin }) => skin.rarity === rarity)).reverse();
  const groups = rarities.map((rarity) => {
    const members = skins.filter(({ skin }) => skin.rarity === rarity);
    const next = nextRarity(rarity);
    // A trade-up within the collection: ten (five Covert) of its cheapest skin of this rarity, when the collection has the next.
    const cheapest = [...members].sort((a, b) => cheapestPrice(a.prices.normal) - cheapestPrice(b.prices.normal))[0]!;
    const tradeUp =
      next && next !== "Extraordinary" && skins.some(({ skin }) => skin.rarity === next)
        ? { next, href: openTradeUpPath(contractQuery([{ skinId: cheapest.skin.id, float: null, variant: "normal", count: inputsNeeded(rarity) }])) }
        : null;
    return {
      rarity,
      tradeUp,
      skins: packGroupedSkins(members.map(({ skin, priceText }) => ({ id: skin.id, name: skin.name, image: skin.image, priceText }))),
    };
  });
  return data({ collection, groups, crates }, { headers });
}

const cheapestPrice = (prices: Partial<Record<string, number>>) => Math.min(Infinity, ...Object.values(prices).filter((cents) => cents !== undefined));

export const headers = catalogueHeaders;

// A refused post (a fetcher's favourite or tracker too) changed nothing: the page does not load again.
export const shouldRevalidate = revalidateUnlessReadOnly;

export default function CollectionPage() {
  const { collection, groups, crates } = useLoaderData<typeof loader>();
  if (!collection) {
    return (
      <section className="py-16 text-center">
        <h1 className="text-2xl font-bold">Collection not found.</h1>
        <Link to="/collections" className="mt-6 inline-block text-accent underline">
          All collections
        </Link>
      </section>
    );
  }
  return (
    <div className="space-y-6">
      <div className="flex items-center gap-4">
        <FallbackImage sources={[collection.image]} alt="" className="h-16 w-16 shrink-0 object-contain" lazy={false} />
        <div>
          <Breadcrumb trail={[{ to: "/collections", label: "Collections" }]} />
          <h1 className="text-3xl font-bold">{collection.name}</h1>
        </div>
      </div>
      {crates.length > 0 ? (
        <section aria-labelledby="crates-heading">
          <h2 id="crates-heading" className="text-sm font-semibold uppercase tracking-wide text-muted">
            Dropped by
          </h2>
          <ul className="mt-2 flex flex-wrap gap-3">
            {crates.map((crate) => (
              <li key={crate.name}>
                {crate.slug ? (
                  <Link to={`/cases/${encodeURIComponent(crate.slug)}`} className="text-accent underline">
                    {crate.name}
                  </Link>
                ) : (
                  crate.name
                )}{" "}
                <span className="text-xs text-muted">({CRATE_KIND_NAMES[crate.kind]})</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <SkinGroups
        groups={groups.map((group) => ({
          title: group.rarity,
          color: RARITY_COLORS[group.rarity],
          skins: group.skins,
          extra: group.tradeUp ? (
            <p className="text-sm">
              <a href={group.tradeUp.href} className="text-accent underline">
                Trade up {group.rarity} skins of this collection into {group.tradeUp.next}
              </a>
            </p>
          ) : null,
        }))}
      />
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) => {
  const collection = data?.collection;
  if (!collection) return pageMeta(matches, { title: "Collection not found", description: "Collection not found.", path: location.pathname, noindex: true });
  return pageMeta(matches, {
    title: collection.name,
    description: `${collection.name}: its skins by rarity with today's prices, the cases that drop them, and trade-ups within it.`,
    path: `/collections/${encodeURIComponent(collection.slug ?? "")}`,
  });
};
