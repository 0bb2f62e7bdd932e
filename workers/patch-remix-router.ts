// Writes the Worker's copy of @remix-run/router with route matching memoized (wrangler.toml aliases
// the package to it). Remix matches the URL against every route about six times per document (the
// request handler, the data query, the render, and the manifest of the routes the page links to),
// and each time it flattened and ranked all routes and compiled every path pattern it tried again:
// 15 % of a rendered page's CPU time. The route tree a handler holds never changes on the server,
// so its ranked branches are kept per routes array, and compiled patterns per pattern.
// The browser build is untouched (it may add routes while it runs).
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";

export const PATCHED_ROUTER = "build/worker-deps/remix-router.cjs.js";
const EXPECTED_VERSION = "1.23.3";

const replacements: { find: string; replace: string }[] = [
  {
    find: "  let branches = flattenRoutes(routes);\n  rankRouteBranches(branches);\n",
    replace: "  let branches = rankedBranches(routes);\n",
  },
  {
    find: "function flattenRoutes(routes, branches, parentsMeta, parentPath) {",
    replace: `const rankedBranchesByRoutes = new WeakMap();
function rankedBranches(routes) {
  let branches = rankedBranchesByRoutes.get(routes);
  if (!branches) {
    branches = flattenRoutes(routes);
    rankRouteBranches(branches);
    rankedBranchesByRoutes.set(routes, branches);
  }
  return branches;
}
function flattenRoutes(routes, branches, parentsMeta, parentPath) {`,
  },
  {
    find: "function compilePath(path, caseSensitive, end) {",
    replace: `const compiledPaths = new Map();
function compilePath(path, caseSensitive, end) {
  let key = (caseSensitive ? "i" : "s") + (end === false ? "p" : "e") + path;
  let compiled = compiledPaths.get(key);
  if (!compiled) {
    // Patterns come from route definitions, not from requests; the bound only guards against misuse.
    if (compiledPaths.size >= 1000) compiledPaths.clear();
    compiled = compilePathUncached(path, caseSensitive, end);
    compiledPaths.set(key, compiled);
  }
  return compiled;
}
function compilePathUncached(path, caseSensitive, end) {`,
  },
];

export function patchRemixRouter(source: string): string {
  return replacements.reduce((patched, { find, replace }) => {
    const occurrences = patched.split(find).length - 1;
    if (occurrences !== 1) {
      throw new Error(`@remix-run/router: expected one occurrence of ${JSON.stringify(find.slice(0, 60))}, found ${occurrences}`);
    }
    return patched.replace(find, () => replace);
  }, source);
}

function main() {
  const require = createRequire(import.meta.url);
  const { version } = require("@remix-run/router/package.json") as { version: string };
  if (version !== EXPECTED_VERSION) {
    throw new Error(`workers/patch-remix-router.ts was written for @remix-run/router ${EXPECTED_VERSION}, found ${version}: check the patch still applies, then update EXPECTED_VERSION`);
  }
  const source = readFileSync(require.resolve("@remix-run/router/dist/router.cjs.js"), "utf8");
  mkdirSync(dirname(PATCHED_ROUTER), { recursive: true });
  writeFileSync(PATCHED_ROUTER, patchRemixRouter(source));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
