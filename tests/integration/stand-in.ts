// A local HTTP server standing in for a provider outside the product (mail, price feed), started in
// Node by Vitest's globalSetup; `handle` gets each request with its whole body read.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";

export type StandInHandler = (request: IncomingMessage, body: string, response: ServerResponse) => void;

/** Listens on 127.0.0.1:`port`; resolves to the function that closes it (Vitest's teardown). */
export async function startStandIn(port: number, handle: StandInHandler): Promise<() => Promise<void>> {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => handle(request, Buffer.concat(chunks).toString("utf8"), response));
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
}
