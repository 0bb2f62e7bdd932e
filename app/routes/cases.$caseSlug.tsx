import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { Breadcrumb } from "~/components/basics";
import { FallbackImage } from "~/components/FallbackImage";
import { MarketTable } from "~/components/MarketTable";
import { packGroupedSkins } from "~/domain/skin-cards";
import { pageMeta } from "~/components/page-meta";
import { SkinGroups, type SkinGroup } from "~/components/SkinGroups";
import type { GroupedSkin } from "~/domain/skin-cards";
import { CASE_TIER_ODDS, CASE_TIERS, caseOddsMisfitText, caseValue, formatChance, isFullyCovered, STATTRAK_ODDS } from "~/domain/case-odds";
import { marketTable, parseMarketChoice } from "~/domain/markets";
import { MarketPricesForm } from "~/components/MarketPricesForm";
import { RARITY_COLORS, RARITY_ORDER } from "~/domain/rarity";
import { catalogueCacheHeaders, catalogueHeaders } from "~/server/features/catalogue.server";
import {
  crateBySlugQuery,
  crateCost,
  crateCollectionsQuery,
  crateSkinsBySlugQuery,
  crateStickersQuery,
  crateVanillaKnivesBySlugQuery,
  listedSkin,
  listedVanillaKnife,
} from "~/server/features/containers.server";
import { crateMarketPricesBySlugQuery } from "~/server/features/market-prices.server";
import { revalidateUnlessReadOnly } from "~/forms/reply";
import { useMoney } from "~/components/money";
import { loadMoney } from "~/server/features/currency.server";

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const slug = params.caseSlug ?? "";
  const { db } = context;
  // Which market's prices the items, the case, its key and the expected value are at (the default: the cheapest listing).
  const market = parseMarketChoice(new URL(request.url).searchParams.get("market"));
  const noPrice = market === "cheapest" ? "No Data" : "No price";
  const moneyPromise = loadMoney(context, request);
  const [found, skinRows, collections, stickers, knifeRows, marketPrices] = await context.load([
    crateBySlugQuery(db, slug, market),
    crateSkinsBySlugQuery(db, slug, market),
    crateCollectionsQuery(db, slug),
    crateStickersQuery(db, slug),
    crateVanillaKnivesBySlugQuery(db, slug, market),
    crateMarketPricesBySlugQuery(db, slug),
  ]);
  const headers = catalogueCacheHeaders(request);
  const crate = found[0];
  const money = await moneyPromise;
  if (!crate)
    return data(
      { crate: null, cost: null, groups: [], value: null, misfit: null, collections: [], stickers: [], markets: [], market },
      { status: 404, headers },
    );
  const items = skinRows.map((row) => ({
    ...listedSkin(row, money, noPrice),
    minFloat: row.minFloat,
    maxFloat: row.maxFloat,
    stattrak: row.stattrak,
    special: row.special,
  }));
  // Vanilla knives (no finish, no skin page): rare special items, their cards linking to the knife's page.
  const knives = knifeRows.map((row) => listedVanillaKnife(row, money, noPrice));
  const shown = (entry: (typeof items)[number], note?: string): GroupedSkin => ({
    id: entry.skin.id,
    name: entry.skin.name,
    image: entry.skin.image,
    priceText: entry.priceText,
    note,
  });
  const shownKnife = (knife: (typeof knives)[number], note?: string): GroupedSkin => ({ ...knife.card, note });
  const oddsNote = (odds: number, stattrak: boolean, coverage: number) =>
    `${formatChance(odds)} per opening${stattrak ? `, StatTrak™ ${formatChance(odds * STATTRAK_ODDS)}` : ""}${
      !isFullyCovered(coverage) ? (coverage === 0 ? ", no price" : `, priced for ${formatChance(coverage)} of its drops`) : ""
    }`;

  const markets = marketTable(marketPrices, Date.now());
  const value =
    crate.kind === "weapon_case"
      ? caseValue(
          items.map((item) => ({ ...item, rarity: item.skin.rarity, prices: item.prices })),
          knives,
        )
      : null;
  if (!value?.fits) {
    // No published odds (or items that do not fit them): the contents by rarity only.
    const groups = [...RARITY_ORDER].reverse().flatMap((rarity) => {
      const members = [
        ...(rarity === "Extraordinary" ? knives.map((knife) => shownKnife(knife)) : []),
        ...items.filter((item) => item.skin.rarity === rarity).map((item) => shown(item)),
      ];
      return members.length ? [{ title: rarity, color: RARITY_COLORS[rarity], skins: packGroupedSkins(members), odds: null }] : [];
    });
    const misfit = value ? caseOddsMisfitText(value.misfit) : null;
    return data({ crate, cost: crateCost(crate, null, money), groups, value: null, misfit, collections, stickers, markets, market }, { headers });
  }

  const groups = [...CASE_TIERS].reverse().flatMap((tier) => {
    // A tier's cards: its vanilla knives (rare special items only) first, then its finishes.
    const members = [
      ...value.vanillaKnives
        .filter((entry) => entry.tier === tier)
        .map((entry) => ({ odds: entry.odds, card: shownKnife(entry.knife, oddsNote(entry.odds, true, entry.coverage)) })),
      ...value.items
        .filter((entry) => entry.tier === tier)
        .map((entry) => ({ odds: entry.odds, card: shown(entry.item, oddsNote(entry.odds, entry.item.stattrak, entry.coverage)) })),
    ];
    if (members.length === 0) return [];
    return [
      {
        title: tier === "Rare Special Item" ? "Rare special items" : tier,
        color: tier === "Rare Special Item" ? RARITY_COLORS.Extraordinary : RARITY_COLORS[tier],
        odds: { tier: CASE_TIER_ODDS[tier], each: members[0]!.odds, count: members.length },
        skins: packGroupedSkins(members.map((member) => member.card)),
      },
    ];
  });
  return data(
    {
      crate,
      cost: crateCost(crate, value.expectedCents, money),
      groups,
      value: {
        expectedCents: value.expectedCents,
        coverage: value.coverage,
        oddsTotal: [...value.items, ...value.vanillaKnives].reduce((sum, entry) => sum + entry.odds, 0),
      },
      misfit: null,
      collections,
      stickers,
      markets,
      market,
    },
    { headers },
  );
}

