import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { CraftGrid } from "~/components/CraftCard";
import { EnlargeableImage } from "~/components/ImageViewer";
import { NotFound } from "~/components/NotFound";
import { MarketTable } from "~/components/MarketTable";
import { pageMeta } from "~/components/page-meta";
import { PriceHistory, type PriceHistoryData } from "~/components/PriceHistory";
import { formatDateTime } from "~/domain/dates";
import { parseId } from "~/domain/ids";
import { historyMarketLinks, marketName, marketTable, parseMarketChoice } from "~/domain/markets";
import { buildChartModel } from "~/domain/price-chart";

import { historyWording, parsePriceRange, rangeDays, summarisePrices, utcDay, valuesByDay } from "~/domain/price-history";
import { stickerKind, stickerKindLabel } from "~/domain/stickers";
import { catalogueCacheHeaders, catalogueHeaders } from "~/server/features/catalogue.server";
import { itemMarketPricesQuery } from "~/server/features/market-prices.server";
import { craftsWithStickerQuery, stickerHistoryQuery, stickerPageQuery } from "~/server/features/stickers.server";
import { loadMoney } from "~/server/features/currency.server";

/** Crafts listed on a sticker's page at most (the newest). */
const CRAFTS_SHOWN = 12;

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const { db } = context;
  // An id that cannot exist still asks the batch (for id 0), so every answer costs one round trip.
  const id = parseId(params.stickerId) ?? 0;
  const url = new URL(request.url);
  const range = parsePriceRange(url.searchParams.get("range"));
  const historyMarket = parseMarketChoice(url.searchParams.get("market"));
  const days = rangeDays(range, utcDay(Date.now()));
  const moneyPromise = loadMoney(context, request);
  const [found, history, crafts, marketPrices] = await context.load([
    stickerPageQuery(db, id),
    stickerHistoryQuery(db, id, days[0]!, historyMarket),
    craftsWithStickerQuery(db, id, CRAFTS_SHOWN),
    itemMarketPricesQuery(db, "sticker", id),
  ]);
  const headers = catalogueCacheHeaders(request);
  const sticker = found[0];
  if (!sticker) return data({ sticker: null, crafts: [], priceHistory: null, markets: [] }, { status: 404, headers });
  const values = valuesByDay(days, history);
  const money = await moneyPromise;
  const priceHistory: PriceHistoryData = {
    range,
    wear: null,
    wears: [],
    wearAsked: false,
    market: historyMarket,
    wording: historyWording(null, historyMarket === "cheapest" ? null : marketName(historyMarket)),
    markets: historyMarketLinks(),
    summary: summarisePrices(values),
    model: buildChartModel(days, [{ key: "market", label: "Market", values }], money.rate),
  };
  return data(
    {
      sticker: {
        id: sticker.id,
        name: sticker.name,
        image: sticker.image,
        category: sticker.category,
        type: stickerKindLabel(stickerKind(sticker.name)),
        price: money.market(sticker.priceCents),
        lastPriceUpdate: sticker.lastPriceUpdate?.getTime() ?? null,
        demo: sticker.priceSource === "demo",
      },
      crafts,
      priceHistory,
      markets: marketTable(marketPrices, Date.now()),
    },
    { headers },
  );
}

export const headers = catalogueHeaders;

export default function StickerPage() {
  const { sticker, crafts, priceHistory, markets } = useLoaderData<typeof loader>();
  if (!sticker) return <NotFound heading="Sticker not found." backHref="/sticker-crafts" backLabel="Back to Sticker Crafts" />;
  return (
    <article id="sticker" className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
      <div>
        <EnlargeableImage id="sticker-image-full" sources={[sticker.image]} alt={sticker.name} backTo="sticker" lazy={false} />
      </div>
      <div className="min-w-0 space-y-5">
        <div>
          <p className="text-sm text-muted">Sticker</p>
          <h1 className="text-3xl font-bold">{sticker.name}</h1>
        </div>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm" data-testid="sticker-facts">
          <dt className="text-muted">Type</dt>
          <dd>{sticker.type}</dd>
          {sticker.category ? (
            <>
              <dt className="text-muted">Event or collection</dt>
              <dd>{sticker.category}</dd>
            </>
          ) : null}
          <dt className="text-muted">Market price</dt>
          <dd className="font-semibold" data-testid="sticker-price">
            {sticker.price}
          </dd>
        </dl>
        {sticker.lastPriceUpdate ? (
          <p className="text-xs text-muted">
            Last price update: {formatDateTime(sticker.lastPriceUpdate)}
            {sticker.demo ? " (demo price)" : null}
          </p>
        ) : null}
        <MarketTable rows={markets} item={`Sticker | ${sticker.name}`} />
        {priceHistory ? <PriceHistory path={`/stickers/${sticker.id}`} history={priceHistory} /> : null}
        <section aria-labelledby="crafts-heading" className="space-y-3">
          <h2 id="crafts-heading" className="text-sm font-semibold uppercase tracking-wide text-muted">
            Sticker crafts with this sticker
          </h2>
          {crafts.length > 0 ? <CraftGrid crafts={crafts} /> : <p className="text-sm text-muted">No published craft uses this sticker yet.</p>}
        </section>
      </div>
    </article>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) => {
  const sticker = data?.sticker;
  if (!sticker) {
    return pageMeta(matches, { title: "Sticker not found", description: "Sticker not found.", path: location.pathname, noindex: true });
  }
  return pageMeta(matches, {
    title: `Sticker | ${sticker.name}`,
    description: `${sticker.name}: ${sticker.type} sticker${sticker.category ? ` (${sticker.category})` : ""}. Market price, price history and the sticker crafts that use it.`,
    path: `/stickers/${sticker.id}`,
    openGraph: { image: sticker.image, type: "article" },
  });
};
