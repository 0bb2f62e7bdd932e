import { describe, expect, it } from "vitest";
import { compareRarity, RARITY_COLORS, RARITY_ORDER, rarityFromColor } from "~/domain/rarity";
import { contrastRatio, RARITY_TEXT_BACKGROUND, rarityTextColor } from "~/domain/rarity-text-color";

describe("rarity", () => {
  it("is ordered as the spec lists it", () => {
    expect(RARITY_ORDER.slice(0, 7)).toEqual(["Consumer Grade", "Industrial Grade", "Mil-Spec", "Restricted", "Classified", "Covert", "Extraordinary"]);
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

describe("rarity text colour on the dark panels", () => {
  it("reaches 4.5:1 on the lightest panel for every rarity colour", () => {
    for (const color of Object.values(RARITY_COLORS)) {
      expect(contrastRatio(rarityTextColor(color), RARITY_TEXT_BACKGROUND)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it("lightens the failing Mil-Spec blue and Restricted purple but keeps their hue", () => {
    const hue = (hex: string) => {
      const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
      return Math.atan2(Math.sqrt(3) * (g! - b!), 2 * r! - g! - b!);
    };
    for (const color of ["#4b69ff", "#8847ff", "#d32ce6"]) {
      expect(contrastRatio(color, RARITY_TEXT_BACKGROUND)).toBeLessThan(4.5);
      const readable = rarityTextColor(color);
      expect(readable).not.toBe(color);
      expect(Math.abs(hue(readable) - hue(color))).toBeLessThan(0.05);
    }
  });

  it("leaves colours that already pass unchanged, and answers the muted grey for a malformed colour", () => {
    expect(rarityTextColor("#b0c3d9")).toBe("#b0c3d9");
    expect(rarityTextColor("#E4AE39")).toBe("#e4ae39");
    expect(rarityTextColor("red")).toBe("#9aa3b5");
  });

  it("measures contrast as WCAG does", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#777777", "#777777")).toBe(1);
  });
});
