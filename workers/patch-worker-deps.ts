// Writes the Worker's copies of three routing packages with work kept across requests (wrangler.toml
// aliases the packages to them). The browser build keeps the packages as published (its route tree
// grows while it runs); `node_modules` is untouched.
//
// - @remix-run/router: Remix matches the URL against every route about six times per document (the
//   request handler, the data query, the render, and the manifest of the routes the page links to),
//   and each time it flattened and ranked all routes and compiled every path pattern it tried again:
//   15 % of a rendered page's CPU time. A route tree never changes on the server, so its ranked
//   branches are kept per routes array, compiled patterns per pattern, and a pathname's matches
//   per ranked list (copied for each caller).
// - @remix-run/react and react-router-dom/server: the render built its route tree anew for every
//   request (from the build's manifest, which never changes), so the matching above started over on
//   each render. The tree is kept per manifest, and its data-route form per tree. The page's list
//   of routes for the browser matched every ancestor path of the URL against all routes again; the
//   ids each path matches are kept per tree. Its hydration-data transfer writes the data read
//   before the render (app/server/server-handoff.server.ts) without suspending for each chunk.
// - react-dom's Node renderer encoded each of a page's thousands of small pieces of HTML (a tag, an
//   attribute name, a quote) into its byte buffer on its own: a tenth of a rendered page's CPU
//   time. The copy joins the pieces into one string and encodes it once per flush. (The Worker
//   flushes once, when the page is complete: see app/server/render-stream.server.ts.)
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

interface Replacement {
  find: string;
  replace: string;
}

interface DependencyPatch {
  packageName: string;
  /** The version the replacements were written for: any other stops the build. */
  version: string;
  /** The directory copied (relative imports keep working) and the files in it that are patched. */
  directory: string;
  files: { file: string; replacements: Replacement[] }[];
  output: string;
}

