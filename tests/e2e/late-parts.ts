// What the tests of lazy parts (app/components/lazy-part.tsx, ADR 097) use: a connection on which
// a page's parts' code comes late or not at once, and what the page did meanwhile.
import type { Locator, Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import type { ScriptImports } from "../../scripts/script-modules-plugin.ts";

/** How the parts' code comes: 3 s late, never, or not until `comeBack` is called (then at once). */
export type PartCode = "late" | "lost" | "lost-for-now";

export const LATE_MS = 3_000;

/**
 * Makes the chunks that `path`'s first-visit scripts (its `modulepreload` links) load through
 * `import()` (the parts' own chunks) come as `how` says, on this and every later page; what those
 * chunks import, and other pages' scripts, come as usual. From the build's chunk graph
 * (build/script-imports.json). `asked`: the first such request, made as the page loads (the parts
 * it renders are preloaded with its other scripts).
 */
export async function partCodeComes(page: Page, path: string, how: PartCode): Promise<{ asked: Promise<unknown>; comeBack: () => void }> {
  const html = await (await page.request.get(path)).text();
  const graph = JSON.parse(readFileSync("build/script-imports.json", "utf8")) as ScriptImports;
  const firstVisit = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((match) => match[1]!.replace(/^\//, ""));
  const parts = new Set(firstVisit.flatMap((file) => graph[file]?.dynamicImports ?? []).map((file) => `/${file}`));
  if (parts.size === 0) throw new Error(`${path} loads no part`);
  const isPart = (url: string | URL) => parts.has(new URL(url).pathname);
  let back = false;
  await page.route(isPart, async (route) => {
    if (how === "lost" || (how === "lost-for-now" && !back)) return route.abort("connectionfailed");
    if (how === "late") await new Promise((resolve) => setTimeout(resolve, LATE_MS));
    // The page may be gone by then (a test that moved on).
    await route.continue().catch(() => {});
  });
  return { asked: page.waitForRequest((request) => isPart(request.url())), comeBack: () => (back = true) };
}

/** The posts `page` sends from now on, as "document" (the browser's own) or "fetch" (the app's). */
export function postsOf(page: Page): string[] {
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.resourceType() === "document" ? "document" : "fetch");
  });
  return posts;
}

/** Whether React has hydrated the element (it keeps its fiber on the node; the server's HTML has none). */
export function isHydrated(element: Locator): Promise<boolean> {
  return element.evaluate((node) => Object.keys(node).some((key) => key.startsWith("__reactFiber$")));
}
