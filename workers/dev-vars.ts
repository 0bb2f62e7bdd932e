// Development settings live in `.dev.vars` (git-ignored; wrangler dev, `remix vite:dev` and the
// tests read it), never in wrangler.toml, whose defaults are production-safe. `npm start`, the
// end-to-end server, the benchmark and the soak run call this first: on a clean clone it copies the
// committed `.dev.vars.example`. An existing `.dev.vars` is left as it is.
import { copyFileSync, existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

const root = new URL("../", import.meta.url);

export function ensureDevVars(): void {
  const target = fileURLToPath(new URL(".dev.vars", root));
  if (existsSync(target)) return;
  copyFileSync(fileURLToPath(new URL(".dev.vars.example", root)), target);
  console.log("Wrote .dev.vars from .dev.vars.example (development settings).");
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) ensureDevVars();
