// What a first visit to each page loads, read from a client build: the entry and the route
// modules of the page's route and its parents with everything they import (the files Remix lists
// as `modulepreload` links), and the parts those files load through `import()` with what the parts
// import (a part the server's HTML holds loads before the page hydrates, ADR 097; counted whether
// or not this visit renders it), each file gzipped on its own (as tests/bench/run.ts measures them
// from the served HTML). Each file's bytes are split between the framework (React, React DOM,
// Remix and the router it runs on) and the app (everything else, dependencies such as Conform
// and zod included) in proportion to the rendered length of its source modules
// (build/script-modules.json, scripts/script-modules-plugin.ts). Each page also gets everything it
// can load after use: the first visit's files and every file they reach through `import()` (the
// dialogs a part opens), with their imports (build/script-imports.json). Deterministic: bytes only.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import type { ScriptImports, ScriptModules } from "../../scripts/script-modules-plugin.ts";

/** Source modules that are the framework: React, React DOM, Remix and React Router. */
const FRAMEWORK_MODULE = /(^|\/)node_modules\/(react|react-dom|scheduler|@remix-run\/[^/]+|react-router|react-router-dom|turbo-stream)\//;

interface ManifestRoute {
  id: string;
  parentId?: string;
  module: string;
  imports?: string[];
}

/** Remix's browser manifest (`build/client/assets/manifest-*.js`): the entry and each route's files. */
interface BrowserManifest {
  entry: { module: string; imports: string[] };
  routes: Record<string, ManifestRoute>;
}

export interface PageScripts {
  routeId: string;
  /** Gzipped bytes of every file a first visit loads. */
  totalGzip: number;
  /** The part of `totalGzip` that is React, React DOM and Remix. */
  frameworkGzip: number;
  /** The rest: the app's code and its other dependencies. */
  appGzip: number;
  /** The files, largest app share first: `[url, gzipped bytes, app share in gzipped bytes]`. */
  files: [string, number, number][];
  /** Gzipped bytes of everything the page can load: the first visit's files and all they can `import()`. */
  wholeGzip: number;
  /** The files only a use of the page loads, largest first: `[url, gzipped bytes]`. */
  laterFiles: [string, number][];
}

/**
 * The files `urls` (as `/assets/x.js`) load and can load: each one's static imports and `import()`s,
 * and theirs, from the build's chunk graph.
 */
