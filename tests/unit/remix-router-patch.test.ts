import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type * as RemixRouter from "@remix-run/router";
import type { AgnosticRouteObject } from "@remix-run/router";
import { afterAll, describe, expect, it } from "vitest";
import { patchRemixRouter } from "../../workers/patch-remix-router";

type Router = typeof RemixRouter;
type Route = AgnosticRouteObject;

const require = createRequire(import.meta.url);
const original = require("@remix-run/router/dist/router.cjs.js") as Router;
const directory = mkdtempSync(join(tmpdir(), "remix-router-"));
const patchedFile = join(directory, "router.cjs.js");
writeFileSync(patchedFile, patchRemixRouter(readFileSync(require.resolve("@remix-run/router/dist/router.cjs.js"), "utf8")));
const patched = require(patchedFile) as Router;
afterAll(() => rmSync(directory, { recursive: true, force: true }));

/** A tree shaped like the app's: index, params, an optional segment, a case-sensitive path, a splat. */
function appRoutes(): Route[] {
  return [
    {
      id: "root",
      path: "",
      children: [
        { id: "home", index: true },
        { id: "category", path: "category/:categoryName" },
        { id: "skin", path: "skins/:skinId" },
        { id: "loadout", path: "loadouts/:loadoutType/:loadoutId" },
        { id: "loadouts", path: "loadouts" },
        { id: "tracker-edit", path: "resell-tracker/:trackerId/edit" },
        { id: "legal", path: "legal/:lang?/notice" },
        { id: "exact-case", path: "CaseOnly", caseSensitive: true },
        { id: "admin", path: "admin", children: [{ id: "admin-index", index: true }, { id: "admin-loadouts", path: "loadouts" }] },
        { id: "splat", path: "*" },
      ],
    },
  ];
}

const PATHS = [
  "/",
  "/category/Rifles",
  "/category/Rifles/",
  "/skins/ak-47-asiimov",
  "/skins/ak%2F47",
  "/loadouts",
  "/loadouts/official/3",
  "/resell-tracker/7/edit",
  "/legal/notice",
  "/legal/de/notice",
  "/CaseOnly",
  "/caseonly",
  "/admin",
  "/admin/loadouts",
  "/no/such/page",
];

const summary = (matches: ReturnType<Router["matchRoutes"]>) =>
  matches?.map((match) => ({ id: match.route.id, params: match.params, pathname: match.pathname, pathnameBase: match.pathnameBase }));

describe("the Worker's @remix-run/router with memoized matching", () => {
  it.each(PATHS)("matches %s as the package does, on the first and on later calls", (path) => {
    const routes = appRoutes();
    const expected = summary(original.matchRoutes(routes, path));
    expect(summary(patched.matchRoutes(routes, path))).toEqual(expected);
    expect(summary(patched.matchRoutes(routes, path))).toEqual(expected);
  });

  it("matches another route tree by its own routes, not the ones kept for the first", () => {
    const first = appRoutes();
    expect(summary(patched.matchRoutes(first, "/skins/a"))?.at(-1)?.id).toBe("skin");
    const second: Route[] = [{ id: "only", path: "skins/:name" }];
    expect(summary(patched.matchRoutes(second, "/skins/a"))).toEqual([{ id: "only", params: { name: "a" }, pathname: "/skins/a", pathnameBase: "/skins/a" }]);
    expect(patched.matchRoutes(second, "/category/Rifles")).toBeNull();
    // And the matched route objects are the caller's own.
    expect(patched.matchRoutes(second, "/skins/a")?.[0]?.route).toBe(second[0]);
  });

  it("keeps patterns compiled with different options apart", () => {
    const cases: [Parameters<Router["matchPath"]>[0], string][] = [
      [{ path: "/Skins", caseSensitive: true, end: true }, "/skins"],
      [{ path: "/Skins", caseSensitive: false, end: true }, "/skins"],
      [{ path: "/skins", end: false }, "/skins/ak-47"],
      [{ path: "/skins", end: true }, "/skins/ak-47"],
      ["/skins/:skinId", "/skins/ak-47"],
      ["/files/*", "/files/a/b"],
    ];
    for (const [pattern, pathname] of cases) {
      expect(patched.matchPath(pattern, pathname)).toEqual(original.matchPath(pattern, pathname));
    }
  });

  it("refuses to build when the package's code no longer has what the patch replaces", () => {
    expect(() => patchRemixRouter("function somethingElse() {}")).toThrow(/expected one occurrence/);
  });
});
