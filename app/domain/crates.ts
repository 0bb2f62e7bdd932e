import type { CategoryName } from "./catalogue.ts";

/*
 * What kind of container a cs2-lib container is, and which finishes it makes StatTrak™ (Counter-
 * Strike 2 as @ianlucas/cs2-lib 7.33 describes it; docs/features/trade-ups.md has the sources).
 */

/**
 * The kinds of container the catalogue keeps:
 * - `weapon_case`: a case opened with a key, valued with Valve's published odds;
 * - `keyless_case`: a container of weapon finishes opened without a key (the Anubis Collection
 *   Package, the Sealed Genesis and Dead Hand Terminals): no published odds, no StatTrak™;
 * - `souvenir_package`: a souvenir package (no published odds; its finishes come as Souvenir);
 * - `sticker_capsule`: a sticker capsule.
 */
export const CRATE_KINDS = ["weapon_case", "keyless_case", "souvenir_package", "sticker_capsule"] as const;
export type CrateKind = (typeof CRATE_KINDS)[number];

/** cs2-lib's `containerType` values (`CS2ContainerType`). */
export const CONTAINER_TYPES = { weaponCase: 0, stickerCapsule: 1, graffitiBox: 2, souvenirPackage: 3 } as const;

/**
 * The kind of a cs2-lib container, from its `containerType` and `keys`. cs2-lib gives the Anubis
 * Collection Package and the terminals the weapon cases' containerType (0) but no key; every
 * container of that type with a key has rare special items and the five tiers of the published
 * odds. So a weapon case is a type-0 container with a key, and one without is `keyless_case`.
 */
export function crateKind(container: { containerType?: number | undefined; keys?: readonly number[] | undefined }): CrateKind {
  if (container.containerType === CONTAINER_TYPES.stickerCapsule) return "sticker_capsule";
  if (container.containerType === CONTAINER_TYPES.souvenirPackage) return "souvenir_package";
  if (container.containerType === CONTAINER_TYPES.weaponCase && (container.keys?.length ?? 0) > 0) return "weapon_case";
  return "keyless_case";
}

/**
 * Whether a finish exists as StatTrak™: gloves never (cs2-lib's CS2_STATTRAKABLE_ITEMS leaves
 * them out: they drop from cases without a counter); a knife always (cs2-lib's type list has
 * knives, and every knife finish drops from weapon cases, StatTrak™ one time in ten, though cs2-lib
 * lists many, such as Karambit | Fade and the Doppler phases, in no container); a gun finish when a
 * weapon case drops it. Souvenir packages and keyless cases give no StatTrak™.
 */
export function hasStatTrakVersion(category: CategoryName, dropsFrom: readonly CrateKind[]): boolean {
  if (category === "Gloves") return false;
  if (category === "Knives") return true;
  return dropsFrom.includes("weapon_case");
}
