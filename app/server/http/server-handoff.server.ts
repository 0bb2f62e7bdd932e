import type { EntryContext } from "@remix-run/cloudflare";

/** The hydration data's stream, with its chunks already read and decoded. */
export type PreloadedHandoffStream = ReadableStream<Uint8Array> & { preloadedTexts?: string[] };

/**
 * Reads Remix's hydration data (its turbo-stream of the loaders' data) whole before the render
 * starts. Remix's render reads it chunk by chunk and suspends for each read, which made React set
 * aside and resume that part of the page twice per request (about 6 % of a skin page's CPU time).
 * The context gets a stream that replays the same chunks, marked with their decoded texts: the
 * Worker's copy of @remix-run/react writes those at once (workers/patch-worker-deps.ts), the
 * published package (Vite's dev server) reads the replay as before. A stream that fails replays
 * its chunks and then the same failure, so the render reports it as it did.
 */
export async function preloadServerHandoff(context: EntryContext): Promise<void> {
  const stream = context.serverHandoffStream;
  if (!stream) return;
  const chunks: Uint8Array[] = [];
  let failure: { error: unknown } | null = null;
  const reader = stream.getReader();
  try {
    for (let read = await reader.read(); !read.done; read = await reader.read()) chunks.push(read.value);
  } catch (error) {
    failure = { error };
  }
  let next = 0;
  const replay: PreloadedHandoffStream = new ReadableStream<Uint8Array>({
    // Chunk by chunk as asked for: a stream that errors drops what it still holds.
    pull(controller) {
      if (next < chunks.length) controller.enqueue(chunks[next++]!);
      else if (failure) controller.error(failure.error);
      else controller.close();
    },
  });
  if (!failure) {
    // One decoder across the chunks, as Remix's render decodes them.
    const decoder = new TextDecoder();
    replay.preloadedTexts = chunks.map((chunk) => decoder.decode(chunk, { stream: true }));
  }
  context.serverHandoffStream = replay;
}
