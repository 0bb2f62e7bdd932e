import { describe, expect, it } from "vitest";
import { stickerKind, stickerKindLabel } from "~/domain/stickers";

describe("stickerKind", () => {
  it.each([
    ["Harp of War (Holo)", "holo", false, null],
    ["Titan (Holo) | Katowice 2014", "holo", false, "Katowice 2014"],
    ["Gold ESL Wolf (Foil) | Katowice 2014", "foil", false, "Katowice 2014"],
    ["ESL One Cologne 2014 (Gold)", "gold", false, null],
    ["Heroic (Glitter) | Antwerp 2022", "glitter", false, "Antwerp 2022"],
    ["Freeze (Lenticular)", "lenticular", false, null],
    ["FURIA (Embroidered) | Budapest 2025", "embroidered", false, "Budapest 2025"],
    ["rain (Gold, Champion) | Antwerp 2022", "gold", true, "Antwerp 2022"],
    ["rain (Champion) | Antwerp 2022", "paper", true, "Antwerp 2022"],
    ["3DMAX | Katowice 2014", "paper", false, "Katowice 2014"],
    ["Chicken Lover", "paper", false, null],
    ["Bomb Squad (CT)", "paper", false, null],
  ] as const)("%s", (name, type, champion, event) => {
    expect(stickerKind(name)).toEqual({ type, champion, event });
  });
  it("labels the type as the page shows it", () => {
    expect(stickerKindLabel(stickerKind("rain (Holo, Champion) | Antwerp 2022"))).toBe("Holo, Champion");
    expect(stickerKindLabel(stickerKind("Chicken Lover"))).toBe("Paper");
  });
});
