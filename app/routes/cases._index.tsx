import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useLoaderData } from "@remix-run/react";
import { PathLink } from "~/components/links";
import { FallbackImage } from "~/components/FallbackImage";
import { MarketSelect } from "~/components/MarketSelect";
import { pageMeta } from "~/components/page-meta";
import { formatChance } from "~/domain/case-odds";
import { marketChoiceLabel, parseMarketChoice } from "~/domain/markets";
import { catalogueCacheHeaders, catalogueHeaders } from "~/server/features/catalogue.server";
import { crateCost, crateListQuery } from "~/server/features/containers.server";
import { useMoney } from "~/components/money";
import { loadMoney } from "~/server/features/currency.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  // Each case's expected value is stored when prices change (ADR 086): one row a case to read.
  // Which market's price the cases and keys show (the default: the cheapest listing across markets).
  const market = parseMarketChoice(new URL(request.url).searchParams.get("market"));
  const moneyPromise = loadMoney(context, request);
  const [crates] = await context.load([crateListQuery(context.db, market)]);
  const money = await moneyPromise;
  const listed = crates.filter((crate) => crate.slug !== null);
  const cases = listed
    .filter((crate) => crate.kind === "weapon_case")
    .map((crate) => ({
      name: crate.name,
      slug: crate.slug,
      image: crate.image,
      keyName: crate.keyName,
      value: crate.expectedCents === null || crate.coverage === null ? null : { expectedCents: crate.expectedCents, coverage: crate.coverage },
      ...crateCost(crate, crate.expectedCents, money),
    }));
  const packages = listed.filter((crate) => crate.kind === "souvenir_package").map(({ name, slug }) => ({ name, slug }));
  const keyless = listed.filter((crate) => crate.kind === "keyless_case").map(({ name, slug }) => ({ name, slug }));
  return data({ cases, keyless, packages, market }, { headers: catalogueCacheHeaders(request) });
}

export const headers = catalogueHeaders;

export default function CasesPage() {
  const money = useMoney();
  const { cases, keyless, packages, market } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-8">
      <section className="space-y-4" aria-labelledby="cases-heading">
        <h1 id="cases-heading" className="text-3xl font-bold">
          Cases
        </h1>
        <p className="text-muted">
          What one opening of each weapon case is worth at today&apos;s prices, from the published odds: open a case to see how it is computed.
        </p>
        <Form method="get" action="/cases" aria-label="Prices" className="flex flex-wrap items-center gap-2">
          <MarketSelect choice={market} />
          <button type="submit" className="rounded-md bg-accent px-3 py-2 text-sm font-semibold text-black">
            Show prices
          </button>
        </Form>
        <p className="text-sm text-muted" data-testid="price-market">
          Case and key prices: {marketChoiceLabel(market)}. Expected values are at the cheapest listing
          {market === "cheapest" ? "" : "; a case's page works its value out on the market chosen"}.
        </p>
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {cases.map((crate) => (
            <li key={crate.slug}>
              <PathLink
                to={`/cases/${encodeURIComponent(crate.slug ?? "")}${market === "cheapest" ? "" : `?market=${market}`}`}
                className="flex items-center gap-3 rounded-lg border border-line bg-panel p-3 hover:border-accent"
              >
                <FallbackImage sources={[crate.image]} alt="" className="h-14 w-14 shrink-0 object-contain" />
                <span className="text-sm">
                  <span className="block font-semibold">{crate.name}</span>
                  <span className="block text-muted">
                    Price: {crate.priceText}
                    {crate.keyName ? ` · key: ${crate.keyPriceText}` : ""}
                  </span>
                  {crate.value ? (
                    <span className="block">
                      Expected value {money.format(Math.round(crate.value.expectedCents))}{" "}
                      <span className="text-muted">(covers {formatChance(crate.value.coverage)} of the odds)</span>
                    </span>
                  ) : (
                    <span className="block text-muted">Expected value not worked out yet: open the case to see it.</span>
                  )}
                  <span className="block text-muted">
                    Return:{" "}
                    {crate.returnPercent === null ? "No price" : `${crate.returnPercent.toFixed(1)} % of ${crate.keyName ? "case and key" : "the case"}`}
                  </span>
                </span>
              </PathLink>
            </li>
          ))}
        </ul>
      </section>
      <section className="space-y-3" aria-labelledby="keyless-heading">
        <h2 id="keyless-heading" className="text-2xl font-bold">
          Collection packages and terminals
        </h2>
        <p className="text-sm text-muted">They open without a key and have no published odds: their pages list what they hold.</p>
        <CrateNames crates={keyless} />
      </section>
      <section className="space-y-3" aria-labelledby="packages-heading">
        <h2 id="packages-heading" className="text-2xl font-bold">
          Souvenir packages
        </h2>
        <CrateNames crates={packages} />
      </section>
    </div>
  );
}

/** Containers listed by name, each linking to its page. */
function CrateNames({ crates }: { crates: readonly { slug: string | null; name: string }[] }) {
  return (
    <ul className="columns-1 gap-6 text-sm sm:columns-2 lg:columns-3">
      {crates.map((crate) => (
        <li key={crate.slug} className="py-1">
          <PathLink to={`/cases/${encodeURIComponent(crate.slug ?? "")}`} className="hover:text-accent">
            {crate.name}
          </PathLink>
        </li>
      ))}
    </ul>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Cases",
    description: "Every Counter-Strike 2 weapon case with the expected value of one opening at today's prices.",
    path: "/cases",
  });
