/**
 * The Worker screens every request before Remix sees it, so no route has to remember: paths deeper
 * than any route, methods other than GET, HEAD and POST, bodies that are too big, POST bodies
 * that are not a readable UTF-8 form and forms with a field name nested deeper than any form's are
 * refused with a clear 4xx. What passes is a request whose
 * `formData()` cannot throw (paths under `/api/` speak JSON and read their own bodies, still within
 * the size cap).
 */

export const ALLOWED_METHODS = ["GET", "HEAD", "POST"] as const;
/** Room for a sticker craft's images (in-game, placement and five stickers) in one multipart form. */
export const MAX_BODY_BYTES = 10 * 1024 * 1024;

const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);
const UTF8 = new Set(["utf-8", "utf8"]);

export interface PlainError {
  status: number;
  title: string;
  message: string;
  headers?: Record<string, string>;
}

export interface Refusal extends PlainError {
  status: 400 | 404 | 405 | 413 | 415;
}

export type Screened = { ok: true; request: Request } | { ok: false; refusal: Refusal };

const refuse = (status: Refusal["status"], title: string, message: string, headers?: Record<string, string>): Screened => ({
  ok: false,
  refusal: { status, title, message, headers },
});

/**
 * The product's deepest URL has five segments (an uploaded sticker image,
 * `/images/{craftId}/stickers/{n}.{ext}`); anything much deeper is a 404 whatever it says. Remix's
 * lazy route discovery matches every ancestor path of a URL (and of each `p` of a `/__manifest`
 * request) against the routes, a cost that grows with the square of the segment count: an 8,000
 * segment URL took seconds and stalled every other request on the isolate (SECURITY.md). Counting
 * slashes first keeps any URL's cost linear in its length.
 */
export const MAX_PATH_SEGMENTS = 16;

/**
 * The deepest field name of the product's forms is `stickers[0].stickerId` (two levels). Conform reads
 * a name such as `x.x.x…` into an object as deep, recursively: 20,000 levels fit in a 64 KB form and
 * overflowed the stack (a 500), and turbo-stream 2, which Remix 2 pins, encodes an echo of such a
 * value recursively too (GHSA-rxv8-25v2-qmq8, SECURITY.md). Counting separators first keeps the cost
 * of any name linear in its length.
 */
export const MAX_FIELD_NAME_DEPTH = 8;

/** How many levels a form field's name nests (`a` 0, `stickers[0].stickerId` 2): its `.` and `[` characters. */
function fieldNameDepth(name: string): number {
  let separators = 0;
  for (let i = 0; i < name.length; i++) {
    const code = name.charCodeAt(i);
    if (code === 46 || code === 91) separators++;
  }
  return separators;
}

const PAGE_NOT_FOUND: Refusal = {
  status: 404,
  title: "Page Not Found",
  message: "The page you're looking for doesn't exist or has been moved.",
};

function segmentCount(path: string): number {
  let slashes = 0;
  for (let i = 0; i < path.length; i++) if (path.charCodeAt(i) === 47) slashes++;
  return slashes;
}

/** True when the URL's path, or a path it asks Remix's route discovery about, is deeper than any route. */
export function isDeeperThanAnyRoute(url: URL): boolean {
  if (segmentCount(url.pathname) > MAX_PATH_SEGMENTS) return true;
  if (!url.pathname.endsWith("/__manifest")) return false;
  return url.searchParams.getAll("p").some((path) => segmentCount(path) > MAX_PATH_SEGMENTS);
}

export function isApiPath(pathname: string): boolean {
  return pathname === "/api" || pathname.startsWith("/api/");
}

/** `type/subtype` in lower case and the parameters of a Content-Type header. */
export function parseMediaType(header: string | null): { type: string; params: Map<string, string> } {
  const [type = "", ...rest] = (header ?? "").split(";");
  const params = new Map<string, string>();
  for (const part of rest) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    params.set(
      part.slice(0, eq).trim().toLowerCase(),
      part
        .slice(eq + 1)
        .trim()
        .replace(/^"(.*)"$/, "$1"),
    );
  }
  return { type: type.trim().toLowerCase(), params };
}

/**
 * How much of a refused body is read (and dropped) before answering, so the client, which is still
 * sending, gets the 413 instead of a reset connection: `wrangler dev`'s proxy, and some clients,
 * treat an answer that arrives while the request is still being sent as a lost connection. Past
 * this the body is cancelled (a client sending more than ten times the limit gets a reset).
 */
export const MAX_DRAINED_BYTES = 10 * MAX_BODY_BYTES;

