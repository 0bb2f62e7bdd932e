import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loginPath, MAX_WAY_BACK, resolveSameSitePath, safeReturnPath, wayBack, withNotice } from "~/domain/same-site-path";

// fast-check builds thousands of web paths: seconds on a busy machine (the default 5 s timed out under load).
const GENERATED_INPUT_TIMEOUT_MS = 30_000;

const SITE = "https://skinvault.example";

/** Where a browser on SITE goes when a Location header or a link says `path`. */
const browserTarget = (path: string) => new URL(path, `${SITE}/some/page`);

/** Pieces attackers put together: dot segments, encoded dots and slashes, backslashes, control characters. */
const hostilePiece = fc.constantFrom(
  "/",
  "//",
  ".",
  "..",
  "%2e",
  "%2E",
  "%2e%2e",
  "%2f",
  "%5c",
  "\\",
  "\t",
  "\n",
  "\r",
  " ",
  "@",
  ":",
  "?",
  "#",
  "evil.example",
  "javascript:",
  "http:",
  "x",
  "%00",
  "\u0000",
  "\u007f",
  "。",
);
const hostilePath = fc.array(hostilePiece, { maxLength: 12 }).map((pieces) => pieces.join(""));

describe("return paths are same-site after the browser resolves them", () => {
  it.each([
    ["/", "/"],
    ["/cookie-settings", "/cookie-settings"],
    ["/category/Rifles?sort=price-asc", "/category/Rifles?sort=price-asc"],
    ["/legal-notice?lang=de#top", "/legal-notice?lang=de#top"],
    ["/x/../profile", "/profile"],
    ["/./resell-tracker", "/resell-tracker"],
  ])("keeps %j as %j", (value, resolved) => {
    expect(resolveSameSitePath(value)).toBe(resolved);
  });

  it.each([
    "",
    "https://evil.example/",
    "//evil.example/",
    "/\\evil.example",
    "\\/evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r/evil.example",
    "/.//evil.example",
    "/%2e//evil.example",
    "/%2E//evil.example",
    "/x/..//evil.example",
    "/x/%2e%2e//evil.example",
    "/./\\evil.example",
    "javascript:alert(1)",
    "cookie-settings",
  ])("refuses %j", (value) => {
    expect(resolveSameSitePath(value)).toBeNull();
    expect(safeReturnPath(value, "/profile")).toBe("/profile");
  });

  it(
    "never hands out a path that takes the browser to another site",
    () => {
      fc.assert(
        fc.property(hostilePath, (value) => {
          const path = safeReturnPath(value, "/fallback");
          expect(path.startsWith("/") && !path.startsWith("//") && !path.includes("\\")).toBe(true);
          expect(browserTarget(path).origin).toBe(SITE);
        }),
        { numRuns: 5_000 },
      );
    },
    GENERATED_INPUT_TIMEOUT_MS,
  );

  it(
    "adds a notice without ever leaving the site",
    () => {
      expect(withNotice("/.//evil.example", "deleted")).toBe("/?notice=deleted");
      expect(withNotice("/resell-tracker?sort=profit#row-3", "deleted")).toBe("/resell-tracker?sort=profit&notice=deleted#row-3");
      fc.assert(
        fc.property(hostilePath, (value) => {
          const path = withNotice(safeReturnPath(value, "/"), "saved");
          expect(path.startsWith("//")).toBe(false);
          expect(browserTarget(path).origin).toBe(SITE);
        }),
        { numRuns: 5_000 },
      );
    },
    GENERATED_INPUT_TIMEOUT_MS,
  );
});

describe("a way back echoes only the page's state, bounded", () => {
  it("keeps the path, the page-state parameters and a short fragment", () => {
    expect(wayBack("/weapons/AK-47?sort=price-asc&utm_source=x&rarity=Covert&notice=saved#card-ak-47-redline")).toBe(
      "/weapons/AK-47?sort=price-asc&rarity=Covert#card-ak-47-redline",
    );
    expect(wayBack("/login?mode=register&redirectTo=%2Fprofile")).toBe("/login?mode=register&redirectTo=%2Fprofile");
    expect(wayBack("//evil.example/")).toBe("/");
    expect(wayBack(`/${"a".repeat(MAX_WAY_BACK)}`)).toBe("/");
    expect(wayBack(`/search?q=${"a".repeat(200)}&q=ak`)).toBe("/search?q=ak");
    expect(wayBack(`/x#${"h".repeat(100)}`)).toBe("/x");
    expect(loginPath("/weapons/AK-47?sort=price-asc", "skin-ak-47-redline")).toBe(
      `/login?redirectTo=${encodeURIComponent("/weapons/AK-47?sort=price-asc#skin-ak-47-redline")}`,
    );
    // A space at the end of a path is dropped by the URL parser, one before a fragment is kept (as %20).
    expect(loginPath("/http: ", ".")).toBe(loginPath("/http: #."));
    expect(loginPath("/http: ", ".")).toBe(`/login?redirectTo=${encodeURIComponent("/http:%20#.")}`);
    expect(loginPath(`/weapons/AK-47?x=${"y".repeat(60_000)}&sort=price-asc`)).toBe(`/login?redirectTo=${encodeURIComponent("/weapons/AK-47?sort=price-asc")}`);
  });

  it(
    "gives a login link with a fragment the same way back as the path with that fragment",
    () => {
      const fragment = fc.oneof(fc.stringMatching(/^[\w.~%-]{0,80}$/), fc.string({ maxLength: 20 }));
      fc.assert(
        fc.property(fc.oneof(fc.webPath(), hostilePath), fragment, (path, anchor) => {
          expect(loginPath(path, anchor)).toBe(loginPath(`${path.split("#")[0]}#${anchor}`));
        }),
      );
    },
    GENERATED_INPUT_TIMEOUT_MS,
  );

  it(
    "is never longer than the limit plus a short fragment, and always a path of this site",
    () => {
      const name = fc.constantFrom("sort", "rarity", "q", "utm", "crate", "notice");
      fc.assert(
        fc.property(fc.webPath(), fc.array(fc.tuple(name, fc.string({ maxLength: 150 })), { maxLength: 40 }), (path, pairs) => {
          const back = wayBack(`${path || "/"}?${new URLSearchParams(pairs).toString()}`);
          expect(back.length).toBeLessThanOrEqual(MAX_WAY_BACK);
          expect(resolveSameSitePath(back)).toBe(back);
          expect(back).not.toMatch(/[?&](utm|notice)=/);
        }),
      );
    },
    GENERATED_INPUT_TIMEOUT_MS,
  );
});
