// A stand-in for the mail provider's HTTP API, started in Node by Vitest's globalSetup. The Worker
// under test reaches it over the network; tests steer it through /__control and read /__log.
import { startStandIn } from "./stand-in";

interface LogEntry {
  key: string | null;
  to: string;
  status: number;
}

/** Listens on MAIL_PROVIDER_PORT (the Vitest config picks a free one, so checkouts can run at once). */
export default async function setup(): Promise<() => Promise<void>> {
  let mode: "ok" | "fail" | "hang" = "ok";
  let delayMs = 0;
  const log: LogEntry[] = [];
  return startStandIn(Number(process.env.MAIL_PROVIDER_PORT ?? 8891), (request, body, response) => {
    if (request.url === "/__control") {
      const control = JSON.parse(body) as { mode?: typeof mode; delayMs?: number; reset?: boolean };
      if (control.mode) mode = control.mode;
      if (control.delayMs !== undefined) delayMs = control.delayMs;
      if (control.reset) log.length = 0;
      response.end("ok");
      return;
    }
    if (request.url === "/__log") {
      response.setHeader("Content-Type", "application/json");
      response.end(JSON.stringify(log));
      return;
    }
    const message = JSON.parse(body || "{}") as { to?: string };
    const key = (request.headers["idempotency-key"] as string | undefined) ?? null;
    if (mode === "hang") return; // never answers: the client's timeout has to end it
    const status = mode === "fail" ? 503 : 200;
    setTimeout(() => {
      log.push({ key, to: message.to ?? "", status });
      response.statusCode = status;
      response.end(status === 200 ? JSON.stringify({ id: key }) : "Service Unavailable");
    }, delayMs);
  });
}
