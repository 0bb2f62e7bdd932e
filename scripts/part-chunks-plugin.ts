// A Vite plugin: the client build's files for each lazy part (app/components/lazy-part.tsx, ADR
// 097), so the server can name a page's parts' files as `modulepreload` links and the browser
// fetches them with the page's other scripts, not after them.
//
// The client build writes build/part-chunks.json (beside build/client, not served): for each name a
// part chunk exports (a part is named after the component it loads), the chunk's file and the files
// it imports. The server build, which runs after it, reads that file as the module
// `virtual:part-chunks`; outside a build (vite dev, vitest) the module is empty and no link is made.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import type { Plugin } from "vite";

export const PART_CHUNKS_FILE = "build/part-chunks.json";
const MODULE = "virtual:part-chunks";

/** Per exported name of a chunk loaded through `import()`: its file and its imports, as URLs (`/assets/x.js`). */
export type PartChunks = Record<string, string[]>;

export function partChunks(): Plugin {
  let root = process.cwd();
  let ssr = false;
  let building = false;
  return {
    name: "skinvault:part-chunks",
    configResolved(config) {
      root = config.root;
      ssr = Boolean(config.build.ssr);
      building = config.command === "build";
    },
    resolveId(id) {
      return id === MODULE ? `\0${MODULE}` : undefined;
    },
    load(id) {
      if (id !== `\0${MODULE}`) return undefined;
      const file = `${root}/${PART_CHUNKS_FILE}`;
      return `export default ${building && existsSync(file) ? readFileSync(file, "utf8") : "{}"};`;
    },
    generateBundle(_options, bundle) {
      if (ssr || !building) return;
      const chunks = new Map<string, { imports: string[] }>();
      for (const output of Object.values(bundle)) if (output.type === "chunk") chunks.set(output.fileName, output);
      const files: PartChunks = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== "chunk" || !output.isDynamicEntry) continue;
        const reached = new Set<string>();
        const visit = (fileName: string) => {
          if (reached.has(fileName)) return;
          reached.add(fileName);
          for (const next of chunks.get(fileName)?.imports ?? []) visit(next);
        };
        visit(output.fileName);
        for (const name of output.exports) files[name] = [...new Set([...(files[name] ?? []), ...[...reached].map((fileName) => `/${fileName}`)])];
      }
      const file = `${root}/${PART_CHUNKS_FILE}`;
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, `${JSON.stringify(files, null, 1)}\n`);
    },
  };
}
