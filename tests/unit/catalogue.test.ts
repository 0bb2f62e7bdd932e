import { describe, expect, it } from "vitest";
import { searchKey, slugify } from "~/domain/catalogue";
import { LOADOUT_SLOTS, slotsForSide } from "~/domain/loadout-slots";

describe("skin ids", () => {
  it.each([
    ["AK-47 | Redline", "ak-47-redline"],
    ["★ Karambit | Doppler (Phase 2)", "karambit-doppler-phase-2"],
    ["SSG 08 | Blood in the Water", "ssg-08-blood-in-the-water"],
    ["Glock-18 | Neo-Noir", "glock-18-neo-noir"],
    ["M4A1-S | Chantico's Fire", "m4a1-s-chantico-s-fire"],
    ["Five-SeveN | Café", "five-seven-cafe"],
  ])("%s -> %s", (name, slug) => {
    expect(slugify(name)).toBe(slug);
  });

  it("search keys keep only letters and digits", () => {
    expect(searchKey("AK-47 | Redline")).toBe("ak47redline");
  });
});

describe("loadout slots", () => {
  it("number between 50 and 55 with unique keys", () => {
    expect(LOADOUT_SLOTS.length).toBeGreaterThanOrEqual(50);
    expect(LOADOUT_SLOTS.length).toBeLessThanOrEqual(55);
    expect(new Set(LOADOUT_SLOTS.map((s) => s.key)).size).toBe(LOADOUT_SLOTS.length);
  });

  it("give each side a knife and gloves, and the AK-47 only to T", () => {
    for (const side of ["t", "ct"] as const) {
      const keys = slotsForSide(side).map((s) => s.key);
      expect(keys).toContain(`knives_${side}side`);
      expect(keys).toContain(`gloves_${side}side`);
    }
    expect(slotsForSide("t").map((s) => s.key)).toContain("ak47_tside");
    expect(slotsForSide("ct").map((s) => s.key)).not.toContain("ak47_ctside");
    expect(slotsForSide("ct").map((s) => s.key)).toContain("awp_ctside");
  });
});
