import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import type { CSSProperties } from "react";
import { FloatBar } from "~/components/FloatBar";
import { buttonClass } from "~/components/basics";
import { EnlargeableImage } from "~/components/ImageViewer";
import { pageMeta } from "~/components/page-meta";
import { FallbackImage } from "~/components/FallbackImage";
import { lazyPart } from "~/components/lazy-part";
import { PathLink } from "~/components/links";
import { MarketTable } from "~/components/MarketTable";
import type { PriceHistoryData } from "~/components/PriceHistory";
import { formatDateTime } from "~/domain/dates";
import { historyMarketLinks, marketName, marketTable, parseMarketChoice, type MarketChoice } from "~/domain/markets";
import { alertAnchor } from "~/domain/price-alerts";
import { buildChartModel } from "~/domain/price-chart";
import { historyWording, parsePriceRange, rangeDays, summarisePrices, utcDay, valuesByDay } from "~/domain/price-history";
import { rarityTextColor } from "~/domain/rarity-text-color";
import { addToTradeUpPath, nextRarity } from "~/domain/trade-up";
import { VARIANT_NAMES, variantsOf, type Variant } from "~/domain/variants";
import { WEAR_NAMES, wearPriceLabel, WEARS, type Wear } from "~/domain/wear";
import {
  catalogueCacheHeaders,
  catalogueHeaders,
  collectionNamesOfSkinQuery,
  crateNamesOfSkinQuery,
  skinQuery,
  skinWearsQuery,
} from "~/server/features/catalogue.server";
import { loadFavoriteIds } from "~/server/features/favorites.server";
import { skinMarketPricesQuery } from "~/server/features/market-prices.server";
import { skinChartHistoryQuery, skinVariantPricesQuery } from "~/server/features/price-charts.server";
import { revalidateUnlessReadOnly } from "~/forms/reply";
import { loadMoney } from "~/server/features/currency.server";
import type { Rate } from "~/domain/currency";

// The page's buttons are links and forms that work as the server's HTML: their code loads once the
// page has hydrated (ADR 097).
const FavoriteButton = lazyPart("FavoriteButton", () => import("~/components/FavoriteButton").then((module) => module.FavoriteButton));
const TrackButton = lazyPart("TrackButton", () => import("~/components/TrackButton").then((module) => module.TrackButton));
// The price history's range and wear are links, its chart the loader's drawing (reading it by pointer
// or keys comes with the code).
const PriceHistory = lazyPart("PriceHistory", () => import("~/components/PriceHistory").then((module) => module.PriceHistory));

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const { db } = context;
  const id = params.skinId ?? "";
  const url = new URL(request.url);
  const range = parsePriceRange(url.searchParams.get("range"));
  const days = rangeDays(range, utcDay(Date.now()));
  const asked = url.searchParams.get("wear");
  const historyMarket = parseMarketChoice(url.searchParams.get("market"));
  const favoritesPromise = loadFavoriteIds(context);
  const moneyPromise = loadMoney(context, request);
  const [found, wears, crates, collections, history, variantPrices, marketPrices] = await context.load([
    skinQuery(db, id),
    skinWearsQuery(db, id),
    crateNamesOfSkinQuery(db, id),
    collectionNamesOfSkinQuery(db, id),
    skinChartHistoryQuery(db, id, days[0]!, asked, historyMarket),
    skinVariantPricesQuery(db, id),
    skinMarketPricesQuery(db, id),
  ]);
  const headers = catalogueCacheHeaders(request);
  const skin = found[0];
  const favorite = (await favoritesPromise).includes(id);
  const money = await moneyPromise;
  if (!skin) return data({ skin: null, wears: [], crates: [], collections: [], favorite, priceHistory: null, markets: null }, { status: 404, headers });
  const byWear = new Map(wears.map((w) => [w.wear, w]));
  const variantPrice = (variant: "stattrak" | "souvenir", wear: Wear) => {
    const row = variantPrices.find((price) => price.variant === variant && price.wear === wear);
    return row && row.priceCents > 0 ? money.format(row.priceCents) : "No Data";
  };
  const wearChips = WEARS.map((wear) => {
    const row = byWear.get(wear);
    const enabled = Boolean(row?.enabled);
    return {
      wear,
      enabled,
      price: wearPriceLabel(row, money),
      stattrak: enabled && skin.stattrak ? variantPrice("stattrak", wear) : null,
      souvenir: enabled && skin.souvenir ? variantPrice("souvenir", wear) : null,
    };
  });
  const priceHistory = skinPriceHistory(wears, history, days, range, asked, historyMarket, money.rate);
  // The markets of the wear the page shows (the price history's) and the variant asked for.
  const marketWear = priceHistory?.wear ?? wears.find((row) => row.enabled)?.wear ?? null;
  const variants = variantsOf(skin);
  const askedVariant = variants.find((variant) => variant === url.searchParams.get("variant")) ?? "normal";
  const markets = marketWear
    ? {
        wear: marketWear,
        wears: WEARS.filter((wear) => byWear.get(wear)?.enabled),
        variant: askedVariant,
        variants,
        historyMarket,
        rows: marketTable(
          marketPrices.filter((row) => row.wear === marketWear && row.variant === askedVariant),
          Date.now(),
        ),
      }
    : null;
  return data(
    {
      // The rarity badge's text colour, worked out here: the page ships no colour maths.
      skin: { ...skin, lastPriceUpdate: skin.lastPriceUpdate?.getTime() ?? null, rarityTextColor: rarityTextColor(skin.rarityColor) },
      wears: wearChips,
      crates,
      collections,
      favorite,
      priceHistory,
      markets,
    },
    { headers },
  );
}