export function reachableScripts(urls: Iterable<string>, buildDir = "build"): string[] {
  const graph = JSON.parse(readFileSync(join(buildDir, "script-imports.json"), "utf8")) as ScriptImports;
  const reached = new Set<string>();
  const visit = (url: string) => {
    if (reached.has(url)) return;
    reached.add(url);
    const chunk = graph[url.replace(/^\//, "")];
    for (const next of [...(chunk?.imports ?? []), ...(chunk?.dynamicImports ?? [])]) visit(`/${next}`);
  };
  for (const url of urls) visit(url);
  return [...reached];
}

/** The chunks the files `urls` load through `import()` (the page's parts), with what those import, not what they load in turn. */
export function partScripts(urls: Iterable<string>, buildDir = "build"): string[] {
  const graph = JSON.parse(readFileSync(join(buildDir, "script-imports.json"), "utf8")) as ScriptImports;
  const reached = new Set<string>();
  const visit = (url: string) => {
    if (reached.has(url)) return;
    reached.add(url);
    for (const next of graph[url.replace(/^\//, "")]?.imports ?? []) visit(`/${next}`);
  };
  for (const url of urls) for (const part of graph[url.replace(/^\//, "")]?.dynamicImports ?? []) visit(`/${part}`);
  return [...reached];
}

function readManifest(clientDir: string): BrowserManifest {
  const assets = join(clientDir, "assets");
  const name = readdirSync(assets).find((file) => /^manifest-[\w-]+\.js$/.test(file));
  if (!name) throw new Error(`no Remix manifest in ${assets}: run \`npm run build\` first`);
  const text = readFileSync(join(assets, name), "utf8");
  return JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1)) as BrowserManifest;
}

/** Each page of a build (every route but the root and resource routes) and the scripts its first visit loads. */
export function firstVisitScripts(buildDir = "build"): PageScripts[] {
  const clientDir = join(buildDir, "client");
  const manifest = readManifest(clientDir);
  const modules = JSON.parse(readFileSync(join(buildDir, "script-modules.json"), "utf8")) as ScriptModules;
  const sizes = new Map<string, { gzip: number; app: number }>();
  const sizeOf = (url: string) => {
    let size = sizes.get(url);
    if (!size) {
      const code = readFileSync(join(clientDir, url));
      const gzip = gzipSync(code).length;
      const rendered = Object.entries(modules[url.replace(/^\//, "")] ?? {});
      const all = rendered.reduce((sum, [, length]) => sum + length, 0);
      const app = rendered.filter(([id]) => !FRAMEWORK_MODULE.test(id)).reduce((sum, [, length]) => sum + length, 0);
      size = { gzip, app: all ? Math.round((gzip * app) / all) : code.length > 1 ? gzip : 0 };
      sizes.set(url, size);
    }
    return size;
  };
  const pages: PageScripts[] = [];
  for (const route of Object.values(manifest.routes)) {
    // The root is no page of its own; a resource route's module is empty (it renders nothing).
    if (!route.parentId || readFileSync(join(clientDir, route.module)).length <= 1) continue;
    const urls = new Set([manifest.entry.module, ...manifest.entry.imports]);
    for (let at: ManifestRoute | undefined = route; at; at = at.parentId ? manifest.routes[at.parentId] : undefined) {
      urls.add(at.module);
      for (const url of at.imports ?? []) urls.add(url);
    }
    for (const url of partScripts([...urls], buildDir)) urls.add(url);
    const files = [...urls].map((url): [string, number, number] => [url, sizeOf(url).gzip, sizeOf(url).app]).sort((a, b) => b[2] - a[2]);
    const totalGzip = files.reduce((sum, [, gzip]) => sum + gzip, 0);
    const appGzip = files.reduce((sum, [, , app]) => sum + app, 0);
    const laterFiles = reachableScripts(urls, buildDir)
      .filter((url) => !urls.has(url))
      .map((url): [string, number] => [url, sizeOf(url).gzip])
      .sort((a, b) => b[1] - a[1]);
    const wholeGzip = totalGzip + laterFiles.reduce((sum, [, gzip]) => sum + gzip, 0);
    pages.push({ routeId: route.id, totalGzip, frameworkGzip: totalGzip - appGzip, appGzip, files, wholeGzip, laterFiles });
  }
  return pages.sort((a, b) => b.totalGzip - a.totalGzip);
}

/**
 * Every page's JavaScript, gzipped (issues 32 and 60; docs/performance.md, ADR 097): at most 100 KB
 * on the first visit, 16 KB of it the app's own, and at most 120 KB with everything it can load.
 */
export const FIRST_VISIT_BUDGET = { total: 100 * 1024, app: 16 * 1024, whole: 120 * 1024 };

/** A page still over a budget: the most it may weigh, in KB, until it is brought within. */
export interface KnownOverBudget {
  total: number;
  app: number;
  whole: number;
}

/**
 * What is wrong with the pages' figures: a page over a budget that is not a known exception, a
 * known exception that grew past its ceiling, or one now within the budgets (to be struck off).
 */
export function budgetProblems(pages: PageScripts[], known: Record<string, KnownOverBudget>): string[] {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const problems: string[] = [];
  for (const page of pages) {
    const over = page.totalGzip > FIRST_VISIT_BUDGET.total || page.appGzip > FIRST_VISIT_BUDGET.app || page.wholeGzip > FIRST_VISIT_BUDGET.whole;
    const figures = `${kb(page.totalGzip)} in all, ${kb(page.appGzip)} of the app's own, ${kb(page.wholeGzip)} with all it can load`;
    const ceiling = known[page.routeId];
    if (!ceiling) {
      if (over) {
        const budget = `${kb(FIRST_VISIT_BUDGET.total)}, ${kb(FIRST_VISIT_BUDGET.app)} and ${kb(FIRST_VISIT_BUDGET.whole)}`;
        problems.push(`${page.routeId}: ${figures}; the budget is ${budget}`);
      }
    } else if (!over) {
      problems.push(`${page.routeId} is within the budget now (${figures}): strike it off the known exceptions`);
    } else if (page.totalGzip > ceiling.total * 1024 || page.appGzip > ceiling.app * 1024 || page.wholeGzip > ceiling.whole * 1024) {
      problems.push(`${page.routeId}: ${figures}, more than its ceiling (${ceiling.total} KB, ${ceiling.app} KB and ${ceiling.whole} KB)`);
    }
  }
  for (const routeId of Object.keys(known)) {
    if (!pages.some((page) => page.routeId === routeId)) problems.push(`${routeId} is a known exception but no page of the build`);
  }
  return problems;
}
