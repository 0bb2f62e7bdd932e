// @ts-ignore -- the server build exists only after `npm run build`; typecheck runs before it.
import * as build from "../../build/server";

/** A route of the built Remix manifest: what the Worker really serves, so new routes are covered. */
export interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: { action?: unknown; loader?: unknown; default?: unknown };
}

export const manifest = (build as unknown as { routes: Record<string, ManifestRoute> }).routes;

/**
 * The route's URL with each dynamic segment (`:name`, `*`) replaced by `fill(name)`; index routes
 * get `?index`, as Remix expects for a form posted to them.
 */
export function urlPath(route: ManifestRoute, fill: (param: string) => string): string {
  const segments: string[] = [];
  for (let at: ManifestRoute | undefined = route; at; at = at.parentId ? manifest[at.parentId] : undefined) {
    if (at.path) segments.unshift(at.path);
  }
  const path = `/${segments.join("/")}`
    .split("/")
    .map((segment) => (segment.startsWith(":") ? fill(segment.slice(1).replace(/\?$/, "")) : segment === "*" ? fill("*") : segment.replace(/\?$/, "")))
    .join("/")
    .replace(/\/+/g, "/");
  return route.index ? `${path}?index` : path;
}
