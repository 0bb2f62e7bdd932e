// What the tests of parts hydrated on use (app/components/hydrate-on-use.tsx, ADR 094) watch.
import { expect, type Page } from "@playwright/test";

/** The client files whose names (before the hash) match `name` that `page` asks for from now on. */
export function codeRequests(page: Page, name: RegExp): string[] {
  const requests: string[] = [];
  page.on("request", (request) => {
    const file = /\/assets\/([\w.-]+)-[\w-]+\.js$/.exec(request.url())?.[1];
    if (file && name.test(file)) requests.push(request.url());
  });
  return requests;
}

/** The posts `page` sends from now on, as "document" (a page's own post) or "fetch" (the app's). */
export function postsOf(page: Page): string[] {
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.resourceType() === "document" ? "document" : "fetch");
  });
  return posts;
}

/** Opens `path` and waits until it has settled, with no code of `parts` (nor the form kit) asked for; the requests from then on. */
export async function openUnused(page: Page, path: string, parts: string[]): Promise<string[]> {
  const requests = codeRequests(page, new RegExp(`^(forms|${parts.join("|")})$`));
  await page.goto(path);
  await page.waitForLoadState("networkidle");
  expect(requests, "no code of the page's parts before it is used").toEqual([]);
  return requests;
}
