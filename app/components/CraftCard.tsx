import { FallbackImage } from "./FallbackImage";
import { PathLink } from "./links";
import { useMoney } from "./money";

export interface CraftCardData {
  id: number;
  name: string;
  ingameImage: string | null;
  skinName: string;
  skinImage: string;
  /** Made by a player (published after review) rather than by the SkinVault team. */
  community?: boolean;
  /** The skin's cheapest wear plus the stickers, where a list shows it (null: the skin has no price). */
  craftCents?: number | null;
}

/**
 * A sticker craft in a grid: its in-game shot (else the skin's image), its name and its skin. On a
 * chosen market (`market`, not the cheapest listing) the link opens the craft on that market.
 */
export function CraftCard({ craft, market }: { craft: CraftCardData; market?: string }) {
  const money = useMoney();
  const onMarket = market !== undefined && market !== "cheapest";
  return (
    <PathLink
      to={`/sticker-crafts/${craft.id}${onMarket ? `?market=${market}` : ""}`}
      className="flex h-full flex-col rounded-lg border border-line bg-panel p-3 hover:border-accent"
      data-testid="craft-card"
    >
      <FallbackImage sources={[craft.ingameImage ?? craft.skinImage]} alt="" className="aspect-[4/3] w-full rounded object-contain" />
      <h3 className="mt-2 font-semibold">{craft.name}</h3>
      {craft.community ? <p className="text-xs font-semibold text-accent">Community craft</p> : null}
      <p className="text-sm text-muted">{craft.skinName}</p>
      {craft.craftCents === undefined ? null : (
        <p className="mt-auto pt-1 text-sm">
          Craft cost <span className="font-semibold">{craft.craftCents === null ? (onMarket ? "No price" : "No Data") : money.format(craft.craftCents)}</span>
        </p>
      )}
    </PathLink>
  );
}

/** Craft cards in a grid: three to a row, or up to four where the page is all crafts (`wide`). */
export function CraftGrid({ crafts, wide = false, market }: { crafts: readonly CraftCardData[]; wide?: boolean; market?: string }) {
  return (
    <ul className={`grid gap-4 ${wide ? "sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4" : "md:grid-cols-3"}`}>
      {crafts.map((craft) => (
        <li key={craft.id}>
          <CraftCard craft={craft} market={market} />
        </li>
      ))}
    </ul>
  );
}
