import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { FallbackImage } from "~/components/FallbackImage";
import { pageMeta } from "~/components/page-meta";
import { catalogueCacheHeaders, catalogueHeaders } from "~/server/features/catalogue.server";
import { collectionListQuery } from "~/server/features/containers.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const [collections] = await context.load([collectionListQuery(context.db)]);
  return data({ collections: collections.filter((collection) => collection.slug !== null) }, { headers: catalogueCacheHeaders(request) });
}

export const headers = catalogueHeaders;

export default function CollectionsPage() {
  const { collections } = useLoaderData<typeof loader>();
  return (
    <section className="space-y-4">
      <h1 className="text-3xl font-bold">Collections</h1>
      <p className="text-muted">
        {collections.length} collections: the skins of each by rarity with today&apos;s prices, the cases that drop them, and trade-ups within them.
      </p>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {collections.map((collection) => (
          <li key={collection.slug}>
            <Link
              to={`/collections/${encodeURIComponent(collection.slug ?? "")}`}
              className="flex items-center gap-3 rounded-lg border border-line bg-panel p-3 hover:border-accent"
            >
              <FallbackImage sources={[collection.image]} alt="" className="h-12 w-12 shrink-0 object-contain" />
              <span>
                <span className="block font-semibold">{collection.name}</span>
                <span className="text-sm text-muted">{collection.skinCount} skins</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Collections", description: "Every Counter-Strike 2 skin collection with its skins, prices and cases.", path: "/collections" });
