import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import type * as RemixRouter from "@remix-run/router";
import type { AgnosticRouteObject } from "@remix-run/router";
import type * as StaticRouter from "react-router-dom/server";
import { createElement, type ReactElement, Suspense } from "react";
import type { renderToPipeableStream } from "react-dom/server";
import { afterAll, describe, expect, it } from "vitest";
import { renderToWebStream } from "~/server/http/render-stream.server";
import { applyReplacements, DEPENDENCY_PATCHES, patchDependency } from "../../workers/patch-worker-deps";

type Router = typeof RemixRouter;
type Route = AgnosticRouteObject;

const require = createRequire(import.meta.url);
// Inside node_modules, so the copies' own imports (react, react-router) resolve as in the Worker.
const cache = join(dirname(require.resolve("vitest/package.json")), "..", ".cache");
mkdirSync(cache, { recursive: true });
const directory = mkdtempSync(join(cache, "worker-deps-"));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

/** The package's (only) patched file with the build's replacements, loaded from a temporary copy. */
function patchedCopy<T>(packageName: string): T {
  const patch = DEPENDENCY_PATCHES.find((candidate) => candidate.packageName === packageName)!;
  const [{ file, replacements }] = patch.files as [(typeof patch.files)[number]];
  const source = readFileSync(join(dirname(require.resolve(`${packageName}/package.json`)), patch.directory, file), "utf8");
  const copy = join(directory, `${packageName.replace(/\W/g, "-")}.js`);
  writeFileSync(copy, applyReplacements(packageName, source, replacements));
  return require(copy) as T;
}

const original = require("@remix-run/router/dist/router.cjs.js") as Router;
const patched = patchedCopy<Router>("@remix-run/router");

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

  it("gives each call its own matches, so a caller that changes them changes nobody else's", () => {
    const routes = appRoutes();
    const first = patched.matchRoutes(routes, "/loadouts/official/3")!;
    expect(first[0]!.params).toBe(first[1]!.params);
    (first[1]!.params as Record<string, string>).loadoutId = "changed";
    first[1]!.pathname = "/changed";
    const second = patched.matchRoutes(routes, "/loadouts/official/3")!;
    expect(second).not.toBe(first);
    expect(summary(second)).toEqual(summary(original.matchRoutes(routes, "/loadouts/official/3")));
    expect(second[1]!.params).toEqual({ loadoutType: "official", loadoutId: "3" });
    expect(second[0]!.params).toBe(second[1]!.params);
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

  it("refuses to build when a package's code no longer has what the patch replaces", () => {
    for (const { file, replacements } of DEPENDENCY_PATCHES.flatMap((patch) => patch.files)) {
      expect(() => applyReplacements(file, "function somethingElse() {}", replacements)).toThrow(/expected one occurrence/);
    }
  });
});

describe("the Worker's react-router-dom/server keeping the render's route tree", () => {
  const originalServer = require("react-router-dom/server") as typeof StaticRouter;
  const patchedServer = patchedCopy<typeof StaticRouter>("react-router-dom");
  const ids = (router: ReturnType<typeof StaticRouter.createStaticRouter>) => router.state.matches.map((match) => match.route.id);

  async function contextFor(routes: Route[], path: string) {
    const context = await originalServer.createStaticHandler(routes as never).query(new Request(`https://skinvault.example${path}`));
    if (context instanceof Response) throw new Error("expected a context");
    return context;
  }

  it("gives each request its own matches from one kept tree of data routes", async () => {
    const routes = appRoutes();
    const skin = patchedServer.createStaticRouter(routes as never, await contextFor(routes, "/skins/ak-47-redline"));
    const home = patchedServer.createStaticRouter(routes as never, await contextFor(routes, "/"));
    expect(home.routes).toBe(skin.routes);
    expect(ids(skin)).toEqual(ids(originalServer.createStaticRouter(routes as never, await contextFor(routes, "/skins/ak-47-redline"))));
    expect(ids(skin)).toEqual(["root", "skin"]);
    expect(ids(home)).toEqual(["root", "home"]);
    expect(skin.state.matches[1]?.params).toEqual({ skinId: "ak-47-redline" });
    // The matches point into the kept tree, as the render expects.
    expect(skin.state.matches[0]?.route).toBe(skin.routes[0]);
  });

  it("builds another tree for other routes", async () => {
    const first = appRoutes();
    const second: Route[] = [{ id: "only", path: "/skins/:name" }];
    const kept = patchedServer.createStaticRouter(first as never, await contextFor(first, "/skins/a"));
    const other = patchedServer.createStaticRouter(second as never, await contextFor(second, "/skins/a"));
    expect(other.routes).not.toBe(kept.routes);
    expect(ids(other)).toEqual(["only"]);
  });
});

