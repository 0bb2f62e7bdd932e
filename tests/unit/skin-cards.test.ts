import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  firstSkinCard,
  packGroupedSkins,
  packList,
  packSkinCards,
  unpackGroupedSkins,
  unpackList,
  unpackSkinCards,
  type GroupedSkin,
  type SkinCardData,
} from "~/domain/skin-cards";

const REDLINE: SkinCardData = {
  id: "ak-47-redline",
  name: "AK-47 | Redline",
  image: "https://cdn.cstrike.app/images/0761db9ce0344b0e7c9c2f9f856d72ef8fb8918fe32ad5a4ddb97235eb530091.webp",
  rarity: "Classified",
  rarityColor: "#d32ce6",
  stattrak: true,
  souvenir: false,
  minPriceCents: 1939,
  maxPriceCents: 3878,
};

describe("skin cards as compact text", () => {
  it("gives back the cards it was given, in their order", () => {
    const cards: SkinCardData[] = [
      REDLINE,
      { ...REDLINE, id: "ak-47-safari-mesh", name: "AK-47 | Safari Mesh", rarity: "Industrial Grade", rarityColor: "#5e98d9", stattrak: false, souvenir: true },
      { ...REDLINE, id: "ak-47-wild-lotus", name: "AK-47 | Wild Lotus", stattrak: true, souvenir: true, minPriceCents: null, maxPriceCents: null },
    ];
    expect(unpackSkinCards(packSkinCards(cards))).toEqual(cards);
  });

  it("sends the id only when it is not the name's slug", () => {
    const packed = packSkinCards([REDLINE, { ...REDLINE, id: "karambit-fade-503" }]);
    expect(packed.split("\n").map((line) => line.split("\t")[0])).toEqual(["", "karambit-fade-503"]);
    expect(unpackSkinCards(packed).map((card) => card.id)).toEqual(["ak-47-redline", "karambit-fade-503"]);
  });

  it("keeps a tab or line break inside a name from splitting a card", () => {
    const [card] = unpackSkinCards(packSkinCards([{ ...REDLINE, id: "x", name: "AK-47 |\tRed\nline" }]));
    expect(card).toMatchObject({ id: "x", name: "AK-47 | Red line", rarity: "Classified", maxPriceCents: 3878 });
  });

  it("carries no cards as an empty text", () => {
    expect(packSkinCards([])).toBe("");
    expect(unpackSkinCards("")).toEqual([]);
    expect(firstSkinCard("")).toBeUndefined();
  });

  it("reads the first card alone as the whole list's first", () => {
    const safari = { ...REDLINE, id: "ak-47-safari-mesh", name: "AK-47 | Safari Mesh" };
    expect(firstSkinCard(packSkinCards([REDLINE, safari]))).toEqual(REDLINE);
    expect(firstSkinCard(packSkinCards([safari]))).toEqual(safari);
  });
});

describe("lists as compact text", () => {
  it("gives back the names in their order, and none for an empty list", () => {
    const crates = ["Chroma 2 Case", "Phoenix Case", "Operation Breakout Weapon Case"];
    expect(unpackList(packList(crates))).toEqual(crates);
    expect(unpackList(packList([]))).toEqual([]);
  });
});

describe("grouped skins as compact text", () => {
  const glove: GroupedSkin = {
    id: "driver-gloves-imperial-plaid",
    name: "Driver Gloves | Imperial Plaid",
    image: REDLINE.image,
    priceText: "$499.83 – $1388.41",
    note: "0.011 % per opening",
  };

  it("gives back the skins, their notes and ids that are not slugs", () => {
    const skins = [glove, { ...glove, id: "karambit-fade-503", name: "Karambit | Fade", priceText: "No Data", note: undefined }];
    const unpacked = unpackGroupedSkins(packGroupedSkins(skins));
    expect(unpacked).toEqual([glove, { id: "karambit-fade-503", name: "Karambit | Fade", image: REDLINE.image, priceText: "No Data" }]);
    // A card without a skin page (a case's vanilla knife) carries the path it links to as its id.
    const vanilla: GroupedSkin = {
      id: "/weapons/Karambit",
      name: "★ Karambit (vanilla)",
      image: REDLINE.image,
      priceText: "$650.00",
      note: "0.0052 % per opening",
    };
    expect(unpackGroupedSkins(packGroupedSkins([vanilla, glove]))).toEqual([vanilla, glove]);
    expect(packGroupedSkins([])).toBe("");
    expect(unpackGroupedSkins("")).toEqual([]);
  });

  it("round-trips any skins whose texts hold no tab or line break", () => {
    const text = fc.string({ minLength: 1 }).filter((value) => !/[\t\r\n]/.test(value));
    const skin = fc.record({ id: text, name: text, image: fc.webUrl(), priceText: text, note: fc.option(text, { nil: undefined }) });
    fc.assert(
      fc.property(fc.array(skin, { maxLength: 30 }), (skins) => {
        const expected = skins.map(({ note, ...rest }) => (note === undefined ? rest : { ...rest, note }));
        expect(unpackGroupedSkins(packGroupedSkins(skins))).toEqual(expected);
      }),
    );
  });
});
