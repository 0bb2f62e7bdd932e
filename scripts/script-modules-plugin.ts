// A Vite plugin for the client build: writes build/script-modules.json, which lists for each
// JavaScript file in build/client its source modules and their rendered lengths (Rollup's public
// chunk information). tests/deploy/script-budget.ts reads it to tell how much of a page's
// first-visit JavaScript is React, React DOM and Remix and how much is the app's own code.
// Beside it, build/script-imports.json: each file's static and dynamic imports (the chunk graph
// Vite's own manifest is made from; Remix deletes that manifest after a build, and one kept in
// build/client would be served), from which the budget tells everything a page can load.
// Both are written beside build/client, not inside it, so they are not served.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, relative } from "node:path";
import type { Plugin } from "vite";

export const SCRIPT_MODULES_FILE = "build/script-modules.json";
export const SCRIPT_IMPORTS_FILE = "build/script-imports.json";

/** Per client file (`assets/x.js`): each source module's rendered length in characters. */
export type ScriptModules = Record<string, Record<string, number>>;

/** Per client file (`assets/x.js`): the files it imports, statically and through `import()`. */
export type ScriptImports = Record<string, { imports: string[]; dynamicImports: string[] }>;

/**
 * Vite writes an asset's URL into a module as a placeholder it fills in later: the stylesheet's
 * `?url` module renders as `__VITE_CSS_URL__<the file's absolute path in hex>__`. Its length is the
 * checkout's path, not the code's (274 characters under a long path, 128 under /work/main), and
 * that moved a page's app share by up to 0.05 KB with the directory a build ran in. The final URL
 * is a few characters; the placeholders count as none.
 */
const VITE_PLACEHOLDER = /__VITE_[A-Z_]+__[0-9A-Za-z$_]*?__/g;
function lengthWithoutPlaceholders(module: { code: string | null; renderedLength: number }): number {
  return module.code === null ? module.renderedLength : module.code.replace(VITE_PLACEHOLDER, "").length;
}

export function scriptModulesReport(): Plugin {
  let root = process.cwd();
  let ssr = false;
  return {
    name: "skinvault:script-modules",
    apply: "build",
    configResolved(config) {
      root = config.root;
      ssr = Boolean(config.build.ssr);
    },
    generateBundle(_options, bundle) {
      if (ssr) return;
      const report: ScriptModules = {};
      const imports: ScriptImports = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== "chunk") continue;
        report[output.fileName] = Object.fromEntries(
          Object.entries(output.modules).map(([id, module]) => [relative(root, id.replace(/^\0/, "")), lengthWithoutPlaceholders(module)]),
        );
        imports[output.fileName] = { imports: output.imports, dynamicImports: output.dynamicImports };
      }
      for (const [name, content] of [
        [SCRIPT_MODULES_FILE, report],
        [SCRIPT_IMPORTS_FILE, imports],
      ] as const) {
        const file = `${root}/${name}`;
        mkdirSync(dirname(file), { recursive: true });
        writeFileSync(file, `${JSON.stringify(content, null, 1)}\n`);
      }
    },
  };
}
