import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { budgetProblems, firstVisitScripts, type PageScripts } from "../deploy/first-visit-scripts.ts";

const build = mkdtempSync(join(tmpdir(), "skinvault-scripts-"));
afterAll(() => rmSync(build, { recursive: true, force: true }));

/** Writes a client file of `text` and returns its gzipped size. */
function file(name: string, text: string): number {
  writeFileSync(join(build, "client/assets", name), text);
  return gzipSync(text).length;
}

describe("firstVisitScripts", () => {
  mkdirSync(join(build, "client/assets"), { recursive: true });
  const framework = "function react(){}".repeat(40);
  const sizes = {
    entry: file("entry.js", framework),
    root: file("root.js", "export const shell = 1;".repeat(20)),
    page: file("page.js", "export const page = 2;".repeat(30)),
    shared: file("shared.js", "export const shared = 3;".repeat(10)),
    other: file("other.js", "export const other = 4;".repeat(50)),
    part: file("part.js", "export const part = 5;".repeat(25)),
    partDependency: file("part-dependency.js", "export const kit = 6;".repeat(15)),
    dialog: file("dialog.js", "export const dialog = 7;".repeat(35)),
    resource: file("resource.js", " "),
  };
  const route = (id: string, module: string, imports: string[] = []) => ({ id, parentId: "root", module, imports });
  const manifest = {
    entry: { module: "/assets/entry.js", imports: [] },
    routes: {
      root: { id: "root", module: "/assets/root.js", imports: [] },
      "routes/page": route("routes/page", "/assets/page.js", ["/assets/shared.js"]),
      "routes/other": route("routes/other", "/assets/other.js", ["/assets/shared.js"]),
      "routes/api": route("routes/api", "/assets/resource.js"),
    },
  };
  writeFileSync(join(build, "client/assets/manifest-abc123.js"), `window.__remixManifest=${JSON.stringify(manifest)};`);
  // The root's file holds a framework module (Remix's scroll restoration) as large as its own code.
  writeFileSync(
    join(build, "script-modules.json"),
    JSON.stringify({
      "assets/entry.js": { "node_modules/react-dom/index.js": 500, "node_modules/@remix-run/react/dist/esm/browser.js": 220 },
      "assets/root.js": { "app/root.tsx": 300, "node_modules/@remix-run/react/dist/esm/scroll-restoration.js": 300 },
      "assets/page.js": { "app/routes/page.tsx": 600 },
      "assets/shared.js": { "node_modules/zod/v4/core/schemas.js": 200 },
      "assets/other.js": { "app/routes/other.tsx": 1000 },
      "assets/part.js": { "app/components/part.tsx": 500 },
      "assets/part-dependency.js": { "node_modules/@conform-to/dom/dist/form.mjs": 300 },
      "assets/dialog.js": { "app/components/dialog.tsx": 700 },
    }),
  );
  // The page's module loads a part through import(), which imports a dependency of its own and
  // loads a dialog through import() in turn.
  writeFileSync(
    join(build, "script-imports.json"),
    JSON.stringify({
      "assets/page.js": { imports: ["assets/shared.js"], dynamicImports: ["assets/part.js"] },
      "assets/part.js": { imports: ["assets/part-dependency.js", "assets/shared.js"], dynamicImports: ["assets/dialog.js"] },
    }),
  );
  const pages = firstVisitScripts(build);

  it("adds the entry, the root, the page's route with its imports and its parts with theirs, each file gzipped on its own", () => {
    const page = pages.find((p) => p.routeId === "routes/page");
    expect(page?.totalGzip).toBe(sizes.entry + sizes.root + sizes.page + sizes.shared + sizes.part + sizes.partDependency);
    expect(page?.files.map(([url]) => url).sort()).toEqual([
      "/assets/entry.js",
      "/assets/page.js",
      "/assets/part-dependency.js",
      "/assets/part.js",
      "/assets/root.js",
      "/assets/shared.js",
    ]);
  });

  it("counts React, React DOM and Remix as the framework and every other module (dependencies too) as the app's", () => {
    const page = pages.find((p) => p.routeId === "routes/page");
    expect(page?.frameworkGzip).toBe(sizes.entry + (sizes.root - Math.round(sizes.root / 2)));
    expect(page?.appGzip).toBe(Math.round(sizes.root / 2) + sizes.page + sizes.shared + sizes.part + sizes.partDependency);
  });

  it("counts everything a page can load after use: what its parts import through import(), with its imports", () => {
    const page = pages.find((p) => p.routeId === "routes/page");
    expect(page?.laterFiles.map(([url]) => url)).toEqual(["/assets/dialog.js"]);
    expect(page?.wholeGzip).toBe(page!.totalGzip + sizes.dialog);
    const other = pages.find((p) => p.routeId === "routes/other");
    expect(other?.wholeGzip).toBe(other?.totalGzip);
  });

  it("leaves out the root and resource routes, and lists the heaviest page first", () => {
    // The page with its part outweighs the other page.
    expect(sizes.page + sizes.part + sizes.partDependency).toBeGreaterThan(sizes.other);
    expect(pages.map((p) => p.routeId)).toEqual(["routes/page", "routes/other"]);
  });
});

describe("budgetProblems", () => {
  const page = (routeId: string, totalKb: number, appKb: number, wholeKb = totalKb): PageScripts => ({
    routeId,
    totalGzip: totalKb * 1024,
    frameworkGzip: (totalKb - appKb) * 1024,
    appGzip: appKb * 1024,
    files: [],
    wholeGzip: wholeKb * 1024,
    laterFiles: [],
  });

  it("accepts pages within 100 KB in all, 16 KB of the app's own and 120 KB with all they can load", () => {
    expect(budgetProblems([page("routes/a", 100, 16, 120)], {})).toEqual([]);
  });

  it("names a page over any budget", () => {
    const problems = budgetProblems([page("routes/big", 101, 15), page("routes/app", 99, 17), page("routes/whole", 99, 15, 121)], {});
    expect(problems).toHaveLength(3);
    expect(problems[0]).toMatch(/^routes\/big: 101\.0 KB in all, 15\.0 KB of the app's own/);
    expect(problems[2]).toMatch(/^routes\/whole: .* 121\.0 KB with all it can load/);
  });

  it("holds a known exception to its ceiling and asks to strike it off once within", () => {
    const known = { "routes/known": { total: 120, app: 40, whole: 130 } };
    expect(budgetProblems([page("routes/known", 119, 39)], known)).toEqual([]);
    expect(budgetProblems([page("routes/known", 121, 39)], known)[0]).toMatch(/more than its ceiling/);
    expect(budgetProblems([page("routes/known", 99, 15)], known)[0]).toMatch(/strike it off/);
    expect(budgetProblems([], known)[0]).toMatch(/no page of the build/);
  });
});
