// The bench's Worker CPU figure (tests/bench/worker-cpu.ts): busy samples times the sampling period
// V8 kept, per request; idle samples and the gaps while the isolate was not running do not count.
import { expect, it } from "vitest";
import { combineWorkerCpu, workerCpuFromProfile } from "../bench/worker-cpu.ts";

const nodes = [
  { id: 1, callFrame: { functionName: "(root)" } },
  { id: 2, callFrame: { functionName: "render" } },
  { id: 3, callFrame: { functionName: "(garbage collector)" } },
  { id: 4, callFrame: { functionName: "(idle)" } },
];

it("counts busy samples at the period kept between back-to-back samples, per request", () => {
  // Two requests: each 10 samples 200 us apart while the isolate runs, then 30 ms without samples.
  const burst = (gapBefore: number) => ({
    samples: Array.from({ length: 10 }, (_, i) => (i === 9 ? 3 : 2)),
    timeDeltas: [gapBefore, ...Array.from({ length: 9 }, () => 200)],
  });
  const first = burst(30_000);
  const second = burst(30_000);
  const profile = { nodes, samples: [...first.samples, ...second.samples], timeDeltas: [...first.timeDeltas, ...second.timeDeltas] };
  // 20 busy samples x 0.2 ms / 2 requests: 2 ms each (garbage collection is the isolate's time too).
  expect(workerCpuFromProfile(profile, 2)).toEqual({ msPerRequest: 2, requests: 2, samples: 20, periodMs: 0.2 });
});

it("leaves out idle samples, and a period slowed by a busy machine is the one it counts with", () => {
  const profile = { nodes, samples: [2, 2, 4, 4, 2, 2], timeDeltas: [5_000, 300, 300, 300, 300, 300] };
  expect(workerCpuFromProfile(profile, 1)).toEqual({ msPerRequest: 1.2, requests: 1, samples: 4, periodMs: 0.3 });
});

it("several windows of one page: all their requests' time over their number, each window kept", () => {
  const windows = [
    { msPerRequest: 7, requests: 200, samples: 6_000, periodMs: 0.23 },
    { msPerRequest: 10.5, requests: 200, samples: 9_000, periodMs: 0.24 },
    { msPerRequest: 8, requests: 100, samples: 3_400, periodMs: 0.22 },
  ];
  // (1,400 + 2,100 + 800) ms / 500 requests.
  expect(combineWorkerCpu(windows)).toEqual({ msPerRequest: 8.6, requests: 500, samples: 18_400, periodMs: 0.23, windowsMs: [7, 10.5, 8] });
});
