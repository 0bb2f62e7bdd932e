import { describe, expect, it } from "vitest";
import { noticeText } from "~/domain/notices";

describe("notices after Post/Redirect/Get", () => {
  it("the same key reads as its page says", () => {
    expect(noticeText("loadouts", "saved")).toBe("Loadout saved.");
    expect(noticeText("adminLoadouts", "saved")).toBe("Loadout saved successfully!");
    expect(noticeText("adminCrafts", "deleted")).toBe("Sticker craft deleted successfully!");
    expect(noticeText("resellTracker", "deleted")).toBe("Tracker deleted.");
  });

  it("no key, another page's key, or a key of Object's prototype shows nothing", () => {
    expect(noticeText("login", null)).toBeNull();
    expect(noticeText("login", "saved")).toBeNull();
    expect(noticeText("profile", "alert-saved")).toBeNull();
    for (const key of ["toString", "__proto__", "constructor", "hasOwnProperty"]) expect(noticeText("login", key)).toBeNull();
  });
});
