// The Worker's own CPU time per request: what Workers' CPU limit counts (10 ms on the free plan).
// workerd's process CPU, the bench's other figure, also counts what a deployed Worker does not pay
// for: D1's SQLite and its Durable Object, miniflare's router in front of the Worker, and the HTTP
// server (docs/performance.md, "Worker CPU"). Here V8's sampling profiler runs in the
// Worker's isolate (through wrangler dev's inspector) while requests are sent one at a time: V8 takes
// a sample only while the isolate is running, so the samples times the sampling period is the time
// the isolate spent on those requests, its garbage collection included. The profiler's own cost
// lands in that time too, so the figure errs high (about a tenth, against a 1 ms period).

/** The sampling period asked of V8; on a 2-core machine it is kept at about twice that. */
const SAMPLING_INTERVAL_US = 100;
/** Gaps between samples longer than this are time the isolate was idle, not the sampling period. */
const CONTIGUOUS_US = 1000;

interface ProfileNode {
  id: number;
  callFrame: { functionName: string };
}

interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/**
 * Node's WebSocket (undici's) takes an init object with headers in place of the protocols
 * (undici's documented `WebSocketInit`); the DOM typings the project compiles with do not know it.
 */
const NodeWebSocket = WebSocket as unknown as new (url: string, init: { headers: Record<string, string> }) => WebSocket;

/** A DevTools protocol session on the inspector of the Worker that wrangler dev serves. */
async function openInspector(port: number) {
  const response = await fetch(`http://127.0.0.1:${port}/json`);
  const targets: { webSocketDebuggerUrl: string }[] = await response.json();
  if (!targets[0]) throw new Error(`no inspector target on port ${port}`);
  // wrangler's inspector proxy accepts only connections that name it as their origin.
  const socket = new NodeWebSocket(targets[0].webSocketDebuggerUrl, { headers: { Origin: `http://127.0.0.1:${port}`, Host: `127.0.0.1:${port}` } });
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener("open", () => resolve(), { once: true });
    socket.addEventListener("error", () => reject(new Error(`could not open the inspector on port ${port}`)), { once: true });
  });
  let lastId = 0;
  const pending = new Map<number, (result: unknown) => void>();
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown };
    if (message.id === undefined) return; // an event, not an answer
    pending.get(message.id)?.(message.result);
    pending.delete(message.id);
  });
  const send = <T>(method: string, params: Record<string, unknown> = {}) =>
    new Promise<T>((resolve) => {
      const id = ++lastId;
      pending.set(id, resolve as (result: unknown) => void);
      socket.send(JSON.stringify({ id, method, params }));
    });
  return { send, close: () => socket.close() };
}

export interface WorkerCpu {
  /** The isolate's CPU time per request, in ms. */
  msPerRequest: number;
  requests: number;
  samples: number;
  /** The sampling period V8 kept, in ms (the median gap between samples taken back to back). */
  periodMs: number;
  /** Each sampling window's figure, when several were taken (`combineWorkerCpu`). */
  windowsMs?: number[];
}

/**
 * Several sampling windows of the same page as one figure: the CPU time of all their requests over
 * their number (each window's figure is kept, so the spread between windows shows).
 */
export function combineWorkerCpu(windows: WorkerCpu[]): WorkerCpu {
  const requests = windows.reduce((sum, window) => sum + window.requests, 0);
  const totalMs = windows.reduce((sum, window) => sum + window.msPerRequest * window.requests, 0);
  const periods = windows.map((window) => window.periodMs).sort((a, b) => a - b);
  return {
    msPerRequest: Math.round((totalMs / Math.max(1, requests)) * 100) / 100,
    requests,
    samples: windows.reduce((sum, window) => sum + window.samples, 0),
    periodMs: periods[Math.floor(periods.length / 2)] ?? 0,
    windowsMs: windows.map((window) => window.msPerRequest),
  };
}

/** Sends `requests` requests one after another while V8 samples the Worker's isolate. */
export async function sampleWorkerCpu(options: {
  inspectorPort: number;
  url: string;
  requests: number;
  method?: "GET" | "DELETE";
  cookie?: string;
}): Promise<WorkerCpu> {
  const { inspectorPort, url, requests, method = "GET", cookie } = options;
  const send = async () => {
    const response = await fetch(url, { method, headers: cookie ? { Cookie: cookie } : {} });
    await response.arrayBuffer();
  };
  for (let i = 0; i < 20; i++) await send(); // warm up
  const inspector = await openInspector(inspectorPort);
  try {
    await inspector.send("Profiler.enable");
    await inspector.send("Profiler.setSamplingInterval", { interval: SAMPLING_INTERVAL_US });
    await inspector.send("Profiler.start");
    for (let i = 0; i < requests; i++) await send();
    const { profile } = await inspector.send<{ profile: Profile }>("Profiler.stop");
    await inspector.send("Profiler.disable");
    return workerCpuFromProfile(profile, requests);
  } finally {
    inspector.close();
  }
}

/** The isolate's busy samples (not "(idle)") times the kept sampling period, per request. */
export function workerCpuFromProfile(profile: Profile, requests: number): WorkerCpu {
  const idle = new Set(profile.nodes.filter((node) => node.callFrame.functionName === "(idle)").map((node) => node.id));
  const busy = profile.samples.filter((id) => !idle.has(id)).length;
  const gaps = profile.timeDeltas.filter((delta) => delta > 0 && delta < CONTIGUOUS_US).sort((a, b) => a - b);
  const periodUs = gaps.length > 0 ? gaps[Math.floor(gaps.length / 2)]! : SAMPLING_INTERVAL_US;
  const round2 = (n: number) => Math.round(n * 100) / 100;
  return { msPerRequest: round2((busy * periodUs) / 1000 / requests), requests, samples: busy, periodMs: round2(periodUs / 1000) };
}
