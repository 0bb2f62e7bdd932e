import { describe, expect, it } from "vitest";
import { compareRarity, RARITY_ORDER, rarityFromColor } from "~/domain/rarity";

describe("rarity", () => {
  it("is ordered as the spec lists it", () => {
    expect(RARITY_ORDER.slice(0, 7)).toEqual([
      "Consumer Grade",
      "Industrial Grade",
      "Mil-Spec",
      "Restricted",
      "Classified",
      "Covert",
      "Extraordinary",
    ]);
  });

  it("sorts a shuffled list from lowest to highest", () => {
    const shuffled = ["Covert", "Mil-Spec", "Extraordinary", "Consumer Grade", "Classified"];
    expect([...shuffled].sort(compareRarity)).toEqual(["Consumer Grade", "Mil-Spec", "Classified", "Covert", "Extraordinary"]);
  });

  it.each([
    ["#b0c3d9", "Consumer Grade"],
    ["#5e98d9", "Industrial Grade"],
    ["#4b69ff", "Mil-Spec"],
    ["#8847ff", "Restricted"],
    ["#d32ce6", "Classified"],
    ["#EB4B4B", "Covert"],
    ["#e4ae39", "Contraband"],
  ])("weapon colour %s is %s", (color, rarity) => {
    expect(rarityFromColor(color, false)).toBe(rarity);
  });

  it("knives and gloves are Extraordinary whatever their colour", () => {
    expect(rarityFromColor("#eb4b4b", true)).toBe("Extraordinary");
  });
});
