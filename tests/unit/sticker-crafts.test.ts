import { describe, expect, it } from "vitest";
import {
  craftIdOfKey,
  craftImageKey,
  craftImageSlotOfKey,
  craftImageUrl,
  craftStats,
  craftTotals,
  isCraftImageKey,
  keyOfImageUrl,
  stickersToSave,
} from "~/domain/sticker-crafts";
import { parseId } from "~/domain/ids";

describe("sticker positions", () => {
  it("keeps stickers with a name at the position of their slot", () => {
    const saved = stickersToSave([{ name: "Crown" }, { name: "  " }, { name: " Howl " }, undefined, { name: "Skull" }]);
    expect(saved.map((s) => [s.position, s.value.name])).toEqual([
      [1, "Crown"],
      [3, "Howl"],
      [5, "Skull"],
    ]);
  });

  it("never keeps more than 5", () => {
    const saved = stickersToSave(Array.from({ length: 8 }, (_, i) => ({ name: `S${i}` })));
    expect(saved.map((s) => s.position)).toEqual([1, 2, 3, 4, 5]);
  });

  it("keeps nothing from empty slots", () => {
    expect(stickersToSave([{ name: "" }, { name: null }, {}])).toEqual([]);
  });
});

describe("image keys", () => {
  it("follows the storage layout", () => {
    expect(craftImageKey(12, "ingame", "png", "mi0abc")).toBe("12/ingame-mi0abc.png");
    expect(craftImageKey(12, "placement", "webp", "mi0abc")).toBe("12/placement-mi0abc.webp");
    expect(craftImageKey(12, { sticker: 3 }, "jpg", "mi0abc")).toBe("12/stickers/3-mi0abc.jpg");
  });

  it.each(["12/ingame.png", "1/placement.avif", "7/stickers/5.webp", "99/stickers/1.jpg", "12/ingame-mi0abc.png", "7/stickers/5-z.webp"])(
    "serves %s",
    (key) => {
      expect(isCraftImageKey(key)).toBe(true);
      expect(craftImageSlotOfKey(key)).toBe(key.split("/").slice(1).join("/").split(/[-.]/)[0]);
    },
  );

  it.each([
    "",
    "12/ingame.svg",
    "12/other.png",
    "12/stickers/6.png",
    "0/ingame.png",
    "../12/ingame.png",
    "12/ingame.png/x",
    "12//ingame.png",
    "a/ingame.png",
    "12/stickers/1.png.html",
    "12/ingame-.png",
    "12/ingame-ABC.png",
    "12/ingame-abc-def.png",
  ])("does not serve %j", (key) => {
    expect(isCraftImageKey(key)).toBe(false);
    expect(craftImageSlotOfKey(key)).toBeNull();
  });

  it("reads the key back from a stored URL, and only ours", () => {
    const url = craftImageUrl("12/ingame.png", "abc");
    expect(url).toBe("/images/12/ingame.png?v=abc");
    expect(keyOfImageUrl(url)).toBe("12/ingame.png");
    expect(craftIdOfKey("12/ingame.png")).toBe(12);
    expect(keyOfImageUrl("https://cdn.cstrike.app/images/x.webp")).toBeNull();
    expect(keyOfImageUrl("/images/12/evil.html")).toBeNull();
    expect(keyOfImageUrl(null)).toBeNull();
  });
});

describe("craft ids", () => {
  it.each([
    ["1", 1],
    ["42", 42],
  ])("%s is an id", (value, id) => expect(parseId(value)).toBe(id));
  it.each(["0", "-1", "1.5", "abc", "", "01", "99999999999", undefined, null])("%j is not", (value) => expect(parseId(value)).toBeNull());
});

describe("totals (beyond the spec)", () => {
  it("sums the stickers, gives each its share and adds the skin's cheapest wear", () => {
    const totals = craftTotals(1000, [100, 300, null]);
    expect(totals.stickersCents).toBe(400);
    expect(totals.shares).toEqual([25, 75, null]);
    expect(totals.craftCents).toBe(1400);
  });

  it("has no shares when nothing is priced, and no craft cost without a skin price", () => {
    expect(craftTotals(null, [null, 0])).toEqual({ stickersCents: 0, shares: [null, null], craftCents: null });
  });
});

it("counts crafts with in-game images and placement guides", () => {
  expect(
    craftStats([
      { ingameImage: "/images/1/ingame.png?v=a", placementImage: null },
      { ingameImage: null, placementImage: "/images/2/placement.png?v=a" },
      { ingameImage: "/images/3/ingame.png?v=a", placementImage: "/images/3/placement.png?v=a" },
    ]),
  ).toEqual({ total: 3, withIngame: 2, withPlacement: 2 });
});