/**
 * The chart of the wear the query chose (see `skinChartHistoryQuery`) over the range's days, with
 * its min, average and max; the geometry is built here on the server, so the browser never loads d3.
 */
function skinPriceHistory(
  wears: readonly { wear: Wear; enabled: boolean }[],
  rows: readonly { wear: Wear; day: string | null; priceCents: number | null }[],
  days: string[],
  range: PriceHistoryData["range"],
  asked: string | null,
  market: MarketChoice,
  rate: Rate,
): PriceHistoryData | null {
  const wear = rows[0]?.wear;
  if (!wear) return null;
  const values = valuesByDay(days, rows);
  return {
    range,
    wear,
    wears: WEARS.filter((option) => wears.some((row) => row.wear === option && row.enabled)),
    wearAsked: wear === asked,
    market,
    wording: historyWording(WEAR_NAMES[wear], market === "cheapest" ? null : marketName(market)),
    markets: historyMarketLinks(),
    summary: summarisePrices(values),
    model: buildChartModel(days, [{ key: wear, label: WEAR_NAMES[wear], values }], rate),
  };
}

export const headers = catalogueHeaders;

function Badge({ children, className, style }: { children: string; className: string; style?: CSSProperties }) {
  return (
    <span className={`rounded px-2 py-1 text-xs font-bold uppercase tracking-wide ${className}`} style={style}>
      {children}
    </span>
  );
}

