import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { pageMeta } from "~/components/page-meta";
import { listCategoriesQuery } from "~/server/catalogue.server";

export async function loader({ context }: LoaderFunctionArgs) {
  const [categories] = await context.load([listCategoriesQuery(context.db)]);
  return { categories: categories.map((c) => c.name) };
}

export default function Home() {
  const { categories } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-10">
      <section className="rounded-xl border border-line bg-gradient-to-br from-panel to-panel-2 p-8">
        <h1 className="text-3xl font-black md:text-5xl">
          Every CS2 skin, <span className="text-accent">priced by wear</span>
        </h1>
        <p className="mt-3 max-w-2xl text-muted">
          Browse the whole catalogue, plan loadouts for both sides within a budget, study sticker crafts and track what you
          bought to resell.
        </p>
      </section>
      <section aria-labelledby="browse-heading">
        <h2 id="browse-heading" className="mb-4 text-xl font-bold">
          Browse by category
        </h2>
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
          {categories.map((name) => (
            <li key={name}>
              <Link
                to={`/category/${encodeURIComponent(name)}`}
                className="block rounded-lg border border-line bg-panel p-4 text-center font-semibold hover:border-accent"
              >
                {name}
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "CS2 skins, prices and loadouts",
    description: "Browse every Counter-Strike 2 weapon skin with per-wear prices, plan loadouts and track resells.",
    path: "/",
    openGraph: {},
  });
