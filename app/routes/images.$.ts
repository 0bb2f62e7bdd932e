import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { IMAGE_FORMATS } from "~/domain/images";
import { isCraftImageKey } from "~/domain/sticker-crafts";

const CONTENT_TYPES = new Set(Object.values(IMAGE_FORMATS).map((format) => format.contentType));

function notFound(): Response {
  return new Response("Not found.", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" },
  });
}

/**
 * Admin-uploaded images from R2. Only keys of the craft layout are served; URLs carry `?v=` of the
 * upload, so the answer may be cached for a year. The stored Content-Type was set from the image's
 * own bytes; `nosniff` and a sandbox CSP keep a browser from reading it as anything else.
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const key = params["*"] ?? "";
  if (!isCraftImageKey(key)) return notFound();
  const object = await context.env.IMAGES.get(key);
  if (!object) return notFound();
  const stored = object.httpMetadata?.contentType ?? "";
  const headers = new Headers({
    "Content-Type": CONTENT_TYPES.has(stored) ? stored : "application/octet-stream",
    "Content-Length": String(object.size),
    "Cache-Control": "public, max-age=31536000, immutable",
    ETag: object.httpEtag,
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; sandbox",
    "Content-Disposition": "inline",
  });
  return new Response(object.body, { headers });
}
