// `npm run test:deploy` (part of `npm test`, after `npm run build`): bundles the Worker as
// `wrangler deploy` would, without uploading, and fails when the bundle is over the Workers plan's
// size limit. Production needs the paid plan (argon2id costs more CPU than the free plan allows),
// whose limit is 10 MB gzipped; the free plan's 3 MB is printed for comparison.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { wranglerCommand } from "../../scripts/package-bin.ts";

const PAID_PLAN_LIMIT_GZIP = 10 * 1024 * 1024;
const FREE_PLAN_LIMIT_GZIP = 3 * 1024 * 1024;

const outdir = mkdtempSync(join(tmpdir(), "skinvault-deploy-"));
try {
  const result = spawnSync(...wranglerCommand(["deploy", "--dry-run", "--outdir", outdir]), {
    encoding: "utf8",
    env: { ...process.env, WRANGLER_SEND_METRICS: "false" },
  });
  if (result.status !== 0) {
    console.error(result.stdout, result.stderr);
    throw new Error("wrangler deploy --dry-run failed");
  }
  // What is uploaded as the Worker: the script and its modules (the argon2 WASM); source maps are
  // uploaded beside it and do not count towards the limit.
  const files = readdirSync(outdir).filter((name) => !name.endsWith(".map") && !name.endsWith(".md"));
  if (!files.some((name) => name.endsWith(".js"))) throw new Error(`no Worker script in ${outdir}: ${files.join(", ")}`);
  const bytes = Buffer.concat(files.map((name) => readFileSync(join(outdir, name))));
  const gzip = gzipSync(bytes).length;
  const mb = (n: number) => `${(n / 1024 / 1024).toFixed(2)} MB`;
  console.log(`Worker bundle (${files.join(", ")}): ${mb(bytes.length)}, ${mb(gzip)} gzipped`);
  console.log(`limit: ${mb(PAID_PLAN_LIMIT_GZIP)} gzipped (Workers paid plan); the free plan's is ${mb(FREE_PLAN_LIMIT_GZIP)}`);
  if (gzip > PAID_PLAN_LIMIT_GZIP) {
    console.error("The Worker bundle is over the paid plan's size limit: `wrangler deploy` would be refused.");
    process.exitCode = 1;
  }
} finally {
  rmSync(outdir, { recursive: true, force: true });
}
