export const RARITY_ORDER = ["Consumer Grade", "Industrial Grade", "Mil-Spec", "Restricted", "Classified", "Covert", "Extraordinary", "Contraband"] as const;
export type Rarity = (typeof RARITY_ORDER)[number];

const WEAPON_RARITY_BY_COLOR: Record<string, Rarity> = {
  "#b0c3d9": "Consumer Grade",
  "#5e98d9": "Industrial Grade",
  "#4b69ff": "Mil-Spec",
  "#8847ff": "Restricted",
  "#d32ce6": "Classified",
  "#eb4b4b": "Covert",
  "#e4ae39": "Contraband",
};

/** Display colour of each rarity, the game's own palette. */
export const RARITY_COLORS: Record<Rarity, string> = {
  "Consumer Grade": "#b0c3d9",
  "Industrial Grade": "#5e98d9",
  "Mil-Spec": "#4b69ff",
  Restricted: "#8847ff",
  Classified: "#d32ce6",
  Covert: "#eb4b4b",
  Extraordinary: "#e4ae39",
  Contraband: "#e4ae39",
};

/**
 * Knives and gloves are always Extraordinary; a weapon finish takes its rarity from its colour.
 * Unknown colours fall back to the lowest grade rather than failing an import.
 */
export function rarityFromColor(color: string, isKnifeOrGloves: boolean): Rarity {
  if (isKnifeOrGloves) return "Extraordinary";
  return WEAPON_RARITY_BY_COLOR[color.toLowerCase()] ?? "Consumer Grade";
}

export function rarityRank(rarity: string): number {
  const rank = (RARITY_ORDER as readonly string[]).indexOf(rarity);
  return rank === -1 ? -1 : rank;
}

export function compareRarity(a: string, b: string): number {
  return rarityRank(a) - rarityRank(b);
}
