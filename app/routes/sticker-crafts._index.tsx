import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { CraftGrid } from "~/components/CraftCard";
import { MarketPricesForm } from "~/components/MarketPricesForm";
import { pageMeta } from "~/components/page-meta";
import { parseMarketChoice } from "~/domain/markets";
import { CRAFT_KINDS, CRAFT_ORDERS, craftGalleryPath, matchesCraftKind, orderCrafts, parseCraftKind, parseCraftOrder } from "~/domain/community-crafts";
import { craftStats, craftTotals } from "~/domain/sticker-crafts";
import { catalogueCacheHeaders, catalogueHeaders } from "~/server/features/catalogue.server";
import { galleryCraftsQuery } from "~/server/features/community-crafts.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const kind = parseCraftKind(params.get("kind"));
  const order = parseCraftOrder(params.get("order"));
  // Which market's price the crafts' costs are at (the default: the cheapest listing across markets).
  const market = parseMarketChoice(params.get("market"));
  const [rows] = await context.load([galleryCraftsQuery(context.db, market)]);
  // The stats count every published craft, official and community, whatever the filter.
  const crafts = rows
    .filter((craft) => matchesCraftKind(kind, craft))
    .map(({ id, name, ingameImage, skinName, skinImage, community, skinMinCents, stickersCents }) => ({
      id,
      name,
      ingameImage,
      skinName,
      skinImage,
      community,
      craftCents: craftTotals(skinMinCents, [stickersCents]).craftCents,
    }));
  return data({ kind, order, market, crafts: orderCrafts(crafts, order), stats: craftStats(rows) }, { headers: catalogueCacheHeaders(request) });
}

export const headers = catalogueHeaders;

export default function StickerCraftsPage() {
  const { kind, order, market, crafts, stats } = useLoaderData<typeof loader>();
  const figures = [
    { label: "Total crafts", value: stats.total },
    { label: "With in-game images", value: stats.withIngame },
    { label: "With placement guides", value: stats.withPlacement },
  ];
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-bold">Sticker Crafts</h1>
          <p className="mt-1 text-muted">Community sticker crafts with in-game shots, placement guides and sticker prices.</p>
        </div>
        <Link to="/sticker-crafts/submit" className="rounded-md bg-accent px-4 py-2 font-semibold text-black hover:opacity-90">
          Submit a craft
        </Link>
      </div>
      <dl className="grid grid-cols-3 gap-3" aria-label="Sticker craft statistics">
        {figures.map((figure) => (
          <div key={figure.label} className="rounded-lg border border-line bg-panel p-3 text-center">
            <dt className="text-xs text-muted sm:text-sm">{figure.label}</dt>
            <dd className="text-2xl font-bold">{figure.value}</dd>
          </div>
        ))}
      </dl>
      <div className="flex flex-wrap justify-between gap-3">
        <nav aria-label="Show crafts" className="flex gap-2">
          {CRAFT_KINDS.map((option) => (
            <Link
              key={option.id}
              to={craftGalleryPath(option.id, order, market)}
              aria-current={option.id === kind ? "page" : undefined}
              className={`rounded-full border px-3 py-1 text-sm font-medium ${option.id === kind ? "border-accent text-accent" : "border-line hover:border-accent"}`}
            >
              {option.label}
            </Link>
          ))}
        </nav>
        <nav aria-label="Order crafts" className="flex flex-wrap gap-2">
          {CRAFT_ORDERS.map((option) => (
            <Link
              key={option.id}
              to={craftGalleryPath(kind, option.id, market)}
              aria-current={option.id === order ? "page" : undefined}
              className={`rounded-full border px-3 py-1 text-sm font-medium ${option.id === order ? "border-accent text-accent" : "border-line hover:border-accent"}`}
            >
              {option.label}
            </Link>
          ))}
        </nav>
      </div>
      <MarketPricesForm action="/sticker-crafts" choice={market} fields={{ ...(kind === "all" ? {} : { kind }), ...(order === "newest" ? {} : { order }) }} />
      {crafts.length === 0 ? (
        <section className="rounded-lg border border-line bg-panel p-10 text-center">
          <h2 className="text-xl font-semibold">No Sticker Crafts Yet</h2>
          <p className="mt-1 text-muted">Crafts appear here as soon as they are published.</p>
        </section>
      ) : (
        <section aria-labelledby="crafts-heading">
          <h2 id="crafts-heading" className="sr-only">
            {CRAFT_KINDS.find((option) => option.id === kind)?.label} sticker crafts
          </h2>
          <CraftGrid crafts={crafts} wide market={market} />
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
