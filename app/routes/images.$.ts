import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { COMMUNITY_IMAGE_MAX_AGE, isCraftVisibleTo } from "~/domain/community-crafts";
import { IMAGE_FORMATS } from "~/domain/images";
import { craftIdOfKey, isCraftImageKey } from "~/domain/sticker-crafts";
import { getSessionUser } from "~/server/auth/session.server";
import { craftVisibilityQuery } from "~/server/features/community-crafts.server";
import { COMMUNITY_IMAGE_METADATA } from "~/server/http/uploads.server";

const CONTENT_TYPES = new Set(Object.values(IMAGE_FORMATS).map((format) => format.contentType));

function notFound(): Response {
  return new Response("Not found.", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" },
  });
}

/**
 * Uploaded images from R2. Only keys of the craft layout are served; each upload has a key of its
 * own, so an official craft's image may be cached for a year. The stored Content-Type was set from
 * the image's own bytes; `nosniff` and a sandbox CSP keep a browser from reading it as anything
 * else. An image of a community craft that is not published is shown, uncached, only to its author
 * and admins, so nothing unreviewed is served to anyone else; a published one is cached for
 * `COMMUNITY_IMAGE_MAX_AGE` seconds only, since a moderator may take it down.
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
    cacheControl = craft.status === "published" ? `public, max-age=${COMMUNITY_IMAGE_MAX_AGE}` : "private, no-store";
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
