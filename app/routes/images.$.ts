import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { isCraftVisibleTo } from "~/domain/community-crafts";
import { IMAGE_FORMATS } from "~/domain/images";
import { craftIdOfKey, isCraftImageKey } from "~/domain/sticker-crafts";
import { getSessionUser } from "~/server/auth/session.server";
import { COMMUNITY_IMAGE_METADATA, craftVisibilityQuery } from "~/server/features/community-crafts.server";

const CONTENT_TYPES = new Set(Object.values(IMAGE_FORMATS).map((format) => format.contentType));

function notFound(): Response {
  return new Response("Not found.", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" },
  });
}

/**
 * Uploaded images from R2. Only keys of the craft layout are served; URLs carry `?v=` of the
 * upload, so the answer may be cached for a year. The stored Content-Type was set from the image's
 * own bytes; `nosniff` and a sandbox CSP keep a browser from reading it as anything else. An
 * image of a community craft that is not published is shown, uncached, only to its author and
 * admins, so nothing unreviewed is served to anyone else.
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const key = params["*"] ?? "";
  if (!isCraftImageKey(key)) return notFound();
  const object = await context.env.IMAGES.get(key);
  if (!object) return notFound();
  let cacheControl = "public, max-age=31536000, immutable";
  if (object.customMetadata?.community === COMMUNITY_IMAGE_METADATA.community) {
    const [[rows], viewer] = await Promise.all([context.load([craftVisibilityQuery(context.db, craftIdOfKey(key) ?? 0)]), getSessionUser(context)]);
    const craft = rows[0];
    if (!craft || !isCraftVisibleTo(craft, viewer)) {
      await object.body.cancel();
      return notFound();
    }
    if (craft.status !== "published") cacheControl = "private, no-store";
  }
  const stored = object.httpMetadata?.contentType ?? "";
  const headers = new Headers({
    "Content-Type": CONTENT_TYPES.has(stored) ? stored : "application/octet-stream",
    "Content-Length": String(object.size),
    "Cache-Control": cacheControl,
    ETag: object.httpEtag,
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; sandbox",
    "Content-Disposition": "inline",
  });
  return new Response(object.body, { headers });
}
