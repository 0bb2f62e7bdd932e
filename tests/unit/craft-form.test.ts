import { describe, expect, it } from "vitest";
import { craftIntent, parseCraftIntent } from "~/forms/craft-form";

describe("the craft form's intents (one parser for both forms)", () => {
  it("reads what the form's buttons write", () => {
    expect(parseCraftIntent("save")).toEqual({ verb: "save", position: 0, id: "" });
    expect(parseCraftIntent("apply")).toEqual({ verb: "apply", position: 0, id: "" });
    expect(parseCraftIntent("search-skin")).toEqual({ verb: "search-skin", position: 0, id: "" });
    expect(parseCraftIntent(craftIntent.pickSkin("ak-47-redline"))).toEqual({ verb: "pick-skin", position: 0, id: "ak-47-redline" });
    expect(parseCraftIntent(craftIntent.searchSticker(2))).toEqual({ verb: "search-sticker", position: 2, id: "" });
    expect(parseCraftIntent(craftIntent.pickSticker(5, "1847"))).toEqual({ verb: "pick-sticker", position: 5, id: "1847" });
    expect(parseCraftIntent(craftIntent.clearSticker(1))).toEqual({ verb: "clear-sticker", position: 1, id: "" });
  });

  it.each([
    "pick-skin:",
    "pick-skin:../x",
    "pick-skin:AK",
    "pick-skin:a:b",
    "search-sticker:0",
    "search-sticker:6",
    "search-sticker:1:2",
    "pick-sticker:1:0",
    "pick-sticker:9:1",
    "pick-sticker:1",
    "pick-sticker:1:01",
    "clear-sticker:x",
    "save:1",
    "apply:1",
    "",
    "Save",
  ])("gives %j no verb, so the action's switch refuses it", (posted) => {
    expect(parseCraftIntent(posted).verb).toBe("");
  });
});
