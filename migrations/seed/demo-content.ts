// Demo content so no page is empty on a fresh install: six official loadouts with every slot
// filled, and sticker crafts built from real stickers of the catalogue package.
import { LOADOUT_SLOTS } from "../../app/domain/loadout-slots.ts";
import type { Wear } from "../../app/domain/wear.ts";
import type { Catalogue, SkinRow } from "./catalogue.ts";
import { stableHash } from "./demo-prices.ts";

export interface DemoLoadout {
  id: number;
  title: string;
  description: string;
  createdAt: number;
  slots: { slot: string; skinId: string; wear: Wear | null }[];
}

export interface DemoCraft {
  id: number;
  name: string;
  description: string;
  skinId: string;
  externalCraftLink: string;
  createdAt: number;
  stickers: { name: string; image: string; priceCents: number; externalLink: string; position: number }[];
}

const LOADOUT_THEMES = [
  ["Crimson Collector", "Red finishes on every weapon, for players who like to be seen."],
  ["Budget Blue", "Cheap blue-toned skins that still look sharp."],
  ["Covert Operations", "Top-tier finishes across both sides."],
  ["Desert Ops", "Sand and earth tones for a tactical look."],
  ["Neon Nights", "Bright, saturated finishes that glow on every map."],
  ["Classic Starter", "A well-rounded first loadout for new collectors."],
] as const;

/** Demo content is dated in the past, one day apart, so 'latest' has a stable order. */
const DEMO_EPOCH = Date.UTC(2025, 6, 16, 12, 0, 0);
const DAY = 24 * 60 * 60 * 1000;

function pick<T>(items: readonly T[], seed: string): T {
  return items[stableHash(seed) % items.length]!;
}

function firstEnabledWear(catalogue: Catalogue, skinId: string): Wear | null {
  return catalogue.wears.find((w) => w.skinId === skinId && w.enabled)?.wear ?? null;
}

export function buildDemoLoadouts(catalogue: Catalogue): DemoLoadout[] {
  const skinsByWeapon = new Map<string, SkinRow[]>();
  const skinsByCategory = new Map<string, SkinRow[]>();
  const categoryOfWeapon = new Map(catalogue.weapons.map((w) => [w.name, w.category]));
  for (const skin of catalogue.skins) {
    skinsByWeapon.set(skin.weapon, [...(skinsByWeapon.get(skin.weapon) ?? []), skin]);
    const category = categoryOfWeapon.get(skin.weapon)!;
    skinsByCategory.set(category, [...(skinsByCategory.get(category) ?? []), skin]);
  }

  return LOADOUT_THEMES.map(([title, description], index) => ({
    id: index + 1,
    title,
    description,
    createdAt: DEMO_EPOCH + index * DAY,
    slots: LOADOUT_SLOTS.map((slot) => {
      const candidates = slot.weapon !== null ? skinsByWeapon.get(slot.weapon) : skinsByCategory.get(slot.group === "Knives" ? "Knives" : "Gloves");
      if (!candidates?.length) throw new Error(`No skins for loadout slot ${slot.key}`);
      const skin = pick(candidates, `${title}:${slot.key}`);
      return { slot: slot.key, skinId: skin.id, wear: firstEnabledWear(catalogue, skin.id) };
    }),
  }));
}

const CRAFTS = [
  {
    name: "Redline Katowice Classic",
    skinId: "ak-47-redline",
    description: "A four-sticker craft on the Redline that matches its red pinstripe.",
    stickerWords: ["Katowice", "Crown", "Fire", "Skull"],
  },
  {
    name: "Asiimov Sci-Fi Set",
    skinId: "awp-asiimov",
    description: "Orange and white stickers that follow the Asiimov's panels.",
    stickerWords: ["Robot", "Space", "Alien", "Rocket"],
  },
  {
    name: "Printstream Monochrome",
    skinId: "desert-eagle-printstream",
    description: "Black and white stickers for the Printstream's pearl finish.",
    stickerWords: ["Ghost", "Pearl", "Shadow"],
  },
  {
    name: "Howl Wolf Pack",
    skinId: "m4a4-howl",
    description: "A rare craft around the contraband Howl.",
    stickerWords: ["Wolf", "Howl", "Moon", "Hunter", "Night"],
  },
] as const;

export function buildDemoCrafts(catalogue: Catalogue): DemoCraft[] {
  const skinIds = new Set(catalogue.skins.map((s) => s.id));
  return CRAFTS.map((craft, index) => {
    if (!skinIds.has(craft.skinId)) throw new Error(`Demo craft skin ${craft.skinId} is not in the catalogue`);
    const usedNames = new Set<string>();
    const stickers = craft.stickerWords.map((word, position) => {
      const matches = catalogue.stickers.filter((s) => s.name.includes(word) && !usedNames.has(s.name));
      const sticker = matches.length ? pick(matches, `${craft.name}:${word}`) : catalogue.stickers[stableHash(word) % catalogue.stickers.length]!;
      usedNames.add(sticker.name);
      return {
        name: sticker.name,
        image: sticker.image,
        priceCents: 5 + (stableHash(sticker.name) % 5000),
        externalLink: `https://steamcommunity.com/market/listings/730/${encodeURIComponent(`Sticker | ${sticker.name}`)}`,
        position: position + 1,
      };
    });
    return {
      id: index + 1,
      name: craft.name,
      description: craft.description,
      skinId: craft.skinId,
      externalCraftLink: `https://steamcommunity.com/market/search?appid=730&q=${encodeURIComponent(craft.name)}`,
      createdAt: DEMO_EPOCH + index * DAY,
      stickers,
    };
  });
}