export const headers = catalogueHeaders;

// A refused post (a fetcher's favourite or tracker too) changed nothing: the page does not load again.
export const shouldRevalidate = revalidateUnlessReadOnly;

export default function CasePage() {
  const money = useMoney();
  const { crate, cost, groups, value, misfit, collections, stickers, markets, market } = useLoaderData<typeof loader>();
  if (!crate || !cost) {
    return (
      <section className="py-16 text-center">
        <h1 className="text-2xl font-bold">Case not found.</h1>
        <Link to="/cases" className="mt-6 inline-block text-accent underline">
          All cases
        </Link>
      </section>
    );
  }
  const skinGroups: SkinGroup[] = groups.map((group) => ({
    title: group.title,
    color: group.color,
    skins: group.skins,
    extra: group.odds ? (
      <p className="text-sm text-muted" data-testid="tier-odds">
        {formatChance(group.odds.tier)} of openings, shared by {group.odds.count} {group.odds.count === 1 ? "item" : "items"}: {formatChance(group.odds.each)}{" "}
        each.
      </p>
    ) : null,
  }));
  return (
    <div className="space-y-6">
      <div className="flex items-center gap-4">
        <FallbackImage sources={[crate.image]} alt="" className="h-20 w-20 shrink-0 object-contain" lazy={false} />
        <div>
          <Breadcrumb trail={[{ to: "/cases", label: "Cases" }]} />
          <h1 className="text-3xl font-bold">{crate.name}</h1>
          <p className="text-sm text-muted">
            Price: {cost.priceText}
            {crate.keyName ? ` · opens with the ${crate.keyName}: ${cost.keyPriceText}` : crate.kind === "keyless_case" ? " · needs no key" : ""}
          </p>
        </div>
      </div>

      <MarketPricesForm action={`/cases/${encodeURIComponent(crate.slug ?? "")}`} choice={market} />

      {value ? (
        <section aria-labelledby="value-heading" className="space-y-2 rounded-lg border border-line bg-panel p-4">
          <h2 id="value-heading" className="text-xl font-semibold">
            Expected value of one opening: <span data-testid="case-expected-value">{money.format(Math.round(value.expectedCents))}</span>
          </h2>
          <p className="text-sm">
            It covers <span data-testid="case-coverage">{formatChance(value.coverage)}</span> of the odds: items, wears and variants without a price are shown
            and left out. Return against {crate.keyName ? "case and key" : "the case"}:{" "}
            <span data-testid="case-return">{cost.returnPercent === null ? "No price" : `${cost.returnPercent.toFixed(1)} %`}</span>.
          </p>
          <p className="text-sm text-muted">
            How it is computed: each item&apos;s odds (its tier&apos;s published odds, shared equally within the tier) times what it is worth when it drops.
            That is, for each wear, the chance of the wear times its price; the float is taken as drawn uniformly from the item&apos;s float range (as CSFloat
            describes the game&apos;s draw), and an item with a StatTrak™ version drops as StatTrak™ {formatChance(STATTRAK_ODDS)} of the time, at its StatTrak™
            price. The odds shown sum to {formatChance(value.oddsTotal)}.
          </p>
        </section>
      ) : misfit ? (
        <p className="text-muted" data-testid="case-misfit">
          {misfit}
        </p>
      ) : crate.kind === "souvenir_package" ? (
        <p className="text-muted">The game publishes no odds for souvenir packages: here is what this one holds.</p>
      ) : crate.kind === "keyless_case" ? (
        <p className="text-muted">
          The game publishes no odds for collection packages and terminals, which open without a key, and gives no StatTrak™ from them: here is what this one
          holds.
        </p>
      ) : null}

      <MarketTable rows={markets} item={crate.name} />

      {collections.length > 0 ? (
        <p className="text-sm">
          {collections.length === 1 ? "Collection: " : "Collections: "}
          {collections.map((collection, index) => (
            <span key={collection.name}>
              {index > 0 ? ", " : null}
              {collection.slug ? (
                <Link to={`/collections/${encodeURIComponent(collection.slug)}`} className="text-accent underline">
                  {collection.name}
                </Link>
              ) : (
                collection.name
              )}
            </span>
          ))}
        </p>
      ) : null}

      <SkinGroups groups={skinGroups} />

      {stickers.length > 0 ? (
        <section aria-labelledby="stickers-heading" className="space-y-2">
          <h2 id="stickers-heading" className="text-xl font-semibold">
            Stickers
          </h2>
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {stickers.map((sticker) => (
              <li key={sticker.id} className="flex items-center gap-3 rounded-lg border border-line bg-panel p-3 text-sm">
                <FallbackImage sources={[sticker.image]} alt="" className="h-12 w-12 shrink-0 object-contain" />
                {sticker.name}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) => {
  const crate = data?.crate;
  if (!crate) return pageMeta(matches, { title: "Case not found", description: "Case not found.", path: location.pathname, noindex: true });
  return pageMeta(matches, {
    title: crate.name,
    description: `${crate.name}: what it holds by rarity with the published odds, today's prices and the expected value of one opening.`,
    path: `/cases/${encodeURIComponent(crate.slug ?? "")}`,
  });
};
