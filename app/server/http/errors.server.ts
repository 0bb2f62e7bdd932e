/**
 * One line for the log: the error's name and message and where it was thrown. Under `wrangler dev`
 * every logged stack trace is source-mapped by the dev server, and bursts of them brought it down;
 * the first frame says where to look.
 */
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const frame = error.stack
    ?.split("\n")
    .map((line) => line.trim())
    .find((line) => line.startsWith("at "));
  return `${error.name}: ${error.message}${frame ? ` (${frame})` : ""}`;
}
