import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { WEAPON_GRID } from "~/components/CategorySkeleton";
import { originFromMatches, pageMeta } from "~/components/page-meta";
import { saveScrollPosition, useScrollMemory } from "~/components/ScrollMemory";
import { FallbackImage } from "~/components/FallbackImage";
import { catalogueCacheHeaders, catalogueHeaders, findCategoryQuery, weaponCardsQuery } from "~/server/features/catalogue.server";

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const name = params.categoryName ?? "";
  const { db } = context;
  const [found, weapons] = await context.load([findCategoryQuery(db, name), weaponCardsQuery(db, name)]);
  const headers = catalogueCacheHeaders(request);
  if (found.length === 0) return data({ category: null, weapons: [] }, { status: 404, headers });
  const cards = weapons.map((weapon) => ({ ...weapon, hasSkins: weapon.skinCount > 0 }));
  return data({ category: found[0]!.name, weapons: cards }, { headers });
}

export const headers = catalogueHeaders;

function CategoryNotFound() {
  return (
    <section className="py-16 text-center">
      <h1 className="text-2xl font-bold">Category Not Found</h1>
      <p className="mt-2 text-muted">The requested category could not be found.</p>
      <Link to="/" className="mt-6 inline-block rounded-md bg-accent px-4 py-2 font-semibold text-black">
        Back to Home
      </Link>
    </section>
  );
}

export default function CategoryPage() {
  const { category, weapons } = useLoaderData<typeof loader>();
  const { pathname } = useLocation();
  useScrollMemory(pathname, weapons.length > 0);
  if (!category) return <CategoryNotFound />;
  return (
    <section>
      <h1 className="text-3xl font-bold">{category}</h1>
      <p className="mt-1 text-muted">{weapons.length} Weapons</p>
      {weapons.length === 0 ? (
        <p className="mt-6">No weapons found in this category.</p>
      ) : (
        <ul className={`mt-6 ${WEAPON_GRID}`}>
          {weapons.map((weapon) => (
            <li key={weapon.name}>
              <a
                href={`/weapons/${encodeURIComponent(weapon.name)}`}
                onClick={() => saveScrollPosition(pathname)}
                className="block h-full rounded-lg border border-line bg-panel p-3 hover:border-accent"
              >
                <FallbackImage sources={[weapon.skinImage, weapon.defaultImage]} alt="" className="aspect-[4/3] w-full object-contain" />
                <h2 className="mt-2 font-semibold">{weapon.name} Skins</h2>
                <p className="text-sm text-muted">{weapon.skinCount} Items</p>
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) => {
  if (!data?.category) {
    return pageMeta(matches, {
      title: "Category Not Found",
      description: "The requested category could not be found.",
      path: location.pathname,
      noindex: true,
    });
  }
  const path = `/category/${encodeURIComponent(data.category)}`;
  const url = `${originFromMatches(matches)}${path}`;
  const description = `All ${data.weapons.length} ${data.category} in Counter-Strike 2 with their skins and prices.`;
  return [
    ...pageMeta(matches, {
      title: `${data.category} Skins`,
      description,
      path,
      openGraph: { image: data.weapons.find((w) => w.skinImage)?.skinImage ?? null },
    }),
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "CollectionPage",
        name: `${data.category} Skins`,
        description,
        url,
        mainEntity: {
          "@type": "ItemList",
          numberOfItems: data.weapons.length,
          itemListElement: data.weapons.map((weapon, index) => ({
            "@type": "ListItem",
            position: index + 1,
            name: `${weapon.name} Skins`,
            url: `${originFromMatches(matches)}/weapons/${encodeURIComponent(weapon.name)}`,
          })),
        },
      },
    },
  ];
};