const routerReplacements: Replacement[] = [
  {
    find: "  let branches = flattenRoutes(routes);\n  rankRouteBranches(branches);\n",
    replace: "  let branches = rankedBranches(routes);\n",
  },
  {
    find: `  let matches = null;
  let decoded = decodePath(pathname);
  for (let i = 0; matches == null && i < branches.length; ++i) {`,
    replace: `  let byPath = matchesByBranches.get(branches);
  if (!byPath) {
    byPath = new Map();
    matchesByBranches.set(branches, byPath);
  }
  let key = (allowPartial ? "p" : "e") + pathname;
  let kept = byPath.get(key);
  if (kept === undefined) {
    // Pathnames come from requests' URLs, so how many are kept is bounded.
    if (byPath.size >= 1000) byPath.clear();
    kept = matchBranches(branches, pathname, allowPartial);
    byPath.set(key, kept);
  }
  return copyOfMatches(kept);
}
// A pathname's matches, kept per ranked route list. Each caller gets its own copies: one params
// object shared by all of them, as matchRouteBranch makes it.
const matchesByBranches = new WeakMap();
function copyOfMatches(matches) {
  if (!matches) return null;
  let params = Object.assign({}, matches[0].params);
  return matches.map(match => ({ params, pathname: match.pathname, pathnameBase: match.pathnameBase, route: match.route }));
}
function matchBranches(branches, pathname, allowPartial) {
  let matches = null;
  let decoded = decodePath(pathname);
  for (let i = 0; matches == null && i < branches.length; ++i) {`,
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

const remixServerReplacements: Replacement[] = [
  {
    find: "  let routes = createServerRoutes(manifest.routes, routeModules, context.future, context.isSpaMode);\n",
    replace: `  let routes = serverRoutesByManifest.get(manifest.routes);
  if (!routes) {
    routes = createServerRoutes(manifest.routes, routeModules, context.future, context.isSpaMode);
    serverRoutesByManifest.set(manifest.routes, routes);
  }
`,
  },
  {
    find: "function RemixServer({",
    replace: `// The build's manifest and route modules are fixed for the Worker's life, and so is the tree built from them.
const serverRoutesByManifest = new WeakMap();
function RemixServer({`,
  },
];

const partialManifestReplacements: Replacement[] = [
  {
    find: `  paths.forEach(path => {
    let matches = matchRoutes(router.routes, path, router.basename);
    if (matches) {
      matches.forEach(m => routeIds.add(m.route.id));
    }
  });
`,
    replace: `  paths.forEach(path => {
    for (let id of ancestorRouteIds(router.routes, path, router.basename)) routeIds.add(id);
  });
`,
  },
  {
    find: "function getPartialManifest(manifest, router) {",
    replace: `// The route ids each ancestor path of a page matches, kept per route tree. The paths come from
// requests' URLs, so how many are kept is bounded.
const ancestorIdsByRoutes = new WeakMap();
function ancestorRouteIds(routes, path, basename) {
  let byPath = ancestorIdsByRoutes.get(routes);
  if (!byPath) {
    byPath = new Map();
    ancestorIdsByRoutes.set(routes, byPath);
  }
  let key = basename + " " + path;
  let ids = byPath.get(key);
  if (!ids) {
    if (byPath.size >= 1000) byPath.clear();
    ids = (matchRoutes(routes, path, basename) || []).map(m => m.route.id);
    byPath.set(key, ids);
  }
  return ids;
}
function getPartialManifest(manifest, router) {`,
  },
];

const streamTransferReplacements: Replacement[] = [
  {
    find: `  if (!context.renderMeta || !context.renderMeta.didRenderScripts) {
    return null;
  }
  if (!context.renderMeta.streamCache) {`,
    replace: `  if (!context.renderMeta || !context.renderMeta.didRenderScripts) {
    return null;
  }
  // The hydration data read whole before the render (app/server/server-handoff.server.ts): the
  // same scripts and Suspense boundaries as below, without suspending for each chunk.
  let preloadedTexts = context.serverHandoffStream && context.serverHandoffStream.preloadedTexts;
  if (preloadedTexts) {
    let text = preloadedTexts[identifier];
    let enqueueTag = text ? /*#__PURE__*/React.createElement("script", {
      nonce: nonce,
      dangerouslySetInnerHTML: {
        __html: \`window.__remixContext.streamController.enqueue(\${escapeHtml(JSON.stringify(text))});\`
      }
    }) : null;
    if (identifier >= preloadedTexts.length) {
      return /*#__PURE__*/React.createElement(React.Fragment, null, enqueueTag, /*#__PURE__*/React.createElement("script", {
        nonce: nonce,
        dangerouslySetInnerHTML: {
          __html: \`window.__remixContext.streamController.close();\`
        }
      }));
    }
    return /*#__PURE__*/React.createElement(React.Fragment, null, enqueueTag, /*#__PURE__*/React.createElement(React.Suspense, null, /*#__PURE__*/React.createElement(StreamTransfer, {
      context: context,
      identifier: identifier + 1,
      reader: reader,
      textDecoder: textDecoder,
      nonce: nonce
    })));
  }
  if (!context.renderMeta.streamCache) {`,
  },
];

const staticRouterReplacements: Replacement[] = [
  {
    find: `function createStaticRouter(routes, context, opts = {}) {
  let manifest = {};
  let dataRoutes = router.UNSAFE_convertRoutesToDataRoutes(routes, reactRouter.UNSAFE_mapRouteProperties, undefined, manifest);
`,
    replace: `const dataRoutesByRoutes = new WeakMap();
function createStaticRouter(routes, context, opts = {}) {
  let kept = dataRoutesByRoutes.get(routes);
  if (!kept) {
    let manifest = {};
    kept = { manifest, dataRoutes: router.UNSAFE_convertRoutesToDataRoutes(routes, reactRouter.UNSAFE_mapRouteProperties, undefined, manifest) };
    dataRoutesByRoutes.set(routes, kept);
  }
  let { manifest, dataRoutes } = kept;
`,
  },
];

const REACT_DOM_BYTE_WRITER =
  'function r(a,b){if("string"===typeof b){if(0!==b.length)if(2048<3*b.length)0<l&&(t(a,k.subarray(0,l)),k=new Uint8Array(2048),l=0),t(a,u.encode(b));else{var c=k;0<l&&(c=k.subarray(l));c=u.encodeInto(b,c);var d=c.read;l+=c.written;d<b.length&&(t(a,k),k=new Uint8Array(2048),l=u.encodeInto(b.slice(d),k).written);2048===l&&(t(a,k),k=new Uint8Array(2048),l=0)}}else 0!==b.byteLength&&(2048<b.byteLength?(0<l&&(t(a,k.subarray(0,l)),k=new Uint8Array(2048),l=0),t(a,b)):(c=k.length-l,c<b.byteLength&&(0===c?t(a,\nk):(k.set(b.subarray(0,c),l),l+=c,t(a,k),b=b.subarray(c)),k=new Uint8Array(2048),l=0),k.set(b,l),l+=b.byteLength,2048===l&&(t(a,k),k=new Uint8Array(2048),l=0)))}function t(a,b){a=a.write(b);q=q&&a}function w(a,b){r(a,b);return q}function ca(a){k&&0<l&&a.write(k.subarray(0,l));k=null;l=0;q=!0}var u=new aa.TextEncoder;function x(a){return u.encode(a)}';

const reactDomServerReplacements: Replacement[] = [
  {
    // writeChunk, writeChunkAndReturn, completeWriting and stringToPrecomputedChunk: every chunk
    // stays a string (the precomputed ones too) until the flush ends and writes them as one.
    find: REACT_DOM_BYTE_WRITER,
    replace:
      'var pendingHtml="";function r(a,b){pendingHtml+=b}function w(a,b){r(a,b);return q}function ca(a){0<pendingHtml.length&&(a.write(u.encode(pendingHtml)),pendingHtml="");k=null;l=0;q=!0}var u=new aa.TextEncoder;function x(a){return a}',
  },
];

export const DEPENDENCY_PATCHES: DependencyPatch[] = [
  {
    packageName: "@remix-run/router",
    version: "1.23.3",
    directory: "dist",
    files: [{ file: "router.cjs.js", replacements: routerReplacements }],
    output: "build/worker-deps/remix-router",
  },
  {
    packageName: "@remix-run/react",
    version: "2.17.5",
    directory: "dist/esm",
    files: [
      { file: "server.js", replacements: remixServerReplacements },
      { file: "fog-of-war.js", replacements: partialManifestReplacements },
      { file: "single-fetch.js", replacements: streamTransferReplacements },
    ],
    output: "build/worker-deps/remix-react",
  },
  {
    packageName: "react-router-dom",
    version: "6.30.4",
    directory: "",
    files: [{ file: "server.js", replacements: staticRouterReplacements }],
    output: "build/worker-deps/react-router-dom",
  },
  {
    packageName: "react-dom",
    version: "18.3.1",
    directory: "",
    files: [{ file: "cjs/react-dom-server.node.production.min.js", replacements: reactDomServerReplacements }],
    output: "build/worker-deps/react-dom",
  },
];

/** The source with each replacement made; throws unless each `find` occurs exactly once. */
export function applyReplacements(label: string, source: string, replacements: readonly Replacement[]): string {
  return replacements.reduce((patched, { find, replace }) => {
    const occurrences = patched.split(find).length - 1;
    if (occurrences !== 1) {
      throw new Error(`${label}: expected one occurrence of ${JSON.stringify(find.slice(0, 60))}, found ${occurrences}`);
    }
    return patched.replace(find, () => replace);
  }, source);
}

/** Writes the patched copy to `patch.output` (a test may point it elsewhere). */
export function patchDependency(patch: DependencyPatch, packageRoot: string) {
  const { version } = JSON.parse(readFileSync(join(packageRoot, "package.json"), "utf8")) as { version: string };
  if (version !== patch.version) {
    throw new Error(
      `workers/patch-worker-deps.ts was written for ${patch.packageName} ${patch.version}, found ${version}: check the patch still applies, then update its version`,
    );
  }
  const from = join(packageRoot, patch.directory);
  rmSync(patch.output, { recursive: true, force: true });
  mkdirSync(dirname(patch.output), { recursive: true });
  if (patch.directory === "") {
    mkdirSync(patch.output);
  } else {
    cpSync(from, patch.output, { recursive: true });
  }
  for (const { file, replacements } of patch.files) {
    const source = readFileSync(join(from, file), "utf8");
    mkdirSync(dirname(join(patch.output, file)), { recursive: true });
    writeFileSync(join(patch.output, file), applyReplacements(`${patch.packageName} ${file}`, source, replacements));
  }
}

function main() {
  const require = createRequire(import.meta.url);
  for (const patch of DEPENDENCY_PATCHES) {
    patchDependency(patch, dirname(require.resolve(`${patch.packageName}/package.json`)));
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
