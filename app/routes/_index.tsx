import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { CraftGrid } from "~/components/CraftCard";
import { LoadoutGrid } from "~/components/LoadoutCard";
import { pageMeta } from "~/components/page-meta";
import { PathLink } from "~/components/links";
import {
  allWeaponsQuery,
  catalogueCacheHeaders,
  catalogueHeaders,
  latestOfficialLoadoutsQuery,
  latestStickerCraftsQuery,
  listCategoriesQuery,
} from "~/server/features/catalogue.server";

const LATEST = 3;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { db } = context;
  const [categories, weapons, loadouts, crafts] = await context.load([
    listCategoriesQuery(db),
    allWeaponsQuery(db),
    latestOfficialLoadoutsQuery(db, LATEST),
    latestStickerCraftsQuery(db, LATEST),
  ]);
  const browse = categories.map(({ name }) => ({
    name,
    weapons: weapons.filter((weapon) => weapon.category === name).map((weapon) => weapon.name),
  }));
  return data({ browse, loadouts, crafts }, { headers: catalogueCacheHeaders(request) });
}

export const headers = catalogueHeaders;

const FEATURES = [
  { title: "Every skin, every wear", text: "Prices for Factory New to Battle-Scarred, with the wears a finish cannot have marked as such." },
  { title: "Loadouts on a budget", text: "Pick a skin for every slot on both sides and see the total against your budget." },
  { title: "Sticker crafts", text: "Study community crafts with in-game shots, placement guides and sticker prices." },
  { title: "Resell tracker", text: "Record what you paid and watch profit, percent and trade lock at a glance." },
];

function SectionHeading({ id, title, more }: { id: string; title: string; more?: { to: `/${string}`; label: string } }) {
  return (
    <div className="mb-4 flex items-baseline justify-between">
      <h2 id={id} className="text-xl font-bold">
        {title}
      </h2>
      {more ? (
        <PathLink to={more.to} className="text-sm text-accent hover:underline">
          {more.label}
        </PathLink>
      ) : null}
    </div>
  );
}

/** Categories expanding to their weapons; plain <details>, so it opens without JavaScript too. */
function BrowseSheet({ browse }: { browse: { name: string; weapons: string[] }[] }) {
  return (
    <details className="group rounded-xl border border-line bg-panel md:hidden" data-testid="browse-sheet">
      <summary className="cursor-pointer list-none rounded-xl bg-accent px-4 py-3 text-center font-bold text-black">View Skins</summary>
      <ul className="divide-y divide-line p-2">
        {browse.map((category) => (
          <li key={category.name}>
            <details>
              <summary className="cursor-pointer px-2 py-3 font-semibold">{category.name}</summary>
              <ul className="grid grid-cols-2 gap-1 px-2 pb-3">
                {category.weapons.map((weapon) => (
                  <li key={weapon}>
                    <a href={`/weapons/${encodeURIComponent(weapon)}`} className="block rounded px-2 py-1.5 text-sm hover:bg-panel-2">
                      {weapon}
                    </a>
                  </li>
                ))}
              </ul>
            </details>
          </li>
        ))}
      </ul>
    </details>
  );
}

export default function Home() {
  const { browse, loadouts, crafts } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-10">
      <section className="rounded-xl border border-line bg-gradient-to-br from-panel to-panel-2 p-8">
        <h1 className="text-3xl font-black md:text-5xl">
          Every CS2 skin, <span className="text-accent">priced by wear</span>
        </h1>
        <p className="mt-3 max-w-2xl text-muted">
          Browse the whole catalogue, plan loadouts for both sides within a budget, study sticker crafts and track what you bought to resell.
        </p>
        <div className="mt-6 flex flex-wrap gap-3">
          <PathLink to="/category/Rifles" className="hidden rounded-md bg-accent px-4 py-2 font-semibold text-black md:inline-block">
            Browse Rifles
          </PathLink>
          <PathLink to="/loadouts" className="rounded-md border border-line px-4 py-2 font-semibold hover:bg-panel-2">
            See loadouts
          </PathLink>
        </div>
      </section>

      <BrowseSheet browse={browse} />

      <section aria-labelledby="loadouts-heading">
        <SectionHeading id="loadouts-heading" title="Latest loadouts" more={{ to: "/loadouts", label: "All loadouts" }} />
        <LoadoutGrid loadouts={loadouts} kind="official" />
      </section>

      <section aria-labelledby="crafts-heading">
        <SectionHeading id="crafts-heading" title="Latest sticker crafts" more={{ to: "/sticker-crafts", label: "All sticker crafts" }} />
        <CraftGrid crafts={crafts} />
      </section>

      <section aria-labelledby="features-heading">
        <SectionHeading id="features-heading" title="What SkinVault does" />
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {FEATURES.map((feature) => (
            <li key={feature.title} className="rounded-lg border border-line bg-panel p-4">
              <h3 className="font-semibold text-accent">{feature.title}</h3>
              <p className="mt-1 text-sm text-muted">{feature.text}</p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ matches }) =>
  pageMeta(matches, {
    title: "CS2 skins, prices and loadouts",
    description: "Browse every Counter-Strike 2 weapon skin with per-wear prices, plan loadouts and track resells.",
    path: "/",
    openGraph: {},
  });
