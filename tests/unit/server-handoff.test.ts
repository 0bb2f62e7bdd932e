import type { EntryContext } from "@remix-run/cloudflare";
import { describe, expect, it } from "vitest";
import { preloadServerHandoff, type PreloadedHandoffStream } from "~/server/http/server-handoff.server";

const bytes = (text: string) => new TextEncoder().encode(text);

function streamOf(chunks: Uint8Array[], failure?: Error): ReadableStream<Uint8Array> {
  return new ReadableStream({
    async pull(controller) {
      await new Promise((resolve) => setTimeout(resolve, 1));
      const chunk = chunks.shift();
      if (chunk) controller.enqueue(chunk);
      else if (failure) controller.error(failure);
      else controller.close();
    },
  });
}

async function readAll(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new Response(stream).text();
}

describe("preloadServerHandoff", () => {
  it("reads the hydration data whole, decodes it as the render would, and replays the same bytes", async () => {
    // "€" is three bytes; here it is split across two chunks, as a stream may split it.
    const euro = bytes("€");
    const chunks = [bytes('[{"price":"1'), Uint8Array.of(...bytes("0 "), euro[0]!), Uint8Array.of(euro[1]!, euro[2]!, ...bytes('"}]\n'))];
    const context = { serverHandoffStream: streamOf([...chunks]) } as unknown as EntryContext;
    await preloadServerHandoff(context);
    const preloaded = context.serverHandoffStream as PreloadedHandoffStream;
    expect(preloaded.preloadedTexts).toEqual(['[{"price":"1', "0 ", '€"}]\n']);
    expect(await readAll(preloaded)).toBe('[{"price":"10 €"}]\n');
  });

  it("replays a stream that fails with its failure, and marks no texts", async () => {
    const failure = new Error("Server Timeout");
    const context = { serverHandoffStream: streamOf([bytes("[1]\n")], failure) } as unknown as EntryContext;
    await preloadServerHandoff(context);
    const preloaded = context.serverHandoffStream as PreloadedHandoffStream;
    expect(preloaded.preloadedTexts).toBeUndefined();
    const reader = preloaded.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe("[1]\n");
    await expect(reader.read()).rejects.toBe(failure);
  });

  it("leaves a context without hydration data as it is", async () => {
    const context = {} as EntryContext;
    await preloadServerHandoff(context);
    expect(context.serverHandoffStream).toBeUndefined();
  });
});
