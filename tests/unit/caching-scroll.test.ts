import { describe, expect, it } from "vitest";
import { ANONYMOUS_CATALOGUE_CACHE, catalogueCacheControl, hasSessionCookie, SIGNED_IN_CACHE } from "~/server/http/caching.server";
import { readSavedScroll, SCROLL_MEMORY_TTL_MS, serializeScroll } from "~/domain/scroll-memory";

describe("catalogue cache rules", () => {
  it.each([
    [null, false],
    ["", false],
    ["theme=dark", false],
    ["skinvault_session=abc", true],
    ["theme=dark; __Host-skinvault_session=abc", true],
    ["not_skinvault_session=abc", false],
  ])("cookie %j signed in: %s", (cookie, signedIn) => {
    expect(hasSessionCookie(cookie)).toBe(signedIn);
    expect(catalogueCacheControl(cookie)).toBe(signedIn ? SIGNED_IN_CACHE : ANONYMOUS_CATALOGUE_CACHE);
  });

  it("lets a CDN keep anonymous pages briefly, and only the browser a signed-in page", () => {
    expect(ANONYMOUS_CATALOGUE_CACHE).toMatch(/public/);
    expect(ANONYMOUS_CATALOGUE_CACHE).toMatch(/s-maxage=\d+/);
    expect(SIGNED_IN_CACHE).toMatch(/^private/);
  });
});

describe("saved scroll positions", () => {
  const now = 1_800_000_000_000;
  it("keeps a position for 30 minutes", () => {
    expect(readSavedScroll(serializeScroll(640.4, now), now)).toBe(640);
    expect(readSavedScroll(serializeScroll(640, now), now + SCROLL_MEMORY_TTL_MS)).toBe(640);
    expect(readSavedScroll(serializeScroll(640, now), now + SCROLL_MEMORY_TTL_MS + 1)).toBeNull();
  });

  it.each([null, "", "nope", "{}", '{"y":"1","savedAt":1}', '{"y":-5,"savedAt":1}', "null"])("ignores %j", (raw) => {
    expect(readSavedScroll(raw, now)).toBeNull();
  });
});
