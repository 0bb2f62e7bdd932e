import type { ReactNode } from "react";
import { rarityTextColor } from "~/domain/rarity-text-color";
import { unpackGroupedSkins } from "~/domain/skin-cards";
import { FallbackImage } from "./FallbackImage";
import { PathLink } from "./links";

export interface SkinGroup {
  title: string;
  color: string;
  /** Its skins, packed (packGroupedSkins). */
  skins: string;
  /** Below the group's heading: its odds, or a link to trade it up. */
  extra?: ReactNode;
}

/** Skins in groups (a rarity, a case's tier), each skin a card linking to its page. */
export function SkinGroups({ groups }: { groups: readonly SkinGroup[] }) {
  return (
    <div className="space-y-6">
      {groups.map((group) => (
        <section key={group.title} aria-label={group.title} className="space-y-2">
          <h2 className="text-xl font-semibold" style={{ color: rarityTextColor(group.color) }}>
            {group.title}
          </h2>
          {group.extra}
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {unpackGroupedSkins(group.skins).map((skin) => (
              <li key={skin.id}>
                <PathLink
                  to={skin.id.startsWith("/") ? (skin.id as `/${string}`) : `/skins/${encodeURIComponent(skin.id)}`}
                  className="flex items-center gap-3 rounded-lg border border-line bg-panel p-3 hover:border-accent"
                >
                  <FallbackImage sources={[skin.image]} alt="" className="h-12 w-16 shrink-0 object-contain" />
                  <span className="text-sm">
                    <span className="block font-semibold">{skin.name}</span>
                    <span className="block text-muted">{skin.priceText}</span>
                    {skin.note ? (
                      <span className="block text-muted" data-testid="item-note">
                        {skin.note}
                      </span>
                    ) : null}
                  </span>
                </PathLink>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
