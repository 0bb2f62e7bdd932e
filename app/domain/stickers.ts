// A sticker's type (paper, holo, foil, gold...), read from its name as the game writes it. The
// game names the type in the bracket that closes the sticker's own name, before the event:
// "Titan (Holo) | Katowice 2014", "Gold ESL Wolf (Foil) | Katowice 2014", "rain (Gold, Champion) |
// Antwerp 2022", "FURIA (Embroidered) | Budapest 2025"; a name without such a bracket is a paper
// sticker. Game version and sources: docs/features/market-names.md.

export const STICKER_TYPES = ["paper", "holo", "foil", "gold", "glitter", "lenticular", "embroidered"] as const;
export type StickerType = (typeof STICKER_TYPES)[number];

export const STICKER_TYPE_LABELS: Record<StickerType, string> = {
  paper: "Paper",
  holo: "Holo",
  foil: "Foil",
  gold: "Gold",
  glitter: "Glitter",
  lenticular: "Lenticular",
  embroidered: "Embroidered",
};

export interface StickerKind {
  type: StickerType;
  /** An autograph of a player of the winning team ("(Champion)", "(Holo, Champion)"). */
  champion: boolean;
  /** The event the name ends with ("Katowice 2014"), or null. */
  event: string | null;
}

const TYPE_BY_WORD = new Map<string, StickerType>(STICKER_TYPES.filter((type) => type !== "paper").map((type) => [STICKER_TYPE_LABELS[type], type]));

/**
 * The type of a sticker from its catalogue name (without "Sticker | "):
 *   'Harp of War (Holo)'                    -> holo
 *   'Titan (Holo) | Katowice 2014'          -> holo, event Katowice 2014
 *   'rain (Gold, Champion) | Antwerp 2022'  -> gold, champion
 *   'rain (Champion) | Antwerp 2022'        -> paper, champion
 *   'Chicken Lover', 'Bomb Squad (CT)'      -> paper (a bracket that names no type is part of the name)
 */
export function stickerKind(name: string): StickerKind {
  const [own = "", ...rest] = name.split(" | ");
  const event = rest.length > 0 ? rest.join(" | ").trim() || null : null;
  const bracket = /\(([^()]+)\)\s*$/.exec(own);
  const words = bracket ? bracket[1]!.split(",").map((word) => word.trim()) : [];
  const champion = words.includes("Champion");
  const typed = words.map((word) => TYPE_BY_WORD.get(word)).find((type) => type !== undefined);
  return { type: typed ?? "paper", champion, event };
}

/** "Holo", "Gold, Champion", "Paper": the type as the sticker page shows it. */
export function stickerKindLabel(kind: StickerKind): string {
  return kind.champion ? `${STICKER_TYPE_LABELS[kind.type]}, Champion` : STICKER_TYPE_LABELS[kind.type];
}