/** Reads the rest of a refused body without keeping it, up to MAX_DRAINED_BYTES, then cancels what is left. */
async function drain(reader: ReadableStreamDefaultReader<Uint8Array>, alreadyRead: number): Promise<void> {
  let size = alreadyRead;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      size += value.byteLength;
      if (size > MAX_DRAINED_BYTES) {
        await reader.cancel();
        return;
      }
    }
  } catch {
    // A client that went away: nothing left to read.
  }
}

/** Reads at most `limit` bytes of a body; null (the rest drained) when it is longer. */
async function readCapped(body: ReadableStream<Uint8Array> | null, limit: number): Promise<ArrayBuffer | null> {
  if (!body) return new ArrayBuffer(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      chunks.length = 0;
      await drain(reader, size);
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes.buffer;
}

export async function screenRequest(request: Request): Promise<Screened> {
  const method = request.method.toUpperCase();
  if (isDeeperThanAnyRoute(new URL(request.url))) {
    await request.body?.cancel();
    return { ok: false, refusal: PAGE_NOT_FOUND };
  }
  if (!(ALLOWED_METHODS as readonly string[]).includes(method)) {
    await request.body?.cancel();
    return refuse(405, "Method not allowed", `This address does not accept ${method} requests.`, { Allow: ALLOWED_METHODS.join(", ") });
  }
  if (method !== "POST") return { ok: true, request };

  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (Number.isFinite(declared) && declared > MAX_BODY_BYTES) {
    // Known too large: nothing of it is kept, but it is read before the answer (see MAX_DRAINED_BYTES).
    if (request.body) await drain(request.body.getReader(), 0);
    return tooLarge();
  }
  let bytes: ArrayBuffer | null;
  try {
    bytes = await readCapped(request.body, MAX_BODY_BYTES);
  } catch {
    return refuse(400, "Bad request", "The request body could not be read.");
  }
  if (!bytes) return tooLarge();

  const headers = new Headers(request.headers);
  headers.delete("Content-Length");
  const { type, params } = parseMediaType(headers.get("Content-Type"));
  const pathname = new URL(request.url).pathname;
  if (!isApiPath(pathname)) {
    // An empty body without a type (a bare POST) is an empty form.
    if (type === "" && bytes.byteLength === 0) headers.set("Content-Type", "application/x-www-form-urlencoded");
    else if (!FORM_TYPES.has(type)) {
      return refuse(415, "Unsupported form encoding", "Forms must be sent as application/x-www-form-urlencoded or multipart/form-data.");
    }
    const charset = params.get("charset");
    if (charset !== undefined && !UTF8.has(charset.toLowerCase())) return refuse(415, "Unsupported form encoding", "Forms must be sent in UTF-8.");
  }

  const screened = new Request(request.url, { method, headers, body: bytes, redirect: request.redirect, signal: request.signal });
  if (!isApiPath(pathname)) {
    let form: FormData;
    try {
      form = await screened.clone().formData();
    } catch {
      return refuse(400, "Bad request", "The form could not be read. Please go back and send it again.");
    }
    for (const name of form.keys()) {
      if (fieldNameDepth(name) > MAX_FIELD_NAME_DEPTH) return refuse(400, "Bad request", "The form has a field that no form of this site sends.");
    }
  }
  return { ok: true, request: screened };
}

function tooLarge(): Screened {
  return refuse(413, "Request too large", `A form may carry at most ${MAX_BODY_BYTES / (1024 * 1024)} MB.`);
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

/**
 * The answer to a refused (or failed) request: JSON under `/api/`, else a small self-contained
 * HTML page (no scripts, no database) with the status, what went wrong and a way back.
 */
export function plainErrorResponse(request: Request, refusal: PlainError): Response {
  const headers = new Headers(refusal.headers);
  headers.set("Cache-Control", "no-store");
  if (isApiPath(new URL(request.url).pathname)) {
    return Response.json({ success: false, error: `${refusal.title}. ${refusal.message}` }, { status: refusal.status, headers });
  }
  headers.set("Content-Type", "text/html; charset=utf-8");
  const html = `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(refusal.title)} | SkinVault</title></head>
<body>
<main>
<p>${refusal.status}</p>
<h1>${escapeHtml(refusal.title)}</h1>
<p>${escapeHtml(refusal.message)}</p>
<p><a href="/">Back to SkinVault</a></p>
</main>
</body>
</html>
`;
  return new Response(request.method === "HEAD" ? null : html, { status: refusal.status, headers });
}
