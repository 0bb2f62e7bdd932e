import { CS2_ITEMS, CS2_STATTRAKABLE_ITEMS } from "@ianlucas/cs2-lib";
import { describe, expect, it } from "vitest";
import { crateKind, hasStatTrakVersion } from "~/domain/crates";

/** A cs2-lib container by id. */
const container = (id: number) => CS2_ITEMS.find((item) => item.id === id && item.type === "case")!;

describe("the kind of a container (cs2-lib 7.33)", () => {
  it("worked examples: a weapon case needs a key; the Anubis Collection Package and the terminals do not", () => {
    // All three of cs2-lib's weapon-case type (containerType 0); only the case lists a key.
    const keyed = CS2_ITEMS.find((item) => item.type === "case" && item.containerType === 0 && item.keys?.length)!;
    expect(crateKind(keyed)).toBe("weapon_case");
    expect(crateKind(container(9438))).toBe("keyless_case"); // Anubis Collection Package
    expect(crateKind(container(14268))).toBe("keyless_case"); // Sealed Genesis Terminal
    expect(crateKind(container(15406))).toBe("keyless_case"); // Sealed Dead Hand Terminal
    expect(crateKind({ containerType: 0, keys: [] })).toBe("keyless_case");
    expect(crateKind({ containerType: 3 })).toBe("souvenir_package");
    expect(crateKind({ containerType: 1, keys: [1] })).toBe("sticker_capsule");
  });

  it("every container of the weapon-case type with a key has rare special items; none without one has", () => {
    const typeZero = CS2_ITEMS.filter((item) => item.type === "case" && item.containerType === 0);
    for (const item of typeZero) expect(Boolean(item.specials?.length), String(item.id)).toBe(crateKind(item) === "weapon_case");
    expect(typeZero.filter((item) => crateKind(item) === "keyless_case").map((item) => item.id)).toEqual([9438, 14268, 15406]);
  });
});

describe("which finishes exist as StatTrak™", () => {
  it("worked examples: a gun from a weapon case; not from a keyless case or a souvenir package; gloves never", () => {
    expect(hasStatTrakVersion("Rifles", ["weapon_case"])).toBe(true); // AK-47 | Redline
    expect(hasStatTrakVersion("Rifles", ["keyless_case"])).toBe(false); // M4A4 | Eye of Horus (Anubis Collection Package)
    expect(hasStatTrakVersion("Pistols", ["souvenir_package"])).toBe(false);
    expect(hasStatTrakVersion("Rifles", ["souvenir_package", "weapon_case"])).toBe(true);
    expect(hasStatTrakVersion("Gloves", ["weapon_case"])).toBe(false);
  });

  it("worked example: Karambit | Fade, in no container of cs2-lib, is StatTrak™ as every knife is; gloves in none are not", () => {
    // cs2-lib lists ★ Karambit | Fade in no container, yet ★ StatTrak™ Karambit | Fade is on the market.
    expect(hasStatTrakVersion("Knives", [])).toBe(true);
    expect(hasStatTrakVersion("Knives", ["weapon_case"])).toBe(true);
    expect(hasStatTrakVersion("Gloves", [])).toBe(false);
    // cs2-lib's own list of item types with a StatTrak™ version says the same of knives and gloves.
    expect(CS2_STATTRAKABLE_ITEMS).toContain("melee");
    expect(CS2_STATTRAKABLE_ITEMS).not.toContain("glove");
  });
});
