// `npm test` runs its steps two at a time where they fit (scripts/test-steps.ts): a step waits for
// the steps it needs, the suites that spread over every core run alone, and a failure stops the run.
import { describe, expect, it } from "vitest";
import { STEPS, stepsToStart, type Progress, type Step } from "../../scripts/test-steps.ts";

const names = (steps: Step[]) => steps.map((step) => step.name);
const progress = (partial: Partial<Progress>): Progress => ({ running: [], passed: [], failed: [], ...partial });

/** Runs the plan to the end, each step taking `seconds[name]`, and returns what ran alongside what. */
function simulate(steps: Step[], seconds: Record<string, number>, slots: number) {
  const state = progress({});
  const ends = new Map<string, number>();
  const overlaps: [string, string][] = [];
  let now = 0;
  for (;;) {
    for (const step of stepsToStart(steps, state, slots)) {
      for (const other of state.running) overlaps.push([other, step.name]);
      state.running.push(step.name);
      ends.set(step.name, now + (seconds[step.name] ?? 1));
    }
    if (state.running.length === 0) break;
    now = Math.min(...state.running.map((name) => ends.get(name)!));
    const finished = state.running.filter((name) => ends.get(name) === now);
    state.running = state.running.filter((name) => !finished.includes(name));
    state.passed.push(...finished);
  }
  return { state, overlaps, ends, total: now };
}

describe("the steps of npm test", () => {
  it("run every step once, the integration and end-to-end suites alone and last, in at most two at a time", () => {
    const { state, overlaps, ends } = simulate(STEPS, { lint: 45, typecheck: 19, unit: 30, build: 14, "e2e state": 40, integration: 220, e2e: 560 }, 2);
    expect([...state.passed].sort()).toEqual(names(STEPS).sort());
    expect(overlaps.filter(([a, b]) => [a, b].some((name) => name === "integration" || name === "e2e"))).toEqual([]);
    for (const step of STEPS) for (const before of step.after ?? []) expect(ends.get(before)!).toBeLessThanOrEqual(ends.get(step.name)! - 1);
    const lastChecks = Math.max(...["lint", "typecheck", "unit", "deploy", "scripts", "e2e state"].map((name) => ends.get(name)!));
    expect(ends.get("integration")! - 220).toBeGreaterThanOrEqual(lastChecks);
    expect(ends.get("e2e")! - 560).toBeGreaterThanOrEqual(ends.get("integration")!);
  });

  it("keeps to one step at a time on one core", () => {
    const { overlaps, state } = simulate(STEPS, {}, 1);
    expect(overlaps).toEqual([]);
    expect(state.passed).toHaveLength(STEPS.length);
  });

  it("takes less time two at a time than one after the other", () => {
    const seconds = { lint: 45, typecheck: 19, unit: 30, build: 14, "e2e state": 40, deploy: 3, scripts: 13 };
    expect(simulate(STEPS, seconds, 2).total).toBeLessThan(simulate(STEPS, seconds, 1).total);
  });

  it("starts a step only after the steps it needs have passed", () => {
    expect(names(stepsToStart(STEPS, progress({ running: ["lint", "typecheck"] }), 4))).not.toContain("deploy");
    expect(names(stepsToStart(STEPS, progress({ passed: ["build"], running: ["lint"] }), 2))).toEqual(["typecheck"]);
    expect(names(stepsToStart(STEPS, progress({ passed: ["build", "lint", "typecheck", "unit", "e2e state"] }), 2))).toEqual(["deploy", "scripts"]);
  });

  it("waits for the running steps to finish before a step that runs alone, and starts nothing beside it", () => {
    const checks = ["build", "lint", "typecheck", "unit", "e2e state", "deploy"];
    expect(stepsToStart(STEPS, progress({ passed: checks, running: ["scripts"] }), 2)).toEqual([]);
    expect(names(stepsToStart(STEPS, progress({ passed: [...checks, "scripts"] }), 2))).toEqual(["integration"]);
    expect(stepsToStart(STEPS, progress({ passed: [...checks, "scripts"], running: ["integration"] }), 2)).toEqual([]);
  });

  it("starts nothing new once a step has failed", () => {
    expect(stepsToStart(STEPS, progress({ failed: ["lint"], running: ["build"] }), 2)).toEqual([]);
    expect(stepsToStart(STEPS, progress({ failed: ["build"], passed: ["lint", "typecheck"] }), 2)).toEqual([]);
  });
});
