import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { CraftGrid } from "~/components/CraftCard";
import { pageMeta } from "~/components/page-meta";
import { craftStats } from "~/domain/sticker-crafts";
import { catalogueCacheHeaders, catalogueHeaders } from "~/server/features/catalogue.server";
import { allCraftsQuery } from "~/server/features/sticker-crafts.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const [rows] = await context.load([allCraftsQuery(context.db)]);
  const crafts = rows.map(({ id, name, ingameImage, skinName, skinImage }) => ({ id, name, ingameImage, skinName, skinImage }));
  return data({ crafts, stats: craftStats(rows) }, { headers: catalogueCacheHeaders(request) });
}

export const headers = catalogueHeaders;

export default function StickerCraftsPage() {
  const { crafts, stats } = useLoaderData<typeof loader>();
  const figures = [
    { label: "Total crafts", value: stats.total },
    { label: "With in-game images", value: stats.withIngame },
    { label: "With placement guides", value: stats.withPlacement },
  ];
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-3xl font-bold">Sticker Crafts</h1>
        <p className="mt-1 text-muted">Community sticker crafts with in-game shots, placement guides and sticker prices.</p>
      </div>
      <dl className="grid grid-cols-3 gap-3" aria-label="Sticker craft statistics">
        {figures.map((figure) => (
          <div key={figure.label} className="rounded-lg border border-line bg-panel p-3 text-center">
            <dt className="text-xs text-muted sm:text-sm">{figure.label}</dt>
            <dd className="text-2xl font-bold">{figure.value}</dd>
          </div>
        ))}
      </dl>
      {crafts.length === 0 ? (
        <section className="rounded-lg border border-line bg-panel p-10 text-center">
          <h2 className="text-xl font-semibold">No Sticker Crafts Yet</h2>
          <p className="mt-1 text-muted">Crafts appear here as soon as they are published.</p>
        </section>
      ) : (
        <section aria-labelledby="crafts-heading">
          <h2 id="crafts-heading" className="sr-only">
            All sticker crafts
          </h2>
          <CraftGrid crafts={crafts} wide />
        </section>
      )}
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ matches }) =>
  pageMeta(matches, {
    title: "Sticker Crafts",
    description: "Community CS2 sticker crafts with in-game shots, placement guides and sticker prices.",
    path: "/sticker-crafts",
    openGraph: {},
  });
