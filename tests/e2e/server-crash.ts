// The end-to-end server (tests/e2e/serve.ts) leaves this marker when `wrangler dev` exits during
// the run; the run's teardown fails on it, so a crash is never hidden by retries or restarts.
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

export function serverCrashMarker(port: string | number): string {
  return fileURLToPath(new URL(`../../.wrangler/e2e-server-crash-${port}`, import.meta.url));
}

export default function failOnServerCrash(): void {
  const marker = serverCrashMarker(process.env.E2E_PORT ?? 8788);
  if (existsSync(marker)) throw new Error(`The server crashed during the run: ${readFileSync(marker, "utf8").trim()}`);
}
