import type { AppLoadContext } from "@remix-run/cloudflare";
import type { ErrorResponse } from "@remix-run/react";
import { describe, expect, it } from "vitest";
import { handleError } from "~/entry.server";
import { takeConsoleErrors } from "../fixtures/fail-on-console-error";

/** handleError reads only the request. */
const args = (method = "GET", signal?: AbortSignal) => ({
  request: new Request("https://skinvault.test/skins/1", { method, signal }),
  params: {},
  context: {} as AppLoadContext,
});

// The router's answers are read through their public fields (`status`, `statusText`, `data`): a
// Remix release that changes them fails here, not in a log line that says nothing.
const routerAnswer = (status: number, data: unknown): ErrorResponse & { internal: boolean } => ({
  status,
  statusText: status === 404 ? "Not Found" : "Internal Server Error",
  internal: true,
  data,
});

describe("handleError", () => {
  it("logs a real error in one line", () => {
    handleError(new TypeError("boom"), args());
    const [line] = takeConsoleErrors();
    expect(line).toMatch(/^\[remix\] GET \/skins\/1: TypeError: boom \(at /);
  });

  it("logs a 5xx the router answers with what it carries", () => {
    handleError(routerAnswer(500, "Error: no route module"), args());
    expect(takeConsoleErrors()).toEqual(["[remix] GET /skins/1: 500 Internal Server Error: Error: no route module"]);
    handleError(routerAnswer(503, null), args("POST"));
    expect(takeConsoleErrors()).toEqual(["[remix] POST /skins/1: 503 Internal Server Error"]);
  });

  it("does not log expected answers", () => {
    handleError(routerAnswer(404, "Error: No route matches URL"), args());
    handleError(new Response(null, { status: 302 }), args());
    const aborted = new AbortController();
    aborted.abort();
    handleError(new Error("late"), args("GET", aborted.signal));
    expect(takeConsoleErrors()).toEqual([]);
  });
});
