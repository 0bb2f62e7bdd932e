import { Link } from "@remix-run/react";

import { rarityTextColor } from "~/domain/rarity-text-color";
import { WEAR_NAMES, type Wear } from "~/domain/wear";
import { useMoney } from "./money";

export interface ProposedSlot {
  slot: string;
  /** The slot's name as the player reads it ("AK-47", "Knife (CT-Side)"). */
  label: string;
  skinId: string;
  name: string;
  rarity: string;
  rarityColor: string;
  wear: Wear;
  priceCents: number;
}

/** The skins 'Fill empty slots within budget' proposes, one card per slot; `priceLabel` names a variant's price ('StatTrak™'). */
export function FillProposalList({ picks, priceLabel }: { picks: readonly ProposedSlot[]; priceLabel?: string }) {
  const money = useMoney();
  return (
    <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2" aria-label="Proposed skins">
      {picks.map((pick) => (
        <li
          key={pick.slot}
          data-testid={`proposed-${pick.slot}`}
          className="rounded-lg border border-l-[3px] border-line bg-panel p-3 text-sm"
          style={{ borderLeftColor: pick.rarityColor }}
        >
          <p className="font-semibold">{pick.label}</p>
          <p className="break-words">
            <Link to={`/skins/${encodeURIComponent(pick.skinId)}`} className="underline hover:text-accent">
              {priceLabel ? `${priceLabel} ` : ""}
              {pick.name}
            </Link>
          </p>
          <p className="text-muted">
            {WEAR_NAMES[pick.wear]} · <span style={{ color: rarityTextColor(pick.rarityColor) }}>{pick.rarity}</span> ·{" "}
            {priceLabel ? `${priceLabel} price ` : ""}
            {money.format(pick.priceCents)}
          </p>
        </li>
      ))}
    </ul>
  );
}
