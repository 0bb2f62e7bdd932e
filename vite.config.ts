import { cloudflareDevProxyVitePlugin, vitePlugin as remix } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";
import { partChunks } from "./scripts/part-chunks-plugin";
import { scriptModulesReport } from "./scripts/script-modules-plugin";
import { shellChunk } from "./scripts/shell-chunk-plugin";
import { getLoadContext } from "./workers/dev-load-context";

declare module "@remix-run/cloudflare" {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig({
  plugins: [
    cloudflareDevProxyVitePlugin({ getLoadContext }),
    remix({
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
        v3_routeConfig: true,
      },
    }),
    tailwindcss(),
    tsconfigPaths(),
    // build/script-modules.json: which source modules each client file holds (tests/deploy/script-budget.ts).
    scriptModulesReport(),
    // build/part-chunks.json and `virtual:part-chunks`: each lazy part's files, preloaded with the page.
    partChunks(),
    // The modules every page loads with the root, as one file (scripts/shell-chunk-plugin.ts).
    shellChunk(),
  ],
});
