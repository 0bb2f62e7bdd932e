import { formatDollars } from "~/domain/money";
import { rarityTextColor } from "~/domain/rarity";
import { FallbackImage } from "./FallbackImage";
import { WEAPON_GRID } from "./CategorySkeleton";

export interface SkinCardData {
  id: string;
  name: string;
  image: string;
  rarity: string;
  rarityColor: string;
  stattrak?: boolean;
  souvenir?: boolean;
  minPriceCents?: number | null;
  maxPriceCents?: number | null;
}

function priceRange(min: number | null | undefined, max: number | null | undefined): string | null {
  if (min === undefined) return null;
  if (min === null || max === null || max === undefined) return "No Data";
  return min === max ? formatDollars(min) : `${formatDollars(min)} – ${formatDollars(max)}`;
}

export function RarityLabel({ rarity, color }: { rarity: string; color: string }) {
  return (
    <span className="text-xs font-semibold" style={{ color: rarityTextColor(color) }}>
      {rarity}
    </span>
  );
}

/** A skin in a grid; opens its detail page by a full page load, as the spec asks. */
export function SkinCard({ skin }: { skin: SkinCardData }) {
  const price = priceRange(skin.minPriceCents, skin.maxPriceCents);
  return (
    <a
      href={`/skins/${encodeURIComponent(skin.id)}`}
      className="flex h-full flex-col rounded-lg border border-line bg-panel p-3 hover:border-accent"
      style={{ borderBottomColor: skin.rarityColor, borderBottomWidth: 3 }}
      data-testid="skin-card"
    >
      <FallbackImage sources={[skin.image]} alt="" className="aspect-[4/3] w-full object-contain" />
      <h2 className="mt-2 text-sm font-semibold">{skin.name}</h2>
      <RarityLabel rarity={skin.rarity} color={skin.rarityColor} />
      {skin.stattrak || skin.souvenir ? (
        <p className="mt-1 flex gap-1 text-[11px] font-semibold uppercase">
          {skin.stattrak ? <span className="rounded bg-orange-900/60 px-1.5 py-0.5 text-orange-200">StatTrak</span> : null}
          {skin.souvenir ? <span className="rounded bg-yellow-900/60 px-1.5 py-0.5 text-yellow-200">Souvenir</span> : null}
        </p>
      ) : null}
      {price ? <p className="mt-auto pt-2 text-sm text-muted" data-testid="skin-card-price">{price}</p> : null}
    </a>
  );
}

export function SkinGrid({ skins, label }: { skins: SkinCardData[]; label: string }) {
  return (
    <ul className={`mt-4 ${WEAPON_GRID}`} aria-label={label} data-testid="skin-grid">
      {skins.map((skin) => (
        <li key={skin.id}>
          <SkinCard skin={skin} />
        </li>
      ))}
    </ul>
  );
}
