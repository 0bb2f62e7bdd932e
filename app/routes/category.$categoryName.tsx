import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { pageMeta } from "~/components/page-meta";
import { WeaponImage } from "~/components/WeaponImage";
import { findCategoryQuery, weaponCardsQuery } from "~/server/catalogue.server";

export async function loader({ params, context }: LoaderFunctionArgs) {
  const name = params.categoryName ?? "";
  const [found, weapons] = await context.load([findCategoryQuery(context.db, name), weaponCardsQuery(context.db, name)]);
  if (found.length === 0) return data({ category: null, weapons: [] }, { status: 404 });
  return { category: found[0]!.name, weapons };
}

export default function CategoryPage() {
  const { category, weapons } = useLoaderData<typeof loader>();
  if (!category) {
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
  return (
    <section>
      <h1 className="text-3xl font-bold">{category}</h1>
      <p className="mt-1 text-muted">{weapons.length} Weapons</p>
      {weapons.length === 0 ? (
        <p className="mt-6">No weapons found in this category.</p>
      ) : (
        <ul className="mt-6 grid grid-cols-1 gap-4 sm:grid-cols-2 md:grid-cols-3 lg:grid-cols-4 2xl:grid-cols-6">
          {weapons.map((weapon) => (
            <li key={weapon.name}>
              <a
                href={`/weapons/${encodeURIComponent(weapon.name)}`}
                className="block rounded-lg border border-line bg-panel p-3 hover:border-accent"
              >
                <WeaponImage
                  sources={[weapon.skinImage, weapon.defaultImage]}
                  alt=""
                  className="aspect-[4/3] w-full object-contain"
                />
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

export const meta: MetaFunction<typeof loader> = ({ data, matches, params }) => {
  const path = `/category/${encodeURIComponent(params.categoryName ?? "")}`;
  if (!data?.category) {
    return pageMeta(matches, {
      title: "Category Not Found",
      description: "The requested category could not be found.",
      path,
      noindex: true,
    });
  }
  return pageMeta(matches, {
    title: `${data.category} Skins`,
    description: `All ${data.category} in Counter-Strike 2 with their skins and prices.`,
    path,
    openGraph: {},
  });
};
