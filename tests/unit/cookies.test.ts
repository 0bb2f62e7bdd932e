import { describe, expect, it } from "vitest";
import { cookiePairs, cookieValue } from "~/server/http/cookies.server";

describe("the Cookie header parser", () => {
  it("reads each name once, the first wins, exact names only", () => {
    const header = "a=1; b = two ; a=3; xb=4; =5; novalue";
    expect([...cookiePairs(header)]).toEqual([
      ["a", "1"],
      ["b", "two"],
      ["xb", "4"],
    ]);
    expect(cookieValue(header, "b")).toBe("two");
    expect(cookieValue(header, "x")).toBeNull();
    expect(cookiePairs(null).size).toBe(0);
  });

  it("decodes values; a broken encoding reads as absent", () => {
    expect(cookieValue("tz=Europe%2FBerlin", "tz")).toBe("Europe/Berlin");
    expect(cookieValue("tz=%E0%A4%A", "tz")).toBeNull();
    expect(cookieValue("v=a=b", "v")).toBe("a=b");
  });
});