describe("the Worker's @remix-run/react keeping the routes each ancestor path matches", () => {
  // Outside node_modules, so the test runner loads the copy's ES modules as the Worker's bundler does.
  mkdirSync(join(process.cwd(), ".wrangler"), { recursive: true });
  const output = mkdtempSync(join(process.cwd(), ".wrangler", "worker-deps-test-"));
  afterAll(() => rmSync(output, { recursive: true, force: true }));

  type PartialManifest = (manifest: { routes: Record<string, { id: string }> }, router: unknown) => { routes: Record<string, unknown> };
  async function patchedGetPartialManifest(): Promise<PartialManifest> {
    const patch = DEPENDENCY_PATCHES.find((candidate) => candidate.packageName === "@remix-run/react")!;
    patchDependency({ ...patch, output }, dirname(require.resolve("@remix-run/react/package.json")));
    const module = (await import(pathToFileURL(join(output, "fog-of-war.js")).href)) as { getPartialManifest: PartialManifest };
    return module.getPartialManifest;
  }

  const routes = appRoutes();
  const manifest = {
    routes: Object.fromEntries(
      ["root", "home", "category", "skin", "loadout", "loadouts", "tracker-edit", "legal", "exact-case", "admin", "admin-index", "admin-loadouts", "splat"].map((id) => [id, { id }]),
    ),
  };
  /** What the render's router holds for a page: its own matches, and the kept route tree. */
  const routerAt = (pathname: string) => ({
    routes,
    basename: "/",
    state: { location: { pathname }, matches: (original.matchRoutes(routes, pathname) ?? []).map((match) => ({ route: match.route })) },
  });
  const ids = (partial: { routes: Record<string, unknown> }) => Object.keys(partial.routes).sort();

  it("lists the page's routes and those of each ancestor path, for each page anew", async () => {
    const getPartialManifest = await patchedGetPartialManifest();
    expect(ids(getPartialManifest(manifest, routerAt("/admin/loadouts")))).toEqual(["admin", "admin-index", "admin-loadouts", "home", "root"]);
    expect(ids(getPartialManifest(manifest, routerAt("/skins/ak-47-redline")))).toEqual(["home", "root", "skin", "splat"]);
    // Asked again (now from what was kept), and for a page whose ancestors were seen before.
    expect(ids(getPartialManifest(manifest, routerAt("/admin/loadouts")))).toEqual(["admin", "admin-index", "admin-loadouts", "home", "root"]);
    expect(ids(getPartialManifest(manifest, routerAt("/skins/ak-47-asiimov")))).toEqual(["home", "root", "skin", "splat"]);
    expect(ids(getPartialManifest(manifest, routerAt("/")))).toEqual(["home", "root"]);
  });

  it("writes preloaded hydration data as the same scripts and boundaries the published package streams", async () => {
    type Transfer = (props: { context: object; identifier: number; reader: ReadableStreamDefaultReader<Uint8Array>; textDecoder: TextDecoder; nonce: string }) => ReactElement;
    const patch = DEPENDENCY_PATCHES.find((candidate) => candidate.packageName === "@remix-run/react")!;
    const packageRoot = dirname(require.resolve("@remix-run/react/package.json"));
    patchDependency({ ...patch, output }, packageRoot);
    const patchedTransfer = ((await import(pathToFileURL(join(output, "single-fetch.js")).href)) as { StreamTransfer: Transfer }).StreamTransfer;
    const publishedTransfer = ((await import(pathToFileURL(join(packageRoot, "dist/esm/single-fetch.js")).href)) as { StreamTransfer: Transfer }).StreamTransfer;

    const texts = ['[{"_1":2},"name","AK-47 | Redline </script> & 10 €"]\n', "P3:[4]\n"];
    const stream = (preloaded: boolean) => {
      const encoded = texts.map((text) => new TextEncoder().encode(text));
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          for (const chunk of encoded) controller.enqueue(chunk);
          controller.close();
        },
      });
      return preloaded ? Object.assign(body, { preloadedTexts: texts }) : body;
    };
    async function render(transfer: Transfer, preloaded: boolean) {
      const serverHandoffStream = stream(preloaded);
      const context = { renderMeta: { didRenderScripts: true }, serverHandoffStream };
      const element = createElement(Suspense, null, createElement(transfer, { context, identifier: 0, reader: serverHandoffStream.getReader(), textDecoder: new TextDecoder(), nonce: "n0nce" }));
      const { body, allReady } = await renderToWebStream(element, { nonce: "n0nce", signal: new AbortController().signal, onError: (error) => { throw error; } });
      await allReady;
      return new Response(body).text();
    }

    const published = await render(publishedTransfer, false);
    expect(published).toContain("streamController.close()");
    expect(await render(patchedTransfer, true)).toBe(published);
    // Without preloaded texts the copy streams as the package does.
    expect(await render(patchedTransfer, false)).toBe(published);
  });
});

