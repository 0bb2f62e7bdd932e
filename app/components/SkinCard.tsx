import { rarityTextColor } from "~/domain/rarity-text-color";
import type { SkinCardData } from "~/domain/skin-cards";
import { WEAPON_GRID } from "./CategorySkeleton";
import { FallbackImage } from "./FallbackImage";
import { FavoriteButton } from "./FavoriteButton";
import { TrackButton } from "./TrackButton";
import { useMoney } from "./money";

export type { SkinCardData };

export function RarityLabel({ rarity, color }: { rarity: string; color: string }) {
  return (
    <span className="text-xs font-semibold" style={{ color: rarityTextColor(color) }}>
      {rarity}
    </span>
  );
}

/**
 * A skin in a grid. The card's link opens the detail page by a full page load, as the spec asks;
 * the heart and Track are separate controls beside it (a form cannot sit inside a link). The
 * card's id is the anchor the favourite toggle comes back to without JavaScript.
 */
export function SkinCard({
  skin,
  favorite,
  eager = false,
  priceLabel,
  noPrice,
}: {
  skin: SkinCardData;
  favorite: boolean;
  eager?: boolean;
  priceLabel?: string;
  noPrice?: string;
}) {
  const money = useMoney();
  // A card without a price says so: 'No Data' (the spec's wording), or the page's own (`noPrice`).
  const price = skin.minPriceCents === null && noPrice ? noPrice : money.range(skin.minPriceCents, skin.maxPriceCents);
  return (
    <article
      id={`skin-${encodeURIComponent(skin.id)}`}
      className="flex h-full scroll-mt-20 flex-col rounded-lg border border-b-[3px] border-line bg-panel focus-within:border-accent hover:border-accent"
      style={{ borderBottomColor: skin.rarityColor }}
    >
      <a href={`/skins/${encodeURIComponent(skin.id)}`} className="flex flex-1 flex-col p-3 pb-2" data-testid="skin-card">
        <FallbackImage
          sources={[skin.image]}
          alt=""
          lazy={!eager}
          width={SKIN_IMAGE.width}
          height={SKIN_IMAGE.height}
          className="aspect-[4/3] w-full object-contain"
        />
        <h2 className="mt-2 text-sm font-semibold">{skin.name}</h2>
        <RarityLabel rarity={skin.rarity} color={skin.rarityColor} />
        {skin.stattrak || skin.souvenir ? (
          <p className="mt-1 flex gap-1 text-[11px] font-semibold uppercase">
            {skin.stattrak ? <span className="rounded bg-orange-900/60 px-1.5 py-0.5 text-orange-200">StatTrak</span> : null}
            {skin.souvenir ? <span className="rounded bg-yellow-900/60 px-1.5 py-0.5 text-yellow-200">Souvenir</span> : null}
          </p>
        ) : null}
        {price && priceLabel ? (
          <p className="mt-auto pt-2 text-sm text-muted">
            <span className="block text-xs">{priceLabel}</span>
            <span data-testid="skin-card-price">{price}</span>
          </p>
        ) : price ? (
          <p className="mt-auto pt-2 text-sm text-muted" data-testid="skin-card-price">
            {price}
          </p>
        ) : null}
      </a>
      <div className="flex flex-wrap items-center gap-2 px-3 pb-3">
        <FavoriteButton skinId={skin.id} skinName={skin.name} favorite={favorite} variant="icon" />
        <TrackButton
          skinId={skin.id}
          label="Track"
          className="inline-flex h-10 items-center rounded-md border border-line px-3 text-sm font-semibold hover:border-accent"
        />
      </div>
    </article>
  );
}

/**
 * The skin-data CDN's images are 512 x 384; the card's box keeps that 4:3 shape before the image
 * arrives, so nothing moves when it does.
 */
const SKIN_IMAGE = { width: 512, height: 384 };

/**
 * The cards whose images load at once: the first row at the widest grid (6 columns), which is the
 * first screenful or more at every width. The others load as they come near (`loading="lazy"`).
 */
export const EAGER_CARDS = 6;

/**
 * A grid of skin cards; `favoriteIds` are the signed-in user's favourites (hearts filled);
 * `priceLabel` names the price every card shows when it is not the normal one ('StatTrak™ price');
 * `noPrice` is what a card without a price says instead of 'No Data' ('No price', as a market table
 * says it).
 */
export function SkinGrid({
  skins,
  label,
  favoriteIds = [],
  priceLabel,
  noPrice,
}: {
  skins: SkinCardData[];
  label: string;
  favoriteIds?: readonly string[];
  priceLabel?: string;
  noPrice?: string;
}) {
  const favorites = new Set(favoriteIds);
  return (
    <ul className={`mt-4 ${WEAPON_GRID}`} aria-label={label} data-testid="skin-grid">
      {skins.map((skin, index) => (
        <li key={skin.id}>
          <SkinCard skin={skin} favorite={favorites.has(skin.id)} eager={index < EAGER_CARDS} priceLabel={priceLabel} noPrice={noPrice} />
        </li>
      ))}
    </ul>
  );
}
