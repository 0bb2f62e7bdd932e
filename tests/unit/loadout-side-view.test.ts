import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { packSideView, unpackSideSlots } from "~/domain/loadout-side-view";
import { LOADOUT_SLOTS } from "~/domain/loadout-slots";
import { buildLoadoutView, type StoredSlot } from "~/domain/loadouts";
import { WEARS } from "~/domain/wear";

const REDLINE: StoredSlot = {
  slot: "ak47_tside",
  skinId: "ak-47-redline",
  wear: "FT",
  name: "AK-47 | Redline",
  image: "https://cdn.cstrike.app/images/0761db9ce0344b0e7c9c2f9f856d72ef8fb8918fe32ad5a4ddb97235eb530091.webp",
  rarityColor: "#d32ce6",
};

describe("a loadout's side as compact text", () => {
  it("gives back the side's slots as the view had them, the other side's left out", () => {
    const view = buildLoadoutView(
      [REDLINE, { ...REDLINE, slot: "m4a4_ctside", skinId: "m4a4-howl", name: "M4A4 | Howl" }],
      [{ skinId: "ak-47-redline", wear: "FT", enabled: true, priceCents: 1999 }],
      null,
    );
    const packed = packSideView(view, "t");
    expect(packed.slots).not.toContain("Howl");
    expect(packed.totals).toEqual(view.totals);
    const slots = unpackSideSlots(packed.slots, "t");
    expect(slots).toEqual(view.slots.filter((slot) => slot.side === "t"));
    expect(slots.find((slot) => slot.key === "ak47_tside")).toMatchObject({ label: "AK-47", group: "Rifles", wear: "FT", priceCents: 1999 });
    // The Howl has no price row: it is shown without a counted price.
    expect(unpackSideSlots(packSideView(view, "ct").slots, "ct").find((slot) => slot.key === "m4a4_ctside")).toMatchObject({
      skin: { name: "M4A4 | Howl" },
      priceCents: null,
    });
  });

  it("sends nothing for a side without a stored slot", () => {
    const view = buildLoadoutView([], [], 500);
    expect(packSideView(view, "ct").slots).toBe("");
    expect(unpackSideSlots("", "ct")).toEqual(view.slots.filter((slot) => slot.side === "ct"));
  });

  it("round-trips any stored slots, a skin gone from the catalogue included", () => {
    const stored = fc.record({
      slot: fc.constantFrom(...LOADOUT_SLOTS.map((slot) => slot.key)),
      skinId: fc.option(fc.string({ minLength: 1 })),
      wear: fc.option(fc.constantFrom(...WEARS)),
      name: fc.option(fc.string({ minLength: 1 }).filter((name) => !/[\t\r\n]/.test(name))),
      image: fc.option(fc.webUrl()),
      rarityColor: fc.option(fc.constantFrom("#d32ce6", "#4b69ff", "")),
    });
    fc.assert(
      fc.property(
        fc.uniqueArray(stored, { selector: (row) => row.slot }),
        fc.nat(1_000_000),
        fc.constantFrom("t" as const, "ct" as const),
        (rows, price, side) => {
          const skinIds = rows.flatMap((row) => (row.skinId ? [row.skinId] : []));
          const wears = skinIds.flatMap((skinId) => WEARS.map((wear) => ({ skinId, wear, enabled: true, priceCents: price })));
          const view = buildLoadoutView(rows, wears, null);
          expect(unpackSideSlots(packSideView(view, side).slots, side)).toEqual(view.slots.filter((slot) => slot.side === side));
        },
      ),
    );
  });
});
