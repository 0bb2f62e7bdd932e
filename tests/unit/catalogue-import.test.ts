import { beforeAll, describe, expect, it } from "vitest";
import { buildCatalogue, type Catalogue } from "../../migrations/seed/catalogue.ts";
import { buildDemoCrafts, buildDemoLoadouts } from "../../migrations/seed/demo-content.ts";
import { LOADOUT_SLOTS } from "~/domain/loadout-slots";

let catalogue: Catalogue;
beforeAll(() => {
  catalogue = buildCatalogue();
});

describe("catalogue import from @ianlucas/cs2-lib", () => {
  it("holds the six categories and well over 1,500 skins on more than 45 weapons", () => {
    expect(catalogue.categories.map((c) => c.name)).toEqual(["Pistols", "SMGs", "Heavy", "Rifles", "Knives", "Gloves"]);
    expect(catalogue.skins.length).toBeGreaterThan(1500);
    expect(catalogue.weapons.length).toBeGreaterThan(45);
    for (const category of ["Knives", "Gloves"]) {
      expect(catalogue.weapons.some((w) => w.category === category)).toBe(true);
    }
  });

  it("gives every skin a unique readable id and five wears", () => {
    const ids = catalogue.skins.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.every((id) => /^[a-z0-9]+(-[a-z0-9]+)*$/.test(id))).toBe(true);
    expect(catalogue.wears.length).toBe(catalogue.skins.length * 5);
  });

  it("imports the AK-47 | Redline as the game knows it", () => {
    const redline = catalogue.skins.find((s) => s.id === "ak-47-redline");
    expect(redline).toMatchObject({ name: "AK-47 | Redline", weapon: "AK-47", rarity: "Classified", minFloat: 0.1, maxFloat: 0.7 });
    expect(redline?.stattrak).toBe(true);
    const wears = catalogue.wears.filter((w) => w.skinId === "ak-47-redline");
    expect(wears.filter((w) => w.enabled).map((w) => w.wear)).toEqual(["MW", "FT", "WW", "BS"]);
    expect(wears.find((w) => w.wear === "FN")?.priceCents).toBe(0);
  });

  it("has no StatTrak gloves (they drop from cases, but never with a counter), and every knife StatTrak, in a container or not", () => {
    const categoryOf = new Map(catalogue.weapons.map((w) => [w.name, w.category]));
    const of = (category: string) => catalogue.skins.filter((s) => categoryOf.get(s.weapon) === category);
    expect(of("Gloves").filter((s) => s.stattrak)).toEqual([]);
    expect(of("Knives").filter((s) => !s.stattrak)).toEqual([]);
    // Worked example: cs2-lib lists Karambit | Fade in no container (142 of the 556 knives are in
    // none); it comes as StatTrak™ all the same, as Butterfly Knife | Fade, in a case, does.
    const fade = catalogue.skins.find((s) => s.name === "Karambit | Fade")!;
    expect(catalogue.skinCrates.filter((r) => r.skinId === fade.id)).toEqual([]);
    expect(fade).toMatchObject({ id: "karambit-fade", stattrak: true, souvenir: false });
    expect(catalogue.skins.find((s) => s.id === "butterfly-knife-fade")?.stattrak).toBe(true);
  });

  it("tells Doppler phases apart", () => {
    expect(catalogue.skins.some((s) => s.name === "Karambit | Doppler (Phase 2)")).toBe(true);
  });

  it("holds the containers: a weapon case with its key, contents and rare special items, a souvenir package, a sticker capsule", () => {
    const slugs = [...catalogue.crates.map((c) => c.slug), ...catalogue.collections.map((c) => c.slug)];
    expect(slugs.every((slug) => /^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug))).toBe(true);
    expect(new Set(catalogue.crates.map((c) => c.slug)).size).toBe(catalogue.crates.length);
    expect(new Set(catalogue.collections.map((c) => c.slug)).size).toBe(catalogue.collections.length);

    const armsDeal = catalogue.crates.find((c) => c.name === "CS:GO Weapon Case");
    expect(armsDeal).toMatchObject({ slug: "cs-go-weapon-case", kind: "weapon_case" });
    expect(catalogue.keys.find((k) => k.id === armsDeal?.keyId)?.name).toBe("CS:GO Case Key");
    const drops = catalogue.skinCrates.filter((r) => r.crateId === armsDeal?.id);
    expect(drops.some((r) => r.skinId === "ak-47-case-hardened" && !r.special)).toBe(true);
    expect(drops.some((r) => r.skinId.startsWith("karambit-") && r.special)).toBe(true);

    expect(catalogue.crates.some((c) => c.kind === "souvenir_package" && c.keyId === null)).toBe(true);
    const capsule = catalogue.crates.find((c) => c.kind === "sticker_capsule" && c.name === "Sticker Capsule");
    expect(catalogue.crateStickers.filter((r) => r.crateId === capsule?.id).length).toBeGreaterThan(5);
  });

  it("holds the vanilla knives cs2-lib lists among a weapon case's rare special items: the Operation Phoenix case has 4 of its 50", () => {
    const phoenix = catalogue.crates.find((c) => c.slug === "operation-phoenix-weapon-case")!;
    const knifeName = new Map(catalogue.vanillaKnives.map((k) => [k.id, k.name]));
    const vanilla = catalogue.crateVanillaKnives.filter((r) => r.crateId === phoenix.id).map((r) => knifeName.get(r.knifeId));
    expect(vanilla.sort()).toEqual(["Bayonet", "Flip Knife", "Gut Knife", "Karambit"]);
    expect(catalogue.skinCrates.filter((r) => r.crateId === phoenix.id && r.special)).toHaveLength(46);
    // 22 weapon cases, 19 knives (cs2-lib 7.33.1); each a weapon row of the Knives (its id is the base item's).
    const cases = new Set(catalogue.crateVanillaKnives.map((r) => r.crateId));
    expect(cases.size).toBe(22);
    expect(catalogue.crates.filter((c) => cases.has(c.id)).every((c) => c.kind === "weapon_case")).toBe(true);
    expect(catalogue.vanillaKnives).toHaveLength(19);
    const weapons = new Map(catalogue.weapons.map((w) => [w.id, w]));
    for (const knife of catalogue.vanillaKnives) {
      expect(weapons.get(knife.id)).toMatchObject({ name: knife.name, category: "Knives" });
      expect(knife.priceCents).toBeGreaterThan(0);
      expect(knife.stattrakPriceCents).toBeGreaterThan(knife.priceCents);
    }
    expect(new Set(catalogue.vanillaKnives.map((k) => k.name)).size).toBe(19);
    expect(buildCatalogue().vanillaKnives).toEqual(catalogue.vanillaKnives);
  });

  it("keeps the Anubis Collection Package and the terminals apart from the weapon cases: no key, all their skins, no StatTrak™", () => {
    expect(catalogue.crates.filter((c) => c.kind === "weapon_case").every((c) => c.keyId !== null)).toBe(true);
    expect(catalogue.crates.filter((c) => c.kind === "keyless_case").map((c) => c.slug)).toEqual(
      expect.arrayContaining(["anubis-collection-package", "sealed-genesis-terminal", "sealed-dead-hand-terminal"]),
    );
    const anubis = catalogue.crates.find((c) => c.slug === "anubis-collection-package")!;
    expect(anubis).toMatchObject({ kind: "keyless_case", keyId: null });
    const skinsOf = (crateId: number) => catalogue.skins.filter((s) => catalogue.skinCrates.some((r) => r.crateId === crateId && r.skinId === s.id));
    const anubisSkins = skinsOf(anubis.id);
    expect(anubisSkins).toHaveLength(19);
    expect(anubisSkins.filter((s) => s.rarity === "Consumer Grade").length).toBeGreaterThan(0);
    expect(anubisSkins.filter((s) => s.stattrak).map((s) => s.name)).toEqual([]);
    const genesis = catalogue.crates.find((c) => c.slug === "sealed-genesis-terminal")!;
    expect(
      skinsOf(genesis.id)
        .filter((s) => s.stattrak)
        .map((s) => s.name),
    ).toEqual([]);
  });

  it("produces the same rows, prices included, every time", () => {
    const again = buildCatalogue();
    expect(again.wears).toEqual(catalogue.wears);
    expect(again.skins).toEqual(catalogue.skins);
  });
});

describe("demo content", () => {
  it("fills every slot of six official loadouts with a skin of the right weapon", () => {
    const loadouts = buildDemoLoadouts(catalogue);
    expect(loadouts).toHaveLength(6);
    const weaponOf = new Map(catalogue.skins.map((s) => [s.id, s.weapon]));
    for (const loadout of loadouts) {
      expect(loadout.slots).toHaveLength(LOADOUT_SLOTS.length);
      for (const slot of loadout.slots) {
        const definition = LOADOUT_SLOTS.find((s) => s.key === slot.slot)!;
        if (definition.weapon) expect(weaponOf.get(slot.skinId)).toBe(definition.weapon);
      }
    }
  });

  it("builds at least three sticker crafts from real stickers, at most five each", () => {
    const crafts = buildDemoCrafts(catalogue);
    expect(crafts.length).toBeGreaterThanOrEqual(3);
    const stickerNames = new Set(catalogue.stickers.map((s) => s.name));
    for (const craft of crafts) {
      expect(craft.stickers.length).toBeLessThanOrEqual(5);
      for (const sticker of craft.stickers) expect(stickerNames.has(sticker.name)).toBe(true);
    }
  });
});
