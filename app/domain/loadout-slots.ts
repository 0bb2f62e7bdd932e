export type Side = "t" | "ct";
export type SlotGroup = "Pistols" | "SMGs & Heavy" | "Rifles" | "Knives" | "Gloves";

export interface LoadoutSlot {
  /** Storage key, e.g. "ak47_tside". */
  key: string;
  side: Side;
  group: SlotGroup;
  /** The weapon's display name as the catalogue spells it; null for knives and gloves (any type). */
  weapon: string | null;
  label: string;
}

type WeaponEntry = [keyPrefix: string, weapon: string, sides: readonly Side[], group: SlotGroup];

const BOTH: readonly Side[] = ["t", "ct"];
const T: readonly Side[] = ["t"];
const CT: readonly Side[] = ["ct"];

const WEAPON_ENTRIES: readonly WeaponEntry[] = [
  ["glock", "Glock-18", T, "Pistols"],
  ["usps", "USP-S", CT, "Pistols"],
  ["p2000", "P2000", CT, "Pistols"],
  ["p250", "P250", BOTH, "Pistols"],
  ["fiveseven", "Five-SeveN", CT, "Pistols"],
  ["tec9", "Tec-9", T, "Pistols"],
  ["cz75", "CZ75-Auto", BOTH, "Pistols"],
  ["deagle", "Desert Eagle", BOTH, "Pistols"],
  ["dualberettas", "Dual Berettas", BOTH, "Pistols"],
  ["r8", "R8 Revolver", BOTH, "Pistols"],
  ["mac10", "MAC-10", T, "SMGs & Heavy"],
  ["mp9", "MP9", CT, "SMGs & Heavy"],
  ["mp7", "MP7", BOTH, "SMGs & Heavy"],
  ["mp5sd", "MP5-SD", BOTH, "SMGs & Heavy"],
  ["ump45", "UMP-45", BOTH, "SMGs & Heavy"],
  ["p90", "P90", BOTH, "SMGs & Heavy"],
  ["bizon", "PP-Bizon", BOTH, "SMGs & Heavy"],
  ["nova", "Nova", BOTH, "SMGs & Heavy"],
  ["xm1014", "XM1014", BOTH, "SMGs & Heavy"],
  ["sawedoff", "Sawed-Off", T, "SMGs & Heavy"],
  ["mag7", "MAG-7", CT, "SMGs & Heavy"],
  ["m249", "M249", BOTH, "SMGs & Heavy"],
  ["negev", "Negev", BOTH, "SMGs & Heavy"],
  ["galil", "Galil AR", T, "Rifles"],
  ["famas", "FAMAS", CT, "Rifles"],
  ["ak47", "AK-47", T, "Rifles"],
  ["m4a4", "M4A4", CT, "Rifles"],
  ["m4a1s", "M4A1-S", CT, "Rifles"],
  ["sg553", "SG 553", T, "Rifles"],
  ["aug", "AUG", CT, "Rifles"],
  ["ssg08", "SSG 08", BOTH, "Rifles"],
  ["awp", "AWP", BOTH, "Rifles"],
  ["g3sg1", "G3SG1", T, "Rifles"],
  ["scar20", "SCAR-20", CT, "Rifles"],
];

function slotKey(prefix: string, side: Side): string {
  return `${prefix}_${side}side`;
}

export const LOADOUT_SLOTS: readonly LoadoutSlot[] = [
  ...WEAPON_ENTRIES.flatMap(([prefix, weapon, sides, group]) => sides.map((side) => ({ key: slotKey(prefix, side), side, group, weapon, label: weapon }))),
  ...BOTH.flatMap((side) => [
    { key: slotKey("knives", side), side, group: "Knives" as const, weapon: null, label: "Knife" },
    { key: slotKey("gloves", side), side, group: "Gloves" as const, weapon: null, label: "Gloves" },
  ]),
];

const SLOTS_BY_KEY = new Map(LOADOUT_SLOTS.map((slot) => [slot.key, slot]));

export function findSlot(key: string): LoadoutSlot | undefined {
  return SLOTS_BY_KEY.get(key);
}

export function slotsForSide(side: Side): LoadoutSlot[] {
  return LOADOUT_SLOTS.filter((slot) => slot.side === side);
}
