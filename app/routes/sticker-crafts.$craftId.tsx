import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { EnlargeableImage } from "~/components/ImageViewer";
import { NotFound } from "~/components/NotFound";
import { pageMeta } from "~/components/page-meta";
import { formatDate } from "~/domain/dates";
import { formatDollars, priceRange } from "~/domain/money";
import { craftTotals} from "~/domain/sticker-crafts";
import { parseId } from "~/domain/ids";
import { catalogueCacheHeaders, catalogueHeaders } from "~/server/features/catalogue.server";
import { craftQuery, craftSkinPriceQuery, craftStickersQuery } from "~/server/features/sticker-crafts.server";
import { FallbackImage } from "~/components/FallbackImage";

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const { db } = context;
  // An id that cannot exist still asks the batch (for id 0), so every answer costs one round trip.
  const id = parseId(params.craftId) ?? 0;
  const [found, stickerRows, prices] = await context.load([craftQuery(db, id), craftStickersQuery(db, id), craftSkinPriceQuery(db, id)]);
  const headers = catalogueCacheHeaders(request);
  const craft = found[0];
  if (!craft) return data({ craft: null, stickers: [], skinPrice: null, totals: null }, { status: 404, headers });
  const price = prices[0] ?? { minCents: null, maxCents: null };
  const totals = craftTotals(price.minCents, stickerRows.map((s) => s.priceCents));
  const stickers = stickerRows.map((s, index) => ({
    ...s,
    lastUpdated: s.lastUpdated?.getTime() ?? null,
    share: totals.shares[index] ?? null,
  }));
  const { version: _version, updatedAt, ...shown } = craft;
  return data(
    {
      craft: { ...shown, updatedAt: updatedAt.getTime() },
      stickers,
      skinPrice: { range: priceRange(price.minCents, price.maxCents), minCents: price.minCents },
      totals: { stickers: formatDollars(totals.stickersCents), craft: totals.craftCents === null ? null : formatDollars(totals.craftCents) },
    },
    { headers },
  );
}

export const headers = catalogueHeaders;

export default function StickerCraftPage() {
  const { craft, stickers, skinPrice, totals } = useLoaderData<typeof loader>();
  if (!craft || !skinPrice || !totals) return <NotFound heading="Sticker craft not found." backHref="/sticker-crafts" backLabel="All sticker crafts" />;
  const images = [
    { id: "ingame-full", src: craft.ingameImage, title: "In-game", alt: `${craft.name}, in game` },
    { id: "placement-full", src: craft.placementImage, title: "Placement guide", alt: `${craft.name}, sticker placement` },
  ];
  return (
    <article id="craft" className="space-y-8">
      <header>
        <p className="text-sm text-muted">
          <Link to="/sticker-crafts" className="hover:text-accent">
            Sticker Crafts
          </Link>
        </p>
        <h1 className="text-3xl font-bold">{craft.name}</h1>
        {craft.description ? <p className="mt-2 max-w-3xl whitespace-pre-line text-muted">{craft.description}</p> : null}
        {craft.externalCraftLink ? (
          <a
            href={craft.externalCraftLink}
            rel="noopener noreferrer nofollow"
            target="_blank"
            className="mt-4 inline-block rounded-md border border-line px-4 py-2 font-semibold hover:border-accent"
          >
            View the craft<span className="sr-only"> (opens in a new tab)</span>
          </a>
        ) : null}
      </header>

      <section aria-labelledby="skin-heading" className="rounded-lg border border-line bg-panel p-4">
        <h2 id="skin-heading" className="mb-3 text-sm font-semibold uppercase tracking-wide text-muted">
          Skin
        </h2>
        <a href={`/skins/${encodeURIComponent(craft.skinId)}`} className="flex items-center gap-4 hover:text-accent">
          <FallbackImage sources={[craft.skinImage]} alt="" className="h-20 w-28 shrink-0 object-contain" />
          <span>
            <span className="block text-lg font-semibold">{craft.skinName}</span>
            <span className="block text-sm text-muted">Price range: {skinPrice.range}</span>
          </span>
        </a>
      </section>

      <section aria-labelledby="images-heading">
        <h2 id="images-heading" className="mb-3 text-xl font-bold">
          Images
        </h2>
        <div className="grid gap-4 md:grid-cols-2">
          {images.map((image) => (
            <figure key={image.id}>
              <figcaption className="mb-2 text-sm font-semibold text-muted">{image.title}</figcaption>
              {image.src ? (
                <EnlargeableImage id={image.id} sources={[image.src]} alt={image.alt} backTo="craft" />
              ) : (
                <p className="rounded-xl border border-dashed border-line p-8 text-center text-sm text-muted">No image yet.</p>
              )}
            </figure>
          ))}
        </div>
      </section>

      <section aria-labelledby="stickers-heading">
        <h2 id="stickers-heading" className="mb-3 text-xl font-bold">
          Stickers
        </h2>
        {stickers.length === 0 ? (
          <p className="text-muted">This craft lists no stickers.</p>
        ) : (
          <ol className="space-y-3">
            {stickers.map((sticker) => (
              <li key={sticker.position} className="flex flex-wrap items-center gap-4 rounded-lg border border-line bg-panel p-3" data-testid="craft-sticker">
                <span className="w-8 shrink-0 text-center text-sm font-bold text-muted" aria-label={`Position ${sticker.position}`}>
                  {sticker.position}
                </span>
                {sticker.image ? <FallbackImage sources={[sticker.image]} alt="" className="h-16 w-16 shrink-0 object-contain" /> : null}
                <div className="min-w-0 flex-1">
                  <h3 className="font-semibold">{sticker.name}</h3>
                  <p className="text-sm text-muted">
                    {sticker.priceCents === null ? "No Data" : formatDollars(sticker.priceCents)}
                    {sticker.share === null ? null : <> · {sticker.share.toFixed(1)}% of the stickers</>}
                    {sticker.lastUpdated ? <> · Last updated {formatDate(sticker.lastUpdated)}</> : null}
                  </p>
                </div>
                {sticker.externalLink ? (
                  <a href={sticker.externalLink} rel="noopener noreferrer nofollow" target="_blank" className="text-sm text-accent hover:underline">
                    Market<span className="sr-only"> listing for {sticker.name} (opens in a new tab)</span>
                  </a>
                ) : null}
              </li>
            ))}
          </ol>
        )}
        <dl className="mt-4 grid gap-3 sm:grid-cols-2">
          <div className="rounded-lg border border-line bg-panel p-3">
            <dt className="text-sm text-muted">Stickers total</dt>
            <dd className="text-xl font-bold">{totals.stickers}</dd>
          </div>
          <div className="rounded-lg border border-line bg-panel p-3">
            <dt className="text-sm text-muted">Craft cost (cheapest wear of the skin plus the stickers)</dt>
            <dd className="text-xl font-bold">{totals.craft ?? "No Data"}</dd>
          </div>
        </dl>
      </section>
    </article>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) => {
  const craft = data?.craft;
  if (!craft) {
    return pageMeta(matches, { title: "Sticker craft not found", description: "Sticker craft not found.", path: location.pathname, noindex: true });
  }
  return pageMeta(matches, {
    title: craft.name,
    description: craft.description ?? `${craft.name}: a sticker craft on the ${craft.skinName}.`,
    path: `/sticker-crafts/${craft.id}`,
    openGraph: { image: craft.ingameImage ?? craft.skinImage, type: "article" },
  });
};