describe("the Worker's react-dom server renderer writing whole strings", () => {
  type NodeRenderer = { renderToPipeableStream: typeof renderToPipeableStream };
  const originalRenderer = require(join(dirname(require.resolve("react-dom/package.json")), "cjs/react-dom-server.node.production.min.js")) as NodeRenderer;
  const patchedRenderer = patchedCopy<NodeRenderer>("react-dom");

  /** The document's bytes as the renderer writes them once everything is ready, and how many writes. */
  function render(renderer: NodeRenderer, element: ReactElement) {
    return new Promise<{ bytes: Buffer; writes: number }>((resolve, reject) => {
      const chunks: Uint8Array[] = [];
      const sink = {
        write: (chunk: Uint8Array) => chunks.push(chunk) > 0,
        end: () => resolve({ bytes: Buffer.concat(chunks), writes: chunks.length }),
        destroy: reject,
        on: () => sink,
      };
      const { pipe } = renderer.renderToPipeableStream(element, {
        onAllReady: () => pipe(sink as unknown as NodeJS.WritableStream),
        onShellError: reject,
      });
    });
  }

  it("writes the same bytes as the published renderer, in one piece", async () => {
    let value: string | undefined;
    const later = new Promise<void>((resolve) => setTimeout(resolve, 5)).then(() => {
      value = "ready – é 🔫";
    });
    function Late() {
      if (value === undefined) throw later;
      return createElement("span", { title: value }, value);
    }
    // Long enough to cross the published renderer's 2 KB buffers, with characters of 1 to 4 bytes.
    const rows = Array.from({ length: 120 }, (_, i) => createElement("li", { key: i, className: `row-${i}`, "data-i": i }, `AK-47 | Redline – ${i} é 🔫 <&>`));
    const page = createElement("main", null, createElement("ul", null, rows), createElement(Suspense, { fallback: "loading" }, createElement(Late)));

    const published = await render(originalRenderer, page);
    const patchedOutput = await render(patchedRenderer, page);
    expect(published.writes).toBeGreaterThan(1);
    expect(patchedOutput.writes).toBe(1);
    expect(patchedOutput.bytes.toString("utf8")).toBe(published.bytes.toString("utf8"));
    expect(patchedOutput.bytes.toString("utf8")).toContain("<span title=\"ready – é 🔫\">ready – é 🔫</span>");
  });
});
