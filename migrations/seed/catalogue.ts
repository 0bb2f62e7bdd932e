// Builds the skin catalogue from @ianlucas/cs2-lib: categories, weapons, skins with their wears,
// crates and collections. Pure data in, rows out; run.ts turns them into SQL.
import { CS2_ITEMS, type CS2Item } from "@ianlucas/cs2-lib";
import { english } from "@ianlucas/cs2-lib/translations";
import { CATEGORY_NAMES, slugify, searchKey, type CategoryName } from "../../app/domain/catalogue.ts";
import { RARITY_COLORS, rarityFromColor } from "../../app/domain/rarity.ts";
import { WEARS, isWearEnabled, type Wear } from "../../app/domain/wear.ts";
import { CONTAINER_TYPES, crateKind, hasStatTrakVersion, type CrateKind } from "../../app/domain/crates.ts";
import { demoCratePriceCents, demoKeyPriceCents, demoPriceCents, demoStickerPriceCents, demoVanillaKnifePriceCents } from "./demo-prices.ts";

export const IMAGE_BASE_URL = "https://cdn.cstrike.app";

const CATEGORY_BY_LIB: Record<string, CategoryName> = {
  secondary: "Pistols",
  smg: "SMGs",
  heavy: "Heavy",
  rifle: "Rifles",
  // The Zeus x27 is the only "equipment" item with finishes; it is carried like a sidearm.
  equipment: "Pistols",
};

export interface CategoryRow {
  id: number;
  name: CategoryName;
  position: number;
}
export interface WeaponRow {
  id: number;
  name: string;
  category: CategoryName;
  image: string | null;
}
export interface SkinRow {
  id: string;
  name: string;
  searchKey: string;
  image: string;
  description: string | null;
  weapon: string;
  rarity: string;
  rarityColor: string;
  minFloat: number;
  maxFloat: number;
  stattrak: boolean;
  souvenir: boolean;
}
export interface WearRow {
  skinId: string;
  wear: Wear;
  enabled: boolean;
  priceCents: number;
}
export interface NamedRow {
  id: number;
  name: string;
  image: string | null;
}
export interface CollectionRow extends NamedRow {
  slug: string;
}
export interface CrateRow extends NamedRow {
  slug: string;
  kind: CrateKind;
  keyId: number | null;
  /** Demo price (cents). */
  priceCents: number;
}
export interface KeyRow extends NamedRow {
  /** Demo price (cents). */
  priceCents: number;
}
export interface StickerRow {
  id: number;
  name: string;
  image: string;
  /** The event or collection (cs2-lib's `category`), e.g. "Community Sticker Capsule 1". */
  category: string | null;
  /** Demo price (cents; 0 = no data). */
  priceCents: number;
}
/** A knife without a finish ("★ Karambit"), a rare special item of some weapon cases. */
export interface VanillaKnifeRow {
  /** cs2-lib's id of the knife's base item (also its `weapons` row). */
  id: number;
  /** The knife's English name, "Karambit". */
  name: string;
  image: string | null;
  /** Demo prices (cents), normal and StatTrak™. */
  priceCents: number;
  stattrakPriceCents: number;
}
export interface Catalogue {
  categories: CategoryRow[];
  weapons: WeaponRow[];
  skins: SkinRow[];
  wears: WearRow[];
  /** Weapon cases, keyless cases (collection packages, terminals), souvenir packages and sticker capsules. */
  crates: CrateRow[];
  /** The keys that open them. */
  keys: KeyRow[];
  collections: CollectionRow[];
  /** Which skins a container drops; `special` marks its rare special items (knives, gloves). */
  skinCrates: { skinId: string; crateId: number; special: boolean }[];
  crateStickers: { crateId: number; stickerId: number }[];
  skinCollections: { skinId: string; collectionId: number }[];
  /** Stickers: the craft editor's picker, and the demo sticker crafts. */
  stickers: StickerRow[];
  /** Vanilla knives: the knives cs2-lib lists among a container's rare special items without a finish (`base` items). */
  vanillaKnives: VanillaKnifeRow[];
  /** Which containers drop which vanilla knife (always as a rare special item). */
  crateVanillaKnives: { crateId: number; knifeId: number }[];
}

