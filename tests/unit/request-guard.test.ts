import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isDeeperThanAnyRoute, MAX_PATH_SEGMENTS } from "~/server/http/request-guard.server";

const slashes = (path: string) => path.split("/").length - 1;
const url = (path: string) => new URL(`https://skinvault.test${path}`);

describe("paths deeper than any route", () => {
  it("are refused from one slash past the limit, whatever the path's length", () => {
    expect(isDeeperThanAnyRoute(url("/a".repeat(MAX_PATH_SEGMENTS)))).toBe(false);
    expect(isDeeperThanAnyRoute(url("/a".repeat(MAX_PATH_SEGMENTS + 1)))).toBe(true);
    expect(isDeeperThanAnyRoute(url("/".repeat(16_000)))).toBe(true);
    expect(isDeeperThanAnyRoute(url(`/${"a".repeat(16_000)}`))).toBe(false);
  });
  it("count route discovery's paths too", () => {
    expect(isDeeperThanAnyRoute(url(`/__manifest?p=/skins/a&p=${"/a".repeat(MAX_PATH_SEGMENTS + 1)}`))).toBe(true);
    expect(isDeeperThanAnyRoute(url(`/__manifest?p=/skins/a&p=/weapons/AK-47`))).toBe(false);
  });
  it("agree with counting every slash of the path", () => {
    const segment = fc.stringMatching(/^[a-z0-9-]{0,3}$/);
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 40 }), (segments) => {
        const path = `/${segments.join("/")}`;
        expect(isDeeperThanAnyRoute(url(path))).toBe(slashes(url(path).pathname) > MAX_PATH_SEGMENTS);
      }),
    );
  });
});