function NameList({ title, items, base }: { title: string; items: { name: string; image: string | null; slug: string | null }[]; base: string }) {
  if (items.length === 0) return null;
  return (
    <section aria-label={title} className="rounded-lg border border-line bg-panel p-4">
      <h2 className="mb-2 text-sm font-semibold uppercase tracking-wide text-muted">{title}</h2>
      <ul className="space-y-2">
        {items.map((item) => (
          <li key={item.name} className="flex items-center gap-2 text-sm">
            <FallbackImage sources={[item.image]} alt="" className="h-8 w-8 shrink-0 object-contain" />
            {item.slug ? (
              <Link to={`${base}/${encodeURIComponent(item.slug)}`} className="hover:text-accent">
                {item.name}
              </Link>
            ) : (
              item.name
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

const choiceClass = (current: boolean) =>
  `rounded-md border px-3 py-1 text-sm ${current ? "border-accent bg-accent font-semibold text-black" : "border-line hover:border-accent"}`;

/** Links to the market table of another wear or variant (the wear is the price history's too, whose market they keep). */
function MarketChoices({
  path,
  wear,
  wears,
  variant,
  variants,
  historyMarket,
}: {
  path: `/${string}`;
  wear: Wear;
  wears: Wear[];
  variant: Variant;
  variants: Variant[];
  /** The price history's market, kept. */
  historyMarket: string;
}) {
  const href = (toWear: Wear, toVariant: Variant): `/${string}` =>
    `${path}?wear=${toWear}${toVariant === "normal" ? "" : `&variant=${toVariant}`}${historyMarket === "cheapest" ? "" : `&market=${historyMarket}`}#markets`;
  return (
    <>
      <nav aria-label="Markets of wear" className="flex flex-wrap gap-2">
        {wears.map((option) => (
          <PathLink
            key={option}
            to={href(option, variant)}
            preventScrollReset
            aria-current={option === wear ? "true" : undefined}
            className={choiceClass(option === wear)}
          >
            {WEAR_NAMES[option]}
          </PathLink>
        ))}
      </nav>
      {variants.length > 1 ? (
        <nav aria-label="Markets of variant" className="flex flex-wrap gap-2">
          {variants.map((option) => (
            <PathLink
              key={option}
              to={href(wear, option)}
              preventScrollReset
              aria-current={option === variant ? "true" : undefined}
              className={choiceClass(option === variant)}
            >
              {VARIANT_NAMES[option]}
            </PathLink>
          ))}
        </nav>
      ) : null}
    </>
  );
}

// A refused post (a fetcher's favourite or tracker too) changed nothing: the page does not load again.
export const shouldRevalidate = revalidateUnlessReadOnly;

export default function SkinPage() {
  const { skin, wears, crates, collections, favorite, priceHistory, markets } = useLoaderData<typeof loader>();
  if (!skin) {
    return (
      <section className="py-16 text-center">
        <h1 className="text-2xl font-bold">Skin not found.</h1>
        <Link to="/" className="mt-6 inline-block rounded-md bg-accent px-4 py-2 font-semibold text-black">
          Back to Home
        </Link>
      </section>
    );
  }
  return (
    <article id="skin" className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
      <div>
        {/* Enlarging works without JavaScript: the link targets a full-screen viewer shown by :target. */}
        <EnlargeableImage id="skin-image-full" sources={[skin.image, skin.weaponImage]} alt={skin.name} backTo="skin" lazy={false} />
      </div>

      <div className="min-w-0 space-y-5">
        <div>
          <p className="text-sm text-muted">
            <a href={`/weapons/${encodeURIComponent(skin.weapon)}`} className="hover:text-accent">
              {skin.weapon}
            </a>
          </p>
          <h1 className="text-3xl font-bold">{skin.name}</h1>
          <div className="mt-3 flex flex-wrap gap-2" aria-label="Badges">
            {skin.stattrak ? <Badge className="bg-orange-900/60 text-orange-200">StatTrak</Badge> : null}
            {skin.souvenir ? <Badge className="bg-yellow-900/60 text-yellow-200">Souvenir</Badge> : null}
            <Badge className="border" style={{ color: skin.rarityTextColor, borderColor: skin.rarityColor }}>
              {skin.rarity}
            </Badge>
          </div>
        </div>

        <div id={`skin-${encodeURIComponent(skin.id)}`} className="flex scroll-mt-20 flex-wrap items-center gap-3">
          <FavoriteButton skinId={skin.id} skinName={skin.name} favorite={favorite} variant="label" />
          <TrackButton skinId={skin.id} label="Track Resell" className={`${buttonClass} inline-block`} />
          {nextRarity(skin.rarity) ? (
            <a href={addToTradeUpPath(skin.id)} className="text-sm text-accent underline">
              Add to trade-up
            </a>
          ) : null}
          {favorite ? (
            <Link to={`/profile?tab=favorites#${alertAnchor(skin.id)}`} className="text-sm text-accent underline">
              Set a price alert
            </Link>
          ) : null}
        </div>

        {skin.description ? <p className="whitespace-pre-line text-muted">{skin.description}</p> : null}

        <section aria-labelledby="prices-heading">
          <h2 id="prices-heading" className="mb-2 text-sm font-semibold uppercase tracking-wide text-muted">
            Prices by wear
          </h2>
          <ul className="flex flex-wrap gap-2">
            {wears.map((chip) => (
              <li
                key={chip.wear}
                data-testid={`wear-${chip.wear}`}
                className={`rounded-lg border px-3 py-2 text-sm ${chip.enabled ? "border-line bg-panel" : "border-line/50 bg-panel/40 text-muted"}`}
              >
                <abbr title={WEAR_NAMES[chip.wear]} className="font-semibold no-underline">
                  {chip.wear}
                </abbr>{" "}
                <span>{chip.price}</span>
                {chip.stattrak ? <span className="block text-xs text-orange-200">StatTrak™ {chip.stattrak}</span> : null}
                {chip.souvenir ? <span className="block text-xs text-yellow-200">Souvenir {chip.souvenir}</span> : null}
              </li>
            ))}
          </ul>
          <FloatBar minFloat={skin.minFloat} maxFloat={skin.maxFloat} wears={wears} className="mt-4" />
          {skin.lastPriceUpdate ? <p className="mt-2 text-xs text-muted">Last price update: {formatDateTime(skin.lastPriceUpdate)}</p> : null}
        </section>

        {markets ? (
          <MarketTable
            rows={markets.rows}
            item={`${skin.name} (${WEAR_NAMES[markets.wear]}${markets.variant === "normal" ? "" : `, ${VARIANT_NAMES[markets.variant]}`})`}
          >
            <MarketChoices path={`/skins/${encodeURIComponent(skin.id)}`} {...markets} />
          </MarketTable>
        ) : null}

        {priceHistory ? <PriceHistory path={`/skins/${encodeURIComponent(skin.id)}`} history={priceHistory} /> : null}

        <div className="grid gap-4 sm:grid-cols-2">
          <NameList title="Crates" items={crates} base="/cases" />
          <NameList title="Collections" items={collections} base="/collections" />
        </div>
      </div>
    </article>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) => {
  const skin = data?.skin;
  if (!skin) {
    return pageMeta(matches, { title: "Skin not found", description: "Skin not found.", path: location.pathname, noindex: true });
  }
  return pageMeta(matches, {
    title: skin.name,
    description: `${skin.name}: ${skin.rarity} ${skin.weapon} skin. Prices for every wear, crates and collections.`,
    path: `/skins/${encodeURIComponent(skin.id)}`,
    openGraph: { image: skin.image, type: "article" },
  });
};