function translation(item: CS2Item) {
  const entry = english[item.id];
  if (!entry) throw new Error(`cs2-lib item ${item.id} has no English name`);
  return entry;
}

function imageUrl(path: string | undefined): string | null {
  return path ? `${IMAGE_BASE_URL}${path}` : null;
}

function stripPrefix(name: string, prefix: string): string {
  return name.startsWith(prefix) ? name.slice(prefix.length) : name;
}

function categoryOf(item: CS2Item): CategoryName | undefined {
  if (item.type === "melee") return "Knives";
  if (item.type === "glove") return "Gloves";
  return item.category ? CATEGORY_BY_LIB[item.category] : undefined;
}

export function buildCatalogue(): Catalogue {
  const byId = new Map(CS2_ITEMS.map((item) => [item.id, item]));
  const finishes = CS2_ITEMS.filter(
    (item) =>
      (item.type === "weapon" || item.type === "melee" || item.type === "glove") &&
      !item.base &&
      item.baseId !== undefined &&
      categoryOf(byId.get(item.baseId)!) !== undefined,
  );

  const containers = CS2_ITEMS.filter((item) => item.type === "case" && (item.contents || item.specials));
  const containersBySkin = new Map<number, { container: CS2Item; special: boolean }[]>();
  for (const container of containers) {
    const drops = [...(container.contents ?? []).map((id) => ({ id, special: false })), ...(container.specials ?? []).map((id) => ({ id, special: true }))];
    for (const { id, special } of drops) {
      const list = containersBySkin.get(id) ?? [];
      list.push({ container, special });
      containersBySkin.set(id, list);
    }
  }

  const categories = CATEGORY_NAMES.map((name, index) => ({ id: index + 1, name, position: index + 1 }));

  const weaponsByBaseId = new Map<number, WeaponRow>();
  const skins: SkinRow[] = [];
  const wears: WearRow[] = [];
  const crates = new Map<string, CrateRow>();
  const collections = new Map<string, CollectionRow>();
  const skinCrates: Catalogue["skinCrates"] = [];
  const skinCollections: Catalogue["skinCollections"] = [];
  const usedIds = new Set<string>();

  for (const item of finishes) {
    const base = byId.get(item.baseId!)!;
    const category = categoryOf(base)!;
    const weaponName = translation(base).name;
    if (!weaponsByBaseId.has(base.id)) {
      weaponsByBaseId.set(base.id, { id: base.id, name: weaponName, category, image: imageUrl(base.image) });
    }

    const text = translation(item);
    const name = item.altName ? `${text.name} (${item.altName})` : text.name;
    let id = slugify(name);
    if (usedIds.has(id)) id = `${id}-${item.id}`;
    usedIds.add(id);

    const isKnifeOrGloves = category === "Knives" || category === "Gloves";
    const rarity = rarityFromColor(item.rarity ?? "", isKnifeOrGloves);
    const minFloat = item.wearMin ?? 0;
    const maxFloat = item.wearMax ?? 1;
    const itemContainers = containersBySkin.get(item.id) ?? [];
    const kinds = itemContainers.map(({ container }) => crateKind(container));
    const stattrak = hasStatTrakVersion(category, kinds);
    const souvenir = kinds.includes("souvenir_package");

    skins.push({
      id,
      name,
      searchKey: searchKey(name),
      image: imageUrl(item.image) ?? imageUrl(base.image) ?? "",
      description: text.desc?.trim() || null,
      weapon: weaponName,
      rarity,
      rarityColor: isKnifeOrGloves ? RARITY_COLORS.Extraordinary : (item.rarity ?? RARITY_COLORS[rarity]),
      minFloat,
      maxFloat,
      stattrak,
      souvenir,
    });

    for (const wear of WEARS) {
      const enabled = isWearEnabled(wear, minFloat, maxFloat);
      wears.push({ skinId: id, wear, enabled, priceCents: enabled ? demoPriceCents(id, wear, rarity) : 0 });
    }

    for (const { container, special } of itemContainers) {
      skinCrates.push({ skinId: id, crateId: addCrate(crates, container).id, special });
    }

    const collectionName = text.collectionName;
    if (item.collection && collectionName) {
      if (!collections.has(collectionName)) {
        collections.set(collectionName, {
          id: collections.size + 1,
          name: collectionName,
          image: imageUrl(item.collectionImage),
          slug: slugify(collectionName),
        });
      }
      skinCollections.push({ skinId: id, collectionId: collections.get(collectionName)!.id });
    }
  }

  // Vanilla knives: cs2-lib lists them (base items, type "melee") among a weapon case's specials.
  // After the finishes, so every container they come in is already known and keeps its order.
  const vanillaKnives = new Map<number, VanillaKnifeRow>();
  const crateVanillaKnives: Catalogue["crateVanillaKnives"] = [];
  for (const container of containers) {
    for (const knife of (container.specials ?? []).map((id) => byId.get(id)!)) {
      if (!knife.base || knife.type !== "melee") continue;
      if (!vanillaKnives.has(knife.id)) {
        vanillaKnives.set(knife.id, { id: knife.id, name: translation(knife).name, image: imageUrl(knife.image), ...demoVanillaKnifePriceCents(knife.id) });
      }
      crateVanillaKnives.push({ crateId: addCrate(crates, container).id, knifeId: knife.id });
    }
  }

  const stickers = CS2_ITEMS.filter((item) => item.type === "sticker" && item.image).map((item): StickerRow => {
    const name = stripPrefix(translation(item).name, "Sticker | ");
    return { id: item.id, name, image: imageUrl(item.image)!, category: translation(item).category ?? null, priceCents: demoStickerPriceCents(item.id, name) };
  });

  const stickerIds = new Set(stickers.map((sticker) => sticker.id));
  const crateStickers: Catalogue["crateStickers"] = [];
  for (const capsule of containers.filter((container) => container.containerType === CONTAINER_TYPES.stickerCapsule)) {
    const contents = (capsule.contents ?? []).filter((id) => stickerIds.has(id));
    if (contents.length === 0) continue;
    const crate = addCrate(crates, capsule);
    for (const stickerId of contents) crateStickers.push({ crateId: crate.id, stickerId });
  }

  const keys = CS2_ITEMS.filter((item) => item.type === "key").map((item) => ({
    id: item.id,
    name: stripPrefix(translation(item).name, "Key | "),
    image: imageUrl(item.image),
    priceCents: demoKeyPriceCents(item.id),
  }));
  const keyIds = new Set(keys.map((key) => key.id));
  for (const crate of crates.values()) {
    if (crate.keyId !== null && !keyIds.has(crate.keyId)) throw new Error(`Container ${crate.name} needs key ${crate.keyId}, which the catalogue lacks`);
  }

  return {
    categories,
    weapons: [...weaponsByBaseId.values()].sort((a, b) => a.name.localeCompare(b.name)),
    skins,
    wears,
    crates: [...crates.values()],
    keys,
    collections: [...collections.values()],
    skinCrates: dedupe(skinCrates, (row) => `${row.skinId}|${row.crateId}`),
    crateStickers: dedupe(crateStickers, (row) => `${row.crateId}|${row.stickerId}`),
    skinCollections,
    stickers,
    vanillaKnives: [...vanillaKnives.values()],
    crateVanillaKnives: dedupe(crateVanillaKnives, (row) => `${row.crateId}|${row.knifeId}`),
  };
}

/** The container's row, added on first sight; two containers with one name are one (the first seen). */
function addCrate(crates: Map<string, CrateRow>, container: CS2Item): CrateRow {
  const name = stripPrefix(translation(container).name, "Container | ");
  const known = crates.get(name);
  if (known) return known;
  const row: CrateRow = {
    id: container.id,
    name,
    image: imageUrl(container.image),
    slug: slugify(name),
    kind: crateKind(container),
    keyId: container.keys?.[0] ?? null,
    priceCents: demoCratePriceCents(container.id, crateKind(container)),
  };
  crates.set(name, row);
  return row;
}

function dedupe<T>(rows: T[], key: (row: T) => string): T[] {
  const seen = new Set<string>();
  return rows.filter((row) => {
    const k = key(row);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
