// The steps of `npm test` and the order they may run in (scripts/test.ts runs them). On 2 cores the
// single-threaded checks run two at a time; the integration and end-to-end suites spread over
// every core themselves, so each runs alone (docs/operations/testing.md).

export type Step = {
  name: string;
  /** The npm script it runs, or a Node script file with its arguments. */
  run: { script: string } | { node: string[] };
  /** Steps that must have passed first. */
  after?: string[];
  /** Uses every core: runs with no other step. */
  alone?: boolean;
};

export const E2E_PORT = process.env.E2E_PORT ?? "8788";
const E2E_INSPECTOR_PORT = process.env.E2E_INSPECTOR_PORT ?? "9230";

/** In the order they start when their turn comes: the longest chain (build, then the suites) first. */
export const STEPS: Step[] = [
  { name: "build", run: { script: "build" } },
  { name: "lint", run: { script: "lint" } },
  { name: "typecheck", run: { script: "typecheck" } },
  { name: "unit", run: { script: "test:unit" } },
  // Seeding the end-to-end server's state (about 40 s on one core) fits beside the checks above.
  { name: "e2e state", run: { node: ["tests/e2e/serve.ts", E2E_PORT, E2E_INSPECTOR_PORT, "--prepare-only"] } },
  { name: "deploy", run: { script: "test:deploy" }, after: ["build"] },
  { name: "scripts", run: { script: "test:scripts" }, after: ["build"] },
  { name: "integration", run: { script: "test:integration" }, after: ["build"], alone: true },
  { name: "e2e", run: { script: "test:e2e" }, after: ["build", "e2e state"], alone: true },
];

export type Progress = { running: string[]; passed: string[]; failed: string[] };

/**
 * The steps to start now: in list order, those whose `after` have passed, while fewer than
 * `slots` run and no step that runs alone is running or waiting for its turn. Nothing new starts
 * once a step has failed.
 */
export function stepsToStart(steps: Step[], progress: Progress, slots: number): Step[] {
  if (progress.failed.length > 0) return [];
  const started = new Set([...progress.running, ...progress.passed]);
  const runningAlone = steps.some((step) => step.alone && progress.running.includes(step.name));
  if (runningAlone) return [];
  const ready = steps.filter((step) => !started.has(step.name) && (step.after ?? []).every((name) => progress.passed.includes(name)));
  const toStart: Step[] = [];
  let running = progress.running.length;
  for (const step of ready) {
    if (step.alone) {
      // Its turn has come: nothing else starts until it has run.
      if (running === 0 && toStart.length === 0) toStart.push(step);
      break;
    }
    if (running >= slots) break;
    toStart.push(step);
    running += 1;
  }
  return toStart;
}
