// `npm run deploy`: the remote D1's new migrations, then the build, then `wrangler deploy`, in this
// order, stopping at the first step that fails (docs/operations/deploy.md). Arguments after `--` go to
// `wrangler deploy`, e.g. `npm run deploy -- --secrets-file .secrets.json` on the first deploy.
// `--print` lists the steps without running any (the tests check the order that way).
import { spawnSync } from "node:child_process";
import { packageBin, wranglerCommand } from "./package-bin.ts";

const args = process.argv.slice(2);
const printOnly = args.includes("--print");
const deployArgs = args.filter((arg) => arg !== "--print");

const steps: { title: string; command: [string, string[]] }[] = [
  { title: "Apply new migrations to the remote D1", command: wranglerCommand(["d1", "migrations", "apply", "DB", "--remote"]) },
  { title: "Build the client and the server", command: packageBin("@remix-run/dev", ["vite:build"], "remix") },
  { title: "Deploy the Worker, its assets and its cron triggers", command: wranglerCommand(["deploy", ...deployArgs]) },
];

for (const [index, { title, command }] of steps.entries()) {
  const [file, argv] = command;
  console.log(`${index + 1}/${steps.length} ${title}: ${[file, ...argv].join(" ")}`);
  if (printOnly) continue;
  const result = spawnSync(file, argv, { stdio: "inherit", env: { ...process.env, WRANGLER_SEND_METRICS: "false" } });
  if (result.status !== 0) {
    console.error(`Step ${index + 1} failed; nothing after it ran.`);
    process.exit(result.status ?? 1);
  }
}
