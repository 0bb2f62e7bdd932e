// The registry this project installs from serves only some platforms' builds of a few packages
// (Tailwind's oxide, Rollup). `npm install` skips the missing optional ones silently but still
// lists them in package-lock.json, and `npm ci` then refuses the lock file as out of sync.
// Run after `npm install`: drops optional dependencies that have no entry in the lock file.
import { readFileSync, writeFileSync } from "node:fs";

const path = new URL("../package-lock.json", import.meta.url);
const lock = JSON.parse(readFileSync(path, "utf8"));
const packages = lock.packages;
let removed = 0;

/** The entry Node would load `name` from at `location`: the nearest node_modules up the tree. */
function resolve(location, name) {
  const parts = location ? location.split("/node_modules/") : [];
  for (let depth = parts.length; depth >= 0; depth--) {
    const prefix = parts.slice(0, depth).join("/node_modules/");
    const candidate = prefix ? `${prefix}/node_modules/${name}` : `node_modules/${name}`;
    if (packages[candidate]) return packages[candidate];
  }
  return undefined;
}

for (const [location, entry] of Object.entries(packages)) {
  const optional = entry.optionalDependencies;
  if (!optional) continue;
  for (const [name, range] of Object.entries(optional)) {
    const resolved = resolve(location, name);
    // Platform builds are pinned to their parent's exact version; another version there is not it.
    const exact = /^\d+\.\d+\.\d+/.test(range);
    if (!resolved || (exact && resolved.version !== range)) {
      delete optional[name];
      removed++;
    }
  }
  if (Object.keys(optional).length === 0) delete entry.optionalDependencies;
}
writeFileSync(path, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: removed ${removed} optional dependencies the registry does not serve`);
