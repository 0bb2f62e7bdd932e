// The registry this project installs from serves only some platforms' builds of a few packages
// (Tailwind's oxide, Rollup). `npm install` skips the missing optional ones silently but still
// lists them in package-lock.json, and `npm ci` then refuses the lock file as out of sync.
// Run after `npm install`: drops optional dependencies that have no entry in the lock file.
import { readFileSync, writeFileSync } from "node:fs";

const path = new URL("../package-lock.json", import.meta.url);
const lock = JSON.parse(readFileSync(path, "utf8"));
const packages = lock.packages;
let removed = 0;
for (const [location, entry] of Object.entries(packages)) {
  const optional = entry.optionalDependencies;
  if (!optional) continue;
  const nested = location ? `${location}/node_modules/` : "node_modules/";
  for (const name of Object.keys(optional)) {
    if (!packages[nested + name] && !packages[`node_modules/${name}`]) {
      delete optional[name];
      removed++;
    }
  }
  if (Object.keys(optional).length === 0) delete entry.optionalDependencies;
}
writeFileSync(path, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: removed ${removed} optional dependencies the registry does not serve`);
