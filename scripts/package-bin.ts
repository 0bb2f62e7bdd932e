// Starts a dependency's command-line tool with this Node (`node node_modules/wrangler/bin/wrangler.js …`)
// rather than through `npx`: on Windows `npx` and `npm` are `.cmd` files, which Node starts only through
// a shell, and a shell would split arguments such as the seed's SQL. The seed, the end-to-end server,
// the deploy dry run and `npm run deploy` therefore run alike on Linux, macOS and Windows.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../", import.meta.url));

/** What to spawn for `npx <command> ...args`: this Node and the package's own bin file. */
export function packageBin(pkg: string, args: readonly string[], command: string = pkg): [string, string[]] {
  const dir = join(root, "node_modules", pkg);
  const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { bin?: string | Record<string, string> };
  const file = typeof manifest.bin === "string" ? manifest.bin : manifest.bin?.[command];
  if (!file) throw new Error(`${pkg} has no command ${command}`);
  return [process.execPath, [join(dir, file), ...args]];
}

/** `npx wrangler ...args`, as a command and its arguments. */
export const wranglerCommand = (args: readonly string[]): [string, string[]] => packageBin("wrangler", args);
