// `npm test`: every suite (scripts/test-steps.ts), two at a time where they fit on the cores. A step
// that runs beside another prints its output whole when it ends; one that runs alone prints as it
// goes. After a failure nothing new starts, the running steps finish, and the run fails.
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { availableParallelism } from "node:os";
import { STEPS, stepsToStart, type Progress, type Step } from "./test-steps.ts";

const slots = Math.max(1, Math.min(2, availableParallelism()));
// The end-to-end server takes the state seeded by the "e2e state" step of this run, and no other.
const env = { ...process.env, E2E_PREPARED_STATE: randomUUID(), WRANGLER_SEND_METRICS: "false" };
const progress: Progress = { running: [], passed: [], failed: [] };
const seconds = new Map<string, number>();
const started = Date.now();
const elapsed = (since: number) => ((Date.now() - since) / 1000).toFixed(0);

function command(step: Step): [string, string[]] {
  if ("node" in step.run) return [process.execPath, step.run.node];
  // `npm test` sets npm_execpath; starting npm's own script with this Node works on every platform.
  const npm = process.env.npm_execpath;
  return npm && npm.endsWith(".js") ? [process.execPath, [npm, "run", "--silent", step.run.script]] : ["npm", ["run", "--silent", step.run.script]];
}

function run(step: Step, streamed: boolean): Promise<boolean> {
  const since = Date.now();
  console.log(`[test ${elapsed(started)} s] ${step.name}: started${streamed ? "" : " (output when it ends)"}`);
  const [file, args] = command(step);
  const child = spawn(file, args, { env, stdio: streamed ? "inherit" : ["ignore", "pipe", "pipe"], shell: file === "npm" && process.platform === "win32" });
  const output: Buffer[] = [];
  child.stdout?.on("data", (chunk: Buffer) => output.push(chunk));
  child.stderr?.on("data", (chunk: Buffer) => output.push(chunk));
  return new Promise((resolve) => {
    child.on("close", (code) => {
      seconds.set(step.name, (Date.now() - since) / 1000);
      if (output.length > 0) process.stdout.write(Buffer.concat(output));
      console.log(`[test ${elapsed(started)} s] ${step.name}: ${code === 0 ? "passed" : `failed (exit ${code})`} in ${elapsed(since)} s`);
      resolve(code === 0);
    });
  });
}

await new Promise<void>((done) => {
  const startReady = () => {
    const next = stepsToStart(STEPS, progress, slots);
    if (next.length === 0 && progress.running.length === 0) return done();
    for (const step of next) {
      progress.running.push(step.name);
      void run(step, step.alone === true).then((passed) => {
        progress.running = progress.running.filter((name) => name !== step.name);
        (passed ? progress.passed : progress.failed).push(step.name);
        startReady();
      });
    }
  };
  startReady();
});

const notRun = STEPS.filter((step) => !seconds.has(step.name)).map((step) => step.name);
console.log(`\nnpm test in ${elapsed(started)} s (${slots} at a time):`);
for (const step of STEPS) {
  const time = seconds.get(step.name);
  const result = progress.failed.includes(step.name) ? "FAILED" : time === undefined ? "not run" : "passed";
  console.log(`  ${step.name.padEnd(12)} ${result.padEnd(8)} ${time === undefined ? "" : `${time.toFixed(0)} s`}`);
}
if (progress.failed.length > 0) {
  console.error(`Failed: ${progress.failed.join(", ")}${notRun.length > 0 ? `; not run: ${notRun.join(", ")}` : ""}.`);
  process.exit(1);
}
