// A Vite plugin for the client build: the app's modules that app/root.tsx imports (statically, at
// any depth) go into one file, `shell-*.js`. Every page loads all of them anyway (the root is part of
// every page), so no page loads more; as one file instead of a dozen small ones they gzip 1.7 KB
// smaller on every page (each small file compressed alone, with its own header and import lines).
// Modules the root loads with `import()` stay apart. ADR 054.
import type { Plugin } from "vite";

export function shellChunk(): Plugin {
  return {
    name: "skinvault:shell-chunk",
    apply: "build",
    config(config, { isSsrBuild }) {
      if (isSsrBuild) return;
      const appDir = `${config.root ?? process.cwd()}/app/`;
      let shell: Set<string> | undefined;
      return {
        build: {
          rollupOptions: {
            output: {
              manualChunks(id, { getModuleInfo }) {
                if (!shell) {
                  shell = new Set();
                  const visit = (moduleId: string) => {
                    if (shell?.has(moduleId) || !moduleId.startsWith(appDir)) return;
                    shell?.add(moduleId);
                    for (const imported of getModuleInfo(moduleId)?.importedIds ?? []) visit(imported);
                  };
                  visit(`${appDir}root.tsx`);
                }
                return shell.has(id) ? "shell" : undefined;
              },
            },
          },
        },
      };
    },
  };
}
